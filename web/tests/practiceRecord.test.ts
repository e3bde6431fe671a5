// A practice game's readable notation and records (session/localSession.ts), written by the
// real WebAssembly module (build-wasm/kaisho-engine.wasm) through the requests the page's
// worker serves ("notation", "record": engine/protocol.ts), as the server writes them for its
// games (tests/wasm/records.test.mjs compares the module's files with the server's).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { EngineError, inPageEngine } from "../src/engine/client";
import { exportFiles } from "../src/history/replay";
import { I18n } from "../src/i18n";
import { LocalSession, practiceRecord } from "../src/session/localSession";
import { memoryStorage } from "../src/state/storage";
import { Store } from "../src/state/store";
import { moveLabel } from "../src/ui/moveText";

const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
const SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
let engine: KaishoEngine;

beforeAll(async () => {
  engine = await loadKaishoEngine(readFileSync(WASM));
});

function session(storage = memoryStorage()) {
  const store = new Store();
  store.update({ person: { id: "p1", name: "Aiko" } });
  const s = new LocalSession({
    store,
    storage,
    i18n: () => new I18n("en"),
    engine: () => inPageEngine(engine),
    tableChanged: () => {},
    cpuLimits: (level, plies) => ({ level, nodes: 3000, seed: plies }),
  });
  return { s, store, storage };
}

describe("the engine client's notation and records", () => {
  it("writes the moves in both notations and the record in each format", async () => {
    const e = inPageEngine(engine);
    const { handle } = await e.newGame("shogi", {}, "startpos moves 7g7f 3c3d 8h2b+ 3a2b");
    expect(await e.notation(handle, "japanese")).toEqual([
      "☗７六歩",
      "☖３四歩",
      "☗２二角成",
      "☖同　銀",
    ]);
    expect(await e.notation(handle, "western")).toEqual(["P-7f", "P-3d", "Bx2b+", "Sx2b"]);
    expect(await e.record(handle, "text")).toBe(`${SHOGI_START} moves 7g7f 3c3d 8h2b+ 3a2b\n`);
    const kif = await e.record(handle, "kif", { names: ["Aiko", "CPU"], reason: "resignation" });
    expect(kif).toContain("先手：Aiko\n後手：CPU\n");
    expect(kif).toContain("   4 同　銀(31)\n   5 投了\n");
    const csa = await e.record(handle, "csa", { reason: "resignation" });
    expect(csa).toContain("N+sente\nN-gote\n");
    expect(csa.endsWith("-3122GI\n%TORYO\n")).toBe(true);
    // Refused: a style that is none, KIF of a game that has none.
    const style = await e.notation(handle, "usi" as "japanese").catch((x: EngineError) => x);
    expect(style).toBeInstanceOf(EngineError);
    expect((style as EngineError).message).toMatch(/unknown move style 'usi'/);
    const h = await e.newGame("hasami", {}, "");
    expect(await e.notation(h.handle, "japanese")).toEqual([]);
    const kifOfHasami = await e.record(h.handle, "kif").catch((x: EngineError) => x);
    expect((kifOfHasami as EngineError).message).toBe(
      "kif records are written for shogi and annan only, not 'hasami'",
    );
    e.close();
  });
});

describe("a practice game's notation and records", () => {
  it("Shogi: the notation as the server's, the records to save, the resignation in them", async () => {
    const { s, store } = session();
    s.open("shogi");
    s.start();
    await s.idle();
    // Before the first move there is nothing to save.
    expect(practiceRecord(store.state.group!)).toBeNull();
    s.move("7g7f");
    await s.idle();
    let g = store.state.group!;
    const gm = g.table.game!;
    expect(gm.moves).toHaveLength(2);
    expect(gm.notation?.japanese).toHaveLength(2);
    expect(gm.notation?.japanese?.[0]).toBe("☗７六歩");
    expect(gm.notation?.western?.[0]).toBe("P-7f");
    expect(moveLabel(gm, 0, "japanese")).toBe("☗７六歩");
    expect(moveLabel(gm, 0, "usi")).toBe("7g7f");
    // The records as the game stands: no end yet.
    let rec = practiceRecord(g)!;
    expect(rec.number).toBe(1);
    expect(rec.files.text).toBe(`${SHOGI_START} moves ${gm.moves.join(" ")}\n`);
    expect(rec.files.kif).toContain("先手：Aiko\n後手：CPU\n");
    expect(rec.files.kif).toContain("   1 ７六歩(77)\n");
    expect(rec.files.kif).not.toContain("投了");
    expect(rec.files.csa).toContain("N+Aiko\nN-CPU\n");
    expect(rec.files.csa).toContain("\n+\n+7776FU\n");
    // Saved as the record page saves, named for the practice game.
    const files = exportFiles(
      { game: "shogi", game_id: rec.number, exports: { ...rec.files, text: rec.files.text! } },
      `kaisho-practice-shogi-${rec.number}`,
    );
    expect(files.map((f) => f.filename)).toEqual([
      "kaisho-practice-shogi-1.txt",
      "kaisho-practice-shogi-1.kif",
      "kaisho-practice-shogi-1.csa",
    ]);
    // Resigned: the records end with it.
    s.resign();
    await s.idle();
    g = store.state.group!;
    expect(g.table.status).toBe("finished");
    rec = practiceRecord(g)!;
    expect(rec.files.kif).toContain("   3 投了\n");
    expect(rec.files.csa?.endsWith("%TORYO\n")).toBe(true);
    expect(g.table.game?.notation?.japanese).toHaveLength(2);
    // A new game: a record of its own.
    s.start();
    await s.idle();
    expect(practiceRecord(store.state.group!)).toBeNull();
    s.move("2g2f");
    await s.idle();
    expect(practiceRecord(store.state.group!)?.number).toBe(2);
    expect(practiceRecord(store.state.group!)?.files.kif).not.toContain("投了");
  });

  it("the person's side names the seats; Annan's KIF says its game", async () => {
    const { s, store } = session();
    s.open("annan");
    s.seat(1);
    s.start();
    await s.idle();
    const rec = practiceRecord(store.state.group!)!;
    expect(rec.files.kif).toContain("棋戦：安南将棋\n");
    expect(rec.files.kif).toContain("先手：CPU\n後手：Aiko\n");
    expect(store.state.group?.table.game?.notation?.western).toHaveLength(1);
  });

  it("a kept game read again after a reload has its notation and records, resigned too", async () => {
    const first = session();
    first.s.open("shogi");
    first.s.start();
    await first.s.idle();
    first.s.move("7g7f");
    await first.s.idle();
    first.s.resign();
    await first.s.idle();
    const again = session(first.storage);
    again.s.open("shogi");
    await again.s.idle();
    const g = again.store.state.group!;
    expect(g.table.status).toBe("finished");
    expect(g.table.game?.notation?.japanese?.[0]).toBe("☗７六歩");
    expect(practiceRecord(g)?.files.kif).toContain("   3 投了\n");
  });

  it("Hasami: no readable notation (its move text is), only the text record", async () => {
    const { s, store } = session();
    s.open("hasami");
    s.start();
    await s.idle();
    s.move(store.state.group!.table.game!.legal_moves[0]!);
    await s.idle();
    const g = store.state.group!;
    expect(g.table.game?.notation).toBeUndefined();
    const rec = practiceRecord(g)!;
    expect(Object.keys(rec.files)).toEqual(["text"]);
    expect(rec.files.text).toMatch(/ moves \S+ \S+\n$/);
  });
});

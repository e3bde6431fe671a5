// A finished practice game as a record for the record page and its analysis
// (session/practiceAnalysis.ts), built by the real WebAssembly module
// (build-wasm/kaisho-engine.wasm) through the requests the page's worker serves: the positions,
// the result, the players, the notations and files; its record id; the record put in the store
// from the game the device keeps; and the CPU's analysis run on it.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { type EngineClient, EngineError, inPageEngine } from "../src/engine/client";
import { AnalysisController } from "../src/analysis/controller";
import { judgedMoves } from "../src/analysis/marks";
import { exportFiles, replayGroup } from "../src/history/replay";
import { GAME_IDS, type GameId } from "../src/net/protocol";
import {
  type SavedPractice,
  newPractice,
  resultOf,
  writePractice,
} from "../src/session/localSession";
import {
  NO_PRACTICE_GAME,
  PracticeRecords,
  buildPracticeRecord,
  practiceOf,
  practiceRecordGame,
  practiceRecordId,
} from "../src/session/practiceAnalysis";
import { parseRoute, routeUrl } from "../src/router";
import { memoryStorage } from "../src/state/storage";
import { Store } from "../src/state/store";

const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
let engine: KaishoEngine;

beforeAll(async () => {
  engine = await loadKaishoEngine(readFileSync(WASM));
});

const AIKO = { id: "p1", name: "Aiko" };

/** A kept practice game: `moves` played from the start with the game's default rules. */
function practice(game: GameId, moves: string[], change: Partial<SavedPractice> = {}) {
  const p = newPractice(game);
  return { ...p, number: 4, status: "finished", moves, resigned: null, ...change } as SavedPractice;
}

/**
 * A game played to its end by the rules: the first legal move each time (no search), under
 * `options`. Its moves, and the module's final report.
 */
function playedOut(game: GameId, options: Record<string, string>) {
  const g = engine.newGame(game, options, null);
  const moves: string[] = [];
  for (let s = g.state(); !s.result; s = g.state()) {
    const m = g.legalMoves()[0]!;
    g.play(m);
    moves.push(m);
  }
  const positions = [engine.newGame(game, options, null).state().position];
  const replay = engine.newGame(game, options, null);
  for (const m of moves) {
    replay.play(m);
    positions.push(replay.state().position);
  }
  return { moves, positions, final: g.state() };
}

/** The module served as the page's worker serves it, counting the engines made and closed. */
function engines() {
  const made: EngineClient[] = [];
  let closed = 0;
  const start = () => {
    const e = inPageEngine(engine);
    const close = e.close;
    const counted = { ...e, close: () => (closed++, close()) };
    made.push(counted);
    return counted;
  };
  return { start, made, closed: () => closed };
}

describe("a practice game's record id", () => {
  it("is negative (no stored game has one), one per game and number, and names its game", () => {
    const ids = new Set<number>();
    for (const game of GAME_IDS)
      for (let n = 0; n < 40; n++) {
        const id = practiceRecordId(game, n);
        expect(id).toBeLessThan(0);
        expect(practiceRecordGame(id)).toBe(game);
        ids.add(id);
      }
    expect(ids.size).toBe(GAME_IDS.length * 40);
    expect(practiceRecordGame(12)).toBeNull(); // a stored game's
    expect(practiceRecordGame(null)).toBeNull();
  });

  it("has its page: #/practice/GAME/analysis", () => {
    const at = (hash: string) => parseRoute({ pathname: "/", hash, search: "" });
    expect(at("#/practice/hasami/analysis")).toEqual({ page: "practiceRecord", game: "hasami" });
    expect(at("#/practice/hasami")).toEqual({ page: "practice", game: "hasami" });
    expect(at("#/practice/chess/analysis")).toEqual({ page: "front" });
    expect(routeUrl({ page: "practiceRecord", game: "yonin" })).toBe("/#/practice/yonin/analysis");
  });
});

describe("the record of a finished practice game, built by the engine", () => {
  it("Shogi, resigned: positions after each move, the resignation, players, notations, files", async () => {
    const moves = ["7g7f", "3c3d", "8h2b+", "3a2b", "2g2f"];
    // The person played gote and resigned: sente (the CPU) wins.
    const p = practice("shogi", moves, { resigned: 1, setup: { side: 1, level: 2, options: {} } });
    const r = await buildPracticeRecord(inPageEngine(engine), "shogi", p, AIKO);
    expect(r.game_id).toBe(practiceRecordId("shogi", 4));
    expect(r.moves).toEqual(moves);
    expect(r.positions).toHaveLength(moves.length + 1);
    const g = engine.newGame("shogi", null, null);
    expect(r.start).toBe(g.state().position);
    expect(r.positions[0]).toBe(r.start);
    moves.forEach((m, i) => {
      g.play(m);
      expect(r.positions[i + 1]).toBe(g.state().position);
    });
    expect(r.result).toEqual({ kind: "win", winner: 0, reason: "resignation", rating_changes: [] });
    expect(r.players).toEqual(["CPU", "Aiko"]);
    expect(r.seats).toEqual([
      { kind: "cpu", level: 2 },
      { kind: "person", person: "p1" },
    ]);
    expect(practiceOf(r)).toEqual({ number: 4, side: 1 });
    expect(r.notation?.japanese).toEqual(["☗７六歩", "☖３四歩", "☗２二角成", "☖同　銀", "☗２六歩"]);
    expect(r.notation?.western).toHaveLength(moves.length);
    expect(r.exports.text.trim()).toBe(`${r.start} moves ${moves.join(" ")}`);
    expect(r.exports.kif).toContain("先手：CPU\n後手：Aiko\n");
    expect(r.exports.kif).toContain("投了");
    expect(r.exports.csa?.endsWith("%TORYO\n")).toBe(true);
    // The record page's downloads, named as the practice page names them.
    const files = exportFiles(r, `kaisho-practice-shogi-${practiceOf(r)!.number}`);
    expect(files.map((f) => f.filename)).toEqual([
      "kaisho-practice-shogi-4.txt",
      "kaisho-practice-shogi-4.kif",
      "kaisho-practice-shogi-4.csa",
    ]);
    // The replay's board: the final position, the viewer's seat, the CPU's level.
    const shown = replayGroup(r, moves.length, 1);
    expect(shown.table.game?.position).toBe(r.positions[moves.length]);
    expect(shown.table.seats[0]).toMatchObject({ kind: "cpu", cpu_level: 2 });
    expect(shown.table.your_seats).toEqual([1]);
  });

  it("Hasami, ended by its rules: the engine's result, no notation, the text file only", async () => {
    const options = { ...newPractice("hasami").setup.options, move_limit: "100" };
    const { moves, positions, final } = playedOut("hasami", options);
    const p = practice("hasami", moves, { setup: { side: 0, level: 1, options } });
    const r = await buildPracticeRecord(inPageEngine(engine), "hasami", p, {
      id: "g7",
      name: "",
      default_name: true,
    });
    expect(r.positions).toEqual(positions);
    expect(r.result).toEqual(
      resultOf("hasami", {
        position: final.position,
        toMove: null,
        out: [],
        inCheck: [],
        result: final.result ?? null,
        reason: final.reason ?? null,
        legalMoves: [],
      }),
    );
    expect(r.result?.reason).toBeTruthy();
    expect(r.options).toEqual(options);
    expect(r.notation).toBeUndefined();
    expect(Object.keys(r.exports)).toEqual(["text"]);
    expect(r.seats?.[0]).toEqual({ kind: "person", person: "g7", default_name: true });
    expect(r.players).toEqual(["", "CPU"]);
  });

  it("Yonin: the person in one seat, three CPUs, the places", async () => {
    const options = { ...newPractice("yonin").setup.options, move_limit: "200" };
    const { moves, positions } = playedOut("yonin", options);
    const p = practice("yonin", moves, { setup: { side: 2, level: 3, options } });
    const r = await buildPracticeRecord(inPageEngine(engine), "yonin", p, AIKO);
    expect(r.positions).toEqual(positions);
    expect(r.players).toEqual(["CPU", "CPU", "Aiko", "CPU"]);
    expect(r.seats?.map((s) => s.kind)).toEqual(["cpu", "cpu", "person", "cpu"]);
    expect(r.result).not.toBeNull();
  });

  it("a kept move the engine refuses: an EngineError, and the engine's game is forgotten", async () => {
    const e = inPageEngine(engine);
    const p = practice("shogi", ["7g7f", "7g7f"]);
    const err = await buildPracticeRecord(e, "shogi", p, AIKO).catch((x: unknown) => x);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toMatch(/^illegal_move/);
  });
});

describe("the practice game kept on the device, opened as the record shown", () => {
  function setup() {
    const store = new Store();
    store.update({ person: AIKO });
    const storage = memoryStorage();
    const e = engines();
    const records = new PracticeRecords({ store, storage, engine: e.start });
    return { store, storage, e, records };
  }

  it("builds it once, at its final position, with an engine of its own closed afterwards", async () => {
    const { store, storage, e, records } = setup();
    const moves = ["7g7f", "3c3d", "2g2f"];
    writePractice(storage, "shogi", practice("shogi", moves, { resigned: 0 }));
    const id = records.open("shogi");
    expect(id).toBe(practiceRecordId("shogi", 4));
    expect(store.state.record).toMatchObject({ status: "loading", id });
    await records.idle();
    const rs = store.state.record;
    expect(rs).toMatchObject({ status: "ready", id, index: moves.length });
    expect(rs.data?.moves).toEqual(moves);
    expect(rs.data?.players).toEqual(["Aiko", "CPU"]);
    expect(rs.data?.result?.winner).toBe(1);
    expect(e.made).toHaveLength(1);
    expect(e.closed()).toBe(1);
    // Opened again (back from the practice table): the same record, not built again.
    store.update({ record: { ...rs, index: 1 } });
    expect(records.open("shogi")).toBe(id);
    expect(e.made).toHaveLength(1);
    expect(store.state.record.index).toBe(1);
    // The next game finished: another record, another id.
    writePractice(storage, "shogi", practice("shogi", ["7g7f"], { number: 5, resigned: 1 }));
    const next = records.open("shogi");
    expect(next).toBe(practiceRecordId("shogi", 5));
    await records.idle();
    expect(store.state.record).toMatchObject({ status: "ready", id: next, index: 1 });
  });

  it("no finished game kept (none, or one still being played): the record says so", () => {
    const { store, storage, e, records } = setup();
    expect(records.open("annan")).toBeNull();
    expect(store.state.record).toMatchObject({ status: "error", error: NO_PRACTICE_GAME });
    expect(practiceRecordGame(store.state.record.id)).toBe("annan");
    writePractice(storage, "annan", practice("annan", ["7g7f"], { status: "playing" }));
    expect(records.open("annan")).toBeNull();
    expect(e.made).toHaveLength(0);
  });

  it("a game the engine cannot replay: the record's error is the engine's message", async () => {
    const { store, storage, e, records } = setup();
    writePractice(storage, "shogi", practice("shogi", ["7g7f", "7g7f"]));
    const id = records.open("shogi");
    await records.idle();
    expect(store.state.record.status).toBe("error");
    expect(store.state.record.id).toBe(id);
    expect(store.state.record.error).toMatch(/7g7f/);
    expect(e.closed()).toBe(1);
  });

  it("a late record for a page left meanwhile (another record shown) is dropped", async () => {
    const { store, storage, records } = setup();
    writePractice(storage, "shogi", practice("shogi", ["7g7f"], { resigned: 0 }));
    records.open("shogi");
    store.update({ record: { status: "loading", id: 12, data: null, index: 0 } });
    await records.idle();
    expect(store.state.record).toMatchObject({ status: "loading", id: 12 });
  });

  it("the CPU's analysis runs on it to the end, as on a stored game's record", async () => {
    const { store, storage, records } = setup();
    const moves = ["7g7f", "3c3d", "8h2b+", "3a2b"];
    writePractice(storage, "shogi", practice("shogi", moves, { resigned: 0 }));
    const id = records.open("shogi")!;
    await records.idle();
    const analysis = new AnalysisController({
      store,
      engine: () => inPageEngine(engine),
      limits: { nodes: 3000 },
    });
    await analysis.start();
    const a = store.state.analysis!;
    expect(a).toMatchObject({ gameId: id, status: "done" });
    expect(a.positions).toHaveLength(moves.length + 1);
    expect(a.positions[0]).toMatchObject({ seat: 0 });
    expect(a.positions[0]!.pv.length).toBeGreaterThan(0);
    // Each move judged (the last by the resignation's result, every position being judged).
    expect(judgedMoves(store.state.record.data!, a).size).toBe(moves.length);
    // "Show me" from the start: the CPU's line on the engine's positions.
    store.update({ record: { ...store.state.record, index: 0 } });
    await analysis.showLine();
    const line = store.state.analysis!.line!;
    expect(line.status).toBe("ready");
    expect(line.positions[0]).toBe(store.state.record.data!.positions[0]);
    expect(line.positions.length).toBeGreaterThan(1);
  });
});

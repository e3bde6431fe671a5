// Practice games against the CPU in the page (session/localSession.ts), played by the real
// WebAssembly module (build-wasm/kaisho-engine.wasm, scripts/build-wasm.sh) loaded with the
// project's loader, through the same requests the page's Web Worker serves (engine/protocol.ts).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { EngineError, inPageEngine } from "../src/engine/client";
import { I18n } from "../src/i18n";
import type { GroupState, PracticeSubmission } from "../src/net/protocol";
import {
  LocalSession,
  newPractice,
  parseErrorCode,
  practiceGroup,
  readPractice,
  resultOf,
} from "../src/session/localSession";
import { KEYS, type KeyValue, memoryStorage } from "../src/state/storage";
import { Store } from "../src/state/store";

const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
let engine: KaishoEngine;

beforeAll(async () => {
  engine = await loadKaishoEngine(readFileSync(WASM));
});

function session(storage: KeyValue = memoryStorage(), engines = { opened: 0, closed: 0 }) {
  const store = new Store();
  const changes: [GroupState | null, GroupState][] = [];
  const finished: PracticeSubmission[] = [];
  const s = new LocalSession({
    store,
    storage,
    i18n: () => new I18n("en"),
    engine: () => {
      engines.opened += 1;
      const c = inPageEngine(engine);
      return {
        ...c,
        close: () => {
          engines.closed += 1;
          c.close();
        },
      };
    },
    tableChanged: (prev, next) => changes.push([prev, next]),
    // A small node limit: the same moves every run, quickly.
    cpuLimits: (level, plies) => ({ level, nodes: 3000, seed: plies }),
    finished: (g) => finished.push(g),
  });
  return { s, store, storage, changes, finished };
}

function game(store: Store) {
  const g = store.state.group;
  if (!g?.table.game) throw new Error("no game shown");
  return g.table.game;
}

describe("the engine client", () => {
  it("plays, reports and thinks through the requests the worker serves", async () => {
    const e = inPageEngine(engine);
    const { handle, snapshot } = await e.newGame("shogi", { move_limit: "150" }, "");
    expect(snapshot.toMove).toBe("sente");
    expect(snapshot.legalMoves).toContain("7g7f");
    expect(await e.legalMoves(handle)).toHaveLength(30);
    const after = await e.play(handle, "7g7f");
    expect(after.toMove).toBe("gote");
    expect(after.position).toMatch(/ w /);
    expect((await e.state(handle)).position).toBe(after.position);
    const think = await e.think(handle, { level: 2, nodes: 2000, seed: 1 });
    expect(after.legalMoves).toContain(think.bestmove);
    await expect(e.play(handle, "7g7f")).rejects.toBeInstanceOf(EngineError);
    const refused = await e.play(handle, "2b2c").catch((x: EngineError) => x);
    expect(parseErrorCode((refused as EngineError).code).code).toBe("illegal_move");
    await e.deleteGame(handle);
    await expect(e.state(handle)).rejects.toBeInstanceOf(EngineError);
    e.close();
    await expect(e.newGame("shogi", {}, "")).rejects.toBeInstanceOf(EngineError);
  });

  it("refuses unknown games and options with the module's code", async () => {
    const e = inPageEngine(engine);
    const err = await e.newGame("chess", {}, "").catch((x: EngineError) => x);
    expect(err).toBeInstanceOf(EngineError);
    const bad = await e.newGame("shogi", { nosuch: "1" }, "").catch((x: EngineError) => x);
    expect(bad).toBeInstanceOf(EngineError);
  });
});

describe("the practice table's state", () => {
  it("reads results as the protocol writes them", () => {
    const snap = {
      position: "",
      toMove: null,
      out: [],
      inCheck: [],
      legalMoves: [],
      reason: "checkmate",
    };
    expect(resultOf("shogi", { ...snap, result: "win gote" })).toEqual({
      kind: "win",
      winner: 1,
      reason: "checkmate",
      rating_changes: [],
    });
    expect(
      resultOf("yonin", { ...snap, result: "places south=2,west=1,north=4,east=3" }),
    ).toMatchObject({ kind: "placement", places: [2, 1, 4, 3] });
    expect(resultOf("hasami", { ...snap, result: "draw", reason: "move_limit" })).toMatchObject({
      kind: "draw",
      reason: "move_limit",
    });
  });

  it("is a group state with the person in their seat and the CPU in the others, unrated", () => {
    const p = newPractice("yonin");
    p.setup.side = 2;
    p.setup.level = 5;
    const g = practiceGroup("yonin", p, null, 1, { id: "me", name: "Layla" });
    expect(g.id).toBe("practice:yonin");
    expect(g.table.status).toBe("idle");
    expect(g.table.your_seats).toEqual([2]);
    expect(g.table.seats.map((s) => s.kind)).toEqual(["cpu", "cpu", "person", "cpu"]);
    expect(g.table.seats[0]?.cpu_level).toBe(5);
    expect(g.table.seats.some((s) => s.rating)).toBe(false);
    // The table's own rules are not offered: the person chooses a side every game.
    expect(g.option_schema.map((o) => o.key)).not.toContain("rotate_first");
    const m = newPractice("musashi");
    m.setup.options["board"] = "25";
    expect(
      practiceGroup("musashi", m, null, 1, { id: "me", name: "" }).table.board.points,
    ).toHaveLength(25);
  });

  it("forgets kept data it cannot read, and keeps only known option values", () => {
    const storage = memoryStorage();
    storage.set(KEYS.practice, "{not json");
    expect(readPractice(storage, "shogi")).toBeNull();
    storage.set(
      KEYS.practice,
      JSON.stringify({
        shogi: {
          setup: { side: 9, level: 12, options: { move_limit: "150", handicap: "queen" } },
          number: 2,
          status: "playing",
          moves: ["7g7f"],
          resigned: null,
        },
      }),
    );
    const p = readPractice(storage, "shogi")!;
    expect(p.setup).toMatchObject({ side: 1, level: 8 });
    expect(p.setup.options).toMatchObject({ move_limit: "150", handicap: "none" });
  });
});

describe("a practice game", () => {
  it("is set up, started with the CPU moving first, played, resigned and started again", async () => {
    const { s, store, storage, changes } = session();
    s.open("shogi");
    expect(store.state.group?.table.status).toBe("idle");
    s.seat(1); // gote: the CPU (sente) moves first
    s.settings({ cpu_level: 2, options: { move_limit: "150", nosuch: "x" } });
    expect(store.state.group?.settings.options["move_limit"]).toBe("150");
    expect(store.state.group?.settings.options["nosuch"]).toBeUndefined();
    s.start();
    await s.idle();
    let gm = game(store);
    expect(store.state.group?.table.status).toBe("playing");
    expect(gm.moves).toHaveLength(1);
    expect(gm.to_move).toBe(1);
    expect(store.state.group?.table.seats[0]).toMatchObject({ kind: "cpu", cpu_level: 2 });
    // The person's move, then the CPU's reply.
    const mine = gm.legal_moves[0]!;
    s.move(mine);
    expect(store.state.pending?.move).toBe(mine);
    await s.idle();
    gm = game(store);
    expect(gm.moves).toHaveLength(3);
    expect(gm.moves[1]).toBe(mine);
    expect(store.state.pending).toBeNull();
    // Settings do not change during a game.
    s.settings({ cpu_level: 7 });
    expect(store.state.group?.settings.cpu_level).toBe(2);
    // An illegal move: refused in words, the board unlocked, nothing played.
    s.move("5a5i");
    await s.idle();
    expect(store.state.notice?.kind).toBe("error");
    expect(store.state.notice?.code).toBe("illegal_move");
    expect(store.state.pending).toBeNull();
    expect(game(store).moves).toHaveLength(3);
    // Resignation: sente (the CPU) wins.
    s.resign();
    expect(store.state.group?.table.status).toBe("finished");
    expect(game(store).result).toMatchObject({ kind: "win", winner: 0, reason: "resignation" });
    expect(game(store).result?.rating_changes).toEqual([]);
    // The news heard each state, after the one it replaced.
    expect(changes.length).toBeGreaterThan(4);
    expect(changes.at(-1)?.[0]?.version).toBeLessThan(changes.at(-1)![1].version);
    // A new game: number 2, the same side and level.
    s.start();
    await s.idle();
    expect(game(store).number).toBe(2);
    expect(game(store).moves).toHaveLength(1);
    expect(JSON.parse(storage.get(KEYS.practice)!).shogi.number).toBe(2);
  });

  it("that ends goes to My games' outbox once, with its moves, rules and resignation", async () => {
    const { s, store, finished } = session();
    s.open("shogi");
    s.settings({ cpu_level: 2, options: { move_limit: "150" } });
    s.start();
    await s.idle();
    s.move(game(store).legal_moves[0]!);
    await s.idle();
    expect(finished).toEqual([]); // not while it is played
    s.resign();
    expect(finished).toHaveLength(1);
    const sent = finished[0]!;
    expect(sent.id).toMatch(/^[0-9a-f]{24}$/);
    expect(sent).toMatchObject({ game: "shogi", side: 0, level: 2, resigned: 0 });
    expect(sent.options["move_limit"]).toBe("150");
    expect(sent.moves).toEqual(game(store).moves);
    expect(sent.started_ms).toBeLessThanOrEqual(sent.ended_ms);
    // The next game has an id of its own; a game given up is not sent.
    s.start();
    await s.idle();
    s.leave();
    expect(finished).toHaveLength(1);
  });

  it("goes on after a reload from what the device kept", async () => {
    const first = session();
    first.s.open("hasami");
    first.s.settings({ cpu_level: 1 });
    first.s.start();
    await first.s.idle();
    first.s.move(game(first.store).legal_moves[3]!);
    await first.s.idle();
    const before = game(first.store);
    expect(before.moves).toHaveLength(2);

    const again = session(first.storage);
    again.s.open("hasami");
    await again.s.idle();
    const after = game(again.store);
    expect(after.moves).toEqual(before.moves);
    expect(after.position).toBe(before.position);
    expect(after.legal_moves).toEqual(before.legal_moves);
    expect(again.store.state.group?.settings.cpu_level).toBe(1);
  });

  it("plays Yonin with three CPUs, and has no resignation", async () => {
    const { s, store } = session();
    s.open("yonin");
    s.seat(2); // north: south and west move first
    s.start();
    await s.idle();
    expect(game(store).moves).toHaveLength(2);
    expect(game(store).to_move).toBe(2);
    s.move(game(store).legal_moves[0]!);
    await s.idle();
    expect(game(store).moves).toHaveLength(6);
    expect(game(store).to_move).toBe(2);
    s.resign();
    expect(store.state.group?.table.status).toBe("playing");
    // Back to the setup gives the game up.
    s.leave();
    expect(store.state.group?.table.status).toBe("idle");
    expect(store.state.group?.table.game).toBeUndefined();
  });

  it("plays a Musashi game to its end against the CPU, which goes to the outbox unresigned", async () => {
    const { s, store, finished } = session();
    s.open("musashi");
    s.settings({ options: { children_limit: "100" } });
    s.start();
    await s.idle();
    for (let i = 0; i < 200 && store.state.group?.table.status === "playing"; i++) {
      s.move(game(store).legal_moves[0]!);
      await s.idle();
    }
    expect(store.state.group?.table.status).toBe("finished");
    const r = game(store).result!;
    expect(["win", "draw"]).toContain(r.kind);
    expect(r.reason).not.toBe("");
    expect(game(store).legal_moves).toEqual([]);
    // Ended by the rules: to My games' outbox once, without a resignation.
    expect(finished).toHaveLength(1);
    expect(finished[0]!.resigned).toBeUndefined();
    expect(finished[0]!.moves).toEqual(game(store).moves);
  });

  it("is forgotten by the store when its page is left, and kept on the device", async () => {
    const { s, store, storage } = session();
    s.open("annan");
    s.start();
    await s.idle();
    s.close();
    expect(store.state.group).toBeNull();
    expect(readPractice(storage, "annan")?.status).toBe("playing");
  });

  it("lets its engine go when its page is left, work under way, and goes on when opened again", async () => {
    const engines = { opened: 0, closed: 0 };
    const { s, store } = session(memoryStorage(), engines);
    s.open("shogi");
    s.seat(1); // the CPU moves first
    s.start();
    s.close(); // before the engine made the game and the CPU moved
    await s.idle();
    expect(engines).toEqual({ opened: 1, closed: 1 });
    expect(store.state.notice).toBeNull(); // nothing failed
    expect(store.state.group).toBeNull();
    // Opened again: a client of its own, the game made again from what the device kept, the
    // CPU's move played.
    s.open("shogi");
    await s.idle();
    expect(engines).toEqual({ opened: 2, closed: 1 });
    expect(game(store).moves).toHaveLength(1);
    expect(game(store).to_move).toBe(1);
    // Left and opened again before the engine was let go: it is kept.
    s.close();
    s.open("shogi");
    await s.idle();
    expect(engines).toEqual({ opened: 2, closed: 1 });
    expect(game(store).moves).toHaveLength(1);
  });
});

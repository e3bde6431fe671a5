// The rules of a game of the hall in the page (engine/referee.ts): the real WebAssembly module
// (build-wasm/kaisho-engine.wasm) kept in step with group states as the server sends them, its
// legal moves and its refusals (the server's code and params), rebuilt on a mismatch, answers
// for a state no longer shown dropped, and the page's move refused at once or sent.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { type EngineClient, EngineError, inPageEngine } from "../src/engine/client";
import { Referee, refereedMove } from "../src/engine/referee";
import { I18n } from "../src/i18n";
import type { GameId, GroupState } from "../src/net/protocol";
import { Store } from "../src/state/store";
import { errorText } from "../src/ui/errors";

const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
let engine: KaishoEngine;

beforeAll(async () => {
  engine = await loadKaishoEngine(readFileSync(WASM));
});

interface Table {
  id?: string;
  version: number;
  game?: GameId;
  gameId?: number;
  moves?: string[];
  options?: Record<string, string>;
  status?: "playing" | "finished";
}

/** A group state as the server sends it: start, moves and legal moves from the rules. */
function table(t: Table): GroupState {
  const game = t.game ?? "shogi";
  const options = t.options ?? { show_legal_moves: "false", alternate_first: "true" };
  const g = engine.newGame(game, options, null);
  const start = g.state().position;
  for (const m of t.moves ?? []) g.play(m);
  const legal = [...g.legalMoves()].sort();
  const s = g.state();
  g.delete();
  return {
    id: t.id ?? "G1",
    version: t.version,
    game,
    settings: { options, timer: 0, cpu_level: 3 },
    option_schema: [],
    members: [{ id: "p1", name: "Aiko", present: true }],
    you: "p1",
    table: {
      status: t.status ?? "playing",
      seat_names: ["sente", "gote"],
      seats: [],
      your_seats: [0],
      board: { kind: "grid", columns: 9, rows: 9, points: [] },
      game: {
        id: t.gameId ?? 7,
        number: 1,
        position: s.position,
        start,
        moves: [...(t.moves ?? [])],
        to_move: t.status === "finished" ? -1 : 0,
        legal_moves: legal,
        last_move: null,
        in_check: [],
        out: [],
      },
    },
  };
}

/**
 * The engine in this thread, with every request counted by kind and, while `hold` is on,
 * kept back until `release` (answers that come late).
 */
function client(inner: EngineClient = inPageEngine(engine)) {
  const calls: string[] = [];
  let held: (() => void)[] | null = null;
  const gate = <T>(op: string, f: () => Promise<T>): Promise<T> => {
    calls.push(op);
    if (!held) return f();
    const queue = held;
    return new Promise<void>((ok) => queue.push(ok)).then(f);
  };
  const c: EngineClient = {
    newGame: (...a) => gate("newGame", () => inner.newGame(...a)),
    legalMoves: (...a) => gate("legalMoves", () => inner.legalMoves(...a)),
    play: (...a) => gate("play", () => inner.play(...a)),
    state: (...a) => gate("state", () => inner.state(...a)),
    think: (...a) => gate("think", () => inner.think(...a)),
    evaluate: (...a) => gate("evaluate", () => inner.evaluate(...a)),
    notation: (...a) => gate("notation", () => inner.notation(...a)),
    record: (...a) => gate("record", () => inner.record(...a)),
    deleteGame: (...a) => gate("delete", () => inner.deleteGame(...a)),
    close: () => inner.close(),
  };
  return {
    c,
    calls,
    hold: () => (held = []),
    release: () => {
      const q = held ?? [];
      held = null;
      for (const ok of q) ok();
    },
  };
}

function referee(c: EngineClient, extra: Partial<ConstructorParameters<typeof Referee>[0]> = {}) {
  const logged: string[] = [];
  let started = 0;
  const r = new Referee({
    engine: () => {
      started += 1;
      return c;
    },
    log: (what) => logged.push(what),
    ...extra,
  });
  return {
    r,
    logged,
    started: () => started,
  };
}

describe("the referee in the page", () => {
  it("keeps a game in step: one new game, then each new move played as it arrives", async () => {
    const e = client();
    const { r, started, logged } = referee(e.c);
    const g0 = table({ version: 10 });
    r.follow(g0);
    expect(r.legalMoves(g0)).toBeNull(); // not yet loaded: the state's list
    await r.idle();
    expect(started()).toBe(1);
    expect([...r.legalMoves(g0)!].sort()).toEqual(g0.table.game!.legal_moves);
    const g1 = table({ version: 11, moves: ["7g7f"] });
    const g2 = table({ version: 12, moves: ["7g7f", "3c3d"] });
    r.follow(g1);
    r.follow(g2);
    await r.idle();
    expect([...r.legalMoves(g2)!].sort()).toEqual(g2.table.game!.legal_moves);
    // The older versions get no answer: only the state followed has one.
    expect(r.legalMoves(g1)).toBeNull();
    expect(r.legalMoves(g0)).toBeNull();
    expect(e.calls.filter((c) => c === "newGame")).toHaveLength(1);
    expect(e.calls.filter((c) => c === "play")).toHaveLength(2);
    // A state that only changed elsewhere (someone's presence): still in step, nothing asked.
    const g3 = { ...g2, version: 13 };
    r.follow(g3);
    await r.idle();
    expect(r.legalMoves(g3)).not.toBeNull();
    expect(e.calls).toHaveLength(3);
    // A late, older state is ignored.
    r.follow(g1);
    expect(r.legalMoves(g3)).not.toBeNull();
    expect(logged).toEqual([]);
    expect(started()).toBe(1);
  });

  it("says why a move is illegal with the server's code and params, and that a legal one is", async () => {
    const { r } = referee(client().c);
    const g = table({ version: 3 });
    r.follow(g);
    await r.idle();
    expect(await r.check(g, "7g7f")).toEqual({ legal: true });
    expect(await r.check(g, "2h2c")).toEqual({
      legal: false,
      code: "illegal_move",
      params: { move: "2h2c", reason: "cannot_reach", piece: "rook", from: "2h", to: "2c" },
    });
    expect(await r.check(g, "5e5d")).toEqual({
      legal: false,
      code: "illegal_move",
      params: { move: "5e5d", reason: "no_piece", square: "5e" },
    });
    // The refusal changed nothing: the game is still in step and the same.
    expect([...r.legalMoves(g)!].sort()).toEqual(g.table.game!.legal_moves);
    // Another game's own reasons: Hasami moves along a file or rank only.
    const h = table({ id: "G2", version: 1, game: "hasami", options: {} });
    r.follow(h);
    await r.idle();
    expect(await r.check(h, "9i8h")).toMatchObject({
      legal: false,
      params: { reason: "not_straight", from: "9i", to: "8h" },
    });
  });

  it("builds the game again on a mismatch: a sync with other moves, a new game", async () => {
    const e = client();
    const { r } = referee(e.c);
    r.follow(table({ version: 1, moves: ["7g7f", "3c3d"] }));
    await r.idle();
    // A sync whose moves do not follow from the ones held.
    const other = table({ version: 5, moves: ["2g2f", "8c8d", "2f2e"] });
    r.follow(other);
    await r.idle();
    expect([...r.legalMoves(other)!].sort()).toEqual(other.table.game!.legal_moves);
    // The next game of the table (a new record): a new engine game, the old one forgotten.
    const next = table({ version: 9, gameId: 8 });
    r.follow(next);
    await r.idle();
    expect(r.legalMoves(next)).not.toBeNull();
    expect(e.calls.filter((c) => c === "newGame")).toHaveLength(3);
    expect(e.calls.filter((c) => c === "delete")).toHaveLength(2);
    expect(e.calls.filter((c) => c === "play")).toHaveLength(0);
    // The game over: nothing followed, the engine's game forgotten.
    const over = table({ version: 10, gameId: 8, status: "finished" });
    r.follow(over);
    expect(r.legalMoves(over)).toBeNull();
    expect(e.calls.filter((c) => c === "delete")).toHaveLength(3);
  });

  it("drops answers for a state no longer shown", async () => {
    const e = client();
    const { r, logged } = referee(e.c);
    const a = table({ id: "A", version: 1, moves: ["7g7f"] });
    const b = table({ id: "B", version: 1, game: "hasami", options: {} });
    e.hold();
    r.follow(a);
    r.follow(b); // another table shown before the engine answered for the first
    e.release();
    await r.idle();
    expect(r.legalMoves(a)).toBeNull();
    expect([...r.legalMoves(b)!].sort()).toEqual(b.table.game!.legal_moves);
    // The game made for the first table was deleted, not kept.
    expect(e.calls.filter((c) => c === "newGame")).toHaveLength(2);
    expect(e.calls.filter((c) => c === "delete")).toHaveLength(1);
    // A move arriving while the engine plays the one before: each answer for its own state.
    const b1 = table({ id: "B", version: 2, game: "hasami", options: {}, moves: ["9i9h"] });
    const b2 = table({ id: "B", version: 3, game: "hasami", options: {}, moves: ["9i9h", "1a1b"] });
    e.hold();
    r.follow(b1);
    expect(r.legalMoves(b1)).toBeNull();
    r.follow(b2);
    e.release();
    await r.idle();
    expect(r.legalMoves(b1)).toBeNull();
    expect([...r.legalMoves(b2)!].sort()).toEqual(b2.table.game!.legal_moves);
    expect(logged).toEqual([]);
  });

  it("starts the engine only for a game, and only once the page has drawn", async () => {
    const e = client();
    const later: (() => void)[] = [];
    const { r, started } = referee(e.c, { later: (fn) => later.push(fn) });
    r.follow(null);
    r.follow(table({ version: 1, status: "finished" }));
    expect(later).toHaveLength(0);
    const g = table({ version: 2 });
    r.follow(g);
    r.follow({ ...g, version: 3 });
    expect(later).toHaveLength(1);
    expect(started()).toBe(0);
    expect(await r.check(g, "2h2c")).toBeNull(); // not loaded: the server judges
    later[0]!();
    await r.idle();
    expect(started()).toBe(1);
    expect(r.legalMoves({ ...g, version: 3 })).not.toBeNull();
  });

  it("closes its engine client while no game is shown, and opens one for the next", async () => {
    const opened: ReturnType<typeof client>[] = [];
    let closed = 0;
    const later: (() => void)[] = [];
    const logged: string[] = [];
    const r = new Referee({
      engine: () => {
        const e = client();
        opened.push(e);
        return { ...e.c, close: () => ((closed += 1), e.c.close()) };
      },
      later: (fn) => later.push(fn),
      log: (what) => logged.push(what),
    });
    const g = table({ version: 1 });
    r.follow(g);
    later.shift()!();
    await r.idle();
    expect(r.legalMoves(g)).not.toBeNull();
    // The game over (or another page): the game deleted, the client closed.
    r.follow(table({ version: 2, status: "finished" }));
    expect(opened[0]!.calls.at(-1)).toBe("delete");
    expect(closed).toBe(1);
    // Shown and gone again before the page drew: no client opened for nothing.
    r.follow(table({ version: 3, gameId: 8 }));
    r.follow(null);
    later.shift()!();
    expect(opened).toHaveLength(1);
    // The next game: a new client, once the page has drawn.
    const next = table({ version: 4, gameId: 8 });
    r.follow(next);
    expect(later).toHaveLength(1);
    later.shift()!();
    await r.idle();
    expect(opened).toHaveLength(2);
    expect(r.legalMoves(next)).not.toBeNull();
    // Closed in the middle of a request: not held against the game (no disagreement).
    const moved = table({ version: 5, gameId: 8, moves: ["7g7f"] });
    opened[1]!.hold();
    r.follow(moved);
    r.follow(null);
    opened[1]!.release();
    await r.idle();
    r.follow(moved);
    later.shift()!();
    await r.idle();
    expect(r.legalMoves(moved)).not.toBeNull();
    expect(closed).toBe(2);
    expect(logged).toEqual([]);
  });

  it("leaves the game to the server when the engine fails to load or disagrees", async () => {
    const failing: EngineClient = {
      ...inPageEngine(engine),
      newGame: () =>
        Promise.reject(new EngineError({ message: "cannot load the engine: HTTP 404", code: "" })),
    };
    const broken = referee(failing);
    const g = table({ version: 1 });
    broken.r.follow(g);
    await broken.r.idle();
    expect(broken.r.legalMoves(g)).toBeNull();
    expect(await broken.r.check(g, "2h2c")).toBeNull();
    expect(broken.logged).toHaveLength(1);
    // The same game is not tried again at each state; the next game is.
    broken.r.follow(table({ version: 2, moves: ["7g7f"] }));
    await broken.r.idle();
    expect(broken.logged).toHaveLength(1);

    // Legal moves that are not the server's.
    const { r, logged } = referee(client().c);
    const odd = table({ version: 1 });
    odd.table.game!.legal_moves = odd.table.game!.legal_moves.slice(1);
    r.follow(odd);
    await r.idle();
    expect(r.legalMoves(odd)).toBeNull();
    expect(logged).toEqual(["referee: the engine's legal moves are not the server's"]);
    // A move the server played that the engine refuses.
    const other = referee(client().c);
    const good = table({ id: "C", version: 1 });
    other.r.follow(good);
    await other.r.idle();
    const refused = table({ id: "C", version: 2, moves: ["7g7f"] });
    refused.table.game!.moves = ["7g7f", "7g7f"];
    other.r.follow(refused);
    await other.r.idle();
    expect(other.r.legalMoves(refused)).toBeNull();
    expect(other.logged).toEqual(["referee: the engine refused the game"]);
  });
});

describe("a move at the hall's table", () => {
  async function setup(lang: "en" | "ar") {
    const store = new Store();
    const { r } = referee(client().c);
    const g = table({ version: 4 });
    store.receiveGroup(g, undefined, 0);
    r.follow(g);
    await r.idle();
    const sent: string[] = [];
    const i18n = new I18n(lang);
    const deps = { referee: r, store, i18n: () => i18n, send: (t: string) => sent.push(t) };
    return { store, r, g, sent, deps, i18n };
  }

  for (const lang of ["en", "ar"] as const) {
    it(`is refused at once with the server's words when the engine says why (${lang})`, async () => {
      const { store, sent, deps, i18n, g } = await setup(lang);
      await refereedMove(deps, "2h2c");
      expect(sent).toEqual([]);
      const server = { move: "2h2c", reason: "cannot_reach", piece: "rook", from: "2h", to: "2c" };
      expect(store.state.notice?.text).toBe(errorText("illegal_move", server, i18n));
      expect(store.state.notice?.code).toBe("illegal_move");
      expect(store.state.notice?.kind).toBe("error");
      expect(store.state.pending).toBeNull();
      expect(store.state.group).toBe(g);
      if (lang === "en")
        expect(store.state.notice?.text).toBe(
          "Illegal move: the rook on \u20662h\u2069 cannot move to \u20662c\u2069",
        );
      else expect(store.state.notice?.text).toMatch(/^نقلة غير قانونية: لا تستطيع القطعة \(رخ\)/);
    });
  }

  it("is sent when the engine finds it legal, or cannot judge it", async () => {
    const { store, sent, deps } = await setup("en");
    await refereedMove(deps, "7g7f");
    expect(sent).toEqual(["7g7f"]);
    expect(store.state.notice).toBeNull();
    // A table the engine does not hold (another version): the server judges.
    store.receiveGroup(table({ version: 5 }), undefined, 0);
    await refereedMove(deps, "2h2c");
    expect(sent).toEqual(["7g7f", "2h2c"]);
  });

  it("is still judged when only a newer state of the same position came meanwhile", async () => {
    const { store, sent, deps } = await setup("en");
    const moving = refereedMove(deps, "2h2c");
    store.receiveGroup(table({ version: 5 }), undefined, 0); // a presence change, say
    await moving;
    expect(sent).toEqual([]);
    expect(store.state.notice?.code).toBe("illegal_move");
    const legal = refereedMove(deps, "7g7f");
    store.receiveGroup(table({ version: 6 }), undefined, 0);
    await legal;
    expect(sent).toEqual(["7g7f"]);
  });

  it("is dropped when the position changed while the engine answered", async () => {
    const { store, sent, deps } = await setup("en");
    const moving = refereedMove(deps, "2h2c");
    store.receiveGroup(table({ version: 5, moves: ["7g7f"] }), undefined, 0);
    await moving;
    expect(sent).toEqual([]);
    expect(store.state.notice).toBeNull();
  });
});

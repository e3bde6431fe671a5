// The record page's analysis, below the page: the graph's geometry and keys, the CPU's move as
// board marks, each seat's final result, the moves judged so far, the "show me" line computed
// by the real module (build-wasm/kaisho-engine.wasm), and the controller that runs it all and
// keeps it in the store (started, stopped with its engine closed, dropped).
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { type EngineClient, inPageEngine } from "../src/engine/client";
import { AnalysisController, analysedGame } from "../src/analysis/controller";
import {
  GRAPH_HEIGHT,
  GRAPH_PAD,
  GRAPH_WIDTH,
  graphGeometry,
  graphKeyIndex,
} from "../src/analysis/graph";
import { moveHighlight } from "../src/analysis/highlight";
import type { PositionJudgement } from "../src/analysis/judge";
import { lineGroup, linePositions } from "../src/analysis/line";
import { finalResults, judgedMoves } from "../src/analysis/marks";
import type { AnalysisState } from "../src/analysis/state";
import type { GameId, GameRecord, GameResult } from "../src/net/protocol";
import { Store } from "../src/state/store";

const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
let engine: KaishoEngine;
beforeAll(async () => {
  engine = await loadKaishoEngine(readFileSync(WASM));
});

/** A record as the server sends it, its positions computed by the module. */
function recordOf(game: GameId, moves: string[], result: GameResult | null = null): GameRecord {
  const g = engine.newGame(game, null, null);
  const positions = [g.state().position];
  for (const m of moves) {
    g.play(m);
    positions.push(g.state().position);
  }
  g.delete();
  return {
    game_id: 7,
    game,
    players: [],
    start: positions[0]!,
    moves,
    positions,
    result,
    options: {},
    exports: { text: "" },
  };
}

const at = (seat: number, score: number, pv: string[] = ["x"]): PositionJudgement => ({
  seat,
  score,
  mate: 0,
  pv,
});

describe("the evaluation graph's geometry", () => {
  test("positions run left to right, the expected result bottom to top, inside the padding", () => {
    const geo = graphGeometry(
      [
        {
          seat: 0,
          points: [
            [0, 0.5],
            [5, 1],
            [10, 0],
          ],
        },
      ],
      10,
    );
    expect(geo.x(0)).toBe(GRAPH_PAD);
    expect(geo.x(10)).toBe(GRAPH_WIDTH - GRAPH_PAD);
    expect(geo.y(1)).toBe(GRAPH_PAD);
    expect(geo.y(0)).toBe(GRAPH_HEIGHT - GRAPH_PAD);
    expect(geo.y(2)).toBe(GRAPH_PAD); // clamped
    const [line] = geo.lines;
    expect(line!.points.map((p) => p.index)).toEqual([0, 5, 10]);
    expect(line!.d).toBe(
      `M${GRAPH_PAD} ${GRAPH_HEIGHT / 2} L${GRAPH_WIDTH / 2} ${GRAPH_PAD} L${GRAPH_WIDTH - GRAPH_PAD} ${GRAPH_HEIGHT - GRAPH_PAD}`,
    );
  });
  test("a click finds the nearest position, within the game", () => {
    const geo = graphGeometry([], 80);
    for (const i of [0, 1, 17, 79, 80]) expect(geo.indexAt(geo.x(i) + 0.4)).toBe(i);
    expect(geo.indexAt(-50)).toBe(0);
    expect(geo.indexAt(GRAPH_WIDTH + 50)).toBe(80);
    // A game with no moves has its one position everywhere.
    expect(graphGeometry([], 0).indexAt(GRAPH_WIDTH / 2)).toBe(0);
  });
  test("keys step one, ten, or to the ends, within the game", () => {
    expect(graphKeyIndex("ArrowRight", 3, 10)).toBe(4);
    expect(graphKeyIndex("ArrowLeft", 0, 10)).toBe(0);
    expect(graphKeyIndex("PageUp", 5, 10)).toBe(10);
    expect(graphKeyIndex("PageDown", 5, 10)).toBe(0);
    expect(graphKeyIndex("Home", 5, 10)).toBe(0);
    expect(graphKeyIndex("End", 5, 10)).toBe(10);
    expect(graphKeyIndex("a", 5, 10)).toBeNull();
  });
});

describe("the CPU's move on the board", () => {
  test("a board move selects its origin and targets its destination", () => {
    const c = moveHighlight("8h2b+", 0);
    expect(c.selection).toEqual({ kind: "square", square: "8h" });
    expect([...c.destinations.keys()]).toEqual(["2b"]);
    expect(c.showLegal).toBe(true);
    expect(moveHighlight("c3-c4", 0).selection).toEqual({ kind: "square", square: "c3" });
  });
  test("a drop selects the mover's hand piece", () => {
    const c = moveHighlight("G*5b", 1);
    expect(c.selection).toEqual({ kind: "hand", piece: "G", seat: 1 });
    expect([...c.destinations.keys()]).toEqual(["5b"]);
  });
  test("nothing is marked without a move", () => {
    expect(moveHighlight(null, 0)).toMatchObject({ selection: null, showLegal: false });
    expect(moveHighlight("resign", 0).destinations.size).toBe(0);
  });
});

describe("results and marks", () => {
  const result = (r: Partial<GameResult>): GameResult => ({
    kind: "win",
    reason: "resignation",
    rating_changes: [],
    ...r,
  });
  test("each seat's result: a win, a draw, Yonin's places and a pair's win", () => {
    expect(finalResults({ game: "shogi", options: {}, result: result({ winner: 1 }) })).toEqual([
      0, 1,
    ]);
    expect(finalResults({ game: "hasami", options: {}, result: result({ kind: "draw" }) })).toEqual(
      [0.5, 0.5],
    );
    const places = result({ kind: "placement", places: [2, 1, 4, 3] });
    expect(finalResults({ game: "yonin", options: {}, result: places })).toEqual([
      2 / 3,
      1,
      0,
      1 / 3,
    ]);
    const pairs = { game: "yonin" as const, options: { format: "pairs" }, result: result({}) };
    expect(finalResults({ ...pairs, result: result({ winner: 1 }) })).toEqual([0, 1, 0, 1]);
    expect(finalResults({ game: "shogi", options: {}, result: null })).toBeNull();
  });
  test("a Yonin move is not judged by the game's result before the analysis is complete", () => {
    const r: GameRecord = {
      ...recordOf("shogi", []),
      game: "yonin",
      moves: ["a", "b"],
      result: result({ kind: "placement", places: [4, 1, 2, 3] }),
    };
    const a: AnalysisState = {
      gameId: 7,
      status: "running",
      positions: [at(0, 3000), at(1, 0)],
      line: null,
    };
    expect(judgedMoves(r, a).get(0)).toMatchObject({ after: null, mark: null });
    // Complete: South's move is judged by its last place.
    const done = judgedMoves(r, { ...a, status: "done", positions: [...a.positions, at(2, 0)] });
    expect(done.get(0)).toMatchObject({ after: 0, mark: "blunder" });
  });
});

describe("show me: the CPU's line", () => {
  test("its positions are the engine's, from the game's position on", async () => {
    const r = recordOf("shogi", ["7g7f", "3c3d"]);
    const steps = await linePositions(inPageEngine(engine), analysedGame(r), 1, [
      "8c8d",
      "2g2f",
      "8d8e",
    ]);
    expect(steps[0]).toEqual({ position: r.positions[1], seat: 1 });
    const g = engine.newGame("shogi", null, "startpos moves 7g7f 8c8d 2g2f 8d8e");
    expect(steps.map((s) => s.seat)).toEqual([1, 0, 1, 0]);
    expect(steps[3]!.position).toBe(g.state().position);
    g.delete();
  });
  test("a move the engine refuses ends the line there; a finished game has no more steps", async () => {
    const r = recordOf("shogi", ["7g7f"]);
    const steps = await linePositions(inPageEngine(engine), analysedGame(r), 1, [
      "3c3d",
      "1a1b",
      "2g2f",
    ]);
    expect(steps).toHaveLength(2);
    const mate = await linePositions(
      inPageEngine(engine),
      { game: "shogi", options: {}, start: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", moves: [] },
      0,
      ["G*5b", "5a4a"],
    );
    expect(mate.map((s) => s.seat)).toEqual([0, -1]);
  });
  test("a step of the line is drawn as the record's position, with its last move", () => {
    const r = recordOf("shogi", ["7g7f", "3c3d", "2g2f"]);
    const line = {
      from: 1,
      moves: ["8c8d", "2g2f"],
      positions: [r.positions[1]!, "POSITION-A", "POSITION-B"],
      seats: [1, 0, 1],
      step: 1,
      status: "ready" as const,
    };
    const g = lineGroup(r, line, null).table.game!;
    expect(g.position).toBe("POSITION-A");
    expect(g.last_move).toBe("8c8d");
    expect(g.moves).toEqual(["7g7f", "8c8d"]);
    expect(g.result).toBeUndefined();
    expect(lineGroup(r, { ...line, step: 0 }, null).table.game!.position).toBe(r.positions[1]);
  });
});

describe("the analysis controller", () => {
  function setUp(moves: string[]) {
    const store = new Store();
    const r = recordOf("shogi", moves, {
      kind: "win",
      winner: 0,
      reason: "resignation",
      rating_changes: [],
    });
    store.update({ record: { status: "ready", id: r.game_id, data: r, index: 0 } });
    const engines: EngineClient[] = [];
    let closed = 0;
    const c = new AnalysisController({
      store,
      engine: () => {
        const e = inPageEngine(engine);
        const wrapped = { ...e, close: () => (closed++, e.close()) };
        engines.push(wrapped);
        return wrapped;
      },
      limits: { nodes: 2000 },
    });
    return { store, r, c, engines, closedCount: () => closed };
  }

  test("no engine is started before the analysis is asked for; then every position is judged", async () => {
    const { store, r, c, engines } = setUp(["7g7f", "3c3d", "2g2f"]);
    expect(engines).toHaveLength(0);
    await c.start();
    expect(engines).toHaveLength(1);
    const a = store.state.analysis!;
    expect(a).toMatchObject({ gameId: r.game_id, status: "done" });
    expect(a.positions).toHaveLength(r.moves.length + 1);
    for (const p of a.positions) expect(p!.pv.length).toBeGreaterThan(0);
  });

  test("Stop ends it between positions and closes the engine; what was found is kept", async () => {
    const { store, c, closedCount } = setUp(["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"]);
    const seen: number[] = [];
    const unsubscribe = store.subscribe((s) => {
      const n = s.analysis?.positions.length ?? 0;
      if (n === 2 && s.analysis?.status === "running" && !seen.includes(n)) {
        seen.push(n);
        c.stop();
      }
    });
    await c.start();
    unsubscribe();
    const a = store.state.analysis!;
    expect(a.status).toBe("stopped");
    expect(a.positions).toHaveLength(2);
    expect(closedCount()).toBe(1);
    // Analysed again from the start, with a new engine.
    await c.start();
    expect(store.state.analysis).toMatchObject({ status: "done" });
    expect(store.state.analysis!.positions).toHaveLength(6);
  });

  test("show me steps through the CPU's line and goes back to the game; another record drops it", async () => {
    const { store, c } = setUp(["7g7f", "3c3d"]);
    await c.start();
    store.update({ record: { ...store.state.record, index: 1 } });
    await c.showLine();
    const line = store.state.analysis!.line!;
    const pv = store.state.analysis!.positions[1]!.pv;
    expect(line).toMatchObject({ from: 1, moves: pv, status: "ready", step: 1 });
    expect(line.positions).toHaveLength(pv.length + 1);
    expect(line.positions[0]).toBe(store.state.record.data!.positions[1]);
    c.lineStep(99);
    expect(store.state.analysis!.line!.step).toBe(pv.length);
    c.lineStep(-3);
    expect(store.state.analysis!.line!.step).toBe(0);
    c.leaveLine();
    expect(store.state.analysis!.line).toBeNull();
    c.drop();
    expect(store.state.analysis).toBeNull();
  });
});

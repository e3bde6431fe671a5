import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, test } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { inPageEngine } from "../src/engine/client";
import { type AnalysedGame, analyseGame } from "../src/analysis/run";
import {
  BLUNDER_LOSS,
  MISTAKE_LOSS,
  type PositionJudgement,
  expectedResult,
  graphLines,
  judgeMoves,
} from "../src/analysis/judge";

const at = (seat: number, score: number, pv: string[] = [], mate = 0): PositionJudgement => ({
  seat,
  score,
  mate,
  pv,
});

describe("expected result", () => {
  test("a level position is even, a lead is more than even, a mate is certain", () => {
    expect(expectedResult("shogi", 0, 0)).toBeCloseTo(0.5);
    expect(expectedResult("shogi", 300, 0)).toBeGreaterThan(0.6);
    expect(expectedResult("shogi", -300, 0)).toBeLessThan(0.4);
    expect(expectedResult("hasami", 100, 0)).toBeGreaterThan(expectedResult("hasami", 50, 0));
    expect(expectedResult("annan", -5, 3)).toBe(1);
    expect(expectedResult("annan", 5, -3)).toBe(0);
  });
  test("Yonin's wider scores are judged on a wider curve", () => {
    expect(expectedResult("yonin", 1000, 0)).toBeLessThan(expectedResult("shogi", 1000, 0));
  });
});

describe("judging the moves of a two-seat game", () => {
  test("a move that gives away a won position is a blunder; the CPU's own choice never is", () => {
    // Sente stands well (+400), plays 1a1b, and now Gote stands well (+400 for Gote).
    const positions = [at(0, 400, ["2g2f", "8c8d"]), at(1, 400, ["3c3d"]), at(0, -400, ["4g4f"])];
    const judged = judgeMoves("shogi", ["1a1b", "3c3d"], positions, null);
    expect(judged).toHaveLength(2);
    expect(judged[0]).toMatchObject({
      ply: 0,
      seat: 0,
      played: "1a1b",
      best: "2g2f",
      mark: "blunder",
    });
    expect(judged[0]!.loss).toBeGreaterThanOrEqual(BLUNDER_LOSS);
    expect(judged[0]!.line).toEqual(["2g2f", "8c8d"]);
    // Gote played the CPU's choice: no loss, whatever the scores say.
    expect(judged[1]).toMatchObject({ ply: 1, seat: 1, loss: 0, mark: null });
  });
  test("a small loss is a mistake, a smaller one nothing", () => {
    const positions = [at(0, 0, ["7g7f"]), at(1, 170, ["8c8d"]), at(0, 0, ["2g2f"])];
    const [first] = judgeMoves("shogi", ["9g9f", "8c8d"], positions, null);
    expect(first!.loss).toBeGreaterThanOrEqual(MISTAKE_LOSS);
    expect(first!.mark).toBe("mistake");
    const calm = judgeMoves("shogi", ["9g9f"], [at(0, 0, ["7g7f"]), at(1, 20, ["8c8d"])], null);
    expect(calm[0]!.mark).toBeNull();
  });
  test("the last move is judged by the game's result", () => {
    // Sente was winning (+600) and its last move lost the game.
    const judged = judgeMoves("hasami", ["1a1b"], [at(0, 600, ["2a2b"]), at(-1, 0)], [0, 1]);
    expect(judged[0]).toMatchObject({ after: 0, mark: "blunder" });
  });
});

describe("judging the moves of a Yonin game", () => {
  test("the mover's result after a move is their own judgement at their next turn", () => {
    const positions = [
      at(0, 2000, ["5i5h"]),
      at(1, 0, ["x"]),
      at(2, 0, ["y"]),
      at(3, 0, ["z"]),
      at(0, -2000, ["5h5g"]),
    ];
    const judged = judgeMoves("yonin", ["1i1h", "x", "y", "z"], positions, null);
    expect(judged[0]).toMatchObject({ seat: 0, mark: "blunder" });
    expect(judged[0]!.after).toBeCloseTo(expectedResult("yonin", -2000, 0));
    // Seats 1-3 do not move again here: their loss is not known.
    expect(judged[1]).toMatchObject({ after: null, loss: 0, mark: null });
  });
});

describe("the evaluation graph", () => {
  test("two seats: one line, the first seat's expected result at every position", () => {
    const [line, ...rest] = graphLines("shogi", [at(0, 400), at(1, 400), null, at(0, 0)]);
    expect(rest).toEqual([]);
    expect(line!.points.map(([i]) => i)).toEqual([0, 1, 3]);
    expect(line!.points[0]![1]).toBeGreaterThan(0.5);
    expect(line!.points[1]![1]).toBeLessThan(0.5);
    expect(line!.points[2]![1]).toBeCloseTo(0.5);
  });
  test("Yonin: one line per seat, at the positions where it is to move", () => {
    const lines = graphLines("yonin", [at(0, 0), at(1, 100), at(2, 0), at(3, 0), at(0, 500)]);
    expect(lines).toHaveLength(4);
    expect(lines[0]!.points.map(([i]) => i)).toEqual([0, 4]);
    expect(lines[1]!.points.map(([i]) => i)).toEqual([1]);
  });
});

describe("analysing a game with the engine in the page", () => {
  const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
  let engine: KaishoEngine;
  beforeAll(async () => {
    engine = await loadKaishoEngine(readFileSync(WASM));
  });
  const game: AnalysedGame = {
    game: "shogi",
    options: { move_limit: 0 },
    start: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    moves: ["7g7f", "3c3d", "8h2b+", "3a2b"],
  };

  test("every position is judged in order, from the view of the seat to move", async () => {
    const seen: [number, PositionJudgement | null][] = [];
    const done = await analyseGame(
      inPageEngine(engine),
      game,
      (i, p) => seen.push([i, p]),
      () => false,
      { nodes: 3000 },
    );
    expect(done).toBe(true);
    expect(seen.map(([i]) => i)).toEqual([0, 1, 2, 3, 4]);
    expect(seen.map(([, p]) => p?.seat)).toEqual([0, 1, 0, 1, 0]);
    for (const [, p] of seen) expect(p!.pv.length).toBeGreaterThan(0);
    // The preferred move is a legal one there: playing it is accepted.
    const g = engine.newGame("shogi", null, `${game.start} moves 7g7f`);
    expect(() => g.play(seen[1]![1]!.pv[0]!)).not.toThrow();
    g.delete();
  });

  test("a stopped analysis ends before its next search", async () => {
    let judged = 0;
    const done = await analyseGame(
      inPageEngine(engine),
      game,
      () => judged++,
      () => judged >= 2,
      { nodes: 3000 },
    );
    expect(done).toBe(false);
    expect(judged).toBe(2);
  });

  test("the final position of a finished game has no judgement", async () => {
    // A gold dropped in front of the king, guarded by a pawn: checkmate.
    const mate: AnalysedGame = {
      game: "shogi",
      options: {},
      start: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
      moves: ["G*5b"],
    };
    const seen: (PositionJudgement | null)[] = [];
    await analyseGame(
      inPageEngine(engine),
      mate,
      (_, p) => seen.push(p),
      () => false,
      {
        nodes: 2000,
      },
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({ seat: 0, mate: 1, pv: ["G*5b"] });
    expect(seen[1]).toBeNull();
    // Judged: the mating move is the CPU's own choice, no mistake.
    const [move] = judgeMoves("shogi", mate.moves, seen, [1, 0]);
    expect(move).toMatchObject({ played: "G*5b", best: "G*5b", loss: 0, mark: null });
  });

  test("a record the engine cannot read is refused with its reason", async () => {
    await expect(
      analyseGame(
        inPageEngine(engine),
        { ...game, moves: ["7g7f", "7f7e"] },
        () => {},
        () => false,
        {
          nodes: 2000,
        },
      ),
    ).rejects.toThrow(/illegal|not/i);
  });
});

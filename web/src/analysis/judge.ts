// What an analysis concludes from the engine's judgement of every position of a game: how
// each seat stood (the evaluation graph), which moves lost much (mistakes and blunders), and
// the move the CPU preferred. Pure: the engine's judgement of each position comes in (run.ts
// asks for it), so this is tested without the engine.
import type { GameId, NotationStyle } from "../net/protocol";

/** The engine's judgement of one position, from the view of the seat to move there. */
export interface PositionJudgement {
  /** The seat to move (-1 when the game is over there). */
  seat: number;
  /** The score in the game's own unit (about 100 a pawn or a captured piece). */
  score: number;
  /** > 0: the seat to move mates in that many moves; < 0: it is mated. 0: no mate found. */
  mate: number;
  /** The line the CPU prefers, its first move the CPU's choice ([] when the game is over). */
  pv: string[];
  /**
   * The CPU's choice (pv[0]) in the readable notations, written by the engine as the move list
   * writes the game's moves (Shogi and Annan: "☗２三飛成", "R-2c+"); absent for the other games.
   */
  best?: Partial<Record<NotationStyle, string>>;
}

/**
 * The score as an expected result for the seat whose view it is, 0 (lost) to 1 (won): a
 * logistic curve, so that a pawn matters in a level game and little when one side is far
 * ahead. Yonin's scores add up one comparison per other seat (9,000 each when settled), so
 * its curve is wider. A mate found is a result.
 */
export function expectedResult(game: GameId, score: number, mate: number): number {
  if (mate > 0) return 1;
  if (mate < 0) return 0;
  const scale = game === "yonin" ? 1500 : 400;
  return 1 / (1 + Math.exp(-score / scale));
}

/** How much a move lost of the mover's expected result, and what that is called. */
export type MoveMark = "mistake" | "blunder";
export const MISTAKE_LOSS = 0.1;
export const BLUNDER_LOSS = 0.2;

export interface MoveJudgement {
  /** The move's index in the game (ply 0 is the first move). */
  ply: number;
  seat: number;
  played: string;
  /** The CPU's choice in that position, and the line it expected. */
  best: string;
  line: string[];
  /** The mover's expected result before the move and after it (null when not known). */
  before: number;
  after: number | null;
  /** before − after, at least 0 (0 when the move is the CPU's own choice). */
  loss: number;
  mark: MoveMark | null;
}

/**
 * Judges each move played. `positions[i]` is the judgement of the position before move i
 * (positions.length is moves.length + 1: the last is the final position, or may be missing
 * when the game ended there). For two seats, the mover's result after a move is the opponent's
 * expected result turned over; for Yonin's four seats, it is the mover's own judgement the
 * next time they are to move (the engine judges a position from the mover's view only), or
 * unknown when they do not move again. `finalResults[seat]`, when the game ended, is each
 * seat's result (1 won, 0.5 drawn, 0 lost; Yonin's places as 1, 2/3, 1/3, 0).
 */
export function judgeMoves(
  game: GameId,
  moves: readonly string[],
  positions: readonly (PositionJudgement | null)[],
  finalResults: readonly number[] | null,
): MoveJudgement[] {
  const out: MoveJudgement[] = [];
  const seats = game === "yonin" ? 4 : 2;
  const expected = (p: PositionJudgement) => expectedResult(game, p.score, p.mate);
  for (let ply = 0; ply < moves.length; ply++) {
    const here = positions[ply];
    if (!here || here.seat < 0) continue;
    const best = here.pv[0] ?? "";
    const before = expected(here);
    let after: number | null = null;
    if (seats === 2) {
      const next = positions[ply + 1];
      if (next && next.seat >= 0)
        after = next.seat === here.seat ? expected(next) : 1 - expected(next);
      else if (ply === moves.length - 1 && finalResults) after = finalResults[here.seat] ?? null;
    } else {
      for (let later = ply + 1; later < positions.length; later++) {
        const p = positions[later];
        if (p && p.seat === here.seat) {
          after = expected(p);
          break;
        }
      }
      if (after === null && finalResults) after = finalResults[here.seat] ?? null;
    }
    const chosen = moves[ply] === best;
    const loss = chosen || after === null ? 0 : Math.max(0, before - after);
    out.push({
      ply,
      seat: here.seat,
      played: moves[ply] ?? "",
      best,
      line: here.pv,
      before,
      after,
      loss,
      mark: loss >= BLUNDER_LOSS ? "blunder" : loss >= MISTAKE_LOSS ? "mistake" : null,
    });
  }
  return out;
}

/**
 * The evaluation graph's lines: for two seats one line, the first seat's expected result at
 * every position; for Yonin one line per seat, its own expected result at each position where
 * it is to move. Points are [position index, 0..1].
 */
export function graphLines(
  game: GameId,
  positions: readonly (PositionJudgement | null)[],
): { seat: number; points: [number, number][] }[] {
  if (game === "yonin") {
    const lines = [0, 1, 2, 3].map((seat) => ({ seat, points: [] as [number, number][] }));
    positions.forEach((p, i) => {
      if (p && p.seat >= 0) lines[p.seat]?.points.push([i, expectedResult(game, p.score, p.mate)]);
    });
    return lines;
  }
  const points: [number, number][] = [];
  positions.forEach((p, i) => {
    if (!p || p.seat < 0) return;
    const e = expectedResult(game, p.score, p.mate);
    points.push([i, p.seat === 0 ? e : 1 - e]);
  });
  return [{ seat: 0, points }];
}

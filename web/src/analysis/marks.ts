// The judgement of a record's moves from what an analysis has found so far (judge.ts), and
// each seat's final result from the record's own result.
import type { GameRecord } from "../net/protocol";
import { type MoveJudgement, judgeMoves } from "./judge";
import type { AnalysisState } from "./state";

/**
 * Each seat's result as judge.ts counts it: 1 won, 0.5 drawn, 0 lost; Yonin's places 1st to 4th
 * as 1, 2/3, 1/3, 0, and a pair's win (Yonin "pairs": opposite seats) for both partners. Null
 * when the record has no result (a game still being played).
 */
export function finalResults(r: Pick<GameRecord, "game" | "result" | "options">): number[] | null {
  const res = r.result;
  if (!res) return null;
  const seats = r.game === "yonin" ? 4 : 2;
  const pairs = r.game === "yonin" && String(r.options["format"] ?? "") === "pairs";
  return Array.from({ length: seats }, (_, seat) => {
    switch (res.kind) {
      case "draw":
        return 0.5;
      case "win":
        return seat === res.winner || (pairs && (seat + 2) % 4 === res.winner) ? 1 : 0;
      case "placement": {
        const place = res.places?.[seat];
        return place ? (seats - place) / (seats - 1) : 0;
      }
    }
  });
}

/**
 * The moves judged so far, by ply (a move is missing until the positions it needs are
 * judged). The game's result judges a last move only once every position is judged: before
 * that, a Yonin seat's next turn may simply not be analysed yet.
 */
export function judgedMoves(r: GameRecord, a: AnalysisState): Map<number, MoveJudgement> {
  const complete = a.positions.length >= r.moves.length + 1;
  const judged = judgeMoves(r.game, r.moves, a.positions, complete ? finalResults(r) : null);
  return new Map(judged.map((m) => [m.ply, m]));
}

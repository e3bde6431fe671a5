// Goes through every position of a game with the engine in the page (a full-strength search
// of each, under a node limit so that it takes the same work on any device) and hands each
// judgement on as it comes, so the page can show progress and the graph growing; stoppable
// between positions.
import type { EngineClient } from "../engine/client";
import type { EvaluateLimits } from "../engine/protocol";
import type { GameId } from "../net/protocol";
import { SEAT_NAMES } from "../pages/seatNames";
import type { PositionJudgement } from "./judge";

/** The search of each position: enough to see a tactic, a few seconds for a whole game. */
export const ANALYSIS_LIMITS: EvaluateLimits = { nodes: 60_000 };

/** A game to analyse, as a record holds it. */
export interface AnalysedGame {
  game: GameId;
  /** The local rules, as the record lists them. */
  options: Record<string, string | number | boolean>;
  /** The start position's text. */
  start: string;
  moves: readonly string[];
}

/**
 * Judges positions 0..moves.length (position i is before move i; the last is the final one,
 * null once the game is over there). `judged(i, p)` is called for each as it is known;
 * `stopped()` is asked before each search (true: the analysis ends, resolving false). Resolves
 * true when every position was judged. A position the engine refuses (a record it cannot
 * read) rejects with its error.
 */
export async function analyseGame(
  engine: EngineClient,
  g: AnalysedGame,
  judged: (index: number, p: PositionJudgement | null) => void,
  stopped: () => boolean,
  limits: EvaluateLimits = ANALYSIS_LIMITS,
): Promise<boolean> {
  const options = Object.fromEntries(Object.entries(g.options).map(([k, v]) => [k, String(v)]));
  const seats = SEAT_NAMES[g.game];
  for (let i = 0; i <= g.moves.length; i++) {
    if (stopped()) return false;
    const position = i === 0 ? g.start : `${g.start} moves ${g.moves.slice(0, i).join(" ")}`;
    const { handle, snapshot } = await engine.newGame(g.game, options, position);
    try {
      if (snapshot.toMove === null) {
        judged(i, null);
        continue;
      }
      const e = await engine.evaluate(handle, limits);
      judged(
        i,
        e ? { seat: seats.indexOf(snapshot.toMove), score: e.score, mate: e.mate, pv: e.pv } : null,
      );
    } finally {
      await engine.deleteGame(handle);
    }
  }
  return true;
}

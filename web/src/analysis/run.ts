// Goes through every position of a game with the engine in the page (a full-strength search
// of each, under a node limit so that it takes the same work on any device) and hands each
// judgement on as it comes, so the page can show progress and the graph growing; stoppable
// between positions.
import { type EngineClient, EngineError } from "../engine/client";
import type { EvaluateLimits } from "../engine/protocol";
import type { GameId, NotationStyle } from "../net/protocol";
import { SEAT_NAMES } from "../pages/seatNames";
import type { PositionJudgement } from "./judge";
import { WRITTEN_GAMES } from "./line";

/**
 * The CPU's move as the move list writes moves: played on the game at the position (`handle`,
 * which is changed), then the game's moves written in each notation, the last being it (the
 * Japanese one says 同 from the move before). null for games with no notation, or a refusal.
 */
async function bestInWords(
  engine: EngineClient,
  handle: number,
  game: GameId,
  move: string,
): Promise<Partial<Record<NotationStyle, string>> | null> {
  if (!WRITTEN_GAMES.includes(game)) return null;
  try {
    await engine.play(handle, move);
    const out: Partial<Record<NotationStyle, string>> = {};
    for (const style of ["japanese", "western"] as const) {
      const last = (await engine.notation(handle, style)).at(-1);
      if (last) out[style] = last;
    }
    return out;
  } catch (e) {
    if (e instanceof EngineError && e.code !== "") return null;
    throw e;
  }
}

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
      if (!e) {
        judged(i, null);
        continue;
      }
      const p: PositionJudgement = {
        seat: seats.indexOf(snapshot.toMove),
        score: e.score,
        mate: e.mate,
        pv: e.pv,
      };
      const best = e.pv[0] ? await bestInWords(engine, handle, g.game, e.pv[0]) : null;
      if (best) p.best = best;
      judged(i, p);
    } finally {
      await engine.deleteGame(handle);
    }
  }
  return true;
}

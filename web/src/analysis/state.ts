// What an analysis of a record keeps in the store (AppState.analysis), so that the record page
// draws it on every render and nothing is lost between renders: the judgement of each position
// as it arrives, how far it went, and the CPU's line being shown ("show me"). One analysis at a
// time, of the record it names; opening another record drops it (app.ts).
import type { NotationStyle } from "../net/protocol";
import type { PositionJudgement } from "./judge";

export type AnalysisStatus = "running" | "stopped" | "done" | "error";

export interface AnalysisState {
  /** The record analysed (`game_id`). */
  gameId: number;
  status: AnalysisStatus;
  /**
   * The judgement of positions 0..k-1, in order (they are judged in order): null where the
   * game is over. positions.length is how many are judged; the record has moves.length + 1.
   */
  positions: (PositionJudgement | null)[];
  /** The engine's message when status is "error". */
  error?: string;
  /** The CPU's line being shown on the board in place of the game's moves, if any. */
  line: LineState | null;
}

/** "Show me": the CPU's preferred line from one position of the game, stepped through. */
export interface LineState {
  /** The game's position index the line starts from. */
  from: number;
  /** The line's moves (the CPU's choice first). */
  moves: string[];
  /**
   * Position texts computed by the engine: positions[k] after k moves of the line (positions[0]
   * is the game's own position `from`). Shorter than moves.length + 1 while loading, or when the
   * engine refused a move of the line (the line is shown as far as it goes).
   */
  positions: string[];
  /** The seat to move at each of those positions (-1 where the game is over). */
  seats: number[];
  /**
   * The line's moves played, in the readable notations (Shogi, Annan): words[k] led to
   * positions[k + 1]; absent where the engine wrote none.
   */
  words?: (Partial<Record<NotationStyle, string>> | undefined)[];
  /** The step shown: 0..positions.length - 1. */
  step: number;
  status: "loading" | "ready" | "error";
}

/** The analysis of record `gameId`, if the store holds one for it. */
export function analysisOf(a: AnalysisState | null, gameId: number): AnalysisState | null {
  return a && a.gameId === gameId ? a : null;
}

/** The line shown at replay position `index`, if any (a line belongs to its start position). */
export function lineAt(a: AnalysisState | null, index: number): LineState | null {
  return a?.line && a.line.from === index ? a.line : null;
}

// "Show me": the positions of the CPU's preferred line, computed by the engine (the client
// holds no game rules): a game is made at the position where the line starts, the line's
// moves are played on it one by one, and each position text is taken from the engine's report.
// Then the read-only group that draws a step of the line on the record page's board.
import { type EngineClient, EngineError } from "../engine/client";
import type { EngineSnapshot } from "../engine/protocol";
import { replayGroup } from "../history/replay";
import type { GameId, GameRecord, GroupState, NotationStyle } from "../net/protocol";
import { SEAT_NAMES } from "../pages/seatNames";
import type { AnalysedGame } from "./run";
import type { LineState } from "./state";

/** One step of a line: the position text, and the seat to move there (-1: the game is over). */
export interface LineStep {
  position: string;
  seat: number;
  /** The move that led here in the readable notations (Shogi, Annan), as the move list has them. */
  words?: Partial<Record<NotationStyle, string>>;
}

/** The games whose moves the engine writes in readable notations (engine_api.h kaisho_notation). */
export const WRITTEN_GAMES: readonly GameId[] = ["shogi", "annan"];

/**
 * The steps along `line` from position `from` of the game (after `from` of its moves): [the
 * position at `from`, after the line's first move, ...]. Stops at a move the engine refuses
 * (the rest of the line cannot be shown), or when the game is over. Rejects when the game
 * itself cannot be set up, or the engine is stopped meanwhile (an EngineError).
 */
export async function linePositions(
  engine: EngineClient,
  g: AnalysedGame,
  from: number,
  line: readonly string[],
): Promise<LineStep[]> {
  const options = Object.fromEntries(Object.entries(g.options).map(([k, v]) => [k, String(v)]));
  const before = g.moves.slice(0, from);
  const position = before.length ? `${g.start} moves ${before.join(" ")}` : g.start;
  const seats = SEAT_NAMES[g.game];
  const seatOf = (toMove: string | null) => (toMove === null ? -1 : seats.indexOf(toMove));
  const { handle, snapshot } = await engine.newGame(g.game, options, position);
  const out: LineStep[] = [{ position: snapshot.position, seat: seatOf(snapshot.toMove) }];
  try {
    for (const move of line) {
      if (out[out.length - 1]!.seat < 0) break;
      let next: EngineSnapshot;
      try {
        next = await engine.play(handle, move);
      } catch (e) {
        // A move refused (with its code): the line is shown as far as the engine followed it.
        // Anything else (the engine stopped) ends the request.
        if (e instanceof EngineError && e.code !== "") break;
        throw e;
      }
      out.push({ position: next.position, seat: seatOf(next.toMove) });
    }
    // The line's moves as the move list writes the game's: the game's moves and the line's
    // written by the engine, the line's being the last.
    if (WRITTEN_GAMES.includes(g.game) && out.length > 1) {
      for (const style of ["japanese", "western"] as const) {
        const list = await engine.notation(handle, style);
        const first = list.length - (out.length - 1);
        if (first !== before.length) continue;
        for (let k = 1; k < out.length; k++) {
          const words = list[first + k - 1];
          if (words) out[k]!.words = { ...out[k]!.words, [style]: words };
        }
      }
    }
  } finally {
    await engine.deleteGame(handle).catch(() => {});
  }
  return out;
}

/**
 * The read-only group of step `line.step` of a line (replay.ts's, from the record with the
 * line's moves in place of the game's after `line.from`): no result, no server notation.
 */
export function lineGroup(r: GameRecord, line: LineState, viewerSeat: number | null): GroupState {
  const k = Math.min(line.step, line.positions.length - 1);
  const shown: GameRecord = {
    ...r,
    moves: [...r.moves.slice(0, line.from), ...line.moves.slice(0, k)],
    positions: [...r.positions.slice(0, line.from), ...line.positions.slice(0, k + 1)],
    result: null,
  };
  delete shown.notation;
  return replayGroup(shown, line.from + k, viewerSeat);
}

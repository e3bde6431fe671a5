// What the CPU did for a player while they were away: when they come back (a reconnection, or
// the page opened again on the same device), how many moves it made for their seats and the
// last of them, in words. "Seen" is how many moves of the game the page had shown: the stored
// count for a page opened again, the previous state's for a reconnection.
import type { I18n } from "../i18n";
import type { GroupState } from "../net/protocol";
import type { MoveStyle } from "../state/prefs";
import { ltrText } from "./errors";
import { moveLabel } from "./moveText";

/** The plies, in order, the CPU played for the viewer's seats because they were away. */
export function cpuMovesWhileAway(g: GroupState, seen: number): number[] {
  const game = g.table.game;
  if (!game) return [];
  return (game.stand_ins ?? [])
    .filter((s) => s.reason === "away" && s.ply >= seen && g.table.your_seats.includes(s.seat))
    .map((s) => s.ply)
    .sort((a, b) => a - b);
}

/** "While you were away, the CPU made 3 moves for you; the last: ☗同銀." */
export function whileAwayText(
  g: GroupState,
  plies: number[],
  i18n: I18n,
  style: MoveStyle,
): string | null {
  const game = g.table.game;
  const last = plies[plies.length - 1];
  if (!game || last === undefined) return null;
  const moved = i18n.tn("away.cpuMoved", plies.length, {
    move: ltrText(moveLabel(game, last, style)),
  });
  // And that the seat is theirs again (coming back gave it back), whose turn it is.
  if (g.table.status !== "playing") return moved;
  const yourTurn = g.table.your_seats.includes(game.to_move);
  return `${moved} ${i18n.t(yourTurn ? "away.back.yourTurn" : "away.back")}`;
}

/** The stored "seen" mark: one game at a time ({game, plies}); null when it is another game. */
export function parseSeen(stored: string | null, gameId: number): number | null {
  if (!stored) return null;
  const [id, plies] = stored.split(":").map(Number);
  return id === gameId && Number.isInteger(plies) && (plies ?? -1) >= 0 ? (plies ?? null) : null;
}

export function formatSeen(gameId: number, plies: number): string {
  return `${gameId}:${plies}`;
}

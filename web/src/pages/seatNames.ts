// Seat names of each game when no group state is at hand (history, demo).
import type { I18n, MsgKey } from "../i18n";
import type { GameId } from "../net/protocol";

export const SEAT_NAMES: Record<GameId, string[]> = {
  shogi: ["sente", "gote"],
  annan: ["sente", "gote"],
  hasami: ["first", "second"],
  musashi: ["father", "children"],
  yonin: ["south", "west", "north", "east"],
};

export function seatNameFor(game: GameId, seat: number, i18n: I18n): string {
  const n = SEAT_NAMES[game][seat];
  return n ? i18n.t(`seat.${n}` as MsgKey) : String(seat);
}

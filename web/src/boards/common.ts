// What every board adapter needs from the group state, computed once.
import type { I18n, MsgKey } from "../i18n";
import type { GroupState } from "../net/protocol";
import type { PieceView } from "./model";
import { touchedSquares } from "./moves";
import { viewQuarterTurns } from "./orientation";
import { seatPlayerName } from "../ui/names";

export interface BoardArgs {
  group: GroupState;
  i18n: I18n;
  /** The seat the board is seen from: the viewer's seat (the acting one if several). */
  viewerSeat: number | null;
  /** The seat the viewer may move for now (to_move ∈ your_seats), else null. */
  actingSeat: number | null;
}

export function seatName(group: GroupState, seat: number, i18n: I18n): string {
  const key = `seat.${group.table.seat_names[seat] ?? ""}`;
  return i18n.tk(key, group.table.seat_names[seat] ?? String(seat));
}

export function seatLabel(group: GroupState, seat: number, i18n: I18n): string {
  const info = group.table.seats.find((s) => s.seat === seat);
  const name = info ? seatPlayerName(group, info, i18n) : "";
  // The name is isolated: an Arabic seat word next to a Latin name keeps its order.
  return name
    ? `${seatName(group, seat, i18n)} · \u2068${name}\u2069`
    : seatName(group, seat, i18n);
}

export function describePiece(group: GroupState, i18n: I18n, p: PieceView): string {
  if (p.flipped) return `${seatName(group, p.owner, i18n)} ${i18n.t("play.flipped")}`;
  const pieceKey = (
    group.game === "hasami" ? "piece.hasami" : `piece.${p.promoted ? "+" : ""}${p.letter}`
  ) as MsgKey;
  const owner = p.owner < 0 ? i18n.t("piece.ownerless") : seatName(group, p.owner, i18n);
  return i18n.t("aria.pieceOf", { owner, piece: i18n.t(pieceKey) });
}

export function common(args: BoardArgs) {
  const g = args.group.table.game;
  return {
    turns: viewQuarterTurns(args.group.game, args.viewerSeat),
    lastMove: touchedSquares(g?.last_move),
    inCheck: g?.in_check ?? [],
    out: g?.out ?? [],
    toMove: g?.to_move ?? -1,
    seatCount: args.group.table.seat_names.length || 2,
    label: args.i18n.t("play.boardLabel", {
      game: args.i18n.t(`game.${args.group.game}` as MsgKey),
    }),
  };
}

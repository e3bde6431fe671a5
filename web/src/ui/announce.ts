// What changed at the table, said in words: every move (whose, which, in the chosen notation),
// a move the CPU made for someone whose time ran out, check, whose turn it is, the result
// (who won, how, and the viewer's rating).
// Screen readers hear it through one live region that is never re-rendered; the same words
// tell the page when an opponent moved (for the sound and the tab title).
import { seatName } from "../boards/common";
import type { I18n } from "../i18n";
import type { GroupState } from "../net/protocol";
import type { MoveStyle } from "../state/prefs";
import { ltrText } from "./errors";
import { moveLabel, standInAt } from "./moveText";
import { seatPlayerName } from "./names";
import { resultSpeech } from "./resultText";

export interface TableChange {
  /** Sentences to announce, in order. */
  speech: string[];
  /** Someone other than the viewer made a move (the CPU standing in for the viewer included). */
  othersMoved: boolean;
}

/** "Gote (CPU level 3)", "Sente (you)". */
export function seatWho(g: GroupState, seat: number, i18n: I18n): string {
  const s = g.table.seats.find((x) => x.seat === seat);
  const mine = g.table.your_seats.includes(seat);
  const who = mine ? i18n.t("group.you") : s ? seatPlayerName(g, s, i18n) : "";
  return who ? `${seatName(g, seat, i18n)} (\u2068${who}\u2069)` : seatName(g, seat, i18n);
}

export function describeChange(
  prev: GroupState | null,
  next: GroupState,
  i18n: I18n,
  style: MoveStyle,
): TableChange {
  const out: TableChange = { speech: [], othersMoved: false };
  const game = next.table.game;
  if (!game || next.table.status === "idle") return out;
  const sameGame =
    prev !== null &&
    prev.id === next.id &&
    prev.table.game !== undefined &&
    prev.table.game.number === game.number;
  const before = sameGame ? (prev.table.game?.moves.length ?? 0) : game.moves.length;
  // A new game, or the page (re)opened on one: where things stand, not its history.
  if (!sameGame) out.speech.push(i18n.t("play.gameNumber", { n: game.number }));
  const added = game.moves.length - before;
  if (added === 1 && sameGame) {
    const i = game.moves.length - 1;
    const mover = prev.table.game?.to_move ?? -1;
    const move = ltrText(moveLabel(game, i, style));
    const standIn = standInAt(game.stand_ins, i);
    if (standIn?.reason === "timeout")
      out.speech.push(
        next.table.your_seats.includes(standIn.seat)
          ? i18n.t("announce.yourTimeout", { move })
          : i18n.t("announce.timeout", { who: seatWho(next, standIn.seat, i18n), move }),
      );
    else if (mover >= 0)
      out.speech.push(i18n.t("announce.moved", { who: seatWho(next, mover, i18n), move }));
    if (mover < 0 || !next.table.your_seats.includes(mover) || standIn) out.othersMoved = true;
  } else if (added > 1 && sameGame) {
    out.speech.push(
      i18n.tn("announce.several", added, {
        move: ltrText(moveLabel(game, game.moves.length - 1, style)),
      }),
    );
    out.othersMoved = true;
  }
  if (next.table.status === "finished" && prev?.table.status !== "finished") {
    out.speech.push(...resultSpeech(i18n, next));
    return out;
  }
  if (next.table.status !== "playing") return out;
  const mineInCheck = game.in_check.some((s) => next.table.your_seats.includes(s));
  if (mineInCheck && (added > 0 || !sameGame)) out.speech.push(i18n.t("play.check"));
  const myTurn = next.table.your_seats.includes(game.to_move);
  const turnChanged = !sameGame || added > 0;
  if (turnChanged)
    out.speech.push(
      myTurn
        ? i18n.t("play.yourTurn")
        : i18n.t("play.waiting", { name: seatWho(next, game.to_move, i18n) }),
    );
  return out;
}

// A game's result in words, from the viewer's side: the headline ("You win!", "You finished
// 2nd", "Gote (Layla) wins"), the reason, and the viewer's rating change: shown in the result
// box and said in the live region.
import { seatName } from "../boards/common";
import type { I18n } from "../i18n";
import type { GameResult, GroupState, RatingChange } from "../net/protocol";
import { seatPlayerName } from "./names";
import { formatRating, signed } from "./ratings";

/** "Sente (Layla)": a seat and who played it. */
export function seatAndName(i18n: I18n, g: GroupState, seat: number): string {
  const s = g.table.seats.find((x) => x.seat === seat);
  return `${seatName(g, seat, i18n)}${s ? ` (${seatPlayerName(g, s, i18n)})` : ""}`;
}

/** The place word: "1st" / "الأول". */
export function placeWord(i18n: I18n, place: number): string {
  return i18n.tk(`place.${place}`, String(place));
}

/**
 * The headline from the viewer's side: "You win!", "Your pair wins!", "You finished 2nd";
 * for a spectator, who won.
 */
export function resultHeadline(i18n: I18n, g: GroupState, r: GameResult | undefined): string {
  if (!r) return i18n.t("result.title");
  const yours = g.table.your_seats;
  const pairs = g.game === "yonin" && r.kind === "win";
  if (r.kind === "win" && r.winner !== undefined) {
    const winners = pairs ? [r.winner, (r.winner + 2) % 4] : [r.winner];
    const names = winners
      .map((s) => seatAndName(i18n, g, s))
      .join(i18n.lang === "ar" ? " و" : " & ");
    if (yours.some((s) => winners.includes(s)))
      return pairs ? i18n.t("result.yourPairWins") : i18n.t("result.youWin");
    const who = i18n.t("result.win", { name: "\u2068" + names + "\u2069" });
    return yours.length > 0 ? `${i18n.t("result.youLose")} — ${who}` : who;
  }
  if (r.kind === "draw") return i18n.t("result.draw");
  if (r.kind === "placement" && r.places) {
    const mine = yours.map((s) => r.places?.[s]).filter((p): p is number => p !== undefined);
    if (mine.length > 0) {
      const best = Math.min(...mine);
      return best === 1
        ? i18n.t("result.youFinishedFirst")
        : i18n.t("result.youFinished", { place: placeWord(i18n, best) });
    }
    const firsts = r.places.flatMap((p, s) => (p === 1 ? [seatAndName(i18n, g, s)] : []));
    return i18n.t("result.win", { name: "\u2068" + firsts.join("، ") + "\u2069" });
  }
  return i18n.t("result.title");
}

/** "by checkmate"; a reason this page does not know is shown as it came. */
export function resultReason(i18n: I18n, r: GameResult): string {
  return i18n.tk(
    `result.reason.${r.reason}`,
    i18n.t("result.reason.unknown", { reason: r.reason }),
  );
}

/** "Your rating: 1500? → 1512 (+12)", or that this game did not count for it. */
export function ratingSpeech(i18n: I18n, c: RatingChange): string {
  // Numbers isolated left-to-right, so that "1500?" keeps its mark after it in Arabic text.
  const iso = (t: string) => `\u2066${t}\u2069`;
  if (c.counted === false)
    return i18n.t("announce.ratingHeld", {
      rating: iso(formatRating(c.before, c.provisional_before ?? false, i18n.lang)),
    });
  return i18n.t("announce.rating", {
    before: iso(formatRating(c.before, c.provisional_before ?? false, i18n.lang)),
    after: iso(formatRating(c.after, c.provisional ?? false, i18n.lang)),
    delta: iso(signed(Math.round(c.after) - Math.round(c.before))),
  });
}

/** Everything a screen reader hears when the game ends: who won, how, and your rating. */
export function resultSpeech(i18n: I18n, g: GroupState): string[] {
  const r = g.table.game?.result;
  if (!r) return [i18n.t("result.title")];
  const out = [`${i18n.t("result.title")}: ${resultHeadline(i18n, g, r)}`, resultReason(i18n, r)];
  const mine = r.rating_changes.find((c) => c.person === g.you);
  if (mine) out.push(ratingSpeech(i18n, mine));
  return out;
}

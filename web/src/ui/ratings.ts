// Ratings as players read them: "1500?" while a rating is provisional (a new player's first
// games, as lishogi marks it), and after a game, why it moved as much as it did.
import type { I18n, Lang } from "../i18n";
import type { RatingChange } from "../net/protocol";
import { ltr } from "./dom";

/**
 * "1500?" ("1500؟" in Arabic, the mark its text explains). The Arabic mark is a right-to-left
 * letter: a left-to-right mark after it keeps "1500؟ → 1111؟" in order inside left-to-right
 * text.
 */
export function formatRating(value: number, provisional: boolean, lang: Lang): string {
  return `${Math.round(value)}${provisional ? (lang === "ar" ? "\u061f\u200e" : "?") : ""}`;
}

/** "+12", "−389" (a true minus sign), "±0". */
export function signed(d: number): string {
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${Math.abs(d)}` : "±0";
}

function percent(x: number): string {
  return `${Math.round(Math.max(0, Math.min(1, x)) * 100)}%`;
}

/**
 * "Your rating: 1500? → 1111? (−389). Against these ratings you were expected to score 64%;
 * you scored 0%. A new rating is provisional (?): ..." as text and isolated numbers.
 */
export function ratingExplanation(i18n: I18n, c: RatingChange): (Node | string)[] {
  // The own-play rule (docs/server.md): a gain held back, or a loss that counted anyway.
  if (c.rule && c.counted === false)
    return [i18n.t("rating.notCounted.you", { why: i18n.t(`rating.rule.you.${c.rule}`) })];
  const before = Math.round(c.before);
  const after = Math.round(c.after);
  const d = after - before;
  const parts: (Node | string)[] = [
    i18n.t("rating.yours"),
    " ",
    ltr(
      `${formatRating(c.before, c.provisional_before ?? false, i18n.lang)} → ${formatRating(c.after, c.provisional ?? false, i18n.lang)}`,
    ),
    " (",
    ltr(signed(d)),
    "). ",
  ];
  if (c.expected !== undefined && c.score !== undefined)
    parts.push(
      i18n.t("rating.expected", {
        expected: `\u2066${percent(c.expected)}\u2069`,
        scored: `\u2066${percent(c.score)}\u2069`,
      }),
      " ",
    );
  if (c.rule)
    parts.push(i18n.t("rating.countedLoss.you", { why: i18n.t(`rating.rule.you.${c.rule}`) }), " ");
  if (c.provisional_before || c.provisional) parts.push(i18n.t("rating.provisional.explain"));
  else parts.push(i18n.t("rating.settled.explain"));
  return parts;
}

/** A result row whose rating change was held back: "not counted: left during the game". */
export function notCountedRow(i18n: I18n, c: RatingChange): string {
  return i18n.t("rating.notCounted.row", {
    why: c.rule ? i18n.t(`rating.rule.other.${c.rule}`) : "",
  });
}

// Formatting of the rows of "My games" (history): date, duration, players, result.
import type { I18n, Lang } from "../i18n";
import type { GameId, GameResult, PlayerRef } from "../net/protocol";
import { recordPlayerName } from "../ui/names";
import { seatNameFor } from "../pages/seatNames";

/** 2001-01-01: earlier values are not wall-clock times (e.g. a monotonic clock). */
const EPOCH_FLOOR = 978_307_200_000;

/** The date and time a game ended, or null when the value is not a wall-clock time. */
export function formatDate(ms: number, lang: Lang, timeZone?: string): string | null {
  if (!Number.isFinite(ms) || ms < EPOCH_FLOOR) return null;
  // The month as a word (no slashes for the bidirectional algorithm to reorder in Arabic);
  // the caller isolates the whole date from the text around it.
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en", {
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(ms));
}

/**
 * How long a game lasted: whole seconds below a minute (at least 1), whole minutes from there
 * on; null when unknown.
 */
export function gameLength(
  startedMs: number,
  endedMs: number,
): { unit: "seconds" | "minutes"; n: number } | null {
  if (!Number.isFinite(startedMs) || !Number.isFinite(endedMs) || endedMs < startedMs) return null;
  const seconds = Math.round((endedMs - startedMs) / 1000);
  if (seconds < 60) return { unit: "seconds", n: Math.max(1, seconds) };
  return { unit: "minutes", n: Math.round(seconds / 60) };
}

/** "12 seconds", "25 min" (Arabic: "12 ثانية", "دقيقتان"), or "—" when unknown. */
export function gameLengthText(startedMs: number, endedMs: number, i18n: I18n): string {
  const l = gameLength(startedMs, endedMs);
  if (!l) return "—";
  return i18n.tn(l.unit === "seconds" ? "play.seconds" : "history.minutes", l.n);
}

/** "Sente Layla", one per seat. */
export function seatPlayers(game: GameId, players: string[], i18n: I18n): string[] {
  return players.map((name, seat) => `${seatNameFor(game, seat, i18n)} ${name}`.trim());
}

/** The seats that won: the winner, or every seat placed first. */
export function winningSeats(r: GameResult): number[] {
  if (r.kind === "win" && r.winner !== undefined) return [r.winner];
  if (r.kind === "placement" && r.places && r.places.length > 0) {
    const best = Math.min(...r.places);
    return r.places.flatMap((p, seat) => (p === best ? [seat] : []));
  }
  return [];
}

export interface ResultSummary {
  /** "Gote (CPU) wins", "Draw", ... */
  headline: string;
  /** The translated reason ("by resignation"); unknown reasons are shown raw. */
  reason: string;
  /** From the person's side when their seat is known. */
  outcome: "win" | "loss" | "draw" | null;
  /** The person's place in a game that ranks its players (Yonin), else null. */
  place: number | null;
}

export function resultSummary(
  game: GameId,
  players: string[],
  r: GameResult | null,
  i18n: I18n,
  yourSeat: number | null,
): ResultSummary {
  if (!r) return { headline: i18n.t("history.unfinished"), reason: "", outcome: null, place: null };
  const label = (seat: number) => {
    const name = players[seat];
    return `${seatNameFor(game, seat, i18n)}${name ? ` (${name})` : ""}`;
  };
  const winners = winningSeats(r);
  const headline =
    r.kind === "draw"
      ? i18n.t("result.draw")
      : winners.length > 0
        ? i18n.t("result.win", {
            name: "\u2068" + winners.map(label).join(i18n.lang === "ar" ? "، " : ", ") + "\u2069",
          })
        : i18n.t("result.title");
  const reason = i18n.tk(
    `result.reason.${r.reason}`,
    i18n.t("result.reason.unknown", { reason: r.reason }),
  );
  let outcome: ResultSummary["outcome"] = null;
  let place: number | null = null;
  if (yourSeat !== null) {
    if (r.kind === "draw") outcome = "draw";
    else if (winners.length > 0) outcome = winners.includes(yourSeat) ? "win" : "loss";
    if (r.kind === "placement") place = r.places?.[yourSeat] ?? null;
  }
  return { headline, reason, outcome, place };
}

/** The person's rating change in this game, rounded, or null. */
export function ratingChange(
  r: GameResult | null,
  personId: string | null,
): { before: number; after: number; delta: number } | null {
  const c = r && personId ? r.rating_changes.find((x) => x.person === personId) : undefined;
  if (!c) return null;
  const before = Math.round(c.before);
  const after = Math.round(c.after);
  return { before, after, delta: after - before };
}

/** Names as a list in the reader's language: "A, B and C" / "A وB وC". */
export function nameList(names: string[], lang: Lang): string {
  return new Intl.ListFormat(lang, { style: "long", type: "conjunction" }).format(names);
}

/**
 * A stored game's title on its record page, by who played it and when (not by its id, which
 * counts every game of the site): "Shogi against CPU level 3 · 5 Dec 2026, 8:31 PM" for one of
 * the viewer's games, "Shogi: Layla against Sam" for another's; the date when it is known (from
 * My games), isolated as a whole.
 */
export function recordTitle(
  r: { game: GameId; players: string[]; seats?: PlayerRef[] },
  yourSeat: number | null,
  endedMs: number | null,
  i18n: I18n,
): string {
  const game = i18n.t(`game.${r.game}`);
  const names = r.players.map((name, seat) => recordPlayerName(r.seats?.[seat], name, i18n));
  const iso = (t: string) => `\u2068${t}\u2069`;
  const title =
    yourSeat !== null && names.length > 1
      ? i18n.t("record.title.against", {
          game,
          opponents: nameList(names.filter((_, seat) => seat !== yourSeat).map(iso), i18n.lang),
        })
      : names.length === 2
        ? i18n.t("record.title.between", { game, a: iso(names[0]!), b: iso(names[1]!) })
        : i18n.t("record.title.players", { game, players: nameList(names.map(iso), i18n.lang) });
  const date = endedMs !== null ? formatDate(endedMs, i18n.lang) : null;
  return date ? i18n.t("record.title.dated", { title, date: iso(date) }) : title;
}

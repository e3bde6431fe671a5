// "My games": the person's finished games (`history`, newest first, up to 100). Each row
// opens the game's replay (#/history/GAME_ID).
import type { PageContext } from "./context";
import { formatDate, gameLengthText, ratingChange, resultSummary } from "../history/format";
import { seatOfPerson } from "../history/replay";
import type { HistoryGame } from "../net/protocol";
import { seatNameFor } from "./seatNames";
import { link } from "./layout";
import { isOffline, offlineBox } from "./offline";
import { h, isolate, ltr } from "../ui/dom";
import { recordPlayerName } from "../ui/names";
import { signed } from "../ui/ratings";
import { placeWord } from "../ui/resultText";

export function renderHistory(root: HTMLElement, ctx: PageContext): void {
  const { i18n } = ctx;
  const hs = ctx.store.state.history;
  root.append(h("h1", {}, [i18n.t("history.title")]));
  if (hs.status === "loading" || hs.status === "idle") {
    // With no network the list never comes: say so, and what can be done meanwhile.
    if (isOffline(ctx.store.state)) root.append(offlineBox(ctx, "history"));
    else root.append(h("p", { role: "status" }, [i18n.t("history.loading")]));
    return;
  }
  if (hs.status === "unsupported" || hs.status === "error") {
    root.append(
      h("div", { class: "empty-state" }, [
        h("p", {}, [i18n.t(hs.status === "unsupported" ? "history.unsupported" : "history.error")]),
      ]),
    );
    return;
  }
  if (hs.games.length === 0) {
    root.append(h("div", { class: "empty-state" }, [h("p", {}, [i18n.t("history.empty")])]));
    return;
  }
  root.append(
    h("p", { class: "hint history-count" }, [i18n.tn("history.count", hs.games.length)]),
    h("div", { class: "history-wrap" }, [
      h("table", { class: "history" }, [
        h("thead", {}, [
          h("tr", {}, [
            h("th", { scope: "col" }, [i18n.t("history.date")]),
            h("th", { scope: "col" }, [i18n.t("history.game")]),
            h("th", { scope: "col" }, [i18n.t("history.players")]),
            h("th", { scope: "col" }, [i18n.t("history.result")]),
            h("th", { scope: "col" }, [i18n.t("history.duration")]),
            h("th", { scope: "col" }, [
              h("span", { class: "visually-hidden" }, [i18n.t("history.open")]),
            ]),
          ]),
        ]),
        h(
          "tbody",
          {},
          hs.games.map((g) => historyRow(ctx, g)),
        ),
      ]),
    ]),
  );
}

function historyRow(ctx: PageContext, g: HistoryGame): HTMLTableRowElement {
  const { i18n } = ctx;
  const me = ctx.store.state.person?.id ?? null;
  const yourSeat = seatOfPerson(g.result, me, g.seats);
  const names = g.players.map((name, seat) => recordPlayerName(g.seats?.[seat], name, i18n));
  const sum = resultSummary(g.game, names, g.result, i18n, yourSeat);
  const date = formatDate(g.ended_ms, i18n.lang);
  const rating = ratingChange(g.result, me);
  const gameName = i18n.t(`game.${g.game}`);
  const open = link(
    ctx,
    { page: "record", id: g.game_id },
    i18n.t("history.open"),
    "button replay-link",
  );
  open.setAttribute(
    "aria-label",
    i18n.t("history.openGame", { game: gameName, result: sum.headline }),
  );
  const row = h("tr", { class: "history-row", "data-game-id": g.game_id, "data-game": g.game }, [
    h("td", { class: date ? "date" : "date unknown", "data-label": i18n.t("history.date") }, [
      date
        ? h("time", { datetime: new Date(g.ended_ms).toISOString() }, [isolate(date, "date-text")])
        : "—",
    ]),
    h("td", { class: "game-name" }, [
      gameName,
      g.practice
        ? h("small", { class: "practice-mark" }, [h("br"), i18n.t("history.practice")])
        : null,
    ]),
    h(
      "td",
      { class: "players" },
      names.flatMap((name, seat) => [
        seat > 0 ? h("br") : null,
        h("span", { class: `seat-chip seat-${seat}` }, [seatNameFor(g.game, seat, i18n)]),
        " ",
        isolate(name),
        seat === yourSeat ? h("small", {}, [` (${i18n.t("group.you")})`]) : null,
      ]),
    ),
    h("td", { class: "result-cell" }, [
      sum.outcome
        ? h("strong", { class: `outcome outcome-${sum.outcome}` }, [
            // A game that ranks its players says the place: "You finished 3rd", not "You lost".
            sum.place !== null && sum.place > 1
              ? i18n.t("result.youFinished", { place: placeWord(i18n, sum.place) })
              : i18n.t(`history.outcome.${sum.outcome}`),
          ])
        : null,
      sum.outcome ? " · " : null,
      h("span", { class: "headline" }, [sum.headline]),
      sum.reason ? h("span", { class: "reason" }, [" — ", sum.reason]) : null,
      rating
        ? h("small", { class: `rating ${rating.delta >= 0 ? "up" : "down"}` }, [
            h("br"),
            i18n.t("history.rating", {
              before: `\u2066${rating.before}\u2069`,
              after: `\u2066${rating.after}\u2069`,
            }),
            " ",
            // The sign and its parentheses are one left-to-right unit: "(−236)", not "(236-)".
            ltr(`(${signed(rating.delta)})`, "delta"),
          ])
        : null,
    ]),
    h("td", { "data-label": i18n.t("history.duration") }, [
      gameLengthText(g.started_ms, g.ended_ms, i18n),
    ]),
    h("td", {}, [open]),
  ]);
  // The whole row opens the replay on a click; the link is the keyboard's way in.
  row.addEventListener("click", (e) => {
    if ((e.target as Element | null)?.closest("a")) return;
    ctx.navigate({ page: "record", id: g.game_id });
  });
  return row;
}

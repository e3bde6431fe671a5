// A person's finished games. The server has no `history` message yet (protocol 1): the page
// asks with {type:"history"} and shows an empty state when the answer is unknown_type.
// Expected answer (proposal, docs/web.md): {type:"history", games:[{id, game, finished_at,
// players:[{seat,name}], result, moves}]}.
import type { AppContext } from "../app";
import { seatNameFor } from "./seatNames";
import { h, isolate, ltr } from "../ui/dom";

export function renderHistory(root: HTMLElement, ctx: AppContext): void {
  const { i18n } = ctx;
  const hs = ctx.store.state.history;
  root.append(h("h1", {}, [i18n.t("history.title")]));
  if (hs.status === "loading" || hs.status === "idle") {
    root.append(h("p", { role: "status" }, [i18n.t("history.loading")]));
    return;
  }
  if (hs.status === "unsupported") {
    root.append(
      h("div", { class: "empty-state" }, [
        h("p", {}, [i18n.t("history.unsupported")]),
        h("p", {}, [i18n.t("history.empty")]),
      ]),
    );
    return;
  }
  if (hs.games.length === 0) {
    root.append(h("div", { class: "empty-state" }, [h("p", {}, [i18n.t("history.empty")])]));
    return;
  }
  root.append(
    h("table", { class: "history" }, [
      h("thead", {}, [
        h("tr", {}, [
          h("th", {}, [i18n.t("history.date")]),
          h("th", {}, [i18n.t("history.game")]),
          h("th", {}, [i18n.t("history.players")]),
          h("th", {}, [i18n.t("history.result")]),
          h("th", {}, [i18n.t("history.moves")]),
        ]),
      ]),
      h(
        "tbody",
        {},
        hs.games.map((g) => {
          const date = g.finished_at ? new Date(g.finished_at) : null;
          const r = g.result;
          const result = !r
            ? ""
            : r.kind === "draw"
              ? i18n.t("result.draw")
              : r.kind === "win" && r.winner !== undefined
                ? i18n.t("result.win", {
                    name:
                      "\u2068" +
                      (g.players.find((p) => p.seat === r.winner)?.name ?? "") +
                      "\u2069",
                  })
                : i18n.t("result.title");
          return h("tr", {}, [
            h("td", {}, [
              date ? ltr(date.toLocaleString(i18n.lang === "ar" ? "ar-u-nu-latn" : "en")) : "",
            ]),
            h("td", {}, [i18n.t(`game.${g.game}`)]),
            h(
              "td",
              {},
              g.players.flatMap((p, i) => [
                i > 0 ? ", " : "",
                seatNameFor(g.game, p.seat, i18n),
                " ",
                isolate(p.name),
              ]),
            ),
            h("td", {}, [result, r ? ` — ${i18n.tk(`result.reason.${r.reason}`, r.reason)}` : ""]),
            h("td", {}, [g.moves !== undefined ? ltr(String(g.moves)) : ""]),
          ]);
        }),
      ),
    ]),
  );
}

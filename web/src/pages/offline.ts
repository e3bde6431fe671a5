// What a page that needs the server says while the device is offline, instead of waiting for
// ever ("Loading…", "Joining the table…"): that it needs the network and comes by itself once
// the device is back online (with a button to try now), and what can be done meanwhile —
// practice against the CPU in the page, and the practice games kept on this device.
import type { PageContext } from "./context";
import { GAME_IDS, type GameId } from "../net/protocol";
import type { AppState } from "../state/store";
import { h } from "../ui/dom";
import { link } from "./layout";

/** A practice game this device keeps (session/localSession.ts): one per game at most. */
export interface KeptPractice {
  game: GameId;
  number: number;
  status: "playing" | "finished";
  moves: number;
}

/**
 * Whether the page is cut off from the server: the connection is not open and has failed at
 * least once (not a first attempt still under way).
 */
export function isOffline(s: Pick<AppState, "connection" | "reconnectAttempt">): boolean {
  return s.connection === "closed" || (s.connection === "connecting" && s.reconnectAttempt > 0);
}

/** Why the page cannot show what it is for: "history", "group" (an invite link), "record". */
export type OfflineWhat = "history" | "group" | "record";

export function offlineBox(ctx: PageContext, what: OfflineWhat): HTMLElement {
  const { i18n } = ctx;
  const kept = ctx.keptPractice();
  const waiting = ctx.store.state.practiceOutbox.waiting.length;
  return h("section", { class: `empty-state offline-state offline-${what}`, role: "status" }, [
    h("h2", {}, [i18n.t("offline.title")]),
    h("p", { class: "offline-why" }, [i18n.t(`offline.${what}`)]),
    h("p", {}, [
      h(
        "button",
        { type: "button", class: "secondary reconnect", onclick: () => ctx.actions.reconnectNow() },
        [i18n.t("conn.retry")],
      ),
    ]),
    h("h3", {}, [i18n.t("offline.meanwhile")]),
    // The engine not kept on this device yet (never used, the page never idle long enough):
    // practice would fail to load it, so it is not offered.
    ctx.engineKept() === false
      ? h("p", { class: "hint offline-no-engine" }, [i18n.t("offline.noEngine")])
      : h(
          "ul",
          { class: "offline-practice" },
          GAME_IDS.map((game) =>
            h("li", {}, [
              link(
                ctx,
                { page: "practice", game },
                i18n.t("offline.practice", { game: i18n.t(`game.${game}`) }),
                "button secondary",
              ),
            ]),
          ),
        ),
    kept.length
      ? h("div", { class: "offline-kept" }, [
          h("h3", {}, [i18n.t("offline.kept")]),
          h(
            "ul",
            {},
            kept.map((k) =>
              h("li", { "data-game": k.game }, [
                k.status === "playing"
                  ? link(
                      ctx,
                      { page: "practice", game: k.game },
                      i18n.t("offline.kept.playing", {
                        game: i18n.t(`game.${k.game}`),
                        n: k.number,
                        moves: i18n.tn("play.moveCount", k.moves),
                      }),
                      "button secondary",
                    )
                  : link(
                      ctx,
                      { page: "practiceRecord", game: k.game },
                      i18n.t("offline.kept.finished", {
                        game: i18n.t(`game.${k.game}`),
                        n: k.number,
                      }),
                      "button secondary",
                    ),
              ]),
            ),
          ),
        ])
      : null,
    waiting ? h("p", { class: "hint offline-outbox" }, [i18n.tn("offline.outbox", waiting)]) : null,
  ]);
}

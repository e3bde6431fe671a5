// The front page: the five games, "play against the CPU" in one click (default rules), or after
// choosing the rules, the CPU level and the timer; "play with friends"; "practice offline" (a
// game against the CPU in the page, session/localSession.ts).
import type { PageContext } from "./context";
import { GAME_IDS, type GameId } from "../net/protocol";
import { h } from "../ui/dom";
import { gameIcon } from "../ui/icons";
import { link } from "./layout";

const INFO: Record<GameId, { players: number; minutes: number }> = {
  shogi: { players: 2, minutes: 20 },
  annan: { players: 2, minutes: 20 },
  hasami: { players: 2, minutes: 10 },
  musashi: { players: 2, minutes: 15 },
  yonin: { players: 4, minutes: 25 },
};

export function renderFront(root: HTMLElement, ctx: PageContext): void {
  const { i18n, actions } = ctx;
  const ready = ctx.store.state.person !== null;
  const last = ctx.lastGroupId();
  const g = ctx.store.state.group;
  const resumeId = g?.id ?? last;
  const parts: (HTMLElement | null)[] = [
    h("section", { class: "hero" }, [
      h("h1", {}, [i18n.t("app.name")]),
      h("p", {}, [i18n.t("app.tagline")]),
    ]),
    resumeId
      ? h("p", { class: "resume" }, [
          link(ctx, { page: "group", id: resumeId }, i18n.t("front.resume"), "button secondary"),
        ])
      : null,
    h("h2", {}, [i18n.t("front.title")]),
    h(
      "ul",
      { class: "game-list" },
      GAME_IDS.map((game) =>
        h("li", { class: "game-card", "data-game": game }, [
          gameIcon(game),
          h("h3", {}, [i18n.t(`game.${game}`)]),
          h("p", { class: "blurb" }, [i18n.t(`game.${game}.blurb`)]),
          h("p", { class: "meta" }, [
            i18n.tn("game.players", INFO[game].players),
            " · ",
            i18n.tn("game.minutes", INFO[game].minutes),
          ]),
          h("div", { class: "actions" }, [
            h(
              "button",
              {
                type: "button",
                class: "primary play-cpu",
                disabled: !ready,
                onclick: () => actions.createGroup(game, "cpu"),
              },
              [i18n.t("front.cpu")],
            ),
            h(
              "button",
              {
                type: "button",
                class: "link play-setup",
                disabled: !ready,
                onclick: () => actions.createGroup(game, "setup"),
              },
              [i18n.t("front.cpuSetup")],
            ),
            h(
              "button",
              {
                type: "button",
                class: "secondary play-friends",
                disabled: !ready,
                onclick: () => actions.createGroup(game, "friends"),
              },
              [i18n.t("front.friends")],
            ),
            // Against the CPU in the page: no server, no connection needed, unrated.
            link(
              ctx,
              { page: "practice", game },
              i18n.t("front.practice"),
              "button secondary play-practice",
            ),
            link(ctx, { page: "rules", game }, i18n.t("front.rules"), "rules-link"),
          ]),
        ]),
      ),
    ),
  ];
  for (const p of parts) if (p) root.append(p);
}

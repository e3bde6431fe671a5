// The rules pages: one per game, in the page's language, with diagrams and the table's
// local rules; and an index of the five.
import type { PageContext } from "./context";
import { GAME_IDS, type GameId } from "../net/protocol";
import { RULES } from "../rules/content";
import { drawDiagram } from "../rules/diagrams";
import { h } from "../ui/dom";
import { link } from "./layout";
import { valueLabel } from "./group";

/** The local rules of each game, keys and values as in shared/spec/notation.md. */
export const LOCAL_RULES: Record<GameId, [string, string[]][]> = {
  shogi: [
    ["show_legal_moves", ["true", "false"]],
    ["alternate_first", ["true", "false"]],
    ["move_limit", ["0", "150", "200", "256", "300"]],
    [
      "handicap",
      ["none", "lance", "bishop", "rook", "rook_lance", "two", "four", "six", "eight", "ten"],
    ],
  ],
  annan: [
    ["dead_piece", ["allow_if_backed", "forbid"]],
    ["start", ["usual", "traditional"]],
    ["show_legal_moves", ["true", "false"]],
    ["alternate_first", ["true", "false"]],
    ["move_limit", ["0", "150", "200", "256", "300"]],
  ],
  hasami: [
    ["show_legal_moves", ["true", "false"]],
    ["alternate_first", ["true", "false"]],
    ["win", ["capture5", "lead3", "all"]],
    ["move_limit", ["0", "100", "150", "200", "300"]],
  ],
  musashi: [
    ["start", ["father", "children"]],
    ["target", ["10", "6"]],
    ["children_limit", ["100", "150", "200", "0"]],
    ["board", ["33", "25"]],
    ["swap_roles", ["true", "false"]],
    ["show_threats", ["true", "false"]],
    ["show_legal_moves", ["true", "false"]],
  ],
  yonin: [
    ["format", ["singles", "pairs"]],
    ["end", ["two_out", "last"]],
    ["out_pieces", ["to_mater", "ownerless"]],
    ["move_limit", ["0", "200", "300", "400"]],
    ["show_legal_moves", ["true", "false"]],
    ["rotate_first", ["true", "false"]],
  ],
};

export function renderRules(root: HTMLElement, ctx: PageContext, game: GameId | null): void {
  const { i18n } = ctx;
  const nav = h(
    "nav",
    { class: "rules-nav", "aria-label": i18n.t("rules.index") },
    GAME_IDS.map((g) =>
      link(ctx, { page: "rules", game: g }, i18n.t(`game.${g}`), g === game ? "current" : ""),
    ),
  );
  if (!game) {
    root.append(h("h1", {}, [i18n.t("rules.index")]), nav);
    return;
  }
  const blocks = RULES[game][i18n.lang];
  const article = h("article", { class: "rules", "data-game": game }, [
    h("h1", {}, [i18n.t("rules.title", { game: i18n.t(`game.${game}`) })]),
  ]);
  for (const b of blocks) {
    if ("h" in b) article.append(h("h2", {}, [b.h]));
    else if ("p" in b) article.append(h("p", {}, [b.p]));
    else if ("ul" in b)
      article.append(
        h(
          "ul",
          {},
          b.ul.map((x) => h("li", {}, [x])),
        ),
      );
    else
      article.append(
        h("figure", { class: "diagram-figure" }, [
          drawDiagram(b.diagram, i18n),
          h("figcaption", {}, [b.caption]),
        ]),
      );
  }
  article.append(
    h("h2", {}, [i18n.t("rules.localRules")]),
    h("table", { class: "local-rules" }, [
      h(
        "tbody",
        {},
        LOCAL_RULES[game].map(([key, values]) =>
          h("tr", {}, [
            h("th", { scope: "row" }, [i18n.tk(`opt.${key}`, key)]),
            h("td", {}, [
              h("p", {}, [
                i18n.tk(`opt.${key}.meaning.${game}`, i18n.tk(`opt.${key}.meaning`, "")),
              ]),
              h("p", { class: "choices" }, [
                values
                  .map((v, i) =>
                    i === 0 ? `${valueLabel(i18n, key, v)} ✓` : valueLabel(i18n, key, v),
                  )
                  .join(" · "),
              ]),
            ]),
          ]),
        ),
      ),
    ]),
    h("p", {}, [
      h(
        "button",
        {
          type: "button",
          class: "primary",
          disabled: !ctx.store.state.person,
          onclick: () => ctx.actions.createGroup(game, "cpu"),
        },
        [i18n.t("rules.play")],
      ),
    ]),
  );
  root.append(nav, article);
}

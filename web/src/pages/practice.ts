// The practice page (#/practice/GAME): a game against the CPU played in the page, with no
// server (session/localSession.ts). Before a game: the side, the CPU's level and the local
// rules, and the start; during and after it, the same game panel as any table, said to be
// unrated, with a new game and a way back to the setup, and the game's record to save (the
// record page's downloads: text, KIF and CSA, written by the engine as the server writes them).
import type { PageContext } from "./context";
import type { GameId, GroupState } from "../net/protocol";
import { seatName } from "../boards/common";
import { exportFiles } from "../history/replay";
import { practiceRecord } from "../session/localSession";
import { LOCAL_TABLE_PREFIX } from "../session/session";
import { confirmBox } from "../ui/confirm";
import { h } from "../ui/dom";
import { exportsBox } from "../ui/exports";
import { renderGamePanel } from "./game";
import { optionLabel, optionMeaning, valueLabel } from "./group";

/** The new game's question is open (a game in progress is given up). */
let confirmingNew = false;

export function renderPractice(root: HTMLElement, ctx: PageContext, game: GameId): void {
  const { i18n } = ctx;
  const g = ctx.store.state.group;
  root.append(
    h("h1", { class: "practice-title" }, [
      i18n.t("practice.title", { game: i18n.t(`game.${game}`) }),
    ]),
    h("p", { class: "practice-note hint" }, [i18n.t("practice.unrated")]),
  );
  if (!g || g.id !== LOCAL_TABLE_PREFIX + game) {
    root.append(h("p", { class: "loading", role: "status" }, [i18n.t("practice.loading")]));
    return;
  }
  if (g.table.status === "idle") {
    confirmingNew = false;
    root.append(setupBox(ctx, g));
    return;
  }
  renderGamePanel(root, ctx, g, { practice: true });
  root.append(practiceControls(ctx, g));
  const save = saveBox(ctx, g);
  if (save) root.append(save);
}

/**
 * The game as files, as far as it has been played (resigned: KIF's 投了, CSA's %TORYO): the
 * record page's downloads, named "kaisho-practice-GAME-N.EXT" (N: the game's number).
 */
function saveBox(ctx: PageContext, g: GroupState): HTMLElement | null {
  const { i18n } = ctx;
  const record = practiceRecord(g);
  if (!record?.files.text) return null;
  const files = exportFiles(
    { game: g.game, game_id: record.number, exports: { ...record.files, text: record.files.text } },
    `kaisho-practice-${g.game}-${record.number}`,
  );
  return exportsBox(
    i18n,
    files,
    { title: i18n.t("practice.save"), hint: i18n.t("practice.save.hint") },
    "practice-save",
  );
}

function practiceControls(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n, actions } = ctx;
  const playing = g.table.status === "playing";
  const rerender = () => ctx.store.update({});
  const items: HTMLElement[] = [];
  if (playing && confirmingNew) {
    items.push(
      confirmBox({
        question: i18n.t("practice.newGame.confirm"),
        yes: i18n.t("practice.newGame.yes"),
        yesClass: "new-game-yes",
        no: i18n.t("play.resign.no"),
        settle: () => (confirmingNew = false),
        act: () => actions.start(),
        redraw: rerender,
      }),
    );
  } else if (playing) {
    confirmingNew = false;
    items.push(
      h(
        "button",
        {
          type: "button",
          class: "secondary practice-new",
          onclick: () => {
            confirmingNew = true;
            rerender();
          },
        },
        [i18n.t("practice.newGame")],
      ),
    );
  }
  items.push(
    h(
      "button",
      {
        type: "button",
        class: "link practice-change",
        onclick: () => {
          confirmingNew = false;
          actions.leave();
        },
      },
      [i18n.t("practice.change")],
    ),
  );
  return h("section", { class: "box practice-controls" }, items);
}

function setupBox(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n, actions } = ctx;
  const select = (
    id: string,
    label: string,
    value: string,
    choices: [string, string][],
    onchange: (v: string) => void,
    hint?: string,
  ) =>
    h("div", { class: "field" }, [
      h("label", { for: id }, [label]),
      h(
        "select",
        {
          id,
          onchange: ((e: Event) =>
            onchange((e.target as HTMLSelectElement).value)) as EventListener,
        },
        choices.map(([v, text]) => h("option", { value: v, selected: v === value }, [text])),
      ),
      hint ? h("p", { class: "meaning" }, [hint]) : null,
    ]);
  const side = g.table.your_seats[0] ?? 0;
  const fields: HTMLElement[] = [
    select(
      "practice-side",
      i18n.t("practice.side"),
      String(side),
      g.table.seat_names.map((_, s) => [String(s), seatName(g, s, i18n)]),
      (v) => actions.seat(Number(v)),
    ),
    select(
      "practice-level",
      i18n.t("group.cpu_level"),
      String(g.settings.cpu_level),
      [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), String(n)]),
      (v) => actions.settings({ cpu_level: Number(v) }),
      i18n.t("group.cpu_level.hint"),
    ),
  ];
  for (const o of g.option_schema) {
    const current = g.settings.options[o.key] ?? o.default;
    fields.push(
      select(
        `practice-opt-${o.key}`,
        optionLabel(i18n, o),
        String(current),
        o.choices.map((c) => [String(c), valueLabel(i18n, o.key, c)]),
        (v) => actions.settings({ options: { [o.key]: v } }),
        optionMeaning(i18n, g.game, o),
      ),
    );
  }
  return h("section", { class: "box settings practice-setup" }, [
    h(
      "button",
      { type: "button", class: "primary big practice-start", onclick: () => actions.start() },
      [i18n.t("practice.start")],
    ),
    h("h3", {}, [i18n.t("group.rules")]),
    ...fields,
  ]);
}

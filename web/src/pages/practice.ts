// The practice page (#/practice/GAME): a game against the CPU played in the page, with no
// server (session/localSession.ts). Before a game: the side, the CPU's level and the local
// rules, and the start; during and after it, the same game panel as any table, said to be
// unrated, with a new game and a way back to the setup, and the game's record to save (the
// record page's downloads: text, KIF and CSA, written by the engine as the server writes them).
// After a game, a link to its analysis: the record page for the game, built in the page
// (#/practice/GAME/analysis, session/practiceAnalysis.ts).
import type { PageContext } from "./context";
import type { GameId, GroupState } from "../net/protocol";
import { seatName } from "../boards/common";
import { exportFiles } from "../history/replay";
import { practiceIdOf, practiceRecord } from "../session/localSession";
import { NO_PRACTICE_GAME, practiceOf, practiceRecordGame } from "../session/practiceAnalysis";
import { LOCAL_TABLE_PREFIX } from "../session/session";
import { confirmBox } from "../ui/confirm";
import { h } from "../ui/dom";
import { exportsBox } from "../ui/exports";
import { selectField } from "../ui/fields";
import { renderGamePanel } from "./game";
import { optionLabel, optionMeaning, valueLabel } from "./group";
import { link } from "./layout";
import { renderRecord } from "./record";

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
  placeAnalyseLink(root, ctx, g);
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

/**
 * After a practice game: its analysis by the CPU in the page (#/practice/GAME/analysis), as the
 * hall's games link to theirs; placed where the hall's link is, after the result.
 */
function placeAnalyseLink(root: HTMLElement, ctx: PageContext, g: GroupState): void {
  if (g.table.status !== "finished" || !g.table.game?.result) return;
  const el = h("p", { class: "analyse-link" }, [
    link(ctx, { page: "practiceRecord", game: g.game }, ctx.i18n.t("play.analyse")),
  ]);
  const sent = outboxNote(ctx, g);
  const result = root.querySelector("#result");
  if (result) result.after(el, ...(sent ? [sent] : []));
  else root.querySelector(".practice-controls")?.prepend(el, ...(sent ? [sent] : []));
}

/** Whether the finished game waits on the device for My games, or is there (practiceOutbox.ts). */
function outboxNote(ctx: PageContext, g: GroupState): HTMLElement | null {
  const id = practiceIdOf(g);
  const { waiting, sent } = ctx.store.state.practiceOutbox;
  const key = id && sent.includes(id) ? "sent" : id && waiting.includes(id) ? "waiting" : null;
  if (!key) return null;
  return h("p", { class: `practice-outbox ${key} hint`, role: "status" }, [
    ctx.i18n.t(`practice.outbox.${key}`),
  ]);
}

/**
 * The last finished practice game of `game` (#/practice/GAME/analysis): the record page for the
 * record the engine built of it (session/practiceAnalysis.ts), with the CPU's analysis, and the
 * way back to the practice table.
 */
export function renderPracticeRecord(root: HTMLElement, ctx: PageContext, game: GameId): void {
  const { i18n } = ctx;
  const rs = ctx.store.state.record;
  const gameName = i18n.t(`game.${game}`);
  renderRecord(root, ctx, practiceRecordGame(rs.id) === game ? rs.id : null, {
    back: { route: { page: "practice", game }, text: i18n.t("practice.analysis.back") },
    title: (r) =>
      i18n.t("practice.analysis.title", { game: gameName, n: practiceOf(r)?.number ?? 0 }),
    yourSeat: (r) => practiceOf(r)?.side ?? null,
    fileBase: (r) => `kaisho-practice-${game}-${practiceOf(r)?.number ?? 0}`,
    errorText: (code) =>
      code === NO_PRACTICE_GAME ? i18n.t("practice.analysis.none", { game: gameName }) : null,
  });
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
  const side = g.table.your_seats[0] ?? 0;
  const fields: HTMLElement[] = [
    selectField({
      id: "practice-side",
      label: i18n.t("practice.side"),
      value: String(side),
      choices: g.table.seat_names.map((_, s) => [String(s), seatName(g, s, i18n)]),
      onchange: (v) => actions.seat(Number(v)),
    }),
    selectField({
      id: "practice-level",
      label: i18n.t("group.cpu_level"),
      value: String(g.settings.cpu_level),
      choices: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), String(n)]),
      onchange: (v) => actions.settings({ cpu_level: Number(v) }),
      hint: i18n.t("group.cpu_level.hint"),
    }),
  ];
  for (const o of g.option_schema) {
    const current = g.settings.options[o.key] ?? o.default;
    fields.push(
      selectField({
        id: `practice-opt-${o.key}`,
        label: optionLabel(i18n, o),
        value: String(current),
        choices: o.choices.map((c) => [String(c), valueLabel(i18n, o.key, c)]),
        onchange: (v) => actions.settings({ options: { [o.key]: v } }),
        hint: optionMeaning(i18n, g.game, o),
      }),
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

// One finished game (#/history/GAME_ID, the `record` message; or a practice game's record
// built in the page, #/practice/GAME/analysis, pages/practice.ts): the board at any position
// (drawn read-only by the game's renderer from the server's `positions[i]`), the move list,
// first/previous/next/last (buttons, Left/Right/Home/End keys), the result, the table's
// local rules, and downloads of the record (text, KIF, CSA); and the CPU's analysis of the
// game (analysis/panel.ts): its graph, the moves marked, the CPU's move drawn on the board,
// and its line shown in place of the game's moves ("show me").
import type { PageContext } from "./context";
import { moveHighlight } from "../analysis/highlight";
import { lineGroup } from "../analysis/line";
import { judgedMoves } from "../analysis/marks";
import { analysisBox, lineStatus, moveMark } from "../analysis/panel";
import { analysisOf, lineAt } from "../analysis/state";
import type { MoveJudgement } from "../analysis/judge";
import { makeRenderer } from "../boards";
import { svgEl } from "../boards/svg";
import {
  type ReplayStep,
  clampIndex,
  exportFiles,
  keyStep,
  replayGroup,
  seatOfPerson,
  stepIndex,
} from "../history/replay";
import { recordTitle } from "../history/format";
import type { GameRecord, GroupState } from "../net/protocol";
import { h, isolate, ltr } from "../ui/dom";
import { exportsBox } from "../ui/exports";
import { hasNotation, moveLabel } from "../ui/moveText";
import { seatPlayerName } from "../ui/names";
import { notationSelect, resultBox } from "./game";
import { valueLabel } from "./group";
import { link } from "./layout";
import { isOffline, offlineBox } from "./offline";
import type { Route } from "../router";
import { seatNameFor } from "./seatNames";

/**
 * What differs for a record the page built itself (a practice game: pages/practice.ts) from a
 * stored game's: the way back, the title, whose seat the board is seen from, the files' names,
 * and why there is no record to show.
 */
export interface RecordView {
  back: { route: Route; text: string };
  title(r: GameRecord): string;
  yourSeat(r: GameRecord): number | null;
  /** The downloads' names, without the extension (default "kaisho-GAME-ID"). */
  fileBase?(r: GameRecord): string;
  /** Why there is no record, for an error code it knows (else the stored game's words). */
  errorText?(code: string | undefined): string | null;
}

/** A stored game's record page (#/history/GAME_ID). */
function storedView(ctx: PageContext): RecordView {
  const { i18n } = ctx;
  return {
    back: { route: { page: "history" }, text: i18n.t("record.back") },
    // By who played it and when (My games' date), not by its id: "game 9" would count every
    // game of the site, not the person's.
    title: (r) =>
      recordTitle(
        r,
        seatOfPerson(r.result, ctx.store.state.person?.id ?? null, r.seats),
        ctx.store.state.history.games.find((x) => x.game_id === r.game_id)?.ended_ms ?? null,
        i18n,
      ),
    yourSeat: (r) => seatOfPerson(r.result, ctx.store.state.person?.id ?? null, r.seats),
  };
}

/** Record `id` (the one in the store; null: none yet), shown as `view` says. */
export function renderRecord(
  root: HTMLElement,
  ctx: PageContext,
  id: number | null,
  view: RecordView = storedView(ctx),
): void {
  const { i18n } = ctx;
  const rs = ctx.store.state.record;
  const back = h("p", { class: "back-link" }, [link(ctx, view.back.route, view.back.text)]);
  if (id === null || rs.id !== id || rs.status === "loading" || rs.status === "idle") {
    // A stored game's record comes from the server: with no network, say so (a practice
    // game's is built in the page, and needs none).
    if (id !== null && id > 0 && isOffline(ctx.store.state))
      root.append(back, offlineBox(ctx, "record"));
    else root.append(back, h("p", { role: "status" }, [i18n.t("record.loading")]));
    return;
  }
  if (rs.status === "error" || !rs.data) {
    const text =
      view.errorText?.(rs.error) ??
      (rs.error === "no_game"
        ? i18n.t("record.notFound")
        : i18n.t("record.error", { message: rs.error ?? "?" }));
    root.append(back, h("div", { class: "empty-state", role: "alert" }, [h("p", {}, [text])]));
    return;
  }
  const r = rs.data;
  const total = r.moves.length;
  const index = clampIndex(rs.index, total);
  const yourSeat = view.yourSeat(r);
  const g = replayGroup(r, index, yourSeat);
  const analysis = analysisOf(ctx.store.state.analysis, r.game_id);
  const judged = analysis ? judgedMoves(r, analysis) : new Map<number, MoveJudgement>();
  // The board: the game's position, or a step of the CPU's line ("show me"); the CPU's next
  // move from there marked with the boards' own selection and target marks.
  const line = lineAt(analysis, index);
  const showLine = line?.status === "ready" ? line : null;
  const shown = showLine ? lineGroup(r, showLine, yourSeat) : g;
  const here = analysis?.positions[index];
  const highlight = showLine
    ? moveHighlight(showLine.moves[showLine.step], showLine.seats[showLine.step] ?? -1)
    : moveHighlight(here?.pv[0], here?.seat ?? -1);
  const renderer = makeRenderer({ group: shown, i18n, viewerSeat: yourSeat, actingSeat: null });
  let board: Element;
  if (typeof renderer === "string") {
    board = h("p", { class: "error" }, [ltr(renderer)]);
  } else {
    const built = renderer.build(highlight);
    // Read-only: the squares describe themselves but are not buttons.
    for (const el of built.svg.querySelectorAll("[role=button]")) el.setAttribute("role", "img");
    board = built.svg;
  }

  root.append(
    back,
    h("h1", { class: "record-title" }, [view.title(r)]),
    ...(r.practice ? [h("p", { class: "practice-mark hint" }, [i18n.t("history.practice")])] : []),
    h("div", { class: `table-layout replay game-${r.game}`, "data-index": index }, [
      h("div", { class: "board-wrap" }, [
        // The CPU's line said above the board too: on a phone the box is below it.
        showLine
          ? h(
              "p",
              { class: "line-caption", "aria-hidden": "true" },
              lineStatus(i18n, showLine, ctx.store.state.prefs.moveStyle),
            )
          : null,
        h("div", { class: `replay-board${showLine ? " showing-line" : ""}` }, [board]),
      ]),
      h("aside", { class: "side" }, [
        playersBox(ctx, g, yourSeat),
        controlsBox(
          ctx,
          index,
          total,
          index > 0 ? moveLabel(r, index - 1, ctx.store.state.prefs.moveStyle) : "",
        ),
        analysisBox(ctx, r, index, analysis, judged),
        movesBox(ctx, r, index, judged),
        resultBox(ctx, g),
        exportsBox(ctx.i18n, exportFiles(r, view.fileBase?.(r)), {
          title: ctx.i18n.t("record.export"),
          hint: ctx.i18n.t("record.export.hint"),
        }),
        optionsBox(ctx, r),
      ]),
    ]),
  );
  // Keep the current move in view inside the (scrolling) move list.
  requestAnimationFrame(() => {
    const list = root.querySelector<HTMLElement>(".replay-moves");
    const cur = list?.querySelector<HTMLElement>(".current");
    if (list && cur) {
      const top = cur.offsetTop;
      if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = top - list.clientHeight / 2;
    }
  });
}

function playersBox(ctx: PageContext, g: GroupState, yourSeat: number | null): HTMLElement {
  const { i18n } = ctx;
  return h("section", { class: "box players" }, [
    h(
      "ul",
      {},
      g.table.seats
        .map((s) => s.seat)
        .map((seat) =>
          h("li", { class: `player${seat === yourSeat ? " you" : ""}`, "data-seat": seat }, [
            h("span", { class: `seat-chip seat-${seat}` }, [seatNameFor(g.game, seat, i18n)]),
            " ",
            isolate(seatPlayerName(g, g.table.seats[seat]!, i18n), "player-name"),
            seat === yourSeat ? h("small", {}, [` (${i18n.t("group.you")})`]) : null,
          ]),
        ),
    ),
  ]);
}

/** A small triangle (and bar) picture for the replay buttons; drawn, not a font glyph. */
function navIcon(step: ReplayStep): SVGSVGElement {
  const svg = svgEl("svg", { viewBox: "0 0 20 20", class: "nav-icon", "aria-hidden": "true" });
  const tri = (pointsLeft: boolean, x: number) =>
    svgEl("path", {
      d: pointsLeft ? `M${x + 8} 4 L${x} 10 L${x + 8} 16 Z` : `M${x} 4 L${x + 8} 10 L${x} 16 Z`,
    });
  const bar = (x: number) => svgEl("rect", { x, y: 4, width: 2.5, height: 12 });
  switch (step) {
    case "first":
      svg.append(bar(3), tri(true, 7));
      break;
    case "prev":
      svg.append(tri(true, 6));
      break;
    case "next":
      svg.append(tri(false, 6));
      break;
    case "last":
      svg.append(tri(false, 5), bar(14.5));
      break;
  }
  return svg;
}

function controlsBox(ctx: PageContext, index: number, total: number, move: string): HTMLElement {
  const { i18n, actions } = ctx;
  const button = (step: ReplayStep, disabled: boolean) =>
    h(
      "button",
      {
        type: "button",
        id: `replay-${step}`,
        class: `replay-${step}`,
        "aria-label": i18n.t(`record.${step}`),
        title: i18n.t(`record.${step}`),
        disabled,
        onclick: () => actions.replayTo(stepIndex(index, step, total)),
      },
      [navIcon(step)],
    );
  const status =
    index === 0
      ? i18n.tn("record.atStart", total)
      : i18n.t("record.position", { n: index, total, move: "\u2066" + move + "\u2069" });
  return h("section", { class: "box replay-controls", "aria-label": i18n.t("record.controls") }, [
    // Time runs left to right in both languages, like the move list (see docs/web.md).
    h("div", { class: "replay-nav", dir: "ltr" }, [
      button("first", index === 0),
      button("prev", index === 0),
      button("next", index === total),
      button("last", index === total),
    ]),
    h("p", { class: "replay-status", role: "status", "aria-live": "polite" }, [status]),
    h("p", { class: "hint" }, [i18n.t("record.keys")]),
  ]);
}

function movesBox(
  ctx: PageContext,
  r: GameRecord,
  index: number,
  judged: Map<number, MoveJudgement>,
): HTMLElement {
  const { i18n, actions } = ctx;
  const item = (i: number, label: (HTMLElement | string)[]) =>
    h(
      "button",
      {
        type: "button",
        id: `replay-move-${i}`,
        class: `replay-move${i === index ? " current" : ""}`,
        "aria-current": i === index ? "step" : undefined,
        onclick: () => actions.replayTo(i),
      },
      label,
    );
  const style = ctx.store.state.prefs.moveStyle;
  return h("section", { class: "box moves replay-moves-box" }, [
    h("h3", {}, [i18n.t("play.moves"), " · ", i18n.tn("play.moveCount", r.moves.length)]),
    hasNotation(r) ? notationSelect(ctx, "replay-notation") : null,
    h("div", { class: "replay-moves", dir: "ltr" }, [
      item(0, [i18n.t("record.start")]),
      h(
        "ol",
        { class: "replay-move-list" },
        r.moves.map((_, k) =>
          h("li", {}, [
            item(k + 1, [
              h("span", { class: "n" }, [`${k + 1}.`]),
              " ",
              moveLabel(r, k, style),
              ...moveMark(i18n, judged.get(k)),
            ]),
          ]),
        ),
      ),
    ]),
  ]);
}

function optionsBox(ctx: PageContext, r: GameRecord): HTMLElement | null {
  const { i18n } = ctx;
  const entries = Object.entries(r.options);
  if (entries.length === 0) return null;
  return h("section", { class: "box record-options" }, [
    h("h3", {}, [i18n.t("group.rules")]),
    h(
      "dl",
      {},
      entries.flatMap(([key, value]) => [
        h("dt", {}, [i18n.tk(`opt.${key}`, key)]),
        h("dd", {}, [valueLabel(i18n, key, value)]),
      ]),
    ),
  ]);
}

/** Left/Right/Home/End on the replay page, unless typing in a field or using a modifier. */
export function replayKey(e: KeyboardEvent, ctx: PageContext): void {
  if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  const t = e.target as Element | null;
  if (t?.closest?.("input, textarea, select, [contenteditable], .promotion-dialog")) return;
  const step = keyStep(e.key);
  const rs = ctx.store.state.record;
  if (!step || rs.status !== "ready" || !rs.data) return;
  e.preventDefault();
  const total = rs.data.moves.length;
  const next = stepIndex(rs.index, step, total);
  if (next !== clampIndex(rs.index, total)) ctx.actions.replayTo(next);
}

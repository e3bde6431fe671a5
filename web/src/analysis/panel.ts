// The record page's analysis box: the button that starts the CPU's analysis, its progress and
// Stop, the evaluation graph (graphView.ts) with its key, and for the position shown the
// verdict on the move played there, the CPU's preferred move and "Show me" (the CPU's line,
// stepped through on the board). Drawn from the store on every render (AppState.analysis).
import { SEAT_COLOURS } from "../boards/pieces";
import { svgEl } from "../boards/svg";
import type { I18n } from "../i18n";
import type { GameRecord } from "../net/protocol";
import type { PageContext } from "../pages/context";
import { seatNameFor } from "../pages/seatNames";
import { h, ltr } from "../ui/dom";
import type { MoveStyle } from "../state/prefs";
import { hasNotation, moveLabel } from "../ui/moveText";
import { type MoveJudgement, type PositionJudgement, expectedResult, graphLines } from "./judge";
import { graphView } from "./graphView";
import { type AnalysisState, type LineState, lineAt } from "./state";

const pct = (i18n: I18n, v: number) => i18n.t("analysis.pct", { pct: Math.round(v * 100) });

/** The colour of a seat's line: the two-seat games' one line in the page's accent. */
function lineColour(game: GameRecord["game"], seat: number): string {
  return game === "yonin" ? (SEAT_COLOURS[seat] ?? "#777") : "#1f5fbf";
}

/** The box for record `r` at replay position `index`; `a` is the analysis of this record. */
export function analysisBox(
  ctx: PageContext,
  r: GameRecord,
  index: number,
  a: AnalysisState | null,
  moves: Map<number, MoveJudgement>,
): HTMLElement {
  const { i18n } = ctx;
  return h("section", { class: "box analysis", "aria-labelledby": "analysis-title" }, [
    h("h3", { id: "analysis-title" }, [i18n.t("analysis.title")]),
    ...progress(ctx, r, a),
    ...(a && a.positions.length > 0
      ? [graph(ctx, r, index, a), here(ctx, r, index, a, moves)]
      : []),
  ]);
}

/** The start button, or the progress and Stop, or how the analysis ended. */
function progress(ctx: PageContext, r: GameRecord, a: AnalysisState | null): HTMLElement[] {
  const { i18n, actions } = ctx;
  const total = r.moves.length + 1;
  // One id for the button in each state, so the keyboard stays on it across renders.
  const toggle = (label: string, onclick: () => void, cls: string) =>
    h("button", { type: "button", id: "analysis-toggle", class: cls, onclick }, [label]);
  if (!a)
    return [
      h("p", { class: "hint" }, [i18n.t("analysis.intro")]),
      toggle(i18n.t("analysis.start"), () => actions.analyse(), "primary analysis-start"),
    ];
  const n = a.positions.length;
  if (a.status === "running")
    return [
      h("p", { class: "analysis-progress" }, [i18n.t("analysis.progress", { n, total })]),
      h("div", { class: "analysis-running" }, [
        h("progress", {
          class: "analysis-bar",
          max: total,
          value: n,
          "aria-label": i18n.t("analysis.progressLabel"),
        }),
        toggle(i18n.t("analysis.stop"), () => actions.stopAnalysis(), "secondary analysis-stop"),
      ]),
    ];
  const ended =
    a.status === "done"
      ? h("p", { class: "analysis-progress done" }, [i18n.t("analysis.done", { n })])
      : a.status === "stopped"
        ? h("p", { class: "analysis-progress stopped" }, [i18n.t("analysis.stopped", { n, total })])
        : h("p", { class: "analysis-progress error", role: "alert" }, [
            i18n.t("analysis.error", { message: "" }),
            ltr(a.error ?? "?"),
          ]);
  return [
    ended,
    ...(a.status === "done"
      ? []
      : [toggle(i18n.t("analysis.again"), () => actions.analyse(), "secondary analysis-start")]),
  ];
}

function graph(ctx: PageContext, r: GameRecord, index: number, a: AnalysisState): HTMLElement {
  const { i18n, actions } = ctx;
  const lines = graphLines(r.game, a.positions);
  const p = a.positions[index];
  let valueText: string;
  if (p === undefined) valueText = i18n.t("analysis.graph.notYet", { n: index });
  else if (p === null || p.seat < 0) valueText = i18n.t("analysis.graph.over", { n: index });
  else {
    const mine = expectedResult(r.game, p.score, p.mate);
    const [seat, value] = r.game === "yonin" || p.seat === 0 ? [p.seat, mine] : [0, 1 - mine];
    const who = `${seatNameFor(r.game, seat, i18n)} ${pct(i18n, value)}`;
    valueText = i18n.t("analysis.graph.value", { n: index, who });
  }
  const key =
    r.game === "yonin"
      ? h("div", { class: "graph-key" }, [
          h("p", {}, [i18n.t("analysis.graph.yonin")]),
          h(
            "ul",
            { class: "graph-legend" },
            [0, 1, 2, 3].map((seat) =>
              h("li", {}, [
                h("span", {
                  class: "swatch",
                  style: `background:${lineColour(r.game, seat)}`,
                  "aria-hidden": "true",
                }),
                seatNameFor(r.game, seat, i18n),
              ]),
            ),
          ),
        ])
      : h("p", { class: "graph-key" }, [
          i18n.t("analysis.graph.two", {
            first: seatNameFor(r.game, 0, i18n),
            second: seatNameFor(r.game, 1, i18n),
          }),
        ]);
  return h("div", { class: "analysis-graph" }, [
    graphView({
      lines,
      moveCount: r.moves.length,
      index,
      colour: (seat) => lineColour(r.game, seat),
      label: i18n.t("analysis.graph"),
      valueText,
      goTo: (i) => actions.replayTo(i),
    }),
    key,
    h("p", { class: "hint" }, [i18n.t("analysis.graph.keys"), " ", i18n.t("analysis.legend")]),
  ]);
}

/** What the analysis says of the position shown: the move played there, the CPU's choice. */
function here(
  ctx: PageContext,
  r: GameRecord,
  index: number,
  a: AnalysisState,
  moves: Map<number, MoveJudgement>,
): HTMLElement {
  const { i18n, actions } = ctx;
  const line = lineAt(a, index);
  if (line) return lineControls(ctx, line);
  const p = a.positions[index];
  const box = (children: (HTMLElement | null)[]) => h("div", { class: "analysis-here" }, children);
  if (p === undefined) return box([h("p", { class: "hint" }, [i18n.t("analysis.notYet")])]);
  if (p === null || p.pv.length === 0)
    return box([h("p", { class: "hint" }, [i18n.t("analysis.over")])]);
  const style = ctx.store.state.prefs.moveStyle;
  const best = p.pv[0]!;
  const played = r.moves[index];
  // In the move list's notation: the move played as the record writes it, the CPU's other
  // choice as the engine wrote it (run.ts); move text where there is no notation.
  const prefers =
    best === played
      ? withMove((move) => i18n.t("analysis.prefersPlayed", { move }), moveLabel(r, index, style))
      : withMove(
          (move) => i18n.t("analysis.prefers", { move }),
          bestLabel(p, style, hasNotation(r)),
        );
  const m = moves.get(index);
  const verdict =
    m?.mark && m.after !== null
      ? h(
          "p",
          { class: `analysis-verdict ${m.mark}` },
          withMove(
            (move) =>
              i18n.t(`analysis.verdict.${m.mark!}`, {
                move,
                seat: seatNameFor(r.game, m.seat, i18n),
                before: pct(i18n, m.before),
                after: pct(i18n, m.after!),
              }),
            moveLabel(r, index, style),
          ),
        )
      : null;
  return box([
    verdict,
    h("p", { class: "analysis-prefers" }, prefers),
    h(
      "button",
      {
        type: "button",
        id: "analysis-line-toggle",
        class: "secondary analysis-show",
        "aria-label": i18n.t("analysis.showMe.label"),
        onclick: () => actions.showLine(),
      },
      [i18n.t("analysis.showMe")],
    ),
  ]);
}

/** The CPU's line shown on the board: where it is, its previous/next moves, back to the game. */
function lineControls(ctx: PageContext, line: LineState): HTMLElement {
  const { i18n, actions } = ctx;
  const last = line.positions.length - 1;
  const status = lineStatus(i18n, line, ctx.store.state.prefs.moveStyle);
  const step = (id: string, label: string, to: number, disabled: boolean, back: boolean) =>
    h(
      "button",
      {
        type: "button",
        id,
        class: `line-step ${id}`,
        "aria-label": label,
        title: label,
        disabled,
        onclick: () => actions.lineStep(to),
      },
      [triangle(back)],
    );
  const ready = line.status === "ready";
  return h("div", { class: "analysis-here analysis-line" }, [
    h("p", { class: "line-status", role: "status" }, status),
    h("div", { class: "line-nav", dir: "ltr" }, [
      step(
        "line-prev",
        i18n.t("analysis.line.prev"),
        line.step - 1,
        !ready || line.step <= 0,
        true,
      ),
      step(
        "line-next",
        i18n.t("analysis.line.next"),
        line.step + 1,
        !ready || line.step >= last,
        false,
      ),
      h(
        "button",
        {
          type: "button",
          id: "analysis-line-toggle",
          class: "secondary line-back",
          onclick: () => actions.leaveLine(),
        },
        [i18n.t("analysis.line.back")],
      ),
    ]),
  ]);
}

/** Where the line shown is: "The CPU's line, move 2 of 6: ☖８四歩" (in the move list's notation). */
export function lineStatus(
  i18n: I18n,
  line: LineState,
  style: MoveStyle,
): (string | HTMLElement)[] {
  if (line.status === "loading") return [i18n.t("analysis.line.loading")];
  if (line.status === "error") return [i18n.t("analysis.line.error")];
  if (line.step === 0) return [i18n.t("analysis.line.start")];
  return withMove(
    (move) =>
      i18n.t("analysis.line.step", { k: line.step, total: line.positions.length - 1, move }),
    lineMoveLabel(line, line.step - 1, style),
  );
}

/** Move `k` of the CPU's line in the chosen notation (the engine's words), else its move text. */
export function lineMoveLabel(line: LineState, k: number, style: MoveStyle): string {
  const text = line.moves[k] ?? "";
  return (style === "usi" ? undefined : line.words?.[k]?.[style]) ?? text;
}

/**
 * The CPU's choice in a position as the move list writes moves: in the chosen notation when the
 * record has notations (and the engine wrote it), else its move text.
 */
export function bestLabel(p: PositionJudgement, style: MoveStyle, written: boolean): string {
  const text = p.pv[0] ?? "";
  if (style === "usi" || !written) return text;
  return p.best?.[style] ?? text;
}

/**
 * A sentence with a move in it, the move isolated left to right in its own element (a move
 * text's trailing "+" or a notation's leading ☗ must not move in an Arabic sentence).
 */
function withMove(sentence: (move: string) => string, move: string): (string | HTMLElement)[] {
  const MARK = "\uE000";
  const [before = "", after = ""] = sentence(MARK).split(MARK);
  return [before, ltr(move, "move-text"), after];
}

/** A triangle pointing back or on (drawn, like the replay buttons', not a font glyph). */
function triangle(back: boolean): SVGSVGElement {
  return svgEl("svg", { viewBox: "0 0 20 20", class: "nav-icon", "aria-hidden": "true" }, [
    svgEl("path", { d: back ? "M14 4 L6 10 L14 16 Z" : "M6 4 L14 10 L6 16 Z" }),
  ]);
}

/** The mark after a move in the move list: "?" or "??", said in words. */
export function moveMark(i18n: I18n, m: MoveJudgement | undefined): HTMLElement[] {
  if (!m?.mark) return [];
  const words = i18n.t(`analysis.mark.${m.mark}`);
  return [
    h("span", { class: `move-mark ${m.mark}`, "aria-hidden": "true", title: words }, [
      m.mark === "blunder" ? "??" : "?",
    ]),
    h("span", { class: "visually-hidden" }, [` (${words})`]),
  ];
}

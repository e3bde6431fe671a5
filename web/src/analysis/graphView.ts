// The evaluation graph drawn as inline SVG: a line per seat (graph.ts), a point per judged
// position, the replay's position marked. One focusable control (role slider): a click or a
// tap goes to the nearest position, and so do the arrow keys, PageUp/PageDown, Home and End
// while it has the focus. Drawn left to right in both languages, like the replay's move list.
import { svgEl } from "../boards/svg";
import { h } from "../ui/dom";
import { GRAPH_HEIGHT, GRAPH_PAD, GRAPH_WIDTH, graphGeometry, graphKeyIndex } from "./graph";

export interface GraphViewInput {
  lines: readonly { seat: number; points: readonly [number, number][] }[];
  moveCount: number;
  /** The replay's position. */
  index: number;
  /** A line's colour by seat. */
  colour: (seat: number) => string;
  /** The control's name, and what its current value says ("Position 12: Sente 62%"). */
  label: string;
  valueText: string;
  /** Go to position i (the replay's index). */
  goTo: (i: number) => void;
}

/** The graph in a focusable wrapper (an HTML element with an id, so a re-render keeps its focus). */
export function graphView(v: GraphViewInput): HTMLDivElement {
  const geo = graphGeometry(v.lines, v.moveCount);
  const svg = svgEl("svg", {
    class: "eval-graph",
    viewBox: `0 0 ${GRAPH_WIDTH} ${GRAPH_HEIGHT}`,
    "aria-hidden": "true",
  });
  const wrap = h("div", {
    id: "analysis-graph",
    class: "eval-graph-wrap",
    dir: "ltr",
    role: "slider",
    tabindex: 0,
    "aria-label": v.label,
    "aria-valuemin": "0",
    "aria-valuemax": String(v.moveCount),
    "aria-valuenow": String(v.index),
    "aria-valuetext": v.valueText,
    "aria-orientation": "horizontal",
  });
  wrap.append(svg);
  svg.append(
    svgEl("rect", {
      x: 0.5,
      y: 0.5,
      width: GRAPH_WIDTH - 1,
      height: GRAPH_HEIGHT - 1,
      rx: 6,
      class: "graph-bg",
    }),
    svgEl("line", {
      x1: GRAPH_PAD,
      x2: GRAPH_WIDTH - GRAPH_PAD,
      y1: geo.y(0.5),
      y2: geo.y(0.5),
      class: "graph-mid",
    }),
    svgEl("line", {
      x1: geo.x(v.index),
      x2: geo.x(v.index),
      y1: 2,
      y2: GRAPH_HEIGHT - 2,
      class: "graph-current",
    }),
  );
  for (const line of geo.lines) {
    const colour = v.colour(line.seat);
    if (line.points.length > 1)
      svg.append(svgEl("path", { d: line.d, class: "graph-line", stroke: colour }));
    for (const p of line.points) {
      const here = p.index === v.index;
      svg.append(
        svgEl("circle", {
          cx: p.x,
          cy: p.y,
          r: here ? 4 : 2,
          class: `graph-point${here ? " here" : ""}`,
          fill: colour,
          "data-index": p.index,
          "data-seat": line.seat,
        }),
      );
    }
  }
  // Where a pointer is, in the SVG's units (the SVG keeps its aspect ratio: width 100%).
  const indexOf = (clientX: number) => {
    const r = svg.getBoundingClientRect();
    return geo.indexAt(r.width > 0 ? ((clientX - r.left) / r.width) * GRAPH_WIDTH : 0);
  };
  svg.addEventListener("click", (e) => v.goTo(indexOf(e.clientX)));
  wrap.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = graphKeyIndex(e.key, v.index, v.moveCount);
    if (next === null) return;
    // Handled here: the record page's own Left/Right keys (record.ts) leave it alone.
    e.preventDefault();
    if (next !== v.index) v.goTo(next);
  });
  return wrap;
}

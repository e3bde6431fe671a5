// The evaluation graph's geometry, in the SVG's own units (graphView.ts draws it): position
// index along x (left to right in both languages, like the replay's move list), expected
// result 0..1 along y (1 at the top). Pure, so it is tested without a page.

export const GRAPH_WIDTH = 320;
export const GRAPH_HEIGHT = 110;
/** Room around the plot, so that points at the ends and a 0 or 1 are drawn whole. */
export const GRAPH_PAD = 6;

export interface GraphPoint {
  index: number;
  value: number;
  x: number;
  y: number;
}

export interface GraphLine {
  seat: number;
  points: GraphPoint[];
  /** The SVG path through the points ("" with none). */
  d: string;
}

export interface GraphGeometry {
  /** x of position `index` (0..moveCount). */
  x(index: number): number;
  /** y of an expected result 0..1. */
  y(value: number): number;
  /** The position nearest to x (SVG units), within 0..moveCount. */
  indexAt(x: number): number;
  lines: GraphLine[];
}

const round = (n: number) => Math.round(n * 10) / 10;

/** The geometry of `lines` (judge.ts graphLines) for a game of `moveCount` moves. */
export function graphGeometry(
  lines: readonly { seat: number; points: readonly [number, number][] }[],
  moveCount: number,
): GraphGeometry {
  const span = Math.max(1, moveCount);
  const plotW = GRAPH_WIDTH - 2 * GRAPH_PAD;
  const plotH = GRAPH_HEIGHT - 2 * GRAPH_PAD;
  const x = (index: number) => round(GRAPH_PAD + (index / span) * plotW);
  const y = (value: number) => round(GRAPH_PAD + (1 - Math.min(1, Math.max(0, value))) * plotH);
  const indexAt = (px: number) =>
    Math.min(moveCount, Math.max(0, Math.round(((px - GRAPH_PAD) / plotW) * span)));
  return {
    x,
    y,
    indexAt,
    lines: lines.map((l) => {
      const points = l.points.map(([index, value]) => ({ index, value, x: x(index), y: y(value) }));
      const d = points.map((p, k) => `${k === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" ");
      return { seat: l.seat, points, d };
    }),
  };
}

/** The graph key's step: Left/Right one position, PageUp/PageDown ten, Home/End the ends. */
export function graphKeyIndex(key: string, index: number, moveCount: number): number | null {
  const to = (i: number) => Math.min(moveCount, Math.max(0, i));
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return to(index - 1);
    case "ArrowRight":
    case "ArrowUp":
      return to(index + 1);
    case "PageDown":
      return to(index - 10);
    case "PageUp":
      return to(index + 10);
    case "Home":
      return 0;
    case "End":
      return moveCount;
    default:
      return null;
  }
}

// Board orientation: every player sees the board from their own seat, which is drawn at the
// bottom. Only rotations by quarter turns are used: a board is never mirrored.
//
// Screen coordinates: x to the right, y downwards. A quarter turn is clockwise on screen.

import type { GameId } from "../net/protocol";

/** Quarter turns (clockwise) that bring `viewerSeat`'s edge to the bottom. */
export function viewQuarterTurns(game: GameId, viewerSeat: number | null): number {
  if (viewerSeat === null || viewerSeat < 0) return 0;
  switch (game) {
    case "yonin":
      // South sits at the bottom already; West at the left (turn the board a quarter
      // counter-clockwise = three clockwise), North at the top, East at the right.
      return [0, 3, 2, 1][viewerSeat % 4] ?? 0;
    case "musashi":
      // Point names are given as the children's player (seat 1) sees the board.
      return viewerSeat === 0 ? 2 : 0;
    default:
      return viewerSeat === 1 ? 2 : 0;
  }
}

/** The cell a square at (col,row) of an n×n grid occupies after `k` clockwise quarter turns. */
export function rotateCell(
  col: number,
  row: number,
  k: number,
  n = 9,
): { col: number; row: number } {
  let c = col;
  let r = row;
  const turns = ((k % 4) + 4) % 4;
  for (let i = 0; i < turns; i++) {
    const nc = n - 1 - r;
    const nr = c;
    c = nc;
    r = nr;
  }
  return { col: c, row: r };
}

/** The inverse of rotateCell: which unrotated cell is shown at screen cell (col,row). */
export function unrotateCell(
  col: number,
  row: number,
  k: number,
  n = 9,
): { col: number; row: number } {
  return rotateCell(col, row, 4 - (((k % 4) + 4) % 4), n);
}

/** Rotates a point of a free-form board about the centre of its bounding box. */
export function rotatePoint(
  x: number,
  y: number,
  k: number,
  box: { minX: number; maxX: number; minY: number; maxY: number },
): { x: number; y: number } {
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  let dx = x - cx;
  let dy = y - cy;
  const turns = ((k % 4) + 4) % 4;
  for (let i = 0; i < turns; i++) {
    const ndx = -dy;
    const ndy = dx;
    dx = ndx;
    dy = ndy;
  }
  return { x: cx + dx, y: cy + dy };
}

/**
 * The direction a seat's pieces point on the unrotated board, in degrees clockwise from
 * "up": the first seat's pieces point up; two-seat games put the second seat opposite;
 * Yonin's West points right (90), North down (180), East left (270).
 */
export function facingAngle(seat: number, seatCount: number): number {
  if (seat < 0) return 0;
  return (seat * (360 / seatCount)) % 360;
}

/** On-screen rotation of a piece facing `facingSeat`, for a view turned `k` quarter turns. */
export function pieceAngle(facingSeat: number, seatCount: number, k: number): number {
  return (facingAngle(facingSeat, seatCount) + 90 * k) % 360;
}

export type Edge = "bottom" | "left" | "top" | "right";

/** Which screen edge a seat sits at, for placing its hand and name. */
export function seatEdge(seat: number, seatCount: number, k: number): Edge {
  const a = pieceAngle(seat, seatCount, k);
  return (["bottom", "left", "top", "right"] as const)[Math.round(a / 90) % 4] ?? "bottom";
}

/** seatEdge for a game: in Musashi the children (seat 1) sit at the unrotated bottom. */
export function seatEdgeFor(game: GameId, seat: number, seatCount: number, k: number): Edge {
  if (game === "musashi") return seatEdge(seat === 1 ? 0 : 1, 2, k);
  return seatEdge(seat, seatCount, k);
}

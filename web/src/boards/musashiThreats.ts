// Juroku Musashi "show threats" (option show_threats), derived on the client.
//
// The server sends legal moves but no threat list, so the client derives the marks from
// the board graph it is given (points with coordinates, and lines):
// - on the father's turn: for each of his legal destinations, the children flanking it
//   along a straight line through it (a neighbour on each side, the destination exactly
//   midway) — the pairs that move would capture — and their number;
// - on the children's turn: the same count for every empty neighbour of the father (the
//   points he could step to next), giving the children under threat now.
// Geometry only: a straight line through p is two neighbours a, b with p the midpoint of
// a-b (spec/musashi.md). If the server later sends a hint (e.g. `game.threats`), prefer it.

import type { BoardInfo } from "../net/protocol";
import { parseMove } from "./moves";
import type { MusashiPosition } from "./musashiPosition";

export interface Graph {
  names: string[];
  coords: Map<string, { x: number; y: number }>;
  neighbours: Map<string, Set<string>>;
}

export function graphOf(board: BoardInfo): Graph {
  const names = board.points.map((p) => p.name);
  const coords = new Map(board.points.map((p) => [p.name, { x: p.x, y: p.y }] as const));
  const neighbours = new Map<string, Set<string>>(names.map((n) => [n, new Set<string>()]));
  for (const [i, j] of board.lines ?? []) {
    const a = names[i];
    const b = names[j];
    if (a === undefined || b === undefined) continue;
    neighbours.get(a)?.add(b);
    neighbours.get(b)?.add(a);
  }
  return { names, coords, neighbours };
}

/** Pairs of neighbours (a, b) of p with p exactly midway: the straight lines through p. */
export function straightPairs(g: Graph, p: string): [string, string][] {
  const c = g.coords.get(p);
  const ns = [...(g.neighbours.get(p) ?? [])];
  const out: [string, string][] = [];
  if (!c) return out;
  for (let i = 0; i < ns.length; i++) {
    for (let j = i + 1; j < ns.length; j++) {
      const a = g.coords.get(ns[i]!);
      const b = g.coords.get(ns[j]!);
      if (!a || !b) continue;
      if (Math.abs(a.x + b.x - 2 * c.x) < 1e-9 && Math.abs(a.y + b.y - 2 * c.y) < 1e-9)
        out.push([ns[i]!, ns[j]!]);
    }
  }
  return out;
}

/** Children captured if the father arrives at `p` (both flanks of a straight line). */
export function capturesAt(g: Graph, children: Set<string>, p: string): string[] {
  const taken: string[] = [];
  for (const [a, b] of straightPairs(g, p))
    if (children.has(a) && children.has(b)) taken.push(a, b);
  return taken;
}

export interface Threats {
  /** Father's destinations that capture, with the number of children each takes. */
  captureCounts: Map<string, number>;
  /** Children that the father could capture with his next move. */
  threatened: Set<string>;
}

export function musashiThreats(
  g: Graph,
  pos: MusashiPosition,
  fatherToMove: boolean,
  legalMoves: readonly string[],
): Threats {
  const captureCounts = new Map<string, number>();
  const threatened = new Set<string>();
  let dests: string[];
  if (fatherToMove) {
    dests = [];
    for (const t of legalMoves) {
      const m = parseMove(t);
      if (m && m.kind === "board" && m.from === pos.father) dests.push(m.to);
    }
  } else {
    dests = [...(g.neighbours.get(pos.father) ?? [])].filter((n) => !pos.children.has(n));
  }
  for (const d of dests) {
    const taken = capturesAt(g, pos.children, d);
    if (taken.length > 0) {
      captureCounts.set(d, taken.length);
      for (const c of taken) threatened.add(c);
    }
  }
  return { captureCounts, threatened };
}

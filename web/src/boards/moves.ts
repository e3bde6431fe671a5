// Move text (docs/notation.md), read only to know what a move touches: its from and to
// squares or points, a drop's piece, a promotion. The client never decides legality: the
// moves come from the server's legal_moves list, and this turns that list into the choices
// a click can make.

export type ParsedMove =
  | { kind: "board"; from: string; to: string; promote: boolean }
  | { kind: "drop"; piece: string; to: string };

const SQUARE = /^[1-9][a-i]$/;
const POINT = /^[a-g][1-5]$/;

/** Parses `7g7f`, `8h2b+`, `P*5e` (shogi family, Hasami) and `c3-c4` (Musashi). */
export function parseMove(text: string): ParsedMove | null {
  const t = text.trim();
  if (t.length === 4 && t[1] === "*") {
    const piece = t[0] ?? "";
    const to = t.slice(2);
    if (!/^[A-Z]$/.test(piece) || !SQUARE.test(to)) return null;
    return { kind: "drop", piece, to };
  }
  const dash = t.indexOf("-");
  if (dash >= 0) {
    const from = t.slice(0, dash);
    const to = t.slice(dash + 1);
    if (!POINT.test(from) || !POINT.test(to) || from === to) return null;
    return { kind: "board", from, to, promote: false };
  }
  if (t.length === 4 || (t.length === 5 && t[4] === "+")) {
    const from = t.slice(0, 2);
    const to = t.slice(2, 4);
    if (!SQUARE.test(from) || !SQUARE.test(to) || from === to) return null;
    return { kind: "board", from, to, promote: t.length === 5 };
  }
  return null;
}

/** Builds move text back; `dash` for Musashi's `c3-c4`. */
export function formatMove(m: ParsedMove, dash = false): string {
  if (m.kind === "drop") return `${m.piece}*${m.to}`;
  return dash ? `${m.from}-${m.to}` : `${m.from}${m.to}${m.promote ? "+" : ""}`;
}

/** What can be done at one destination: the move texts with and without promotion. */
export interface Destination {
  plain?: string;
  promote?: string;
}

/** The legal moves indexed by what is selected: a board square, or a hand piece letter. */
export interface MoveIndex {
  fromSquare: Map<string, Map<string, Destination>>;
  drops: Map<string, Map<string, Destination>>;
}

export function indexMoves(legal: readonly string[]): MoveIndex {
  const fromSquare = new Map<string, Map<string, Destination>>();
  const drops = new Map<string, Map<string, Destination>>();
  for (const text of legal) {
    const m = parseMove(text);
    if (!m) continue;
    const table = m.kind === "drop" ? drops : fromSquare;
    const key = m.kind === "drop" ? m.piece : m.from;
    let dests = table.get(key);
    if (!dests) {
      dests = new Map();
      table.set(key, dests);
    }
    const d = dests.get(m.to) ?? {};
    if (m.kind === "board" && m.promote) d.promote = text;
    else d.plain = text;
    dests.set(m.to, d);
  }
  return { fromSquare, drops };
}

export type Selection =
  { kind: "square"; square: string } | { kind: "hand"; piece: string; seat: number };

/** Destinations of the selection (empty map when nothing is legal from it). */
export function destinationsOf(index: MoveIndex, sel: Selection | null): Map<string, Destination> {
  if (!sel) return new Map();
  if (sel.kind === "square") return index.fromSquare.get(sel.square) ?? new Map();
  return index.drops.get(sel.piece) ?? new Map();
}

/**
 * What choosing `to` with this selection means:
 * - `send`: exactly one move text;
 * - `choose`: promotion is optional, ask (promote / not);
 * - `unknown`: nothing legal known there; `text` is the move written from the clicks, so it
 *   can still be sent and the server's refusal (with its reason) shown.
 */
export type Resolution =
  | { kind: "send"; text: string }
  | { kind: "choose"; plain: string; promote: string }
  | { kind: "unknown"; text: string };

export function resolveDestination(
  index: MoveIndex,
  sel: Selection,
  to: string,
  dash = false,
): Resolution {
  const d = destinationsOf(index, sel).get(to);
  if (d?.plain && d.promote) return { kind: "choose", plain: d.plain, promote: d.promote };
  if (d?.plain) return { kind: "send", text: d.plain };
  if (d?.promote) return { kind: "send", text: d.promote };
  const guess: ParsedMove =
    sel.kind === "square"
      ? { kind: "board", from: sel.square, to, promote: false }
      : { kind: "drop", piece: sel.piece, to };
  return { kind: "unknown", text: formatMove(guess, dash) };
}

/** The squares a last move touched, for marking. */
export function touchedSquares(last: string | null | undefined): string[] {
  if (!last) return [];
  const m = parseMove(last);
  if (!m) return [];
  return m.kind === "drop" ? [m.to] : [m.from, m.to];
}

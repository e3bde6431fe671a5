// Hasami Shogi position text (docs/notation.md): `BOARD b|w B-W N`; P = the first seat's
// pieces (starting on rank i), p = the second's; B-W = pieces captured by first and second.
import { type GridPosition, type ParseResult, readRanks } from "./model";

export function parseHasami(text: string): ParseResult<GridPosition> {
  const fields = text.trim().split(/\s+/);
  if (fields.length < 3) return { ok: false, error: "expected board, side, captured counts" };
  const board = readRanks(fields[0] ?? "", (row, i, sq) => {
    const ch = row[i];
    if (ch !== "P" && ch !== "p") return `unknown piece '${ch ?? ""}' on ${sq}`;
    const owner = ch === "P" ? 0 : 1;
    return { piece: { letter: "P", promoted: false, owner, facing: owner }, next: i + 1 };
  });
  if (!board.ok) return board;
  const side = fields[1];
  if (side !== "b" && side !== "w") return { ok: false, error: "side to move must be b or w" };
  const m = /^(\d+)-(\d+)$/.exec(fields[2] ?? "");
  if (!m) return { ok: false, error: "captured counts must be B-W" };
  return {
    ok: true,
    value: {
      squares: board.value,
      hands: [],
      toMove: side === "b" ? 0 : 1,
      captured: [Number(m[1]), Number(m[2])],
    },
  };
}

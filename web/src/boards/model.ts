// What a board shows, independent of the game: pieces on named squares, hands, and who is
// to move. Each game's position parser produces this; the renderers only draw it.

export interface PieceView {
  /** Upper-case base letter: K R B G S N L P for the shogi family, P for Hasami. */
  letter: string;
  promoted: boolean;
  /** The owning seat; -1 for an ownerless piece (Yonin, out_pieces=ownerless). */
  owner: number;
  /** The seat whose way the piece faces (it points away from that seat's edge). */
  facing: number;
  /** Yonin: the king of a mated player, an immovable obstacle drawn upside down. */
  flipped?: boolean;
}

export interface HandPiece {
  letter: string;
  count: number;
}

export interface HandView {
  seat: number;
  pieces: HandPiece[];
}

export interface GridPosition {
  squares: Map<string, PieceView>;
  hands: HandView[]; // empty for games without hands
  toMove: number; // seat, -1 if unknown
  /** Hasami: pieces captured by each seat. */
  captured?: number[];
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

export const FILES = ["9", "8", "7", "6", "5", "4", "3", "2", "1"] as const;
export const RANKS = ["a", "b", "c", "d", "e", "f", "g", "h", "i"] as const;

/** Column 0..8 (left to right for South/sente) and row 0..8 (top to bottom) of a square. */
export function squareToCell(sq: string): { col: number; row: number } | null {
  if (!/^[1-9][a-i]$/.test(sq)) return null;
  const file = Number(sq[0]);
  const row = sq.charCodeAt(1) - 97;
  return { col: 9 - file, row };
}

export function cellToSquare(col: number, row: number): string {
  return `${9 - col}${String.fromCharCode(97 + row)}`;
}

/**
 * Reads SFEN-like board text: ranks a..i separated by '/', files 9..1 in each, digits for
 * empty squares. `readPiece` consumes one piece starting at index i and returns it with the
 * next index, or an error string.
 */
export function readRanks(
  board: string,
  readPiece: (row: string, i: number, sq: string) => { piece: PieceView; next: number } | string,
): ParseResult<Map<string, PieceView>> {
  const ranks = board.split("/");
  if (ranks.length !== 9) return { ok: false, error: `expected 9 ranks, got ${ranks.length}` };
  const squares = new Map<string, PieceView>();
  for (let r = 0; r < 9; r++) {
    const row = ranks[r] ?? "";
    let col = 0;
    let i = 0;
    while (i < row.length) {
      const ch = row[i] ?? "";
      if (ch >= "1" && ch <= "9") {
        col += Number(ch);
        i++;
        continue;
      }
      if (col > 8) return { ok: false, error: `rank ${RANKS[r]} has more than 9 squares` };
      const sq = cellToSquare(col, r);
      const got = readPiece(row, i, sq);
      if (typeof got === "string") return { ok: false, error: got };
      squares.set(sq, got.piece);
      i = got.next;
      col++;
    }
    if (col !== 9) return { ok: false, error: `rank ${RANKS[r]} has ${col} squares, not 9` };
  }
  return { ok: true, value: squares };
}

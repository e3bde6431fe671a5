// Yonin Shogi position text, read for display. Kept in this one module: the format is the
// one src/rules/yonin/notation.cpp writes (docs/games/yonin.md, when written, is the
// reference). Seven fields:
//   BOARD TO-MOVE HANDS OUT LAST-CHECKERS LAST-MOVER MOVE-NUMBER
// BOARD: ranks a..i, files 9..1; a piece is [+]LETTER OWNER [FACING] with LETTER in K R G S P,
//   OWNER a seat letter s w n e (x = ownerless), FACING a seat letter when the piece does
//   not face its owner's way (always given for ownerless pieces).
// HANDS: e.g. `2PsGw` (count, letter, seat) or `-`. OUT: e.g. `ns,e-` (seat out, mater or
//   '-') or `-`. A seat that is out has its king flipped.
import { handView } from "./sfen";
import { type GridPosition, type ParseResult, type PieceView, readRanks } from "./model";

const SEAT_LETTERS = "swne";
const LETTERS = "KRGSP";
const PROMOTABLE = "RSP";

function seatOf(ch: string | undefined): number {
  if (ch === undefined || ch === "") return -2;
  if (ch === "x") return -1;
  const i = SEAT_LETTERS.indexOf(ch);
  return i >= 0 ? i : -2;
}

export interface YoninPosition extends GridPosition {
  out: { seat: number; mater: number }[];
  lastMover: number;
}

export function parseYonin(text: string): ParseResult<YoninPosition> {
  const fields = text.trim().split(/\s+/);
  if (fields.length !== 7) return { ok: false, error: `expected 7 fields, got ${fields.length}` };
  const board = readRanks(fields[0] ?? "", (row, i, sq) => {
    let promoted = false;
    let ch = row[i] ?? "";
    if (ch === "+") {
      promoted = true;
      i++;
      ch = row[i] ?? "";
    }
    if (!LETTERS.includes(ch) || ch === "") return `unknown piece '${ch}' on ${sq}`;
    if (promoted && !PROMOTABLE.includes(ch)) return `'+${ch}' cannot be promoted (${sq})`;
    i++;
    const owner = seatOf(row[i]);
    if (owner === -2) return `the piece on ${sq} needs an owner letter`;
    i++;
    let facing = owner;
    const f = row[i];
    if (f !== undefined && /[a-z]/.test(f) && seatOf(f) >= 0) {
      facing = seatOf(f);
      i++;
    } else if (owner === -1) {
      return `the ownerless piece on ${sq} needs a facing letter`;
    }
    const piece: PieceView = { letter: ch, promoted, owner, facing };
    return { piece, next: i };
  });
  if (!board.ok) return board;
  const toMove = seatOf(fields[1]);
  if (toMove < 0) return { ok: false, error: "the player to move must be s, w, n or e" };

  const counts = [0, 1, 2, 3].map(() => new Map<string, number>());
  const h = fields[2] ?? "-";
  if (h !== "-") {
    const re = /(\d*)([RGSP])([swne])/y;
    let at = 0;
    while (at < h.length) {
      re.lastIndex = at;
      const m = re.exec(h);
      if (!m) return { ok: false, error: `bad hands '${h}'` };
      const seat = seatOf(m[3]);
      const n = m[1] ? Number(m[1]) : 1;
      const c = counts[seat]!;
      c.set(m[2]!, (c.get(m[2]!) ?? 0) + n);
      at = re.lastIndex;
    }
  }
  const out: { seat: number; mater: number }[] = [];
  const o = fields[3] ?? "-";
  if (o !== "-") {
    for (const e of o.split(",")) {
      const seat = seatOf(e[0]);
      const mater = e[1] === "-" ? -1 : seatOf(e[1]);
      if (e.length !== 2 || seat < 0 || mater === -2)
        return { ok: false, error: `bad out entry '${e}'` };
      out.push({ seat, mater });
    }
  }
  for (const [, p] of board.value) {
    if (p.letter === "K" && out.some((x) => x.seat === p.owner)) p.flipped = true;
  }
  const lastMover = fields[5] === "-" ? -1 : seatOf(fields[5]);
  return {
    ok: true,
    value: {
      squares: board.value,
      hands: [0, 1, 2, 3].map((s) => handView(s, counts[s]!, "RGSP")),
      toMove,
      out,
      lastMover,
    },
  };
}

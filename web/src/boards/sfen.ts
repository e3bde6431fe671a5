// SFEN for Shogi and Annan Shogi (docs/notation.md), read for display.
import {
  type GridPosition,
  type HandView,
  type ParseResult,
  type PieceView,
  readRanks,
} from "./model";

const LETTERS = "KRBGSNLP";
const PROMOTABLE = "RBSNLP";
const HAND_ORDER = "RBGSNLP";

export function parseSfen(text: string): ParseResult<GridPosition> {
  const fields = text.trim().split(/\s+/);
  if (fields[0] === "startpos") {
    return parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  }
  if (fields.length < 3) return { ok: false, error: "SFEN needs board, side and hand" };
  const board = readRanks(fields[0] ?? "", (row, i, sq) => {
    let promoted = false;
    let ch = row[i] ?? "";
    if (ch === "+") {
      promoted = true;
      ch = row[i + 1] ?? "";
      i++;
    }
    const up = ch.toUpperCase();
    if (!LETTERS.includes(up) || ch === "") return `unknown piece '${ch}' on ${sq}`;
    if (promoted && !PROMOTABLE.includes(up)) return `'+${ch}' cannot be promoted (${sq})`;
    const owner = ch === up ? 0 : 1;
    const piece: PieceView = { letter: up, promoted, owner, facing: owner };
    return { piece, next: i + 1 };
  });
  if (!board.ok) return board;
  const side = fields[1];
  if (side !== "b" && side !== "w") return { ok: false, error: `side to move must be b or w` };
  const hands = parseShogiHands(fields[2] ?? "-");
  if (!hands.ok) return hands;
  return {
    ok: true,
    value: { squares: board.value, hands: hands.value, toMove: side === "b" ? 0 : 1 },
  };
}

function parseShogiHands(h: string): ParseResult<HandView[]> {
  const counts: Map<string, number>[] = [new Map(), new Map()];
  if (h !== "-") {
    let i = 0;
    while (i < h.length) {
      let n = 0;
      let digits = 0;
      while (i < h.length && /[0-9]/.test(h[i] ?? "")) {
        n = n * 10 + Number(h[i]);
        i++;
        digits++;
      }
      if (digits === 0) n = 1;
      const ch = h[i] ?? "";
      const up = ch.toUpperCase();
      if (!ch || !HAND_ORDER.includes(up)) return { ok: false, error: `bad hand '${h}'` };
      const owner = ch === up ? 0 : 1;
      const m = counts[owner]!;
      m.set(up, (m.get(up) ?? 0) + n);
      i++;
    }
  }
  return { ok: true, value: [0, 1].map((seat) => handView(seat, counts[seat]!, HAND_ORDER)) };
}

export function handView(seat: number, m: Map<string, number>, order: string): HandView {
  const pieces = [...order]
    .filter((l) => (m.get(l) ?? 0) > 0)
    .map((letter) => ({ letter, count: m.get(letter) ?? 0 }));
  return { seat, pieces };
}

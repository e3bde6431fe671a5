// The CPU's preferred move drawn on a board with the boards' own marks (no drawing of its
// own): its origin as the selected square (a drop: the hand piece selected) and its
// destination as a legal target, which every renderer already draws (grid.ts, musashi.ts).
import { parseMove } from "../boards/moves";
import type { BoardContext } from "../boards/view";

/** The board context that marks `move` (played by `seat`); nothing marked for null or unreadable text. */
export function moveHighlight(move: string | null | undefined, seat: number): BoardContext {
  const none: BoardContext = {
    selection: null,
    destinations: new Map(),
    showLegal: false,
    pendingTo: null,
  };
  const m = move ? parseMove(move) : null;
  if (!m || !move) return none;
  return {
    selection:
      m.kind === "drop"
        ? { kind: "hand", piece: m.piece, seat }
        : { kind: "square", square: m.from },
    destinations: new Map([[m.to, { plain: move }]]),
    showLegal: true,
    pendingTo: null,
  };
}

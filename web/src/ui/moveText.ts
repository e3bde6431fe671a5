// Moves as people read them, in the style chosen in the settings: the move text (7g7f), or
// for Shogi and Annan the Japanese (☗７六歩) and western (P-7f) notations the server writes
// (game.notation). Other games have one readable move text, shown as is.
import type { NotationStyle, StandIn } from "../net/protocol";
import type { MoveStyle } from "../state/prefs";

export interface MoveSource {
  moves: string[];
  notation?: Partial<Record<NotationStyle, string[]>>;
}

/** The move at `index` (0-based) in the chosen style, or its move text. */
export function moveLabel(src: MoveSource, index: number, style: MoveStyle): string {
  const text = src.moves[index] ?? "";
  if (style === "usi") return text;
  const list = src.notation?.[style];
  return list && list.length === src.moves.length ? (list[index] ?? text) : text;
}

/** Whether the chosen style changes anything for this game (it has readable notations). */
export function hasNotation(src: MoveSource): boolean {
  return !!src.notation && Object.keys(src.notation).length > 0;
}

/** The stand-in mark of a move, if the CPU made it for a person. */
export function standInAt(standIns: StandIn[] | undefined, index: number): StandIn | null {
  return standIns?.find((s) => s.ply === index) ?? null;
}

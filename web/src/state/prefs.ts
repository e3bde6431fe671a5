// Display preferences of this device: how moves are written and whether a sound marks the
// opponent's move. Kept in local storage; the defaults are Japanese-style notation (what Shogi
// sites in Arabic and English both show; it applies to Shogi and Annan, the other games write
// their moves one way), no sound, and Yonin's board zoomed on phones.
import { KEYS, type KeyValue } from "./storage";

/** "usi": the move text of docs/notation.md (7g7f); the others are Shogi and Annan only. */
export type MoveStyle = "usi" | "japanese" | "western";
export const MOVE_STYLES: readonly MoveStyle[] = ["usi", "japanese", "western"];

export interface Prefs {
  moveStyle: MoveStyle;
  sound: boolean;
  /** Yonin on a phone: the board larger than the screen, scrolled to where one plays. */
  boardZoom: boolean;
}

export function readPrefs(storage: KeyValue): Prefs {
  const style = storage.get(KEYS.notation);
  return {
    moveStyle: (MOVE_STYLES as readonly string[]).includes(style ?? "")
      ? (style as MoveStyle)
      : "japanese",
    sound: storage.get(KEYS.sound) === "on",
    boardZoom: storage.get(KEYS.zoom) !== "off",
  };
}

export function writePrefs(storage: KeyValue, p: Prefs): void {
  storage.set(KEYS.notation, p.moveStyle);
  storage.set(KEYS.sound, p.sound ? "on" : "off");
  storage.set(KEYS.zoom, p.boardZoom ? "on" : "off");
}

// Replaying a finished game from its record (`record`): which position is shown, the
// keyboard, the read-only "group" handed to the board renderers, and the export files.
// No game rules: every position comes from the server (`positions[i]` after i moves).

import type { GameRecord, GameResult, GroupState, PlayerRef } from "../net/protocol";
import { SEAT_NAMES } from "../pages/seatNames";
import { musashiBoard } from "../rules/musashiGeometry";

export type ReplayStep = "first" | "prev" | "next" | "last";

/** A position index kept within 0..moveCount (0 is the start position). */
export function clampIndex(index: number, moveCount: number): number {
  if (!Number.isFinite(index)) return moveCount;
  return Math.min(Math.max(0, Math.trunc(index)), Math.max(0, moveCount));
}

export function stepIndex(index: number, step: ReplayStep, moveCount: number): number {
  const i = clampIndex(index, moveCount);
  switch (step) {
    case "first":
      return 0;
    case "prev":
      return clampIndex(i - 1, moveCount);
    case "next":
      return clampIndex(i + 1, moveCount);
    case "last":
      return clampIndex(moveCount, moveCount);
  }
}

/**
 * The replay step of a key. The board, the move list and the replay buttons are laid out
 * left to right in both languages (time runs left to right like the move text), so Left is
 * the previous move and Right the next one in Arabic too; Home/End go to the ends.
 */
export function keyStep(key: string): ReplayStep | null {
  switch (key) {
    case "ArrowLeft":
      return "prev";
    case "ArrowRight":
      return "next";
    case "Home":
      return "first";
    case "End":
      return "last";
    default:
      return null;
  }
}

/** The seat a person played in a finished game, known from the rating changes. */
/** The person's seat in a stored game: from who played each seat, else from the ratings. */
export function seatOfPerson(
  result: GameResult | null,
  personId: string | null,
  seats?: PlayerRef[],
): number | null {
  if (!personId) return null;
  const bySeat = seats?.findIndex((s) => s.kind === "person" && s.person === personId) ?? -1;
  if (bySeat >= 0) return bySeat;
  const c = result?.rating_changes.find((x) => x.person === personId);
  return c ? c.seat : null;
}

/**
 * A read-only group state for the board renderers: position `index` of the record, seen
 * from `viewerSeat` (null: from the first seat), nobody to act, no legal moves.
 */
export function replayGroup(r: GameRecord, index: number, viewerSeat: number | null): GroupState {
  const i = clampIndex(index, r.moves.length);
  const seatNames = SEAT_NAMES[r.game];
  const board =
    r.game === "musashi"
      ? musashiBoard(String(r.options["board"] ?? "33") === "25" ? 25 : 33)
      : { kind: "grid" as const, columns: 9, rows: 9, points: [] };
  return {
    id: `record-${r.game_id}`,
    version: i,
    game: r.game,
    settings: { options: r.options, timer: 0, cpu_level: 1 },
    option_schema: [],
    members: [],
    you: "",
    table: {
      status: "finished",
      seat_names: seatNames,
      seats: seatNames.map((_, seat) => {
        const ref = r.seats?.[seat];
        const name = r.players[seat] ?? "";
        const common = { seat, name, present: true, away: false, cpu_playing: false };
        if (ref?.kind === "cpu") return { ...common, kind: "cpu" as const, cpu_level: ref.level };
        return ref
          ? {
              ...common,
              kind: "person" as const,
              person: ref.person,
              default_name: ref.default_name,
            }
          : { ...common, kind: "person" as const };
      }),
      your_seats: viewerSeat !== null ? [viewerSeat] : [],
      board,
      game: {
        id: r.game_id,
        number: 0,
        position: r.positions[i] ?? r.start,
        start: r.start,
        moves: r.moves.slice(0, i),
        ...(r.notation
          ? {
              notation: Object.fromEntries(
                Object.entries(r.notation).map(([k, v]) => [k, v.slice(0, i)]),
              ),
            }
          : {}),
        to_move: -1,
        legal_moves: [],
        last_move: i > 0 ? (r.moves[i - 1] ?? null) : null,
        in_check: [],
        out: [],
        ...(r.result ? { result: r.result } : {}),
      },
    },
  };
}

export interface ExportFile {
  kind: "text" | "kif" | "csa";
  filename: string;
  mime: string;
  content: string;
}

/**
 * The downloads a record offers, in this order: the project's text (always), KIF and CSA
 * (Shogi and Annan). Files are UTF-8, byte for byte what the server sent (or, for a practice
 * game, what the engine wrote the same way). Their names are `base` and the format's extension
 * (by default "kaisho-GAME-ID").
 */
export function exportFiles(
  r: Pick<GameRecord, "game" | "game_id" | "exports">,
  base = `kaisho-${r.game}-${r.game_id}`,
): ExportFile[] {
  const out: ExportFile[] = [];
  const add = (kind: ExportFile["kind"], ext: string, content: string | undefined) => {
    if (typeof content === "string" && content.length > 0)
      out.push({ kind, filename: `${base}.${ext}`, mime: "text/plain;charset=utf-8", content });
  };
  add("text", "txt", r.exports.text);
  add("kif", "kif", r.exports.kif);
  add("csa", "csa", r.exports.csa);
  return out;
}

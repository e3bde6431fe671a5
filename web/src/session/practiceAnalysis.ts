// A finished practice game (localSession.ts) as a record, so that the record page replays it and
// the CPU in the page analyses it (#/practice/GAME/analysis), with no server: the game kept on
// the device (`kaisho.practice`) is played again by the engine, which gives what the server's
// `record` holds for a stored game: the position after each move, the result, the moves in the
// readable notations (Shogi, Annan) and the record files (text; KIF and CSA for Shogi, Annan).
// The engine is a Web Worker of its own, closed once the record is built; the analysis starts
// its own when asked (analysis/controller.ts).
import type { EngineClient } from "../engine/client";
import {
  GAME_IDS,
  type GameId,
  type GameRecord,
  type NotationStyle,
  type PlayerRef,
} from "../net/protocol";
import { SEAT_NAMES } from "../pages/seatNames";
import type { KeyValue } from "../state/storage";
import type { Store } from "../state/store";
import {
  type PracticePerson,
  type SavedPractice,
  practiceFiles,
  practicePerson,
  practiceResult,
  readPractice,
} from "./localSession";

/** Which practice game a record is: its number at the practice table, the person's seat. */
export interface PracticeRecordInfo {
  number: number;
  side: number;
}

/** A practice game's record: the record as the server would send it, and which game it is. */
export type PracticeGameRecord = GameRecord & { localPractice: PracticeRecordInfo };

/** The error of a practice record page when the device keeps no finished game to show. */
export const NO_PRACTICE_GAME = "no_practice_game";

/** What a record says of the practice game it is, or null (a stored game). */
export function practiceOf(r: GameRecord | null | undefined): PracticeRecordInfo | null {
  return (r as PracticeGameRecord | null | undefined)?.localPractice ?? null;
}

/**
 * The record id of practice game `number` of `game`: negative, since no stored game has one
 * (the server's ids are positive), and one for each game and number, so an analysis (kept by
 * record id) belongs to one practice game. Number 0 (no game played) names the game only.
 */
export function practiceRecordId(game: GameId, number: number): number {
  return -(Math.max(0, Math.trunc(number)) * GAME_IDS.length + GAME_IDS.indexOf(game) + 1);
}

/** The game of a practice record id, or null (a stored game's id, or none). */
export function practiceRecordGame(id: number | null): GameId | null {
  if (id === null || !Number.isInteger(id) || id >= 0) return null;
  return GAME_IDS[(-id - 1) % GAME_IDS.length] ?? null;
}

/**
 * The record of practice game `p` of `game`, built by the engine: positions[i] after i moves
 * (the start's text is positions[0]), the person and "CPU" as the players, unrated. Rejects
 * when the engine refuses the game or a move (an EngineError).
 */
export async function buildPracticeRecord(
  engine: EngineClient,
  game: GameId,
  p: SavedPractice,
  person: PracticePerson,
): Promise<PracticeGameRecord> {
  const options = { ...p.setup.options };
  const side = p.setup.side;
  const { handle, snapshot } = await engine.newGame(game, options, "");
  try {
    const positions = [snapshot.position];
    let last = snapshot;
    for (const move of p.moves) {
      last = await engine.play(handle, move);
      positions.push(last.position);
    }
    const seatNames = SEAT_NAMES[game];
    const players = seatNames.map((_, seat) => (seat === side ? person.name : "CPU"));
    const seats: PlayerRef[] = seatNames.map((_, seat) =>
      seat === side
        ? {
            kind: "person",
            person: person.id,
            ...(person.default_name ? { default_name: true } : {}),
          }
        : { kind: "cpu", level: p.setup.level },
    );
    const info = { names: players, reason: p.resigned !== null ? "resignation" : undefined };
    const files = await practiceFiles(engine, handle, game, info);
    const exports: PracticeGameRecord["exports"] = { ...files, text: files.text ?? "" };
    let notation: Partial<Record<NotationStyle, string[]>> | undefined;
    if (p.moves.length > 0) {
      const japanese = await engine.notation(handle, "japanese");
      const western = await engine.notation(handle, "western");
      if (japanese.length === p.moves.length && western.length === p.moves.length)
        notation = { japanese, western };
    }
    return {
      game_id: practiceRecordId(game, p.number),
      game,
      players,
      seats,
      start: positions[0]!,
      moves: [...p.moves],
      ...(notation ? { notation } : {}),
      positions,
      result: practiceResult(game, p.resigned, last) ?? null,
      options,
      exports,
      localPractice: { number: p.number, side },
    };
  } finally {
    await engine.deleteGame(handle).catch(() => {});
  }
}

export interface PracticeRecordsDeps {
  store: Store;
  storage: KeyValue;
  /** Starts an engine for one record (a Web Worker in the page; the module in the tests). */
  engine: () => EngineClient;
}

/** Puts the finished practice game kept on the device in the store as the record shown. */
export class PracticeRecords {
  /** The build whose record is wanted; a late one for another is dropped. */
  private run = 0;
  private work: Promise<void> = Promise.resolve();

  constructor(private readonly deps: PracticeRecordsDeps) {}

  /**
   * Shows the finished practice game of `game` kept on the device (`store.state.record`, at its
   * final position; built by the engine unless it is already there). Its record id, or null
   * when the device keeps no finished game of `game` (the record's error says so).
   */
  open(game: GameId): number | null {
    const { store, storage } = this.deps;
    const p = readPractice(storage, game);
    if (!p || p.status !== "finished") {
      this.run++;
      store.update({
        record: {
          status: "error",
          id: practiceRecordId(game, 0),
          data: null,
          index: 0,
          error: NO_PRACTICE_GAME,
        },
      });
      return null;
    }
    const id = practiceRecordId(game, p.number);
    const rs = store.state.record;
    if (rs.id === id && (rs.status === "ready" || rs.status === "loading")) return id;
    const run = ++this.run;
    store.update({ record: { status: "loading", id, data: null, index: 0 } });
    const failed = (e: unknown) => {
      if (run !== this.run || store.state.record.id !== id) return;
      const error = e instanceof Error ? e.message : String(e);
      store.update({ record: { status: "error", id, data: null, index: 0, error } });
    };
    let engine: EngineClient;
    try {
      engine = this.deps.engine();
    } catch (e) {
      failed(e);
      return id;
    }
    this.work = buildPracticeRecord(engine, game, p, this.person())
      .then((data) => {
        if (run !== this.run || store.state.record.id !== id) return;
        // Opens on the final position, next to the result, as a stored game's record does.
        store.update({ record: { status: "ready", id, data, index: data.moves.length } });
      }, failed)
      .finally(() => engine.close());
    return id;
  }

  /** Resolves when the record being built is in the store (tests). */
  idle(): Promise<void> {
    return this.work;
  }

  private person(): PracticePerson {
    return practicePerson(this.deps.store, this.deps.storage);
  }
}

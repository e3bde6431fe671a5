// A practice game against the CPU held in the page (#/practice/GAME): one person against the
// CPU (Yonin: against three), any local rules, CPU level 1-8, played by the WebAssembly engine
// in a Web Worker (engine/client.ts) with no server, so it goes on with no network. It makes
// the same GroupState the server sends, so the game page draws its board, status, move list
// and result as for any table. Practice games are unrated; each game's is kept on the device
// (local storage, `kaisho.practice`), so a reload goes on with it. The engine also writes what
// the server writes for its games: the moves in the readable notations (Shogi and Annan, in the
// group state as the server's) and the record files to save (text, KIF, CSA: `practiceRecord`).
import type { EngineClient, EngineError } from "../engine/client";
import type { EngineSnapshot, RecordFormat, ThinkLimits } from "../engine/protocol";
import OPTION_SCHEMA from "../engine/options.json";
import type { I18n } from "../i18n";
import type {
  GameId,
  GameInfo,
  GameResult,
  GroupState,
  NotationStyle,
  OptionSpec,
  PracticeSubmission,
  SeatInfo,
} from "../net/protocol";
import { SEAT_NAMES } from "../pages/seatNames";
import { musashiBoard } from "../rules/musashiGeometry";
import { KEYS, type KeyValue } from "../state/storage";
import { type Store, makeNotice } from "../state/store";
import { errorText } from "../ui/errors";
import { newPracticeId } from "./practiceOutbox";
import { LOCAL_TABLE_PREFIX, type SettingsChange, type TableSession } from "./session";

/** What the server's CPU thinks a move at the table's default (`--cpu-ms`, docs/cpu.md). */
export const CPU_MS = 1200;

/** Rules of a table, not of a game: the practising player chooses their side every game. */
export const TABLE_ONLY_OPTIONS = ["alternate_first", "swap_roles", "rotate_first"];

/** How a practice game is set up: the person's seat, the CPU's level, the local rules. */
export interface PracticeSetup {
  side: number;
  level: number;
  options: Record<string, string>;
}

/** A practice game as kept on the device. */
export interface SavedPractice {
  setup: PracticeSetup;
  /** The game's number (1 for the first game played at this practice table). */
  number: number;
  status: "idle" | "playing" | "finished";
  moves: string[];
  /** The seat that resigned, or null. */
  resigned: number | null;
  /** The game's own id (sent to My games with it) and when it began; absent before a game. */
  id?: string;
  startedAt?: number;
}

/** The local rules a practice game offers, for a game (the engine's schema, less table rules). */
export function practiceSchema(game: GameId): OptionSpec[] {
  const all = (OPTION_SCHEMA as Record<string, OptionSpec[]>)[game] ?? [];
  return all.filter((o) => !TABLE_ONLY_OPTIONS.includes(o.key));
}

export function newPractice(game: GameId): SavedPractice {
  const options = Object.fromEntries(practiceSchema(game).map((o) => [o.key, o.default]));
  return {
    setup: { side: 0, level: 3, options },
    number: 0,
    status: "idle",
    moves: [],
    resigned: null,
  };
}

/** A kept practice game, checked (an unreadable one is none). */
export function readPractice(storage: KeyValue, game: GameId): SavedPractice | null {
  try {
    const all = JSON.parse(storage.get(KEYS.practice) ?? "{}") as Record<string, unknown>;
    const p = all[game] as SavedPractice | undefined;
    if (
      !p ||
      typeof p !== "object" ||
      !Array.isArray(p.moves) ||
      !p.moves.every((m) => typeof m === "string") ||
      !["idle", "playing", "finished"].includes(p.status) ||
      typeof p.setup?.side !== "number" ||
      typeof p.setup.level !== "number" ||
      typeof p.setup.options !== "object"
    )
      return null;
    const seats = SEAT_NAMES[game].length;
    const known = new Map(practiceSchema(game).map((o) => [o.key, o]));
    const options: Record<string, string> = {};
    for (const [k, v] of Object.entries(p.setup.options ?? {}))
      if (known.get(k)?.choices.includes(String(v))) options[k] = String(v);
    return {
      setup: {
        side: Math.min(seats - 1, Math.max(0, Math.trunc(p.setup.side))),
        level: Math.min(8, Math.max(1, Math.trunc(p.setup.level))),
        options: { ...newPractice(game).setup.options, ...options },
      },
      number: typeof p.number === "number" ? p.number : 0,
      status: p.status,
      moves: p.moves,
      resigned: typeof p.resigned === "number" ? p.resigned : null,
      ...(typeof p.id === "string" ? { id: p.id } : {}),
      ...(typeof p.startedAt === "number" ? { startedAt: p.startedAt } : {}),
    };
  } catch {
    return null;
  }
}

export function writePractice(storage: KeyValue, game: GameId, p: SavedPractice): void {
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(storage.get(KEYS.practice) ?? "{}") as Record<string, unknown>;
  } catch {
    all = {};
  }
  all[game] = p;
  storage.set(KEYS.practice, JSON.stringify(all));
}

/** The games whose records are also written as KIF and CSA (engine_api.h, kaisho_record). */
export const KIF_CSA_GAMES: readonly GameId[] = ["shogi", "annan"];

/** What the engine wrote of a practice game as it stands: the moves' notations, its records. */
export interface PracticeExtras {
  /** The moves played and the resigned seat they were written for. */
  moves: number;
  resigned: number | null;
  /** The moves in the readable notations (Shogi and Annan), as the server's `notation`. */
  notation?: Partial<Record<NotationStyle, string[]>>;
  /** The record files (as a stored game's `exports`): text, and KIF and CSA for Shogi and Annan. */
  records: Partial<Record<RecordFormat, string>>;
}

/** The practice table's GroupState, with the game's records to save. */
export type PracticeGroupState = GroupState & {
  practice_records?: { number: number; files: Partial<Record<RecordFormat, string>> };
  /** The game's own id (the one My games knows it by once sent: practiceOutbox.ts). */
  practice_id?: string;
};

/** The id of the practice game a group state shows, or null. */
export function practiceIdOf(g: GroupState): string | null {
  return (g as PracticeGroupState).practice_id ?? null;
}

/** The records of the practice game a group state shows (to save), or null. */
export function practiceRecord(
  g: GroupState,
): { number: number; files: Partial<Record<RecordFormat, string>> } | null {
  return (g as PracticeGroupState).practice_records ?? null;
}

/** The engine's result line ("win sente", "draw", "places south=1,...") as the protocol's. */
export function resultOf(game: GameId, snap: EngineSnapshot): GameResult | undefined {
  if (!snap.result) return undefined;
  const seats = SEAT_NAMES[game];
  const reason = snap.reason ?? "";
  const [kind, rest = ""] = snap.result.split(" ");
  if (kind === "win")
    return { kind: "win", winner: seats.indexOf(rest), reason, rating_changes: [] };
  if (kind === "places") {
    const places = seats.map(() => 0);
    for (const pair of rest.split(",")) {
      const [seat, place] = pair.split("=");
      const i = seats.indexOf(seat ?? "");
      if (i >= 0) places[i] = Number(place);
    }
    return { kind: "placement", places, reason, rating_changes: [] };
  }
  return { kind: "draw", reason, rating_changes: [] };
}

/** A practice game's result: a resignation's (the other seat wins), or the engine's. */
export function practiceResult(
  game: GameId,
  resigned: number | null,
  snap: EngineSnapshot,
): GameResult | undefined {
  if (resigned !== null)
    return {
      kind: "win",
      winner: resigned === 0 ? 1 : 0,
      reason: "resignation",
      rating_changes: [],
    };
  return resultOf(game, snap);
}

/** The record files of a practice game as the engine holds it: text, and KIF and CSA for Shogi
 * and Annan (engine_api.h, kaisho_record), with the players' names and how it ended. */
export async function practiceFiles(
  client: EngineClient,
  handle: number,
  game: GameId,
  info: { names: string[]; reason?: string },
): Promise<Partial<Record<RecordFormat, string>>> {
  const formats: RecordFormat[] = KIF_CSA_GAMES.includes(game) ? ["text", "kif", "csa"] : ["text"];
  const files: Partial<Record<RecordFormat, string>> = {};
  for (const format of formats) files[format] = await client.record(handle, format, info);
  return files;
}

/** Who is at the table: the person (their identity with the server when there is one). */
export interface PracticePerson {
  id: string;
  name: string;
  default_name?: boolean;
}

/**
 * The person of the page as a practice game's player: the one the server greeted, else the one
 * it greeted last on this device (kept in `kaisho.person`: a page with no network), else nobody
 * known yet — a default name all the same, which the page writes "Guest" in its language
 * (ui/names.ts), never a blank.
 */
export function practicePerson(store: Store, storage?: KeyValue): PracticePerson {
  const p = store.state.person ?? (storage ? storedPerson(storage) : null);
  return p
    ? { id: p.id, name: p.name, ...(p.default_name ? { default_name: true } : {}) }
    : { id: "you", name: "", default_name: true };
}

/** The person the server greeted last on this device (KEYS.person), or null. */
export function storedPerson(storage: KeyValue): PracticePerson | null {
  try {
    const p = JSON.parse(storage.get(KEYS.person) ?? "null") as Partial<PracticePerson> | null;
    if (!p || typeof p.id !== "string" || typeof p.name !== "string" || !p.id) return null;
    return { id: p.id, name: p.name, ...(p.default_name === true ? { default_name: true } : {}) };
  } catch {
    return null;
  }
}

/**
 * The practice table as the server would describe it: the person in their seat, the CPU in
 * the others, unrated (no ratings, no rating changes), no turn timer.
 */
export function practiceGroup(
  game: GameId,
  p: SavedPractice,
  snap: EngineSnapshot | null,
  version: number,
  person: PracticePerson,
  extras: PracticeExtras | null = null,
): PracticeGroupState {
  const seatNames = SEAT_NAMES[game];
  const side = p.setup.side;
  const seats: SeatInfo[] = seatNames.map((_, seat) =>
    seat === side
      ? {
          seat,
          kind: "person",
          person: person.id,
          name: person.name,
          ...(person.default_name ? { default_name: true } : {}),
          present: true,
          away: false,
          cpu_playing: false,
        }
      : {
          seat,
          kind: "cpu",
          name: "CPU",
          cpu_level: p.setup.level,
          present: true,
          away: false,
          cpu_playing: false,
        },
  );
  const board =
    game === "musashi"
      ? musashiBoard(p.setup.options["board"] === "25" ? 25 : 33)
      : { kind: "grid" as const, columns: 9, rows: 9, points: [] };
  let info: GameInfo | undefined;
  let status: "idle" | "playing" | "finished" = "idle";
  // What the engine wrote, when it was written for these moves (and this resignation).
  const written = extras && extras.moves === p.moves.length ? extras : null;
  const records =
    written && written.resigned === p.resigned && p.moves.length > 0 ? written.records : null;
  if (p.status !== "idle" && snap) {
    const result = practiceResult(game, p.resigned, snap);
    status = result ? "finished" : "playing";
    info = {
      id: p.number,
      number: p.number,
      position: snap.position,
      start: "startpos",
      moves: [...p.moves],
      to_move: result || snap.toMove === null ? -1 : seatNames.indexOf(snap.toMove),
      legal_moves: result ? [] : snap.legalMoves,
      last_move: p.moves[p.moves.length - 1] ?? null,
      // As the server's: the seats in check, the mated one too once the game is over.
      in_check: snap.inCheck.map((s) => seatNames.indexOf(s)).filter((s) => s >= 0),
      out: snap.out.map((s) => seatNames.indexOf(s)).filter((s) => s >= 0),
      ...(result ? { result } : {}),
      ...(written?.notation ? { notation: written.notation } : {}),
    };
  }
  return {
    id: `${LOCAL_TABLE_PREFIX}${game}`,
    version,
    game,
    settings: {
      options: { ...p.setup.options },
      timer: 0,
      cpu_level: p.setup.level,
    },
    option_schema: practiceSchema(game),
    members: [
      { id: person.id, name: person.name, present: true, default_name: person.default_name },
    ],
    you: person.id,
    table: {
      status,
      seat_names: [...seatNames],
      seats,
      your_seats: [side],
      board,
      ...(info ? { game: info } : {}),
    },
    ...(info && records ? { practice_records: { number: p.number, files: records } } : {}),
    ...(info && p.id ? { practice_id: p.id } : {}),
  };
}

/** "illegal_move move=2h2c reason=cannot_reach" → the code and its parameters. */
export function parseErrorCode(text: string): { code: string; params: Record<string, string> } {
  const [code = "", ...rest] = text.split(" ").filter(Boolean);
  const params: Record<string, string> = {};
  for (const word of rest) {
    const eq = word.indexOf("=");
    if (eq > 0) params[word.slice(0, eq)] = word.slice(eq + 1);
  }
  return { code, params };
}

export interface LocalSessionDeps {
  store: Store;
  storage: KeyValue;
  i18n: () => I18n;
  /** The engine, started when a practice game first needs it (a Web Worker in the page). */
  engine: () => EngineClient;
  /** Each table state the session put in the store, after the one it replaced. */
  tableChanged: (prev: GroupState | null, next: GroupState) => void;
  /** A CPU move's limits at a level (default: the level within the server's time, CPU_MS). */
  cpuLimits?: (level: number, plies: number) => ThinkLimits;
  /** A practice game ended (by the rules or resigned): it may go to My games. */
  finished?: (game: PracticeSubmission) => void;
}

export class LocalSession implements TableSession {
  private game: GameId | null = null;
  private saved: SavedPractice | null = null;
  private snapshot: EngineSnapshot | null = null;
  /** The notations and records of the game as it stands (written after each change). */
  private extras: PracticeExtras | null = null;
  private handle: number | null = null;
  private engine: EngineClient | null = null;
  private version = 0;
  /** Bumped by every change of game: a late answer for an older one is dropped. */
  private generation = 0;
  /** The work under way (restoring, a move, the CPU thinking), for tests to wait on. */
  private work: Promise<void> = Promise.resolve();
  /** The person's move is with the engine (a second one waits for its answer). */
  private moving = false;

  constructor(private readonly deps: LocalSessionDeps) {}

  /** The practice table of `game` is shown (#/practice/GAME): its kept game goes on. */
  open(game: GameId): void {
    if (this.game === game && this.isShown()) return;
    this.generation += 1;
    this.game = game;
    this.saved = readPractice(this.deps.storage, game) ?? newPractice(game);
    this.snapshot = null;
    this.extras = null;
    this.dropHandle();
    if (this.saved.status === "idle") {
      this.publish();
      return;
    }
    const gen = this.generation;
    this.run(async () => {
      const saved = this.saved!;
      const position = saved.moves.length ? `startpos moves ${saved.moves.join(" ")}` : "";
      let answer;
      try {
        answer = await this.client().newGame(game, this.engineOptions(), position);
      } catch (e) {
        if (gen !== this.generation) return;
        // Kept moves the engine refuses (another version of the rules): a fresh setup.
        if ((e as EngineError).code) {
          this.saved = { ...newPractice(game), setup: saved.setup, number: saved.number };
          this.save();
          this.publish();
        } else this.failed(e);
        return;
      }
      if (!this.adopt(answer, gen)) return;
      await this.describe(gen);
      if (gen !== this.generation) return;
      this.publish();
      await this.cpuMoves(gen);
    });
  }

  /**
   * The engine's new game becomes the table's, unless the table has moved on since it was
   * asked for (generation `gen`): then the engine forgets it, and false is returned.
   */
  private adopt(answer: { handle: number; snapshot: EngineSnapshot }, gen: number): boolean {
    if (gen !== this.generation) {
      void this.client()
        .deleteGame(answer.handle)
        .catch(() => {});
      return false;
    }
    this.handle = answer.handle;
    this.snapshot = answer.snapshot;
    return true;
  }

  /**
   * The practice table is no longer shown: the store forgets it (the device keeps it), and the
   * engine's game and client are let go (the page's engine worker is shared and stops once
   * nobody uses it: engine/client.ts); opening the table again replays the kept moves.
   */
  close(): void {
    this.generation += 1;
    const { store } = this.deps;
    if (this.isShown()) store.update({ group: null, pending: null, awayNote: null });
    this.game = null;
    this.dropHandle();
    // Once the work under way has seen that the table is gone (a search runs to its limits),
    // unless the table was opened again meanwhile.
    const gen = this.generation;
    this.run(async () => {
      if (gen !== this.generation) return;
      this.engine?.close();
      this.engine = null;
    });
  }

  /** Resolves when the work under way is done (tests). */
  idle(): Promise<void> {
    return this.work;
  }

  /**
   * The person changed (the server greeted the page, or they chose a name): the table shown
   * says who plays with their name (a table restored before the greeting had only a default).
   */
  personChanged(): void {
    if (!this.isShown()) return;
    const seat = this.deps.store.state.group?.table.seats.find((s) => s.kind === "person");
    const p = this.person();
    if (seat && seat.person === p.id && seat.name === p.name) return;
    this.publish();
  }

  // ---- the table ------------------------------------------------------------------------

  move(text: string): void {
    const g = this.shownGroup();
    if (!g || this.deps.store.state.pending || this.moving || this.handle === null) return;
    const game = g.table.game;
    if (g.table.status !== "playing" || !game || !g.table.your_seats.includes(game.to_move)) return;
    this.deps.store.update({
      pending: { move: text, version: g.version, sentAt: Date.now() },
      notice: null,
    });
    const gen = this.generation;
    const handle = this.handle;
    this.moving = true;
    this.run(async () => {
      let snap: EngineSnapshot;
      try {
        snap = await this.client().play(handle, text);
      } catch (e) {
        this.moving = false;
        if (gen !== this.generation) return;
        const { code, params } = parseErrorCode((e as EngineError).code ?? "");
        this.deps.store.update({
          pending: null,
          notice: code
            ? makeNotice("error", errorText(code, params, this.deps.i18n()), code)
            : null,
        });
        if (!code) this.failed(e);
        return;
      }
      this.moving = false;
      if (gen !== this.generation) return;
      if (await this.played(gen, text, snap)) await this.cpuMoves(gen);
    });
  }

  resign(): void {
    const g = this.shownGroup();
    const saved = this.saved;
    if (!g || !saved || g.table.status !== "playing" || g.game === "yonin") return;
    this.generation += 1; // the CPU's search under way is not played
    saved.resigned = saved.setup.side;
    saved.status = "finished";
    this.save();
    this.submit();
    this.deps.store.update({ pending: null });
    this.publish();
    // The records again, now ending with the resignation. They are written from the kept moves:
    // the engine's game may also hold the CPU's move played as the person resigned.
    const gen = this.generation;
    const game = this.game!;
    const position = saved.moves.length ? `startpos moves ${saved.moves.join(" ")}` : "";
    this.run(async () => {
      if (gen !== this.generation) return;
      const client = this.client();
      const { handle } = await client.newGame(game, this.engineOptions(), position);
      try {
        await this.describe(gen, handle);
      } finally {
        void client.deleteGame(handle).catch(() => {});
      }
      if (gen === this.generation) this.publish();
    });
  }

  /** A new game with the setup shown (also during a game: that one is given up). */
  start(): void {
    const game = this.game;
    const saved = this.saved;
    if (!game || !saved || !this.isShown()) return;
    this.generation += 1;
    const gen = this.generation;
    this.dropHandle();
    this.saved = {
      setup: saved.setup,
      number: saved.number + 1,
      status: "playing",
      moves: [],
      resigned: null,
      id: newPracticeId(),
      startedAt: Date.now(),
    };
    this.snapshot = null;
    this.extras = null;
    this.save();
    this.deps.store.update({ pending: null, notice: null });
    this.run(async () => {
      let answer;
      try {
        answer = await this.client().newGame(game, this.engineOptions(), "");
      } catch (e) {
        if (gen !== this.generation) return;
        this.saved = { ...this.saved!, status: "idle" };
        this.save();
        this.publish();
        this.failed(e);
        return;
      }
      if (!this.adopt(answer, gen)) return;
      this.extras = null;
      this.publish();
      await this.cpuMoves(gen);
    });
  }

  /** Between games: the CPU's level and the local rules (the game is the route's). */
  settings(change: SettingsChange): void {
    const saved = this.saved;
    if (!saved || !this.isShown() || saved.status === "playing") return;
    if (change.cpu_level !== undefined)
      saved.setup.level = Math.min(8, Math.max(1, Math.round(change.cpu_level)));
    if (change.options) {
      const schema = practiceSchema(this.game!);
      for (const [k, v] of Object.entries(change.options))
        if (schema.some((o) => o.key === k && o.choices.includes(v))) saved.setup.options[k] = v;
    }
    this.save();
    this.publish();
  }

  /** Between games: the person's side. */
  seat(seat: number | null): void {
    const saved = this.saved;
    if (!saved || !this.isShown() || saved.status === "playing" || seat === null) return;
    if (seat < 0 || seat >= SEAT_NAMES[this.game!].length) return;
    saved.setup.side = seat;
    this.save();
    this.publish();
  }

  /** Back to the setup: the game shown (if any) is given up. */
  leave(): void {
    const saved = this.saved;
    if (!saved || !this.isShown()) return;
    this.generation += 1;
    this.dropHandle();
    this.saved = { ...saved, status: "idle", moves: [], resigned: null };
    this.snapshot = null;
    this.save();
    this.deps.store.update({ pending: null });
    this.publish();
  }

  removeMember(): void {}

  // ---- inside ---------------------------------------------------------------------------

  private client(): EngineClient {
    this.engine ??= this.deps.engine();
    return this.engine;
  }

  private run(fn: () => Promise<void>): void {
    this.work = this.work.then(fn, fn).catch((e: unknown) => this.failed(e));
  }

  /** The engine's options: the practice setup's local rules. */
  private engineOptions(): Record<string, string> {
    return { ...this.saved!.setup.options };
  }

  private dropHandle(): void {
    if (this.handle !== null && this.engine) {
      const h = this.handle;
      void this.engine.deleteGame(h).catch(() => {});
    }
    this.handle = null;
  }

  /**
   * A move was played: it is kept, then the table after it is shown with its notation and
   * records. False when another change came meanwhile (that one shows the table).
   */
  private async played(gen: number, move: string, snap: EngineSnapshot): Promise<boolean> {
    const saved = this.saved!;
    saved.moves.push(move);
    this.snapshot = snap;
    if (snap.result) saved.status = "finished";
    this.save();
    if (snap.result) this.submit();
    await this.describe(gen);
    if (gen !== this.generation) return false;
    this.publish();
    return true;
  }

  /** The CPU plays while a CPU seat is to move (Yonin: up to three in a row). */
  private async cpuMoves(gen: number): Promise<void> {
    for (;;) {
      const saved = this.saved;
      const snap = this.snapshot;
      if (gen !== this.generation || !saved || !snap || this.handle === null) return;
      if (saved.status !== "playing" || snap.toMove === null) return;
      const seat = SEAT_NAMES[this.game!].indexOf(snap.toMove);
      if (seat === saved.setup.side) return;
      const limits = this.deps.cpuLimits?.(saved.setup.level, saved.moves.length) ?? {
        level: saved.setup.level,
        time: CPU_MS,
        seed: saved.moves.length,
      };
      const handle = this.handle;
      const answer = await this.client().think(handle, limits);
      if (gen !== this.generation) return;
      if (!answer.bestmove) return;
      const next = await this.client().play(handle, answer.bestmove);
      if (gen !== this.generation) return;
      if (!(await this.played(gen, answer.bestmove, next))) return;
    }
  }

  /**
   * Asks the engine for the notations and the records of the game as it stands (the kept moves,
   * the resignation), as the server writes them for its games. A failure leaves them out (the
   * move list shows move text, nothing to save) and the game goes on.
   */
  private async describe(gen: number, handle = this.handle): Promise<void> {
    const game = this.game;
    const saved = this.saved;
    if (!game || !saved || handle === null) return;
    const moves = saved.moves.length;
    const resigned = saved.resigned;
    const client = this.client();
    try {
      const extras: PracticeExtras = { moves, resigned, records: {} };
      const japanese = await client.notation(handle, "japanese");
      const western = await client.notation(handle, "western");
      if (moves > 0 && japanese.length === moves && western.length === moves)
        extras.notation = { japanese, western };
      const seats = SEAT_NAMES[game].map((_, seat) =>
        seat === saved.setup.side ? this.person().name : "CPU",
      );
      const reason = resigned !== null ? "resignation" : undefined;
      extras.records = await practiceFiles(client, handle, game, { names: seats, reason });
      if (gen === this.generation) this.extras = extras;
    } catch (e) {
      if (gen === this.generation) this.extras = null;
      console.error("practice engine: the record:", e);
    }
  }

  /** The game that just ended goes to the outbox of My games (practiceOutbox.ts). */
  private submit(): void {
    const game = this.game;
    const saved = this.saved;
    if (!game || !saved?.id || saved.status !== "finished") return;
    this.deps.finished?.({
      id: saved.id,
      game,
      options: { ...saved.setup.options },
      side: saved.setup.side,
      level: saved.setup.level,
      moves: [...saved.moves],
      ...(saved.resigned !== null ? { resigned: saved.resigned } : {}),
      started_ms: saved.startedAt ?? Date.now(),
      ended_ms: Date.now(),
    });
  }

  private failed(e: unknown): void {
    console.error("practice engine:", e);
    this.deps.store.update({
      pending: null,
      notice: makeNotice("error", this.deps.i18n().t("practice.engineFailed"), "engine"),
    });
  }

  private save(): void {
    if (this.game && this.saved) writePractice(this.deps.storage, this.game, this.saved);
  }

  private person(): PracticePerson {
    return practicePerson(this.deps.store, this.deps.storage);
  }

  /** Puts the table as it is now in the store, and tells the news of it. */
  private publish(): void {
    const game = this.game;
    const saved = this.saved;
    if (!game || !saved) return;
    // A kept game whose position is not known yet (the engine loading) is not drawn.
    if (saved.status !== "idle" && !this.snapshot) return;
    this.version += 1;
    const { store } = this.deps;
    const prev = this.isShown() ? store.state.group : null;
    const next = practiceGroup(
      game,
      saved,
      this.snapshot,
      this.version,
      this.person(),
      this.extras,
    );
    store.receiveGroup(next, undefined, performance.now());
    this.deps.tableChanged(prev, next);
  }

  private isShown(): boolean {
    return this.game !== null && this.deps.store.state.group?.id === LOCAL_TABLE_PREFIX + this.game;
  }

  private shownGroup(): GroupState | null {
    return this.isShown() ? this.deps.store.state.group : null;
  }
}

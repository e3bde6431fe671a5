// The Kaisho protocol, version 1 (docs/protocol.md): message types and builders.
// Everything the client sends is built here, so the wire format lives in one place.

export const PROTOCOL_VERSION = 1;

export type GameId = "shogi" | "annan" | "hasami" | "musashi" | "yonin";
export const GAME_IDS: readonly GameId[] = ["shogi", "annan", "hasami", "musashi", "yonin"];

export function isGameId(s: unknown): s is GameId {
  return typeof s === "string" && (GAME_IDS as readonly string[]).includes(s);
}

/** Option values are always strings, one of the schema's `choices` ("true", "150"). */
export type OptionValue = string;

export interface OptionSpec {
  key: string;
  kind: string; // "boolean" | "choice" | "number"
  choices: OptionValue[];
  default: OptionValue;
  meaning: string;
}

export interface Member {
  id: string;
  name: string;
  present: boolean;
  /** The name was given by the site ("Guest 4f2a"): the client writes it in its language. */
  default_name?: boolean;
}

/** A rating in the group's game; provisional while the deviation is high (a new player). */
export interface RatingInfo {
  value: number;
  deviation: number;
  games: number;
  provisional: boolean;
}

export interface SeatInfo {
  seat: number;
  kind: "person" | "cpu";
  person?: string;
  name: string;
  default_name?: boolean;
  /** Of a CPU seat. */
  cpu_level?: number;
  present: boolean;
  away: boolean;
  cpu_playing: boolean;
  /** Before a game: filled by the automatic line-up (not chosen); another member may take it. */
  planned?: boolean;
  /** The seat's person left the group (during or after the game): the CPU plays the seat. */
  left?: boolean;
  rating?: RatingInfo;
}

export interface BoardPointInfo {
  name: string;
  x: number;
  y: number;
}

export interface BoardInfo {
  kind: "grid" | "graph";
  columns?: number;
  rows?: number;
  points: BoardPointInfo[];
  lines?: [number, number][];
}

export interface RatingChange {
  person: string;
  seat: number;
  before: number;
  after: number;
  deviation_before?: number;
  deviation_after?: number;
  /** The score the ratings expected (0..1) and the score made, averaged over opponents. */
  expected?: number;
  score?: number;
  /** The rating was provisional before the game, and still is after it. */
  provisional_before?: boolean;
  provisional?: boolean;
  /**
   * Ratings measure a person's own play: "left" (left the group during the game), "away" (not
   * at the table when it ended) or "cpu_moves" (the CPU made over a third of their moves); the
   * game then counts only if it lowers the rating (`counted` false: after equals before).
   */
  rule?: "" | "left" | "away" | "cpu_moves";
  counted?: boolean;
}

export interface GameResult {
  kind: "win" | "draw" | "placement";
  winner?: number;
  places?: number[];
  reason: string;
  rating_changes: RatingChange[];
}

export interface Clock {
  limit: number;
  remaining_ms?: number; // absent when the table has no turn timer
}

export interface GameInfo {
  /** The game's record (`record` game_id). */
  id: number;
  number: number;
  position: string;
  start: string;
  moves: string[];
  to_move: number;
  legal_moves: string[];
  last_move: string | null;
  in_check: number[];
  out: number[];
  clock?: Clock;
  result?: GameResult;
  /** Moves the CPU made for a person: their time ran out, or they were away. */
  stand_ins?: StandIn[];
  /** The moves in readable notations (Shogi and Annan), by style. */
  notation?: Partial<Record<NotationStyle, string[]>>;
}

export interface StandIn {
  ply: number;
  seat: number;
  reason: "timeout" | "away";
}

export type NotationStyle = "japanese" | "western";

/** A stored game's player by seat: a person (with their id) or a CPU level. */
export type PlayerRef =
  { kind: "person"; person: string; default_name?: boolean } | { kind: "cpu"; level: number };

export interface TableInfo {
  status: "idle" | "playing" | "finished";
  seat_names: string[];
  seats: SeatInfo[];
  your_seats: number[];
  /** Between games, the people the next game would seat: only they may change or start it. */
  next_players?: string[];
  board: BoardInfo;
  game?: GameInfo;
}

export interface GroupSettings {
  options: Record<string, OptionValue>;
  timer: 0 | 30 | 60;
  cpu_level: number;
}

export interface GroupState {
  id: string;
  version: number;
  game: GameId;
  settings: GroupSettings;
  option_schema: OptionSpec[];
  members: Member[];
  you: string;
  table: TableInfo;
}

export interface MissedEvent {
  version: number;
  kind: string;
  detail: unknown;
}

/** One finished game in a person's `history` (newest first). */
export interface HistoryGame {
  game_id: number;
  game: GameId;
  group: string;
  /** A practice game against the CPU that the device sent: unrated. */
  practice?: boolean;
  /** Player names by seat. */
  players: string[];
  /** Who played each seat (absent from older servers). */
  seats?: PlayerRef[];
  result: GameResult;
  started_ms: number;
  ended_ms: number;
}

/** A finished practice game as the server takes it (`practice_game`, less type and rid). */
export interface PracticeSubmission {
  /** The device's name for it (8–64 letters, digits, - or _): sent twice, stored once. */
  id: string;
  game: GameId;
  options: Record<string, string>;
  side: number;
  level: number;
  moves: string[];
  /** The person's seat when they resigned; absent when the rules ended the game. */
  resigned?: number;
  started_ms: number;
  ended_ms: number;
}

/** One game's record (`record`): `positions[i]` is the position text after i moves. */
export interface GameRecord {
  game_id: number;
  game: GameId;
  practice?: boolean;
  players: string[];
  seats?: PlayerRef[];
  start: string;
  moves: string[];
  notation?: Partial<Record<NotationStyle, string[]>>;
  positions: string[];
  result: GameResult | null;
  options: Record<string, OptionValue>;
  exports: { text: string; kif?: string; csa?: string };
}

export type ServerMessage =
  | {
      type: "welcome";
      protocol: number;
      token: string;
      person: { id: string; name: string; default_name?: boolean };
    }
  | { type: "group"; group: GroupState; missed?: MissedEvent[] }
  | {
      /** What changed since version `base` (JSON Patch operations; net/patch.ts). */
      type: "group_patch";
      group: string;
      base: number;
      version: number;
      ops: unknown[];
      your_seats: number[];
    }
  | {
      type: "error";
      rid?: string;
      code: string;
      /** English, for logs; never shown (the client writes the error from code and params). */
      message: string;
      params?: Record<string, string>;
    }
  | { type: "history"; rid?: string; games: HistoryGame[] }
  | ({ type: "record"; rid?: string } & GameRecord)
  | { type: "practice_stored"; id: string; game_id: number };

export type ErrorCode =
  | "bad_json"
  | "bad_message"
  | "unknown_type"
  | "not_hello"
  | "no_such_group"
  | "not_member"
  | "bad_settings"
  | "game_in_progress"
  | "no_game"
  | "not_your_turn"
  | "not_your_seat"
  | "illegal_move"
  | "stale_version"
  | "seat_taken"
  | "no_resignation"
  | "rate_limited"
  | "too_large"
  | "not_finished";

export type ClientMessage =
  | { type: "hello"; token?: string; name?: string; patches?: boolean; rid?: string }
  | { type: "set_name"; name: string; rid?: string }
  | { type: "create_group"; game: GameId; rid?: string }
  | { type: "join_group"; group: string; rid?: string }
  | { type: "leave_group"; group: string; rid?: string }
  | {
      type: "settings";
      group: string;
      game?: GameId;
      options?: Record<string, OptionValue>;
      timer?: 0 | 30 | 60;
      cpu_level?: number;
      rid?: string;
    }
  | { type: "seat"; group: string; seat: number | null; rid?: string }
  | { type: "start"; group: string; rid?: string }
  | { type: "move"; group: string; move: string; version: number; rid?: string }
  | { type: "resign"; group: string; rid?: string }
  | { type: "sync"; group: string; version: number; rid?: string }
  | { type: "history"; rid?: string }
  | { type: "record"; game_id: number; rid?: string }
  | { type: "remove_member"; group: string; person: string; rid?: string }
  | { type: "ping"; rid?: string }
  | ({ type: "practice_game"; rid?: string } & PracticeSubmission);

// ---- builders ---------------------------------------------------------------------------

export const msg = {
  hello(token: string | null, name?: string): ClientMessage {
    // This client applies group_patch: a move costs bytes, not the whole state.
    const m: { type: "hello"; token?: string; name?: string; patches: boolean } = {
      type: "hello",
      patches: true,
    };
    if (token) m.token = token;
    if (name) m.name = name;
    return m;
  },
  setName(name: string, rid?: string): ClientMessage {
    return rid
      ? { type: "set_name", name: name.trim(), rid }
      : { type: "set_name", name: name.trim() };
  },
  createGroup(game: GameId, rid?: string): ClientMessage {
    return rid ? { type: "create_group", game, rid } : { type: "create_group", game };
  },
  joinGroup(group: string): ClientMessage {
    return { type: "join_group", group };
  },
  leaveGroup(group: string): ClientMessage {
    return { type: "leave_group", group };
  },
  removeMember(group: string, person: string): ClientMessage {
    return { type: "remove_member", group, person };
  },
  settings(
    group: string,
    change: {
      game?: GameId;
      options?: Record<string, OptionValue>;
      timer?: 0 | 30 | 60;
      cpu_level?: number;
    },
  ): ClientMessage {
    const m: ClientMessage = { type: "settings", group };
    if (change.game !== undefined) m.game = change.game;
    if (change.options !== undefined) m.options = change.options;
    if (change.timer !== undefined) m.timer = change.timer;
    if (change.cpu_level !== undefined) {
      m.cpu_level = Math.min(8, Math.max(1, Math.round(change.cpu_level)));
    }
    return m;
  },
  seat(group: string, seat: number | null): ClientMessage {
    return { type: "seat", group, seat };
  },
  start(group: string, rid?: string): ClientMessage {
    return rid ? { type: "start", group, rid } : { type: "start", group };
  },
  move(group: string, move: string, version: number, rid?: string): ClientMessage {
    return rid
      ? { type: "move", group, move, version, rid }
      : { type: "move", group, move, version };
  },
  resign(group: string): ClientMessage {
    return { type: "resign", group };
  },
  sync(group: string, version: number): ClientMessage {
    return { type: "sync", group, version };
  },
  history(rid?: string): ClientMessage {
    return rid ? { type: "history", rid } : { type: "history" };
  },
  /** The server's game ids are integers. */
  record(gameId: number, rid?: string): ClientMessage {
    return rid ? { type: "record", game_id: gameId, rid } : { type: "record", game_id: gameId };
  },
};

/** Parses one text frame; null when it is not a message this client understands. */
export function parseServerMessage(data: string): ServerMessage | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null) return null;
  const type = (v as { type?: unknown }).type;
  if (typeof type !== "string") return null;
  switch (type) {
    case "welcome":
    case "error":
      return v as ServerMessage;
    case "history": {
      const games = (v as { games?: unknown }).games;
      if (!Array.isArray(games)) return null;
      // Keep the entries this client can show; ignore games it does not know.
      const ok = games.filter(
        (e: unknown): e is HistoryGame =>
          typeof e === "object" &&
          e !== null &&
          typeof (e as HistoryGame).game_id === "number" &&
          isGameId((e as HistoryGame).game) &&
          Array.isArray((e as HistoryGame).players),
      );
      return { ...(v as object), type: "history", games: ok } as ServerMessage;
    }
    case "record": {
      const r = v as Partial<GameRecord>;
      if (
        typeof r.game_id !== "number" ||
        !isGameId(r.game) ||
        !Array.isArray(r.moves) ||
        !Array.isArray(r.positions) ||
        r.positions.length !== r.moves.length + 1 ||
        typeof r.exports !== "object" ||
        r.exports === null
      )
        return null;
      return {
        ...r,
        players: Array.isArray(r.players) ? r.players : [],
        options: r.options ?? {},
        result: r.result ?? null,
      } as ServerMessage;
    }
    case "practice_stored": {
      const p = v as { id?: unknown; game_id?: unknown };
      if (typeof p.id !== "string" || typeof p.game_id !== "number") return null;
      return { type: "practice_stored", id: p.id, game_id: p.game_id };
    }
    case "group": {
      const g = (v as { group?: unknown }).group;
      if (typeof g !== "object" || g === null) return null;
      return v as ServerMessage;
    }
    case "group_patch": {
      const p = v as {
        group?: unknown;
        base?: unknown;
        version?: unknown;
        ops?: unknown;
        your_seats?: unknown;
      };
      if (
        typeof p.group !== "string" ||
        typeof p.base !== "number" ||
        typeof p.version !== "number" ||
        !Array.isArray(p.ops) ||
        !Array.isArray(p.your_seats)
      )
        return null;
      return v as ServerMessage;
    }
    default:
      return null;
  }
}

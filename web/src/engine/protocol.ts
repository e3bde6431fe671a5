// What the page asks of the engine's Web Worker (worker.ts) and what it answers: plain data,
// so that it crosses postMessage. The same requests are served in the page's thread by
// `serveRequest` for the unit tests in Node (a worker there would test nothing more).
import type { KaishoEngine, KaishoGame } from "@kaisho/engine-loader";

/** One game as the module reports it after each change (engine_api.h, `kaisho play`). */
export interface EngineSnapshot {
  /** The position text. */
  position: string;
  /** The seat to move by name ("sente", "south"...), null once the game is over. */
  toMove: string | null;
  /** Seats knocked out (four-player games), by name. */
  out: string[];
  /** Seats in check, by name (the server's `in_check`; a mated seat stays in check at the end). */
  inCheck: string[];
  /** "win SEAT", "draw" or "places SEAT=N,..." once the game has ended, else null. */
  result: string | null;
  /** Why it ended ("checkmate", "move_limit"...), else null. */
  reason: string | null;
  /** The legal moves of the seat to move, sorted ([] once over). */
  legalMoves: string[];
}

/** A CPU move's limits (engine_api.h): level 1-8 (0: full strength), nodes, time (ms), seed. */
export interface ThinkLimits {
  level?: number;
  nodes?: number;
  depth?: number;
  time?: number;
  seed?: number;
}

/** An evaluation's limits: nodes, depth, time (ms); full strength, no noise. */
export type EvaluateLimits = Pick<ThinkLimits, "nodes" | "depth" | "time">;

/** The engine's judgement of a position from the view of the seat to move (engine_api.h). */
export interface Evaluation {
  /** The score in the game's own unit (about 100 a pawn or a captured piece). */
  score: number;
  /** > 0: the seat to move mates in that many moves; < 0: it is mated; 0: no mate found. */
  mate: number;
  /** The line the search prefers, its first move the CPU's choice. */
  pv: string[];
  depth: number;
  nodes: number;
}

export interface ThinkAnswer {
  bestmove: string | null;
  /** The last iteration's search report, or null. */
  info: { depth: number; score: number; nodes: number; time: number } | null;
}

/** A readable notation of the Shogi family's moves (engine_api.h, kaisho_notation). */
export type NotationStyleName = "japanese" | "western";

/** A record file's format (engine_api.h, kaisho_record): "kif" and "csa" for Shogi and Annan. */
export type RecordFormat = "text" | "kif" | "csa";

/** Who played (by seat) and why the game ended when its rules did not end it ("resignation"). */
export interface RecordInfo {
  names?: string[];
  reason?: string;
}

export type EngineRequest =
  | { op: "newGame"; game: string; options: Record<string, string>; position: string }
  | { op: "legalMoves"; handle: number }
  | { op: "play"; handle: number; move: string }
  | { op: "state"; handle: number }
  | { op: "think"; handle: number; limits: ThinkLimits }
  | { op: "evaluate"; handle: number; limits: EvaluateLimits }
  | { op: "notation"; handle: number; style: NotationStyleName }
  | { op: "record"; handle: number; format: RecordFormat; info: RecordInfo }
  | { op: "delete"; handle: number };

/** What each request answers. */
export interface EngineAnswers {
  newGame: { handle: number; snapshot: EngineSnapshot };
  legalMoves: string[];
  play: EngineSnapshot;
  state: EngineSnapshot;
  think: ThinkAnswer;
  /** null once the game is over. */
  evaluate: Evaluation | null;
  /** The moves played in that notation, one per move ([] for games with none). */
  notation: string[];
  /** The record file's whole text, as the server exports it. */
  record: string;
  delete: null;
}

/** A refused request: the module's message and its code with parameters (may be ""). */
export interface EngineFailure {
  message: string;
  code: string;
}

/** Page → worker: a request (its id unique in the worker, whoever in the page asked). */
export interface WorkerRequest {
  id: number;
  request: EngineRequest;
}

/**
 * Page → worker: requests no longer wanted (their user closed its client). Those not yet
 * started are answered `cancelled` without being served; one under way runs to its limits.
 */
export interface WorkerCancel {
  cancel: number[];
}

export type WorkerMessage = WorkerRequest | WorkerCancel;

/** Worker → page. */
export type WorkerReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: EngineFailure };

/** The code of the answer to a request cancelled before it was served. */
export const CANCELLED = "cancelled";

/** The games a worker (or a test) holds, by handle. */
export class EngineGames {
  private readonly games = new Map<number, KaishoGame>();
  private next = 1;

  constructor(readonly engine: KaishoEngine) {}

  add(g: KaishoGame): number {
    const handle = this.next++;
    this.games.set(handle, g);
    return handle;
  }

  get(handle: number): KaishoGame {
    const g = this.games.get(handle);
    if (!g) throw Object.assign(new Error(`no game ${handle}`), { code: "no_game" });
    return g;
  }

  remove(handle: number): void {
    this.games.get(handle)?.delete();
    this.games.delete(handle);
  }
}

export function snapshotOf(g: KaishoGame): EngineSnapshot {
  const s = g.state();
  const over = s.result !== undefined;
  return {
    position: s.position,
    toMove: over ? null : (s.toMove ?? null),
    out: s.out ? s.out.split(",").filter(Boolean) : [],
    inCheck: g.inCheck(),
    result: s.result ?? null,
    reason: s.reason ?? null,
    legalMoves: over ? [] : g.legalMoves(),
  };
}

/** Serves one request (synchronously: a search runs until its limits end it). */
export function serveRequest(games: EngineGames, r: EngineRequest): unknown {
  switch (r.op) {
    case "newGame": {
      const g = games.engine.newGame(r.game, r.options, r.position || null);
      return { handle: games.add(g), snapshot: snapshotOf(g) };
    }
    case "legalMoves":
      return games.get(r.handle).legalMoves();
    case "play": {
      const g = games.get(r.handle);
      g.play(r.move);
      return snapshotOf(g);
    }
    case "state":
      return snapshotOf(games.get(r.handle));
    case "think": {
      const t = games.get(r.handle).think({ ...r.limits });
      return {
        bestmove: t.bestmove,
        info: t.info
          ? { depth: t.info.depth, score: t.info.score, nodes: t.info.nodes, time: t.info.time }
          : null,
      };
    }
    case "evaluate": {
      const e = games.get(r.handle).evaluate({ ...r.limits });
      return e ? { score: e.score, mate: e.mate, pv: e.pv, depth: e.depth, nodes: e.nodes } : null;
    }
    case "notation":
      return games.get(r.handle).notation(r.style);
    case "record":
      return games.get(r.handle).record(r.format, { names: r.info.names, reason: r.info.reason });
    case "delete":
      games.remove(r.handle);
      return null;
  }
}

/** Any thrown value as a failure that crosses postMessage. */
export function failureOf(e: unknown): EngineFailure {
  if (e instanceof Error)
    return { message: e.message, code: String((e as { code?: unknown }).code ?? "") };
  return { message: String(e), code: "" };
}

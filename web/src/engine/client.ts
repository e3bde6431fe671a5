// The page's side of the engine: a promise for each request. `workerEngine` opens a client of
// the page's one Web Worker (worker.ts, EngineHost), created by the first request (a practice
// game starting, the referee of a game shown, an analysis), so the module is fetched and
// compiled only then, and once for every user; `inPageEngine` serves the same requests in the
// caller's thread (the unit tests in Node).
import type { KaishoEngine } from "@kaisho/engine-loader";
import {
  type EngineAnswers,
  EngineGames,
  type EngineFailure,
  type EngineRequest,
  type EngineSnapshot,
  type EvaluateLimits,
  type NotationStyleName,
  type RecordFormat,
  type RecordInfo,
  type ThinkAnswer,
  type ThinkLimits,
  type WorkerMessage,
  type WorkerReply,
  type WorkerRequest,
  failureOf,
  serveRequest,
} from "./protocol";

/** A request the engine refused: its message, and its code with parameters. */
export class EngineError extends Error {
  readonly code: string;
  constructor(f: EngineFailure) {
    super(f.message);
    this.name = "EngineError";
    this.code = f.code;
  }
}

/** The engine as the page uses it. Every call rejects with an EngineError when refused. */
export interface EngineClient {
  /** A game with its local rules (`{key: value}`) from `position` ("" or "startpos [moves ...]"). */
  newGame(
    game: string,
    options: Record<string, string>,
    position?: string,
  ): Promise<EngineAnswers["newGame"]>;
  legalMoves(handle: number): Promise<string[]>;
  /** Plays a move: the game afterwards; an illegal move changes nothing. */
  play(handle: number, move: string): Promise<EngineSnapshot>;
  state(handle: number): Promise<EngineSnapshot>;
  /** The CPU's move for the seat to move (null when the game is over). */
  think(handle: number, limits: ThinkLimits): Promise<ThinkAnswer>;
  /** The position judged at full strength (null when the game is over). */
  evaluate(handle: number, limits: EvaluateLimits): Promise<EngineAnswers["evaluate"]>;
  /** The moves played in a readable notation (Shogi, Annan; [] for the other games). */
  notation(handle: number, style: NotationStyleName): Promise<string[]>;
  /** The game's record as a file (KIF and CSA: Shogi and Annan only, else it rejects). */
  record(handle: number, format: RecordFormat, info?: RecordInfo): Promise<string>;
  deleteGame(handle: number): Promise<void>;
  /**
   * This user is done: its requests on their way reject, its games are deleted, every later
   * call rejects (the shared worker goes on for others, and stops once nobody uses it).
   */
  close(): void;
}

type Send = (r: EngineRequest) => Promise<unknown>;

function clientOver(send: Send, close: () => void): EngineClient {
  return {
    newGame: (game, options, position = "") =>
      send({ op: "newGame", game, options, position }) as Promise<EngineAnswers["newGame"]>,
    legalMoves: (handle) => send({ op: "legalMoves", handle }) as Promise<string[]>,
    play: (handle, move) => send({ op: "play", handle, move }) as Promise<EngineSnapshot>,
    state: (handle) => send({ op: "state", handle }) as Promise<EngineSnapshot>,
    think: (handle, limits) => send({ op: "think", handle, limits }) as Promise<ThinkAnswer>,
    evaluate: (handle, limits) =>
      send({ op: "evaluate", handle, limits }) as Promise<EngineAnswers["evaluate"]>,
    notation: (handle, style) => send({ op: "notation", handle, style }) as Promise<string[]>,
    record: (handle, format, info = {}) =>
      send({ op: "record", handle, format, info }) as Promise<string>,
    deleteGame: (handle) => send({ op: "delete", handle }).then(() => undefined),
    close,
  };
}

/** The part of a Web Worker the engine's host uses (a stand-in in the tests). */
export interface WorkerLike {
  onmessage: ((e: { data: WorkerReply }) => void) | null;
  onerror: ((e: { message?: string; preventDefault(): void }) => void) | null;
  postMessage(m: WorkerMessage): void;
  terminate(): void;
}

/**
 * How long the worker is kept once no user holds a client: long enough that the page's next
 * user (Stop then Analyse again, a practice game then its record, a lobby then the next game)
 * finds the module compiled; then its memory is given back.
 */
export const ENGINE_IDLE_MS = 30_000;

export interface EngineHostDeps {
  /** A new engine worker (worker.ts in the page). */
  createWorker: () => WorkerLike;
  /** How long the worker is kept with no user (default ENGINE_IDLE_MS). */
  idleMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** One user of the shared worker: its client's requests on their way and the games it made. */
interface User {
  /** Why every call now rejects (closed by its user, or the worker failed). */
  closed: EngineError | null;
  requests: Set<number>;
  handles: Set<number>;
}

/** A request on its way; `user` is null once its user no longer waits for it. */
interface Waiting {
  user: User | null;
  op: EngineRequest["op"];
  ok: (v: unknown) => void;
  fail: (e: EngineError) => void;
}

const stopped = () => new EngineError({ message: "the engine was stopped", code: "" });

/**
 * The engine's Web Worker, one for the whole page: every user (the practice table, the
 * referee of a game of the hall, the analysis, a practice record) opens a client of its own on
 * it, so the module is fetched and compiled once. Request ids are the host's, so each answer
 * goes to the client that asked. The worker is created by the first request, and closed
 * `idleMs` after the last client is closed (a new client meanwhile keeps it). Closing a client
 * rejects its requests on their way, cancels those the worker has not started, and deletes the
 * games it made; a search under way for it runs to its limits (a worker cannot be interrupted
 * without losing the other users' games).
 */
export class EngineHost {
  private worker: WorkerLike | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private readonly users = new Set<User>();
  private next = 1;
  private idle: unknown = null;

  constructor(private readonly deps: EngineHostDeps) {}

  /** A client of the shared worker for one user; its close() ends only this user's share. */
  open(): EngineClient {
    this.stopIdle();
    const user: User = { closed: null, requests: new Set(), handles: new Set() };
    this.users.add(user);
    return clientOver(
      (request) => this.send(user, request),
      () => this.close(user),
    );
  }

  /** Whether the worker is running (tests). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** The clients open (tests). */
  get userCount(): number {
    return this.users.size;
  }

  private send(user: User, request: EngineRequest): Promise<unknown> {
    return new Promise((ok, fail) => {
      if (user.closed) return fail(user.closed);
      const worker = this.workerNow();
      const id = this.next++;
      user.requests.add(id);
      if (request.op === "delete") user.handles.delete(request.handle);
      this.waiting.set(id, { user, op: request.op, ok, fail });
      worker.postMessage({ id, request } satisfies WorkerRequest);
    });
  }

  private workerNow(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.deps.createWorker();
    this.worker = worker;
    worker.onmessage = (e) => {
      if (this.worker === worker) this.answer(e.data);
    };
    // The worker script itself could not be loaded or crashed: every user's games are gone.
    worker.onerror = (e) => {
      e.preventDefault();
      if (this.worker !== worker) return;
      const error = new EngineError({
        message: e.message || "the engine's worker failed",
        code: "",
      });
      this.dropWorker(error);
      for (const u of this.users) {
        u.closed ??= error;
        u.requests.clear();
        u.handles.clear();
      }
    };
    return worker;
  }

  private answer(reply: WorkerReply): void {
    const w = this.waiting.get(reply.id);
    if (!w) return;
    this.waiting.delete(reply.id);
    const user = w.user;
    const made = reply.ok && w.op === "newGame" ? (reply.value as { handle: number }).handle : null;
    if (!user) {
      // A game made for a user who has gone: forgotten at once.
      if (made !== null) this.forget(made);
      return;
    }
    user.requests.delete(reply.id);
    if (made !== null) user.handles.add(made);
    if (reply.ok) w.ok(reply.value);
    else w.fail(new EngineError(reply.error));
  }

  private close(user: User): void {
    if (!this.users.delete(user)) return;
    const error = stopped();
    const cancel: number[] = [];
    user.closed ??= error;
    for (const id of user.requests) {
      const w = this.waiting.get(id);
      if (!w) continue;
      w.user = null;
      w.fail(error);
      // A game being deleted is deleted all the same.
      if (w.op !== "delete") cancel.push(id);
    }
    user.requests.clear();
    if (this.worker) {
      if (cancel.length > 0) this.worker.postMessage({ cancel });
      for (const h of user.handles) this.forget(h);
    }
    user.handles.clear();
    if (this.users.size === 0) this.startIdle();
  }

  /** Deletes a game nobody holds (its answer is nobody's). */
  private forget(handle: number): void {
    if (!this.worker) return;
    const id = this.next++;
    this.waiting.set(id, { user: null, op: "delete", ok: () => {}, fail: () => {} });
    this.worker.postMessage({ id, request: { op: "delete", handle } });
  }

  private startIdle(): void {
    this.stopIdle();
    if (!this.worker) return;
    const set = this.deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
    this.idle = set(() => {
      this.idle = null;
      if (this.users.size === 0) this.dropWorker(stopped());
    }, this.deps.idleMs ?? ENGINE_IDLE_MS);
  }

  private stopIdle(): void {
    if (this.idle === null) return;
    const clear =
      this.deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
    clear(this.idle);
    this.idle = null;
  }

  /** Stops the worker; whatever still waits on it fails with `error`. */
  private dropWorker(error: EngineError): void {
    const worker = this.worker;
    this.worker = null;
    this.stopIdle();
    worker?.terminate();
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiting) if (w.user) w.fail(error);
  }
}

let pageHost: EngineHost | null = null;

/**
 * A client of the page's one engine worker (created by the first request, the module fetched
 * then): each user opens its own and closes it when done (EngineHost).
 */
export function workerEngine(): EngineClient {
  pageHost ??= new EngineHost({
    createWorker: () =>
      new Worker(new URL("./worker.ts", import.meta.url), {
        type: "module",
        name: "kaisho-engine",
      }) as unknown as WorkerLike,
  });
  return pageHost.open();
}

/** The page's engine worker: the clients open on it, and whether it runs (the tests' hook). */
export function workerEngineUse(): { users: number; running: boolean } {
  return { users: pageHost?.userCount ?? 0, running: pageHost?.running ?? false };
}

/** The same requests served in this thread by an already loaded module (tests, tools). */
export function inPageEngine(engine: KaishoEngine): EngineClient {
  const games = new EngineGames(engine);
  let closed = false;
  const send: Send = async (request) => {
    if (closed) throw new EngineError({ message: "the engine was stopped", code: "" });
    try {
      return serveRequest(games, request);
    } catch (e) {
      throw new EngineError(failureOf(e));
    }
  };
  return clientOver(send, () => (closed = true));
}

// The page's side of the engine: a promise for each request. `startWorkerEngine` runs the
// module in a Web Worker (worker.ts), created only when it is called (a practice game
// starting), so the module is fetched only then; `inPageEngine` serves the same requests in
// the caller's thread (the unit tests in Node).
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
  /** Stops the worker (a search under way is abandoned); every later call rejects. */
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

/** The engine in a new module Web Worker; the module is fetched by its first request. */
export function startWorkerEngine(): EngineClient {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), {
    type: "module",
    name: "kaisho-engine",
  });
  const waiting = new Map<number, { ok: (v: unknown) => void; fail: (e: EngineError) => void }>();
  let next = 1;
  let closed: EngineError | null = null;
  const failAll = (e: EngineError) => {
    closed = e;
    for (const w of waiting.values()) w.fail(e);
    waiting.clear();
  };
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if (e.data.ok) w.ok(e.data.value);
    else w.fail(new EngineError(e.data.error));
  };
  // The worker script itself could not be loaded or crashed.
  worker.onerror = (e) => {
    e.preventDefault();
    failAll(new EngineError({ message: e.message || "the engine's worker failed", code: "" }));
  };
  const send: Send = (request) =>
    new Promise((ok, fail) => {
      if (closed) return fail(closed);
      const id = next++;
      waiting.set(id, { ok, fail });
      worker.postMessage({ id, request } satisfies WorkerRequest);
    });
  return clientOver(send, () => {
    worker.terminate();
    failAll(new EngineError({ message: "the engine was stopped", code: "" }));
  });
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

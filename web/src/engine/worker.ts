// The engine's Web Worker: loads the WebAssembly module of the rules and the CPU with the
// project's loader (src/wasm/kaisho_engine.mjs) on its first request, then serves the page's
// requests one at a time (protocol.ts). A search runs here until its limits end it, so the
// page never waits on it. One worker serves every user of the engine in the page (client.ts):
// a request one of them no longer wants is skipped if it has not started.
import { loadKaishoEngine } from "@kaisho/engine-loader";
import wasmUrl from "@kaisho/engine-wasm?url";
import {
  CANCELLED,
  EngineGames,
  type WorkerMessage,
  type WorkerReply,
  failureOf,
  serveRequest,
} from "./protocol";

let games: Promise<EngineGames> | null = null;

/**
 * The module, fetched once. Its bytes are compiled (not the response streamed): a server that
 * does not send `application/wasm` would make `compileStreaming` refuse it.
 */
function engineGames(): Promise<EngineGames> {
  games ??= fetch(wasmUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`cannot load the engine: HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .then((bytes) => loadKaishoEngine(bytes))
    .then((engine) => new EngineGames(engine));
  // A failed load is tried again by the next request (the network may be back).
  games.catch(() => (games = null));
  return games;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkerMessage>) => void) | null;
  postMessage(m: WorkerReply): void;
};

// Requests are served in the order they came: each waits for the one before.
let queue: Promise<void> = Promise.resolve();
/** Requests waiting in the queue, and those of them the page no longer wants. */
const queued = new Set<number>();
const cancelled = new Set<number>();

scope.onmessage = (e) => {
  if ("cancel" in e.data) {
    for (const id of e.data.cancel) if (queued.has(id)) cancelled.add(id);
    return;
  }
  const { id, request } = e.data;
  queued.add(id);
  queue = queue.then(async () => {
    queued.delete(id);
    if (cancelled.delete(id)) {
      scope.postMessage({ id, ok: false, error: { message: "cancelled", code: CANCELLED } });
      return;
    }
    try {
      const value = serveRequest(await engineGames(), request);
      scope.postMessage({ id, ok: true, value });
    } catch (err) {
      scope.postMessage({ id, ok: false, error: failureOf(err) });
    }
  });
};

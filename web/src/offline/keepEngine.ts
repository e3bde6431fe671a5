// The engine kept on the device for practice with no network, without making the front page's
// first load fetch it (docs/performance.md): the service worker (sw.js) keeps the engine when a
// practice game, an analysis or a game's referee first fetches it, and this asks it to keep the
// engine once the page has been open and idle for a while (not on a connection that asks to
// save data). Whether the engine is on the device is known from the cache, for the pages that
// offer practice with no network (pages/offline.ts).
import wasmUrl from "@kaisho/engine-wasm?url";

/** How long the page is open before the engine is fetched in the background, when idle. */
export const KEEP_ENGINE_AFTER_MS = 20_000;

interface Win {
  navigator: Navigator & { connection?: { saveData?: boolean } };
  setTimeout(fn: () => void, ms: number): unknown;
  requestIdleCallback?: (fn: () => void, opts?: { timeout: number }) => unknown;
}

/**
 * Tells `done(kept)` each time the service worker says whether the engine is on the device:
 * its answer to "keep-engine", and when a practice game, an analysis or a referee has just
 * made it keep the engine.
 */
export function onEngineKept(win: Win, done: (kept: boolean) => void): void {
  const sw = win.navigator.serviceWorker;
  if (!sw) return;
  sw.addEventListener("message", (e: MessageEvent) => {
    const m = e.data as { type?: string; kept?: boolean } | null;
    if (m?.type === "engine-kept") done(m.kept === true);
  });
  sw.startMessages();
}

/**
 * After `after` ms and the next idle moment, asks the service worker (once it controls the
 * page) to keep the engine; its answer comes to onEngineKept's listeners.
 */
export function keepEngineLater(win: Win, after = KEEP_ENGINE_AFTER_MS): void {
  const sw = win.navigator.serviceWorker;
  if (!sw || win.navigator.connection?.saveData) return;
  win.setTimeout(() => {
    const ask = () => {
      void sw.ready.then((r) => r.active?.postMessage("keep-engine"));
    };
    if (win.requestIdleCallback) win.requestIdleCallback(ask, { timeout: 10_000 });
    else ask();
  }, after);
}

/** Whether the engine's module is in the service worker's cache (null: no cache to ask). */
export async function engineOnDevice(): Promise<boolean | null> {
  if (typeof caches === "undefined") return null;
  try {
    return (await caches.match(wasmUrl)) !== undefined;
  } catch {
    return null;
  }
}

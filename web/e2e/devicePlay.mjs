// What the tests of the device's own play share (practice-table, stand-in, offline, pairs and
// details .e2e.mjs): each point in Arabic and English on a 390 × 844 phone and a 1280 × 800
// desktop; games the engine plays with itself in Node (as tests/wasm/check.test.mjs does) put on
// the device as kept practice games; the service worker's cache; the network cut; targets
// measured against 44 px.
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import { loadKaishoEngine } from "../../src/wasm/kaisho_engine.mjs";
import { PHONE } from "./helpers.mjs";

export const WIDE = { viewport: { width: 1280, height: 800 } };
/** Each language on each size. */
export const FOUR = [
  { lang: "ar", device: PHONE, where: "phone" },
  { lang: "en", device: PHONE, where: "phone" },
  { lang: "ar", device: WIDE, where: "desktop" },
  { lang: "en", device: WIDE, where: "desktop" },
];

/** What the page said in its live region. */
export const said = (page) => page.evaluate(() => window.__kaisho.announced);
/** Text with the bidirectional isolates taken out. */
export const plain = (t) => t.replace(/[\u2066-\u2069]/g, "");

/**
 * Games the module plays with itself, the same every time (seeded): `shogi`, where sente at
 * full strength mates a weak gote (gote is in check after moves 19, 29, ... and mated by the
 * last), and `yonin` at level 2 to its end (places).
 */
export async function selfPlayed() {
  const engine = await loadKaishoEngine(
    readFileSync(new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url)),
  );
  const play = (game, plies, limits) => {
    const g = engine.newGame(game, "", "");
    const moves = [];
    for (let ply = 0; ply < plies && !g.state().result; ply++) {
      const { bestmove } = g.think(limits(ply));
      g.play(bestmove);
      moves.push(bestmove);
    }
    const state = g.state();
    g.delete();
    return { moves, state };
  };
  const shogi = play("shogi", 160, (ply) =>
    ply % 2 === 0 ? { nodes: 3000 } : { level: 1, nodes: 2000, seed: ply },
  );
  assert.equal(shogi.state.reason, "checkmate");
  const yonin = play("yonin", 400, (ply) => ({ level: 2, nodes: 1500, seed: ply }));
  assert.ok(yonin.state.result?.startsWith("places"), yonin.state.result);
  return { shogi: shogi.moves, yonin: yonin.moves };
}

export async function keepPractice(
  page,
  game,
  { side = 0, moves, status = "playing", number = 1 },
) {
  await page.evaluate(
    ({ game, saved }) => {
      const all = JSON.parse(localStorage.getItem("kaisho.practice") ?? "{}");
      all[game] = saved;
      localStorage.setItem("kaisho.practice", JSON.stringify(all));
    },
    {
      game,
      saved: {
        setup: { side, level: 1, options: {} },
        number,
        status,
        moves,
        resigned: null,
        id: `e2e${Date.now().toString(16)}${number}${side}`,
        startedAt: Date.now() - 60_000,
      },
    },
  );
}

/** The service worker installed and controlling the page. */
export async function serviceWorkerReady(page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, {
    timeout: 30_000,
  });
}

/** The paths the service worker's cache holds. */
export function cachedPaths(page) {
  return page.evaluate(async () => {
    const keys = await caches.keys();
    const name = keys.find((k) => k.startsWith("kaisho-"));
    if (!name) return [];
    const cache = await caches.open(name);
    return (await cache.keys()).map((r) => new URL(r.url).pathname);
  });
}

/** Waits until the page's socket is gone (its heartbeat gives up on a cut network). */
export async function waitOffline(page) {
  await page.waitForFunction(() => window.__kaisho?.state?.connection !== "open", null, {
    timeout: 30_000,
  });
}

/** Bounding boxes of the elements matching `selector` smaller than 44 px either way. */
export function smallerThan44(page, selector) {
  return page.evaluate((selector) => {
    const out = [];
    for (const el of document.querySelectorAll(selector)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.width < 43.5 || r.height < 43.5)
        out.push(
          `${el.textContent.trim().slice(0, 24)} ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
    }
    return out;
  }, selector);
}

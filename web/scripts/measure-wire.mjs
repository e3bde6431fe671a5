// Counts the bytes on the wire of a first visit to the front page with a cold cache: a fresh
// Chromium context (Debian's, through playwright-core) opens the page through a TCP proxy of
// this script that counts every byte each way, the service worker's fetches included (which
// the page's own resource timing does not see). The page is left open until nothing has
// crossed the wire for 3 s once the service worker controls it (its install done), then, with
// --stay S, S seconds more (the engine is fetched in the background once the page has been
// idle a while: src/offline/keepEngine.ts).
//   node scripts/measure-wire.mjs URL [--runs 3] [--stay 0]
// URL is a running `kaisho serve` (e.g. http://127.0.0.1:8080). Prints, for each run, the bytes
// down and up on the HTTP connections and on the WebSocket, and each path requested.
import { createServer, connect } from "node:net";
import { chromium } from "playwright-core";
import { ARGS, CHROMIUM } from "../e2e/browser.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const target = new URL(process.argv[2] ?? "");
const runs = Number(option("runs", "3"));
const stay = Number(option("stay", "0"));

/** A proxy to the server that counts bytes: {port, take(), close()}. */
function countingProxy() {
  let http = { down: 0, up: 0 };
  let ws = { down: 0, up: 0 };
  let paths = [];
  let last = Date.now();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    let socketKind = null; // "ws" once the connection's first request is /ws, else "http"
    client.on("data", (d) => {
      last = Date.now();
      const text = d.toString("latin1");
      for (const m of text.matchAll(/^(GET|HEAD|POST) (\S+) HTTP\/1\.1/gm)) {
        socketKind ??= m[2].startsWith("/ws") ? "ws" : "http";
        paths.push(m[2]);
      }
      (socketKind === "ws" ? ws : http).up += d.length;
      upstream.write(d);
    });
    upstream.on("data", (d) => {
      last = Date.now();
      (socketKind === "ws" ? ws : http).down += d.length;
      client.write(d);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end);
    upstream.on("close", end);
    client.on("error", end);
    upstream.on("error", end);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({
        port: server.address().port,
        quietFor: () => Date.now() - last,
        take() {
          const out = { http, ws, paths };
          http = { down: 0, up: 0 };
          ws = { down: 0, up: 0 };
          paths = [];
          return out;
        },
        close: () => server.close(),
      }),
    ),
  );
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const proxy = await countingProxy();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
const results = [];
try {
  for (let i = 0; i < runs; i++) {
    proxy.take();
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "en",
    });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${proxy.port}/`, { waitUntil: "load" });
    await page.locator(".game-card").first().waitFor();
    // The service worker installed (its shell cached) and controlling the page.
    await page.evaluate(() => navigator.serviceWorker?.ready.then(() => true));
    await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, {
      timeout: 30_000,
    });
    while (proxy.quietFor() < 3000) await sleep(200);
    const first = proxy.take();
    let later = null;
    if (stay > 0) {
      await sleep(stay * 1000);
      while (proxy.quietFor() < 3000) await sleep(200);
      later = proxy.take();
    }
    await context.close();
    results.push(first);
    const wire = (c) => `${c.down} B down, ${c.up} B up`;
    console.log(
      `run ${i + 1}: HTTP ${wire(first.http)}; WebSocket ${wire(first.ws)}; ` +
        `${first.paths.length} requests: ${first.paths.join(" ")}`,
    );
    if (later)
      console.log(
        `  then ${stay} s more: HTTP ${wire(later.http)}; WebSocket ${wire(later.ws)}; ` +
          `requests: ${later.paths.join(" ") || "none"}`,
      );
  }
} finally {
  await browser.close();
  proxy.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `median of ${runs}: HTTP ${median(results.map((r) => r.http.down))} B down, ` +
    `WebSocket ${median(results.map((r) => r.ws.down))} B down`,
);

// Measures the first load of the Kaisho page over a throttled "phone network", in Debian's
// Chromium (through playwright-core; never downloads a browser):
//   node scripts/measure-first-load.mjs URL [--runs 5] [--down-kbps 1600] [--up-kbps 750]
//        [--latency-ms 150] [--path /]
// URL is a running `kaisho serve` (e.g. http://127.0.0.1:8080). Each run is a fresh browser
// context (empty cache) whose network is throttled with the DevTools protocol's
// Network.emulateNetworkConditions (defaults: 1.6 Mbit/s down, 750 kbit/s up, 150 ms
// latency per request, DevTools' "Fast 3G" figures without its extra factors); then the
// same context opens the page a second time (a return visit, from its cache). Prints each
// run and the median: bytes transferred (headers and bodies as sent), first contentful
// paint, the game cards of the front page shown, DOMContentLoaded and load, in ms from the
// start of the navigation.
import { chromium } from "playwright-core";
import { ARGS, CHROMIUM } from "../e2e/browser.mjs";

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}
const url = process.argv[2];
if (!url || url.startsWith("--")) {
  console.error("usage: node scripts/measure-first-load.mjs URL [--runs N] [--path /]");
  process.exit(2);
}
const runs = Number(option("runs", "5"));
const path = option("path", "/");
const conditions = {
  offline: false,
  latency: Number(option("latency-ms", "150")),
  downloadThroughput: (Number(option("down-kbps", "1600")) * 1000) / 8, // bytes a second
  uploadThroughput: (Number(option("up-kbps", "750")) * 1000) / 8,
};

// Runs in the page before its own scripts: notes when the first game card appears.
function watchForCards() {
  const seen = () => {
    if (window.__cardsAt === undefined && document.querySelector(".game-card")) {
      window.__cardsAt = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
}

// One visit of `page`: the navigation's figures.
async function visit(page) {
  await page.goto(new URL(path, url).href, { waitUntil: "load", timeout: 120_000 });
  await page.waitForFunction(() => window.__cardsAt !== undefined, null, { timeout: 120_000 });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const resources = performance.getEntriesByType("resource");
    const fcp = performance.getEntriesByName("first-contentful-paint")[0];
    return {
      bytes: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
      requests: 1 + resources.length,
      fcp: fcp ? fcp.startTime : NaN,
      cards: window.__cardsAt,
      dcl: nav.domContentLoadedEventEnd,
      load: nav.loadEventEnd,
      encodings: [nav, ...resources]
        .map((r) => `${new URL(r.name).pathname}:${r.encodedBodySize}/${r.decodedBodySize}`)
        .join(" "),
    };
  });
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
const first = [];
const again = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({
      bypassCSP: true, // Playwright's waitForFunction evaluates strings; the page never does
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(watchForCards);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", conditions);
    first.push(await visit(page));
    again.push(await visit(page));
    await context.close();
    const f = first.at(-1);
    console.log(
      `run ${i + 1}: ${f.bytes} B in ${f.requests} requests, fcp ${f.fcp.toFixed(0)} ms, ` +
        `cards ${f.cards.toFixed(0)} ms, load ${f.load.toFixed(0)} ms; return visit ` +
        `${again.at(-1).bytes} B, load ${again.at(-1).load.toFixed(0)} ms`,
    );
    if (i === 0) console.log(`  bodies (sent/decoded bytes): ${f.encodings}`);
  }
} finally {
  await browser.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = (label, visits) =>
  `${label}: ${median(visits.map((v) => v.bytes))} B transferred, ` +
  ["fcp", "cards", "dcl", "load"]
    .map((k) => `${k} ${median(visits.map((v) => v[k])).toFixed(0)} ms`)
    .join(", ");
console.log(
  `median of ${runs} (${conditions.downloadThroughput * 0.008} kbit/s down, ` +
    `${conditions.uploadThroughput * 0.008} kbit/s up, ${conditions.latency} ms latency)`,
);
console.log(summary("first visit", first));
console.log(summary("return visit", again));

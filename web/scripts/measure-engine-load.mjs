// How long a practice game waits for the engine in the page on a slow phone: Chromium with
// its network throttled to a slow 4G profile (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s
// up) and its CPU slowed 4× (Chrome DevTools' "mid-tier mobile"), a 390 × 844 touch screen,
// nothing cached. Measured from the click on "Start" to the board showing the game with its
// legal moves (the worker started, the module fetched, compiled and instantiated, the game
// made), and the CPU's first move when it moves first, at level 1. Not a test: it prints
// figures (docs/performance.md).
//   KAISHO_URL=http://127.0.0.1:8080 node scripts/measure-engine-load.mjs [RUNS]
import { newDevice } from "../e2e/browser.mjs";
import { BASE, PHONE, waitGroup } from "../e2e/helpers.mjs";

if (!BASE) {
  console.error("set KAISHO_URL to a running server's address");
  process.exit(2);
}
const runs = Number(process.argv[2] ?? 3);

async function once() {
  const dev = await newDevice({ ...PHONE, locale: "en", serviceWorkers: "block" });
  try {
    const { page, context } = dev;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(BASE + "/#/practice/shogi");
    await page.locator(".practice-start").waitFor({ timeout: 60_000 });
    // The CPU plays Sente (moves first): the engine answers a search before the first state
    // with the person to move.
    await page.locator("#practice-side").selectOption("1");
    await page.locator("#practice-level").selectOption("1");
    const wasm = page.waitForResponse((r) => /\.wasm(\?|$)/.test(r.url()), { timeout: 60_000 });
    const clicked = Date.now();
    await page.locator(".practice-start").click();
    const response = await wasm;
    const bytes = Number((await response.allHeaders())["content-length"] ?? 0);
    const encoding = (await response.allHeaders())["content-encoding"] ?? "none";
    await waitGroup(
      page,
      (g) => g.id.startsWith("practice:") && g.table.status === "playing",
      60_000,
    );
    const ready = Date.now() - clicked;
    await waitGroup(page, (g) => (g.table.game?.moves?.length ?? 0) >= 1, 60_000);
    const firstMove = Date.now() - clicked;
    return { ready, firstMove, bytes, encoding };
  } finally {
    await dev.close();
  }
}

for (let i = 0; i < runs; i++) {
  const r = await once();
  console.log(
    `engine_load_ms ${r.ready} first_cpu_move_ms ${r.firstMove} wasm_bytes_on_wire ${r.bytes} encoding ${r.encoding}`,
  );
}

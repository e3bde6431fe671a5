// Practice games against the CPU in the page (#/practice/GAME): the WebAssembly engine in a
// Web Worker, with the network cut off once the game has started. Arabic on a phone and
// English on a desktop; Shogi (the CPU moving first, a resignation, a new game, a reload of the
// page keeping the game), Musashi and Hasami played to their end, Yonin against three CPUs;
// a Shogi game's move list in Japanese notation and its KIF saved after a resignation; a
// resigned practice game (Annan in Arabic on a phone, Shogi in English on a desktop) analysed
// by the CPU from its record page (#/practice/GAME/analysis), all with no network; a game
// resigned offline kept on the device, sent to My games once online, and listed there unrated.
//   KAISHO_URL=http://127.0.0.1:8080 node --test e2e/practice.e2e.mjs
import { readFileSync } from "node:fs";
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { newDevice } from "./browser.mjs";
import { serveDist } from "./static-server.mjs";
import {
  BASE,
  BOTH,
  PHONE,
  DESKTOP,
  chooser,
  group,
  openDevice,
  playMove,
  shot,
  skipWithoutServer,
  waitConnected,
  waitGroup,
} from "./helpers.mjs";

/** The content security policy the game server sends with its pages (it allows WebAssembly). */
async function serverPolicy() {
  const csp = (await fetch(BASE + "/")).headers.get("content-security-policy") ?? "";
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval';/, "the engine may be compiled");
  return csp;
}

/**
 * A device for a practice game against the real server, under the server's own policy (a
 * browser test's bypass of the page's policy does not reach the worker). Its service worker is
 * blocked (the last test checks the service worker with a server of its own).
 */
async function practiceDevice(devices, lang, device) {
  await serverPolicy();
  return openDevice(devices, lang, { ...device, serviceWorkers: "block" });
}

const UNRATED = {
  ar: "لا تُحتسب في التقييم",
  en: "it is not rated",
};
const RESIGNED = { ar: "بالاستسلام", en: "by resignation" };
const ANALYSE = { ar: "حلِّل هذه المباراة بالحاسوب", en: "Analyse this game with the CPU" };
const BACK_TO_PRACTICE = { ar: "عودة إلى مباراة التدريب", en: "Back to the practice game" };
const PROGRESS = { ar: "جارٍ التحليل:", en: "Analysing:" };
const OF = { ar: "من", en: "of" };
const PREFERS = { ar: "يفضّل الحاسوب: ", en: "The CPU prefers: " };
const NONE = {
  ar: "لا يحفظ هذا الجهاز مباراة تدريب منتهية",
  en: "keeps no finished practice game",
};

/** From the front page, the game card's "Practice offline", set up and started. */
async function startPractice(page, game, { side = 0, level = 1, options = {} } = {}) {
  await page.locator(`.game-card[data-game="${game}"] .play-practice`).click();
  await page.waitForURL(new RegExp(`#/practice/${game}$`));
  await page.locator(".practice-start").waitFor();
  await page.locator("#practice-side").selectOption(String(side));
  await page.locator("#practice-level").selectOption(String(level));
  for (const [key, value] of Object.entries(options))
    await page.locator(`#practice-opt-${key}`).selectOption(value);
  const lang = await page.evaluate(() => document.documentElement.lang);
  await shot(page, `practice-${game}-setup-${lang}`);
  await page.locator(".practice-start").click();
  return waitGroup(page, (g) => g.id.startsWith("practice:") && g.table.status !== "idle");
}

/** The practice page shown: its setup, started with the defaults at level 1. */
async function startPracticeHere(page, game) {
  await page.locator(".practice-start").waitFor({ timeout: 20_000 });
  await page.locator("#practice-level").selectOption("1");
  await page.locator(".practice-start").click();
  const g = await waitGroup(page, (g) => g.id.startsWith("practice:") && g.table.status !== "idle");
  assert.equal(g.id, `practice:${game}`);
  return g;
}

/** Waits until it is the person's turn or the game is over; the state then. */
function waitMyTurnOrEnd(page, timeout = 60_000) {
  return waitGroup(
    page,
    (g) =>
      g.table.status === "finished" ||
      (g.table.status === "playing" && g.table.your_seats.includes(g.table.game.to_move)),
    timeout,
  );
}

/** Plays chosen legal moves by clicking until the game ends or `plies` of ours are played. */
async function playOn(page, plies, pick) {
  let g = await waitMyTurnOrEnd(page);
  for (let i = 0; i < plies && g.table.status === "playing"; i++) {
    await playMove(page, pick(g.table.game.legal_moves));
    g = await waitMyTurnOrEnd(page);
  }
  return g;
}

/** The page made no request while it was offline (a sign the engine's moves are its own). */
function countRequests(context) {
  const seen = [];
  context.on("request", (r) => seen.push(r.url()));
  return seen;
}

describe("practice against the CPU with no network", { skip: skipWithoutServer }, () => {
  const devices = [];
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of BOTH) {
    test(`Shogi in ${lang} on a ${where}: the CPU moves first, resignation, a new game, a reload`, async () => {
      const dev = await practiceDevice(devices, lang, device);
      const { page, context } = dev;
      const requests = countRequests(context);
      let g = await startPractice(page, "shogi", { side: 1, level: 1 });
      assert.deepEqual(g.table.your_seats, [1]);
      // The CPU (sente) opens, from the module in the page's worker.
      g = await waitMyTurnOrEnd(page);
      assert.equal(g.table.game.moves.length, 1);
      assert.ok(
        requests.some((u) => /\.wasm$/.test(u)),
        "the engine module was fetched",
      );
      await context.setOffline(true);
      const before = requests.length;
      const pick = chooser(7);
      g = await playOn(page, 6, pick);
      assert.equal(g.table.status, "playing");
      assert.ok(g.table.game.moves.length >= 13, `moves: ${g.table.game.moves.length}`);
      // Nothing was asked of the network but the tab's turn icon (which fails offline).
      const offline = requests.slice(before).filter((u) => !u.endsWith("/favicon-turn.svg"));
      assert.deepEqual(offline, []);
      const note = await page.locator(".practice-note").innerText();
      assert.ok(note.includes(UNRATED[lang]), note);
      // The page is in the reader's language, the seats are "CPU level 1" in it.
      const players = await page.locator(".players").innerText();
      assert.ok(players.includes(lang === "ar" ? "المستوى 1" : "CPU level 1"), players);
      await shot(page, `practice-shogi-${lang}-${where}-offline`);

      // Resignation.
      await page.locator("button.resign").click();
      await page.locator("button.resign-yes").click();
      g = await waitGroup(page, (g) => g.table.status === "finished");
      assert.equal(g.table.game.result.reason, "resignation");
      assert.equal(g.table.game.result.winner, 0);
      assert.deepEqual(g.table.game.result.rating_changes, []);
      const result = await page.locator("#result").innerText();
      assert.ok(result.includes(RESIGNED[lang]), result);
      await shot(page, `practice-shogi-${lang}-${where}-resigned`);

      // The next game, still offline.
      await page.locator("button.next-game").click();
      g = await waitGroup(page, (g) => g.table.status === "playing" && g.table.game.number === 2);
      g = await playOn(page, 2, pick);
      const kept = g.table.game.moves;

      // A reload goes on with the game the device kept (online again: the page itself is
      // not cached yet, see docs/web.md).
      await context.setOffline(false);
      await page.reload();
      g = await waitGroup(page, (g) => g.id === "practice:shogi" && g.table.status === "playing");
      assert.deepEqual(g.table.game.moves, kept);
      assert.equal(g.table.game.number, 2);
      // Give up, and back to the setup.
      await context.setOffline(true);
      await page.locator(".practice-new").click();
      await page.locator(".new-game-yes").click();
      g = await waitGroup(page, (g) => g.table.game?.number === 3);
      await page.locator(".practice-change").click();
      await page.locator(".practice-start").waitFor();
      await context.setOffline(false);
    });
  }

  test("Shogi: the move list in Japanese notation by default, the KIF saved with the resignation", async () => {
    const dev = await practiceDevice(devices, "en", DESKTOP);
    const { page, context } = dev;
    await startPractice(page, "shogi", { side: 0, level: 1 });
    await context.setOffline(true);
    let g = await playOn(page, 3, chooser(4));
    assert.equal(g.table.status, "playing");
    const moves = g.table.game.moves;
    // The notation written by the engine in the page, as the server writes it for its games,
    // and the move list shows it (the settings' default style is Japanese).
    const japanese = g.table.game.notation?.japanese ?? [];
    assert.equal(japanese.length, moves.length);
    assert.equal(g.table.game.notation.western.length, moves.length);
    await page.locator(`.move-list-japanese li >> nth=${moves.length - 1}`).waitFor();
    const items = (await page.locator(".move-list li").allTextContents()).map((t) => t.trim());
    assert.deepEqual(items, japanese);
    assert.match(items[0], /^☗[１-９][一二三四五六七八九]/);
    assert.match(items[1], /^☖/);

    // Resigned, then saved: the KIF names the resignation (投了), as the server's KIF does.
    await page.locator("button.resign").click();
    await page.locator("button.resign-yes").click();
    g = await waitGroup(
      page,
      (g) => g.table.status === "finished" && /投了/.test(g.practice_records?.files?.kif ?? ""),
    );
    const n = g.table.game.number;
    for (const kind of ["text", "kif", "csa"])
      assert.equal(await page.locator(`.practice-save .export-${kind}`).count(), 1, kind);
    const [kif] = await Promise.all([
      page.waitForEvent("download", { timeout: 10_000 }),
      page.locator(".practice-save .export-kif").click(),
    ]);
    assert.equal(kif.suggestedFilename(), `kaisho-practice-shogi-${n}.kif`);
    const kifText = readFileSync(await kif.path(), "utf8");
    assert.match(kifText, /^#KIF version=2\.0 encoding=UTF-8\n/);
    assert.match(kifText, /手合割：平手\n先手：.+\n後手：CPU\n/);
    assert.match(kifText, new RegExp(`\\n {1,3}${moves.length + 1} 投了\\n$`));
    assert.equal((kifText.match(/^ {0,3}\d+ (?!投了)/gm) ?? []).length, moves.length);
    const [txt] = await Promise.all([
      page.waitForEvent("download", { timeout: 10_000 }),
      page.locator(".practice-save .export-text").click(),
    ]);
    assert.equal(txt.suggestedFilename(), `kaisho-practice-shogi-${n}.txt`);
    assert.equal(
      readFileSync(await txt.path(), "utf8")
        .trim()
        .split(" moves ")[1],
      moves.join(" "),
    );
    await shot(page, "practice-shogi-en-desktop-saved");
    await context.setOffline(false);
  });

  test("Musashi in Arabic on a phone, played to its end with the network cut off", async () => {
    const dev = await practiceDevice(devices, "ar", PHONE);
    const { page, context } = dev;
    let g = await startPractice(page, "musashi", {
      side: 1,
      level: 1,
      options: { children_limit: "100" },
    });
    await waitMyTurnOrEnd(page);
    await context.setOffline(true);
    g = await playOn(page, 400, chooser(3));
    assert.equal(g.table.status, "finished");
    assert.ok(g.table.game.result.reason, "a reason");
    const headline = await page.locator("#result .headline").innerText();
    assert.ok(!/[A-Za-z]{3,}/.test(headline), `Arabic headline: ${headline}`);
    await shot(page, "practice-musashi-ar-phone-end");
    await context.setOffline(false);
  });

  test("Hasami in English on a desktop, played to its end with the network cut off", async () => {
    const dev = await practiceDevice(devices, "en", DESKTOP);
    const { page, context } = dev;
    let g = await startPractice(page, "hasami", { level: 2, options: { move_limit: "100" } });
    await waitMyTurnOrEnd(page);
    await context.setOffline(true);
    g = await playOn(page, 100, chooser(11));
    assert.equal(g.table.status, "finished");
    const headline = await page.locator("#result .headline").innerText();
    assert.match(headline, /You win|You lost|Draw|draw/);
    await shot(page, "practice-hasami-en-desktop-end");
    await context.setOffline(false);
  });

  test("Yonin against three CPUs in English on a desktop, offline", async () => {
    const dev = await practiceDevice(devices, "en", DESKTOP);
    const { page, context } = dev;
    let g = await startPractice(page, "yonin", { side: 2, level: 1 });
    g = await waitMyTurnOrEnd(page);
    // South and west (CPUs) moved before north, the person.
    assert.equal(g.table.game.moves.length, 2);
    await context.setOffline(true);
    g = await playOn(page, 4, chooser(5));
    assert.equal(g.table.status, "playing");
    assert.equal(g.table.game.to_move, 2);
    assert.ok(g.table.game.moves.length >= 14, `moves: ${g.table.game.moves.length}`);
    // No resignation in Yonin, and no "leave the table" at a practice table.
    assert.equal(await page.locator("button.resign, button.leave-table").count(), 0);
    await shot(page, "practice-yonin-en-desktop-offline");
    await context.setOffline(false);
    assert.ok((await group(page)).id === "practice:yonin");
  });

  for (const { lang, device, where, game } of [
    { lang: "ar", device: PHONE, where: "phone", game: "annan" },
    { lang: "en", device: DESKTOP, where: "desktop", game: "shogi" },
  ]) {
    test(`${game} in ${lang} on a ${where}: a finished practice game analysed with no network`, async () => {
      const dev = await practiceDevice(devices, lang, device);
      const { page, context } = dev;
      const workers = [];
      const closed = new Set();
      page.on("worker", (w) => {
        workers.push(w);
        w.on("close", () => closed.add(w));
      });
      const failed = [];
      context.on("requestfailed", (r) => failed.push(r.url()));
      await startPractice(page, game, { side: 0, level: 1 });
      await waitMyTurnOrEnd(page);
      await context.setOffline(true);
      let g = await playOn(page, 3, chooser(13));
      assert.equal(g.table.status, "playing");
      await page.locator("button.resign").click();
      await page.locator("button.resign-yes").click();
      g = await waitGroup(page, (g) => g.table.status === "finished");
      const moves = g.table.game.moves;
      const n = g.table.game.number;

      // The end of the game offers its analysis, as a game of the hall does, after the result.
      const link = page.locator("#result + .analyse-link a");
      await link.waitFor();
      assert.equal((await link.innerText()).trim(), ANALYSE[lang]);
      assert.match(await link.getAttribute("href"), new RegExp(`#/practice/${game}/analysis$`));
      await link.scrollIntoViewIfNeeded();
      await shot(page, `practice-analyse-link-${game}-${lang}-${where}`);

      // The record page for the practice game, built by the engine in the page, offline: the
      // page's one worker, which played the game (its module compiled once), let go by the
      // practice table and by the record once built.
      const before = workers.length;
      assert.equal(before, 1, "one worker played the practice game");
      const engine = () => page.evaluate(() => window.__kaisho.engine);
      await link.click();
      await page.waitForURL(new RegExp(`#/practice/${game}/analysis$`));
      await page.locator(".replay-board svg.board").waitFor({ timeout: 20_000 });
      await page.waitForFunction(() => window.__kaisho.engine.users === 0);
      assert.equal(workers.length, before, "the same worker built the record");
      assert.deepEqual(await engine(), { users: 0, running: true }, "and was let go, kept a while");
      assert.ok(!closed.has(workers[0]));
      assert.equal(await page.locator(".replay-move").count(), moves.length + 1);
      assert.equal(
        Number(await page.locator(".table-layout.replay").getAttribute("data-index")),
        moves.length,
        "opens on the final position",
      );
      const title = await page.locator(".record-title").innerText();
      assert.ok(title.includes(String(n)), title);
      assert.equal((await page.locator(".back-link a").innerText()).trim(), BACK_TO_PRACTICE[lang]);
      assert.ok((await page.locator("#result").innerText()).includes(RESIGNED[lang]));
      // The person's seat: the board seen from it, "(you)" beside it.
      assert.equal(await page.locator(".players .player.you").getAttribute("data-seat"), "0");
      // The record's files, named as the practice page names them.
      assert.equal(await page.locator(".export-kif").count(), 1);

      // The analysis to its end (the same worker): the progress, the graph, the CPU's move.
      const toggle = page.locator("#analysis-toggle");
      await toggle.click();
      await page.locator("progress.analysis-bar").waitFor();
      assert.equal(workers.length, before, "the same worker analyses the game");
      assert.equal((await engine()).users, 1, "used by the analysis");
      assert.match(
        await page.locator(".analysis-progress").textContent(),
        new RegExp(`${PROGRESS[lang]} \\d+ ${OF[lang]} ${moves.length + 1}`),
      );
      await page.waitForFunction(() => window.__kaisho.state.analysis?.status !== "running", null, {
        timeout: 3 * 60_000,
        polling: 250,
      });
      const done = await page.evaluate(() => window.__kaisho.state.analysis);
      assert.equal(done.status, "done");
      assert.equal(done.positions.length, moves.length + 1, "every position judged");
      await page.locator(".analysis-progress.done").waitFor();
      const points = done.positions.filter((p) => p && p.seat >= 0).length;
      assert.equal(await page.locator(".eval-graph .graph-point").count(), points);
      const graph = page.locator("#analysis-graph");
      const box = await graph.boundingBox();
      assert.ok(box.width <= (where === "phone" ? 390 : 1280), `graph width ${box.width}`);
      await graph.click({ position: { x: 3, y: box.height / 2 } });
      await graph.focus();
      await page.keyboard.press("ArrowRight");
      assert.equal(await page.locator(".table-layout.replay").getAttribute("data-index"), "1");
      const prefers = page.locator(".analysis-prefers");
      await prefers.waitFor();
      assert.ok((await prefers.textContent()).startsWith(PREFERS[lang]));
      assert.equal(await page.locator(".replay-board .target").count(), 1);
      if (lang === "ar") {
        const words = (await page.locator(".analysis").innerText()).replace(/[\u2066-\u2069]/g, "");
        assert.doesNotMatch(words, /\b(CPU|Analys|Stop|Show|Mistake|Blunder)/);
      }
      await page.locator(".analysis").scrollIntoViewIfNeeded();
      await shot(page, `practice-analysis-${game}-${lang}-${where}`);

      // Show me: the CPU's line on the board, and back to the game.
      const board = () => page.locator(".replay-board").innerHTML();
      const here = await board();
      await page.locator("#analysis-line-toggle").click();
      await page.locator(".replay-board.showing-line").waitFor();
      assert.notEqual(await board(), here);
      await page.locator(".replay-board").scrollIntoViewIfNeeded();
      await shot(page, `practice-analysis-line-${game}-${lang}-${where}`);
      await page.locator("#analysis-line-toggle").click();
      await page.waitForFunction(() => !document.querySelector(".replay-board.showing-line"));
      assert.equal(await board(), here);

      // Nothing failed for want of a network but the tab's turn icon.
      const wanted = failed.filter((u) => !u.endsWith("/favicon-turn.svg"));
      assert.deepEqual(wanted, []);

      // Back to the practice table: the finished game and its link; the analysis kept for it.
      await page.locator(".back-link a").click();
      await page.waitForURL(new RegExp(`#/practice/${game}$`));
      await link.waitFor();
      await link.click();
      await page.locator(".analysis-progress.done").waitFor();
      assert.equal(await page.locator(".eval-graph .graph-point").count(), points);
      await page.locator(".record-title").scrollIntoViewIfNeeded();
      await shot(page, `practice-analysis-top-${game}-${lang}-${where}`);

      // The page's address opened again (online: the page itself is not cached without the
      // service worker): the record built again from the game the device keeps.
      await context.setOffline(false);
      await page.reload();
      await page.locator(".replay-board svg.board").waitFor({ timeout: 20_000 });
      assert.equal(await page.locator(".replay-move").count(), moves.length + 1);
      // A practice game with none finished: the page says so.
      await page.goto(BASE + "/#/practice/hasami/analysis");
      await page.locator(".empty-state").waitFor();
      assert.ok((await page.locator(".empty-state").innerText()).includes(NONE[lang]));
      await shot(page, `practice-analysis-none-${lang}-${where}`);
    });
  }

  test("after one visit with a practice game the site opens with no network, and a practice game is played", async () => {
    // The site from a server of its own, stopped after the first visit: nothing can come from
    // the network any more, whatever the browser's offline mode covers.
    const site = await serveDist(0, { csp: await serverPolicy() });
    const url = `http://127.0.0.1:${site.address().port}`;
    const dev = await newDevice({ locale: "en" });
    devices.push(dev);
    const { page, context } = dev;
    page.on("pageerror", (e) => console.error(`[page error] ${e.message}`));
    await page.goto(url + "/");
    await page.locator(".game-card").first().waitFor();
    const cachedNow = () =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith("kaisho-")));
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
    // The service worker has kept the built client, not the engine (the front page does not
    // need it: docs/performance.md)...
    let cached = await cachedNow();
    assert.ok(cached.includes("/index.html"), cached.join(" "));
    assert.ok(!cached.some((p) => p.endsWith(".wasm")), "the engine is not fetched yet");
    // ...which it keeps once a practice game has used it.
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.goto(url + "/#/practice/hasami");
    await startPracticeHere(page, "hasami");
    await page.waitForFunction(async () => {
      const keys = await caches.keys();
      const cache = await caches.open(keys.find((k) => k.startsWith("kaisho-")));
      return (await cache.keys()).some((r) => r.url.endsWith(".wasm"));
    });
    cached = await cachedNow();
    assert.ok(
      cached.some((p) => p.endsWith(".wasm")),
      "the engine is kept",
    );
    await new Promise((resolve) => {
      site.closeAllConnections?.();
      site.close(resolve);
    });
    await context.setOffline(true);
    await page.goto(url + "/#/practice/shogi");
    await page.reload();
    let g = await startPracticeHere(page, "shogi");
    g = await playOn(page, 3, chooser(9));
    assert.equal(g.table.status, "playing");
    assert.ok(g.table.game.moves.length >= 6);
    await shot(page, "practice-offline-reload-en-desktop");
    await context.setOffline(false);
  });
});

const WAITING = {
  ar: "حين يتصل هذا الجهاز بالشبكة",
  en: "as soon as this device is online",
};
const SENT = { ar: "هذه المباراة في «مبارياتي»", en: "This game is in My games" };
const PRACTICE_MARK = { ar: "تدريب · دون تقييم", en: "Practice · unrated" };

describe("a practice game played offline goes to My games", { skip: skipWithoutServer }, () => {
  const devices = [];
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of BOTH) {
    test(`in ${lang} on a ${where}: kept on the device while offline, sent once online, unrated`, async () => {
      const dev = await practiceDevice(devices, lang, device);
      const { page, context } = dev;
      await waitConnected(page);
      let g = await startPractice(page, "shogi", { side: 0, level: 1 });
      await context.setOffline(true);
      // The server's connection is gone (the page's heartbeat finds out within seconds).
      await page.waitForFunction(() => window.__kaisho?.state?.connection !== "open", null, {
        timeout: 30_000,
      });
      g = await playOn(page, 2, chooser(3));
      const moves = g.table.game.moves.length;
      await page.locator("button.resign").click();
      await page.locator("button.resign-yes").click();
      g = await waitGroup(page, (g) => g.table.status === "finished");
      const id = g.practice_id;
      assert.match(id, /^[0-9a-f]{24}$/);
      const waiting = page.locator(".practice-outbox.waiting");
      await waiting.waitFor();
      assert.match(await waiting.textContent(), new RegExp(WAITING[lang]));
      await shot(page, `practice-outbox-${lang}-${where}-waiting`);

      // Online again: the page greets the server and sends the game, which says it is stored.
      await context.setOffline(false);
      const sent = page.locator(".practice-outbox.sent");
      await sent.waitFor({ timeout: 60_000 });
      assert.match(await sent.textContent(), new RegExp(SENT[lang]));
      assert.deepEqual(await page.evaluate(() => window.__kaisho.state.practiceOutbox.waiting), []);

      // My games lists it, marked as an unrated practice game; its replay has its moves.
      await page.evaluate(() => (location.hash = "#/history"));
      const row = page.locator(".history-row", { has: page.locator(".practice-mark") }).first();
      await row.waitFor({ timeout: 20_000 });
      assert.equal(await row.getAttribute("data-game"), "shogi");
      assert.match(
        await row.locator(".practice-mark").textContent(),
        new RegExp(PRACTICE_MARK[lang]),
      );
      assert.equal(await row.locator(".rating").count(), 0, "no rating change");
      await shot(page, `practice-outbox-${lang}-${where}-history`);
      await row.locator(".replay-link").click();
      await page.waitForFunction(
        (n) => window.__kaisho?.state?.record?.data?.moves?.length === n,
        moves,
        { timeout: 20_000 },
      );
      assert.match(
        await page.locator(".record-title + .practice-mark").textContent(),
        new RegExp(PRACTICE_MARK[lang]),
      );
      const record = await page.evaluate(() => window.__kaisho.state.record.data);
      assert.equal(record.practice, true);
      assert.equal(record.result.reason, "resignation");
      assert.deepEqual(record.moves, g.table.game.moves);
    });
  }
});

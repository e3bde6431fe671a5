// The CPU's analysis of a finished game, in a real browser against the real server: for each of
// the five games a short game against the CPU is finished (resigned; Yonin, which has no
// resignation, left to the CPUs under its shortest move limit), its record opened from My
// games, and the analysis run to its end by the engine in the page's Web Worker (started only
// by the button): the progress, a graph point per judged position, the CPU's preferred move
// written and marked on the board, the graph's click and keys, and "show me" changing the
// board and going back. Once, Stop mid-way (the engine let go, nothing judged after, and the
// page's one engine worker used again by "Analyse again"). Arabic on a phone for some
// games, English on a desktop for the others. Screenshots go to e2e/artifacts/.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  BASE,
  DESKTOP,
  PHONE,
  appState,
  chooser,
  group,
  isMyTurn,
  openDevice,
  playMove,
  shot,
  skipWithoutServer,
  waitGroup,
} from "./helpers.mjs";

const skip = skipWithoutServer;
const devices = [];

const PLAN = [
  { game: "shogi", lang: "en", device: DESKTOP, where: "desktop", stop: true },
  { game: "annan", lang: "ar", device: PHONE, where: "phone" },
  { game: "hasami", lang: "en", device: DESKTOP, where: "desktop" },
  { game: "musashi", lang: "ar", device: PHONE, where: "phone" },
  { game: "yonin", lang: "en", device: DESKTOP, where: "desktop" },
];

/** Plays `count` of the player's own moves (random legal ones), the CPU answering. */
async function playOwnMoves(page, count, seed) {
  const pick = chooser(seed);
  for (let played = 0; played < count;) {
    const g = await group(page);
    if (g.table.status === "finished") return;
    if (isMyTurn(g) && !(await appState(page)).pending) {
      await playMove(page, pick(g.table.game.legal_moves));
      played++;
    } else await page.waitForTimeout(100);
  }
}

/** A short game against the CPU, finished; its record's id. */
async function finishedGame(page, game, seed) {
  if (game !== "yonin") {
    await page.locator(`.game-card[data-game="${game}"] .play-cpu`).click();
    await page.waitForURL(/\/g\//, { timeout: 20_000 });
    await waitGroup(page, (g) => g.table.status === "playing");
    await playOwnMoves(page, 3, seed);
    const g = await group(page);
    if (g.table.status !== "finished") {
      await page.locator(".resign").click();
      await page.locator(".resign-yes").click();
    }
    const end = await waitGroup(page, (g) => g.table.status === "finished");
    // The end of the game offers its analysis: a link to its record page.
    const link = page.locator(".analyse-link a");
    await link.waitFor();
    assert.match(await link.getAttribute("href"), new RegExp(`/history/${end.table.game.id}$`));
    return end.table.game.id;
  }
  // Yonin has no resignation: two moves, then the table is left to the CPUs, who play the game
  // out under the shortest move limit (200 moves together) while a friend watches (a table
  // nobody is at spends nothing: its CPUs wait).
  await page.locator(`.game-card[data-game="yonin"] .play-friends`).click();
  await page.waitForURL(/\/g\//, { timeout: 20_000 });
  await waitGroup(page, (g) => g.table.status === "idle");
  await page.locator("#opt-move_limit").selectOption("200");
  await waitGroup(page, (g) => String(g.settings.options["move_limit"]) === "200");
  await page.locator(".start-game").click();
  const g = await waitGroup(page, (g) => g.table.status === "playing");
  const link = `${BASE}/g/${g.id}`;
  const friend = await openDevice(devices, "en");
  await friend.page.goto(link);
  await waitGroup(friend.page, (x) => x.table.status === "playing");
  await playOwnMoves(page, 2, seed);
  await page.locator(".leave-table").click();
  await page.locator(".leave-yes").click();
  await page.waitForURL(BASE + "/");
  await waitGroup(friend.page, (x) => x.table.status === "finished", 6 * 60_000);
  await friend.close();
  return g.table.game.id;
}

/** My games, the row of game `id` (waiting for it to be over), and its replay. */
async function openRecord(page, id) {
  const row = page.locator(`tr.history-row[data-game-id="${id}"]`);
  for (let i = 0; ; i++) {
    await page.goto(BASE + "/#/history");
    await page.locator("tr.history-row, .empty-state").first().waitFor({ timeout: 20_000 });
    if (await row.count()) break;
    assert.ok(i < 60, `game ${id} never reached My games`);
    await page.waitForTimeout(3000);
  }
  await row.locator(".replay-link").click();
  await page.locator(".replay-board svg.board").waitFor({ timeout: 20_000 });
}

const analysis = (page) =>
  page.evaluate(() => {
    const a = window.__kaisho.state.analysis;
    return a && { status: a.status, judged: a.positions.length, positions: a.positions };
  });

const currentIndex = async (page) =>
  Number(await page.locator(".table-layout.replay").getAttribute("data-index"));

describe("the CPU's analysis of a finished game", { skip }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  PLAN.forEach(({ game, lang, device, where, stop }, k) => {
    test(
      `${game}: analysed to the end from the record${stop ? ", stopped once" : ""}, show me (${lang}, ${where})`,
      { timeout: 8 * 60_000 },
      async () => {
        const { page } = await openDevice(devices, lang, { ...device, serviceWorkers: "block" });
        const id = await finishedGame(page, game, k + 1);
        // The engine: nobody uses it on the record page until the analysis is asked for (the
        // page's one worker may still be kept a while from the game just played: the analysis
        // then uses it, its module compiled once).
        const workers = [];
        page.on("worker", (w) => workers.push(w));
        const engine = () => page.evaluate(() => window.__kaisho.engine);
        const engineWorkers = () => page.workers().filter((w) => /worker/.test(w.url())).length;
        await openRecord(page, id);
        const moveCount = (await page.locator(".replay-move").count()) - 1;
        assert.ok(moveCount >= 2, `a game of ${moveCount} moves`);
        if (where === "phone" && game !== "musashi") {
          // The replay's board spans the screen, as the table's whole board does (its squares
          // are not targets: the replay is stepped with its buttons).
          const sq = await page.evaluate(() =>
            document
              .querySelector('.replay-board [data-sq="5e"] .sq-bg')
              .getBoundingClientRect()
              .toJSON(),
          );
          console.log(
            `${game}: the replay's squares are ${sq.width.toFixed(1)} px (${lang}, phone)`,
          );
          assert.ok(sq.width >= 40.5, `the replay's squares are ${sq.width} px`);
        }
        assert.equal((await engine()).users, 0, "no engine used before the button");
        assert.equal(workers.length, 0, "no engine started before the button");
        const toggle = page.locator("#analysis-toggle");
        assert.match(
          await toggle.textContent(),
          lang === "en" ? /Analyse with the CPU/ : /حلِّل المباراة بالحاسوب/,
        );
        await toggle.click();
        await page.locator("progress.analysis-bar").waitFor();
        assert.deepEqual(await engine(), { users: 1, running: true }, "used from the button");
        assert.equal(engineWorkers(), 1, "one engine worker in the page");

        if (stop) {
          await page.waitForFunction(() => window.__kaisho.state.analysis?.positions.length >= 2);
          await toggle.click(); // Stop
          await page.locator(".analysis-progress.stopped").waitFor();
          const stopped = await analysis(page);
          assert.equal(stopped.status, "stopped");
          assert.ok(stopped.judged < moveCount + 1, "stopped before the end");
          assert.equal((await engine()).users, 0, "the analysis let the engine go");
          await page.waitForTimeout(500);
          assert.equal((await analysis(page)).judged, stopped.judged, "nothing judged after Stop");
          assert.match(await page.locator(".analysis-progress").textContent(), /stopped after/);
          await shot(page, `analysis-stopped-${game}-${lang}-${where}`);
          const started = workers.length;
          await toggle.click(); // Analyse again: the same worker, kept meanwhile
          await page.locator("progress.analysis-bar").waitFor();
          assert.equal(workers.length, started, "no new worker for the analysis again");
          assert.equal(engineWorkers(), 1);
        }
        // Progress while it runs: "Analysing: n of N".
        const text = await page.locator(".analysis-progress").textContent();
        assert.match(
          text,
          lang === "en"
            ? new RegExp(`Analysing: \\d+ of ${moveCount + 1}`)
            : new RegExp(`جارٍ التحليل: \\d+ من ${moveCount + 1}`),
        );
        await page.waitForFunction(
          () => window.__kaisho.state.analysis?.status !== "running",
          null,
          {
            timeout: 6 * 60_000,
            polling: 250,
          },
        );
        const done = await analysis(page);
        assert.equal(done.status, "done");
        assert.equal(done.judged, moveCount + 1, "every position judged");
        assert.equal(await page.locator("progress.analysis-bar").count(), 0);
        await page.locator(".analysis-progress.done").waitFor();

        // A graph point per judged position (the final one has none when the game is over there).
        const judged = done.positions.filter((p) => p && p.seat >= 0).length;
        assert.ok(judged >= moveCount, `judged positions: ${judged} of ${moveCount + 1}`);
        assert.equal(await page.locator(".eval-graph .graph-point").count(), judged);
        if (game === "yonin") {
          const seats = await page
            .locator(".eval-graph .graph-point")
            .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute("data-seat")))]);
          assert.equal(seats.length, 4, "a line per seat");
          assert.equal(await page.locator(".graph-legend li").count(), 4);
        }

        // The graph's left end is the start position; its keys step through the game.
        const graph = page.locator("#analysis-graph");
        const box = await graph.boundingBox();
        assert.ok(box.width <= (where === "phone" ? 390 : 1280), `graph width ${box.width}`);
        await graph.click({ position: { x: 3, y: box.height / 2 } });
        assert.equal(await currentIndex(page), 0);
        await graph.focus();
        await page.keyboard.press("ArrowRight");
        assert.equal(await currentIndex(page), 1);
        assert.equal(await page.evaluate(() => document.activeElement?.id), "analysis-graph");
        assert.equal(await graph.getAttribute("aria-valuenow"), "1");
        await page.locator(".eval-graph .graph-point.here").waitFor();

        // The CPU's preferred move: in words, and on the board (its origin and its target).
        const prefers = page.locator(".analysis-prefers");
        await prefers.waitFor();
        assert.match(
          await prefers.textContent(),
          lang === "en" ? /^The CPU prefers: / : /^يفضّل الحاسوب: /,
        );
        const best = done.positions[1].pv[0];
        assert.ok((await prefers.textContent()).length > 0 && best, "a preferred move");
        const marked = await page.locator(".replay-board .selected, .replay-board .target").count();
        assert.ok(marked >= 1, "the CPU's move is marked on the board");
        assert.ok(
          (await page.locator(".replay-board .target").count()) === 1,
          "its destination marked once",
        );
        // Mistakes and blunders say what they are in words.
        for (const mark of await page.locator(".replay-move .move-mark").all()) {
          const words = await mark.evaluate((m) => m.nextElementSibling?.textContent ?? "");
          assert.match(words, lang === "en" ? /Mistake|Blunder/ : /خطأ/);
        }
        if (lang === "ar") {
          const words = (await page.locator(".analysis").innerText()).replace(
            /[\u2066-\u2069]/g,
            "",
          );
          assert.doesNotMatch(words, /\b(CPU|Analys|Stop|Show|Mistake|Blunder)/);
        }
        await page.locator(".analysis").scrollIntoViewIfNeeded();
        await shot(page, `analysis-${game}-${lang}-${where}`);

        // Show me: the CPU's line on the board, then back to the game's own moves.
        const board = () => page.locator(".replay-board").innerHTML();
        const before = await board();
        await page.locator("#analysis-line-toggle").click();
        await page.locator(".replay-board.showing-line").waitFor();
        assert.notEqual(await board(), before, "the line's first move is on the board");
        assert.match(
          await page.locator(".line-status").textContent(),
          lang === "en" ? /The CPU's line, move 1 of \d+/ : /خطّ الحاسوب، النقلة 1 من \d+/,
        );
        const next = page.locator("#line-next");
        if (await next.isEnabled()) {
          const first = await board();
          await next.click();
          await page.waitForFunction(() =>
            /move 2|النقلة 2/.test(document.querySelector(".line-status")?.textContent ?? ""),
          );
          assert.notEqual(await board(), first, "the line's next move");
        }
        await page.locator(".replay-board").scrollIntoViewIfNeeded();
        await shot(page, `analysis-line-${game}-${lang}-${where}`);
        await page.locator("#analysis-line-toggle").click(); // Back to the game
        await page.waitForFunction(() => !document.querySelector(".replay-board.showing-line"));
        assert.equal(await board(), before, "the game's own position again");
        assert.equal(await currentIndex(page), 1);

        // Kept across pages: My games and back to the same record show it still.
        await page.goto(BASE + "/#/history");
        await page.locator("tr.history-row").first().waitFor();
        await page.goBack();
        await page.locator(".analysis-progress.done").waitFor();
        assert.equal(await page.locator(".eval-graph .graph-point").count(), judged);
      },
    );
  });
});

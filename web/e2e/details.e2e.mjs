// Details of the record and play pages, in a real browser, in Arabic and English on a phone
// and a desktop: the CPU's preferred move in the move list's notation, a record titled by who
// played it and when, a name the server refuses kept in its field with why, targets of 44 px on
// a phone (the result's and record's links, the rules pages' games, pieces in hand), and the
// zoomed Yonin board's labels whole.
// Runs against a server started as scripts/browser-e2e.sh starts it (a short away grace, the
// CPU standing in at once without a timer). Screenshots go to e2e/artifacts/.
//   KAISHO_URL=http://127.0.0.1:8080 node --test e2e/details.e2e.mjs
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, openDevice, playMove, shot, skipWithoutServer, waitGroup } from "./helpers.mjs";
import { FOUR, keepPractice, plain, selfPlayed, smallerThan44 } from "./devicePlay.mjs";

const devices = [];
const open = (lang, device) => openDevice(devices, lang, device);
let SHOGI = [];
let YONIN = [];
before(async () => {
  ({ shogi: SHOGI, yonin: YONIN } = await selfPlayed());
});

describe("details of the record and play pages", { skip: skipWithoutServer }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of FOUR) {
    test(`smaller points: the CPU's move in the move list's notation, a record's title, a refused name kept, 44 px targets, Yonin's labels whole (${lang}, ${where})`, async () => {
      const phone = where === "phone";
      const { page } = await open(lang, device);
      // A short game against the CPU, resigned, then its record and the CPU's analysis.
      await page.locator('.game-card[data-game="shogi"] .play-cpu').click();
      let g = await waitGroup(page, (g) => g.table.status === "playing");
      await playMove(page, "7g7f");
      g = await waitGroup(page, (g) => g.table.game.moves.length >= 2);
      await page.locator(".resign").click();
      await page.locator(".resign-yes").click();
      g = await waitGroup(page, (g) => g.table.status === "finished");
      const analyse = page.locator(".analyse-link a");
      await analyse.waitFor();
      if (phone) assert.deepEqual(await smallerThan44(page, ".analyse-link a"), []);
      await analyse.click();
      const title = page.locator(".record-title");
      await title.waitFor();
      // Titled by who played and when (My games' date), not "game 9".
      await page.waitForFunction(() =>
        /·/.test(document.querySelector(".record-title")?.textContent ?? ""),
      );
      const t = plain(await title.textContent());
      assert.match(
        t,
        lang === "en"
          ? /^Shogi against CPU level 3 · .*\d{4}/
          : /^شوغي ضد الحاسوب، المستوى 3 · .*\d{4}/,
      );
      assert.doesNotMatch(t, /game \d|المباراة \d/);
      if (phone) assert.deepEqual(await smallerThan44(page, ".back-link a"), []);
      await page.locator(".analysis-start").click();
      await page.waitForFunction(() => window.__kaisho.state.analysis?.status === "done", null, {
        timeout: 120_000,
      });
      // A position where the CPU prefers another move than the one played: in Japanese notation,
      // as the move list (the default).
      const positions = await page.evaluate(() => window.__kaisho.state.analysis.positions);
      const moves = g.table.game.moves;
      const at = positions.findIndex((p, i) => p && p.pv[0] && p.pv[0] !== moves[i]);
      assert.ok(at >= 0, "a position where the CPU prefers another move");
      await page.evaluate((i) => {
        const buttons = document.querySelectorAll(".replay-move");
        if (i === 0) document.querySelector(".replay-first")?.click();
        else buttons[i - 1]?.click();
      }, at);
      await page.waitForFunction((i) => window.__kaisho.state.record.index === i, at);
      const prefers = page.locator(".analysis-prefers .move-text");
      assert.match(await prefers.textContent(), /^[☗☖]/);
      assert.equal(await prefers.textContent(), positions[at].best.japanese);
      await shot(page, `prefers-notation-${lang}-${where}`);

      // A name the server refuses stays in its field, with why.
      await page.goto(BASE + "/#/settings");
      const field = page.locator("#pref-name");
      await field.fill("Guest 1234");
      await field.press("Enter");
      const why = page.locator("#pref-name-error");
      await why.waitFor();
      assert.match(
        await why.textContent(),
        lang === "en" ? /reads like one the site gives/ : /يشبه اسمًا يعطيه الموقع/,
      );
      assert.equal(await field.inputValue(), "Guest 1234");
      assert.equal(await field.getAttribute("aria-invalid"), "true");
      await shot(page, `name-refused-${lang}-${where}`);

      // The rules pages' games, and pieces in hand, are targets of 44 px on a phone.
      await page.goto(BASE + "/#/rules/shogi");
      await page.locator(".rules-nav a").first().waitFor();
      if (phone) assert.deepEqual(await smallerThan44(page, ".rules-nav a"), []);
      await keepPractice(page, "shogi", { side: 1, moves: SHOGI.slice(0, 9) });
      await page.goto(BASE + "/#/practice/shogi");
      await waitGroup(page, (g) => g.id === "practice:shogi" && g.table.game?.moves.length === 9);
      await page.locator('[data-hand="1:B"]').waitFor();
      assert.equal(await page.locator("[data-hand]").count(), 2, "a bishop in each hand");
      assert.deepEqual(await smallerThan44(page, "[data-hand]"), []);
      await page.locator('[data-hand="1:B"]').scrollIntoViewIfNeeded();
      await shot(page, `hand-targets-${lang}-${where}`);

      // Yonin zoomed on a phone: the labels above and below the board whole on screen.
      await keepPractice(page, "yonin", { side: 0, moves: YONIN.slice(0, 8) });
      await page.goto(BASE + "/#/practice/yonin");
      await waitGroup(page, (g) => g.id === "practice:yonin" && g.table.game?.moves.length === 8);
      if (phone)
        await page.waitForFunction(() => {
          const w = document.querySelector(".board-wrap.zoomed");
          return !!w && w.scrollWidth > w.clientWidth && w.scrollLeft > 0;
        });
      const cut = await page.evaluate(() => {
        const frame = document.querySelector(".board-wrap").getBoundingClientRect();
        return [...document.querySelectorAll(".hand-top .hand-label, .hand-bottom .hand-label")]
          .map((el) => ({ text: el.textContent, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.left < frame.left - 1 || r.right > frame.right + 1)
          .map(({ text, r }) => `${text} ${Math.round(r.left)}..${Math.round(r.right)}`);
      });
      assert.deepEqual(cut, [], "a label cut off");
      await page.locator(".board-wrap").scrollIntoViewIfNeeded();
      await shot(page, `yonin-labels-${lang}-${where}`);
    });
  }
});

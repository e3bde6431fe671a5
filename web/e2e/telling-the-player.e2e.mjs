// What a player still tripped on (issue "the play experience, second round"), in a real
// browser, in Arabic on a phone and English on a desktop: the end of a game said in words,
// what the CPU did while one was away, targets a finger can hit, the move list in Western
// notation, game lengths in seconds, Yonin's wording, long names, the default notation, and
// moves that reach the page as patches (with a missed one made good by a sync). Runs against a
// server with a short away grace (scripts/browser-e2e.sh). Screenshots go to e2e/artifacts/.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { newDevice } from "./browser.mjs";
import {
  BASE,
  BOTH,
  PHONE,
  group,
  isMyTurn,
  openDevice,
  playMove,
  shot,
  skipWithoutServer,
  waitConnected,
  waitGroup,
} from "./helpers.mjs";

const skip = skipWithoutServer;
const devices = [];

const open = (lang, extra = {}) => openDevice(devices, lang, extra);

async function createTable(page, game, mode) {
  await page.locator(`.game-card[data-game="${game}"] .play-${mode}`).click();
  await page.waitForURL(/\/g\//, { timeout: 20_000 });
}

const said = (page) => page.evaluate(() => window.__kaisho.announced.join(" | "));

/** The visible controls (and board squares) smaller than 44 × 44 px. */
function smallTargets(page) {
  return page.evaluate(() => {
    const out = [];
    const targets = "a[href], button, select, input, summary, [role=button], [data-sq]";
    for (const el of document.querySelectorAll(targets)) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === "hidden") continue;
      // A link inside a sentence is exempt (WCAG 2.5.8), as is a skip link until focused.
      if (el.matches("p a, li > p a, .skip-link")) continue;
      if (r.width < 43.5 || r.height < 43.5)
        out.push(
          `${el.tagName} "${(el.textContent || "").trim().slice(0, 20)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
    }
    return [...new Set(out)];
  });
}

describe("telling the player", { skip }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const lang of ["ar", "en"]) {
    test(`every target on a phone is at least 44 px, the squares of Yonin and Shogi included (${lang}, phone)`, async () => {
      const { page } = await open(lang, PHONE);
      assert.deepEqual(await smallTargets(page), [], "front page");
      await page.goto(BASE + "/#/settings");
      await page.locator("#pref-sound").waitFor();
      assert.deepEqual(await smallTargets(page), [], "settings");
      await page.goto(BASE + "/");
      await createTable(page, "shogi", "friends");
      await waitGroup(page, (g) => g.table.status === "idle");
      assert.deepEqual(await smallTargets(page), [], "the table's lobby");
      // Yonin: the board larger than the screen, scrolled to the middle; squares of 44 px+.
      const y = await open(lang, PHONE);
      await createTable(y.page, "yonin", "cpu");
      await waitGroup(y.page, (g) => g.table.status === "playing");
      assert.deepEqual(await smallTargets(y.page), [], "a Yonin game");
      // Scrolled to the middle once laid out (the page does it on its next frame).
      await y.page.waitForFunction(
        () => {
          const w = document.querySelector(".board-wrap.zoomed");
          return !!w && w.scrollWidth > w.clientWidth && w.scrollLeft > 0;
        },
        null,
        { timeout: 30_000, polling: 100 },
      );
      await shot(y.page, `yonin-zoomed-${lang}-phone`);
      // The whole board on demand, and back.
      await y.page.locator(".zoom-toggle").click();
      await y.page.waitForFunction(() => !document.querySelector(".board-wrap.zoomed"));
      const board = await y.page.locator("svg.board").boundingBox();
      assert.ok(board.width <= 390, `the whole board fits: ${board.width}`);
      await shot(y.page, `yonin-whole-${lang}-phone`);
      await y.page.locator(".zoom-toggle").click();
      await y.page.locator(".board-wrap.zoomed").waitFor();
      // Shogi: the board 8% larger than the screen, its squares 44 px.
      const s = await open(lang, PHONE);
      await createTable(s.page, "shogi", "cpu");
      await waitGroup(s.page, (g) => g.table.status === "playing");
      await s.page.locator(".board-wrap.zoomed").waitFor();
      assert.deepEqual(await smallTargets(s.page), [], "a Shogi game");
      await shot(s.page, `shogi-zoomed-${lang}-phone`);
    });
  }

  for (const { lang, device, where } of BOTH) {
    test(`the end of a game is said in words: who won, how, and the rating change; My games gives seconds (${lang}, ${where})`, async () => {
      const { page } = await open(lang, device);
      await createTable(page, "hasami", "cpu");
      await waitGroup(page, (g) => g.table.status === "playing");
      await page.locator(".resign").click();
      await page.locator(".resign-yes").click();
      await waitGroup(page, (g) => g.table.status === "finished");
      await page.waitForFunction(() => window.__kaisho.announced.some((t) => /1500/.test(t)));
      const words = await said(page);
      if (lang === "en") {
        assert.match(words, /Game over: You lost — .*wins/);
        assert.match(words, /by resignation/);
        assert.match(words, /Your rating: .*1500\?.* → /);
      } else {
        assert.match(words, /انتهت المباراة: خسرت/);
        assert.match(words, /بالاستسلام/);
        assert.match(words, /تقييمك: .*1500\u061f/);
      }
      await page.goto(BASE + "/#/history");
      const length = page.locator(".history-row td[data-label]").nth(1);
      await length.waitFor();
      assert.match(await length.innerText(), lang === "en" ? /^\d+ seconds?$/ : /ثان/);
      await shot(page, `history-seconds-${lang}-${where}`);
    });
  }

  for (const { lang, device, where } of BOTH) {
    test(`a returning player is told what the CPU did for them; Western notation keeps its columns apart (${lang}, ${where})`, async () => {
      const a = await open(lang, device);
      const w = await open(lang);
      await createTable(a.page, "annan", "cpu");
      const g = await waitGroup(a.page, (g) => g.table.status === "playing");
      // A friend watches; the player closes the page, and the CPU plays on for them.
      await w.page.goto(`${BASE}/g/${g.id}`);
      await waitGroup(w.page, (x) => x.id === g.id);
      await a.page.close();
      await waitGroup(
        w.page,
        (x) => {
          const people = x.table.seats.filter((s) => s.kind === "person").map((s) => s.seat);
          const away = (x.table.game?.stand_ins ?? []).filter(
            (s) => s.reason === "away" && people.includes(s.seat),
          );
          return away.length >= 3 || x.table.status === "finished";
        },
        60_000,
      );
      const back = await a.context.newPage();
      await back.goto(`${BASE}/g/${g.id}`);
      await back.locator(".away-report").waitFor();
      const report = await back.locator(".away-report").innerText();
      assert.match(
        report,
        lang === "en"
          ? /While you were away, the CPU made \d+ moves for you; the last: /
          : /في غيابك لعب الحاسوب/,
      );
      assert.ok(
        (await said(back))
          .replace(/[\u2066-\u2069]/g, "")
          .includes(report.replace(/^⚙\s*/, "").trim()),
        "said in the live region too",
      );
      await shot(back, `away-report-${lang}-${where}`);
      // The move list in Western notation: no cell runs into the next.
      const moves = back.locator("details.moves");
      if (!(await moves.evaluate((d) => d.open))) await moves.locator("summary").click();
      await back.locator("#moves-notation").selectOption("western");
      await back.locator(".move-list-western").waitFor();
      const overlaps = await back.evaluate(() => {
        const cells = [...document.querySelectorAll(".move-list li")].map((li) =>
          li.getBoundingClientRect(),
        );
        let n = 0;
        for (let i = 0; i < cells.length; i++)
          for (let j = i + 1; j < cells.length; j++) {
            const p = cells[i],
              q = cells[j];
            if (
              p.left < q.right - 0.5 &&
              q.left < p.right - 0.5 &&
              p.top < q.bottom - 0.5 &&
              q.top < p.bottom - 0.5
            )
              n++;
          }
        // Each cell's text fits its cell.
        const clipped = [...document.querySelectorAll(".move-list li")].filter(
          (li) => li.scrollWidth > li.clientWidth + 1,
        ).length;
        return { n, clipped, cells: cells.length };
      });
      assert.ok(overlaps.cells >= 3, `moves shown: ${overlaps.cells}`);
      assert.equal(overlaps.n, 0, "cells overlap");
      assert.equal(overlaps.clipped, 0, "a move runs out of its cell");
      await back.locator(".move-list").scrollIntoViewIfNeeded();
      await shot(back, `western-move-list-${lang}-${where}`);
    });
  }

  for (const { lang, device, where } of BOTH) {
    test(`Yonin's move limit speaks of four players; a long name is refused whole; Shogi moves are in Japanese style by default (${lang}, ${where})`, async () => {
      const { page } = await open(lang, device);
      await createTable(page, "yonin", "setup");
      await waitGroup(page, (g) => g.game === "yonin");
      const help = await page
        .locator("#opt-move_limit")
        .locator("xpath=ancestor::*[contains(@class,'field')][1]")
        .innerText();
      assert.match(help, lang === "en" ? /four players together/ : /اللاعبين الأربعة/);
      // A name over 32 characters: refused with the limit, the old name kept.
      const before = (await page.evaluate(() => window.__kaisho.state.person)).name;
      await page.goto(BASE + "/#/settings");
      await page.locator("#pref-name").fill("A".repeat(20) + " " + "B".repeat(20));
      await page.locator("#pref-name").press("Enter");
      await page.locator(".notice-error").waitFor();
      assert.match(await page.locator(".notice-error").innerText(), /32/);
      await page.waitForTimeout(300);
      assert.equal((await page.evaluate(() => window.__kaisho.state.person)).name, before);
      await shot(page, `long-name-refused-${lang}-${where}`);
      // Japanese-style notation unless the player chose another.
      const s = await open(lang, device);
      await createTable(s.page, "shogi", "cpu");
      const g = await waitGroup(s.page, (x) => x.table.status === "playing");
      if (isMyTurn(g))
        await playMove(
          s.page,
          g.table.game.legal_moves.find((m) => m === "7g7f") ?? g.table.game.legal_moves[0],
        );
      await waitGroup(s.page, (x) => x.table.game.moves.length >= 2);
      const moves = s.page.locator("details.moves");
      if (!(await moves.evaluate((d) => d.open))) await moves.locator("summary").click();
      assert.match(await s.page.locator(".move-list").innerText(), /[☗☖]/);
    });
  }

  for (const { lang, device, where } of BOTH) {
    test(`My games gives a Yonin player's place, not a loss (${lang}, ${where})`, async () => {
      const a = await open(lang, device);
      const w = await open(lang);
      await createTable(a.page, "yonin", "setup");
      const g = await waitGroup(a.page, (x) => x.game === "yonin");
      await a.page.locator("#opt-move_limit").selectOption("200");
      await waitGroup(a.page, (x) => x.settings.options.move_limit === "200");
      await a.page.locator(".start-game").click();
      await waitGroup(a.page, (x) => x.table.status === "playing");
      // The player leaves the page: the CPU plays every seat to the move limit (or an end).
      await w.page.goto(`${BASE}/g/${g.id}`);
      await waitGroup(w.page, (x) => x.table.status === "playing");
      await a.page.close();
      const end = await waitGroup(w.page, (x) => x.table.status === "finished", 240_000);
      const seat = end.table.seats.find((s) => s.kind === "person").seat;
      const place = end.table.game.result.places?.[seat];
      const back = await a.context.newPage();
      await back.goto(`${BASE}/#/history`);
      const outcome = back.locator("tr.history-row").first().locator(".outcome");
      await outcome.waitFor();
      const text = await outcome.innerText();
      const words = {
        en: { 1: "You won", 2: "You finished 2nd", 3: "You finished 3rd", 4: "You finished 4th" },
        ar: { 1: "فزت", 2: "حللت في المركز", 3: "حللت في المركز", 4: "حللت في المركز" },
      }[lang];
      assert.ok(
        place >= 1 && place <= 4,
        `placed ${place}: ${JSON.stringify(end.table.game.result)}`,
      );
      assert.ok(text.startsWith(words[place]), `place ${place}: "${text}"`);
      assert.ok(!text.includes(lang === "en" ? "You lost" : "خسرت"), text);
      await shot(back, `history-place-${lang}-${where}`);
    });
  }

  for (const { lang, device, where } of BOTH) {
    test(`moves reach the page as patches of a few hundred bytes; a page that misses one asks for the whole state and catches up (${lang}, ${where})`, async () => {
      const dev = await newDevice({ locale: lang, ...device });
      devices.push(dev);
      const frames = [];
      const sent = [];
      dev.page.on("pageerror", (e) => console.error(`[page error] ${e.message}`));
      dev.page.on("websocket", (ws) => {
        ws.on("framereceived", (f) => frames.push(String(f.payload)));
        ws.on("framesent", (f) => sent.push(String(f.payload)));
      });
      await dev.page.goto(BASE + "/");
      await waitConnected(dev.page);
      await createTable(dev.page, "shogi", "cpu");
      let g = await waitGroup(dev.page, (x) => x.table.status === "playing");
      for (let i = 0; i < 3; i++) {
        g = await waitGroup(
          dev.page,
          (x) => x.table.status !== "playing" || x.table.your_seats.includes(x.table.game.to_move),
        );
        if (g.table.status !== "playing") break;
        await playMove(dev.page, g.table.game.legal_moves[0]);
      }
      const patches = frames.filter((f) => f.startsWith('{"type":"group_patch"'));
      assert.ok(patches.length >= 4, `patches: ${patches.length}`);
      assert.ok(Math.max(...patches.map((p) => p.length)) < 1500, "a patch, not a whole state");
      // Miss one: the page holds another version than the next patch's base (a friend
      // joining brings the next one).
      const held = (await group(dev.page)).version;
      await dev.page.evaluate(() => {
        window.__kaisho.group.version -= 1;
      });
      const friend = await open(lang);
      await friend.page.goto(`${BASE}/g/${g.id}`);
      const theirs = await waitGroup(friend.page, (x) => x.members.length === 2);
      const now = await waitGroup(dev.page, (x) => x.members.length === 2);
      assert.ok(
        sent.some((m) => m.includes('"type":"sync"')),
        "asked for the whole state",
      );
      assert.ok(now.version >= theirs.version && now.version > held, "caught up");
      assert.deepEqual(now.table.game.moves, theirs.table.game.moves);
      await shot(dev.page, `patched-${lang}-${where}`);
    });
  }
});

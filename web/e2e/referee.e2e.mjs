// Instant feedback without a round trip (issue 53, point 4): in a game of the hall against the
// CPU, once the engine in the page is loaded (it is loaded only by a game page of the hall, after
// the page draws), the board's legal-move highlights and the reason a move is illegal come from
// it, so a slow network does not slow them; the server stays the referee of every move sent.
// The network is made slow where it matters: every WebSocket message is held back 1.2 s each
// way in the page (Chromium's network emulation does not slow WebSocket frames). Arabic on a
// phone and English on a desktop. Screenshots go to $KAISHO_SHOTS (default e2e/artifacts/).
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { newDevice } from "./browser.mjs";
import {
  ARTIFACTS,
  BASE,
  BOTH,
  PHONE,
  group,
  skipWithoutServer,
  waitConnected,
  waitGroup,
} from "./helpers.mjs";

const SHOTS = (process.env.KAISHO_SHOTS ?? ARTIFACTS).replace(/\/?$/, "/");
mkdirSync(SHOTS, { recursive: true });
/** How long each WebSocket message is held back, each way, once the network is made slow. */
const DELAY_MS = 1200;
const devices = [];

/**
 * Runs in the page before its scripts: a WebSocket whose messages, while `__slowMs` is set,
 * leave and arrive that much later; every `send` is logged at once in `__sendCalls` (what
 * the page tried to send, whenever it would leave).
 */
function slowSockets() {
  const Native = window.WebSocket;
  window.__slowMs = 0;
  window.__sendCalls = [];
  class SlowSocket extends Native {
    send(data) {
      window.__sendCalls.push(String(data));
      const ms = window.__slowMs;
      if (!ms) return super.send(data);
      setTimeout(() => {
        if (this.readyState === Native.OPEN) super.send(data);
      }, ms);
    }
    set onmessage(fn) {
      super.onmessage = fn
        ? (ev) => {
            const ms = window.__slowMs;
            if (ms) setTimeout(() => fn.call(this, ev), ms);
            else fn.call(this, ev);
          }
        : null;
    }
    get onmessage() {
      return super.onmessage;
    }
  }
  window.WebSocket = SlowSocket;
}

/** A device whose WebSocket frames sent are counted from the first one (`frames`). */
async function openCounted(lang, device) {
  const dev = await newDevice({ locale: lang, ...device });
  devices.push(dev);
  const frames = [];
  dev.page.on("pageerror", (e) => console.error(`[page error] ${e.message}`));
  dev.page.on("websocket", (ws) =>
    ws.on("framesent", (f) => {
      try {
        frames.push(JSON.parse(String(f.payload)));
      } catch {
        frames.push({ type: "?" });
      }
    }),
  );
  await dev.page.addInitScript(slowSockets);
  await dev.page.goto(BASE + "/");
  await waitConnected(dev.page);
  return { ...dev, frames, phone: device === PHONE };
}

async function press(d, selector) {
  const el = d.page.locator(selector);
  if (d.phone) await el.tap();
  else await el.click();
}

/** The engine in the page holds the game shown: the board's moves are its own. */
async function engineInStep(page) {
  await page.waitForFunction(() => window.__kaisho?.engineInStep === true, null, {
    timeout: 20_000,
    polling: 50,
  });
}

/** The board took its legal moves from the engine (it asks each time it needs them). */
async function boardUsesEngine(page) {
  assert.equal(await page.locator('.board-view[data-legal="engine"]').count(), 1);
}

/** (Run in the page: self-contained.) */
const myTurn = (g) =>
  g.table.status === "playing" && g.table.your_seats.includes(g.table.game.to_move);

const movesSent = (frames) => frames.filter((f) => f.type === "move");

async function shot(page, name) {
  await page.screenshot({ path: `${SHOTS}${name}.png` });
}

/** Whether the page runs the engine's Web Worker. */
const engineWorkers = (page) => page.workers().filter((w) => /worker/.test(w.url())).length;
/** The clients open on the page's one engine worker (engine/client.ts). */
const engineUsers = (page) => page.evaluate(() => window.__kaisho.engine.users);

describe("instant feedback without a round trip", { skip: skipWithoutServer }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of BOTH) {
    test(`an illegal move is refused at once by the engine in the page, nothing sent, on a slow network (${lang}, ${where})`, async () => {
      const d = await openCounted(lang, device);
      const { page } = d;
      assert.equal(engineWorkers(page), 0, "the front page does not load the engine");
      // A table against the CPU whose board does not mark the legal moves, so that any square
      // can be tried.
      await page.locator('.game-card[data-game="shogi"] .play-setup').click();
      await page.waitForURL(/\/g\//, { timeout: 20_000 });
      await page.locator("#opt-show_legal_moves").selectOption("false");
      await waitGroup(page, (g) => String(g.settings.options.show_legal_moves) === "false");
      assert.equal(engineWorkers(page), 0, "the lobby does not load the engine");
      await press(d, ".start-game");
      await waitGroup(page, (g) => g.table.status === "playing");
      await engineInStep(page);
      assert.equal(engineWorkers(page), 1, "the game page loaded the engine");
      assert.equal(await engineUsers(page), 1, "the referee uses it");
      const g = await waitGroup(page, myTurn);

      await page.evaluate((ms) => (window.__slowMs = ms), DELAY_MS);
      const framesBefore = d.frames.length;
      const callsBefore = await page.evaluate(() => window.__sendCalls.length);
      const t0 = Date.now();
      // The rook on 2h cannot reach 2c: the pawns are in the way.
      await press(d, '[data-sq="2h"]');
      await press(d, '[data-sq="2c"]');
      const notice = page.locator(".notice-error .notice-text");
      await notice.waitFor({ timeout: 2_000 });
      const shownAfter = Date.now() - t0;
      await boardUsesEngine(page);
      const text = await notice.textContent();
      if (lang === "ar") {
        assert.match(text, /^نقلة غير قانونية: لا تستطيع القطعة \(رخ\) في/);
        assert.doesNotMatch(text, /illegal|cannot|rook/i, "no English words");
      } else
        assert.equal(
          text,
          "Illegal move: the rook on \u20662h\u2069 cannot move to \u20662c\u2069",
        );
      // Sooner than the server could have answered (a round trip is 2.4 s now).
      assert.ok(shownAfter < DELAY_MS, `the reason showed after ${shownAfter} ms`);
      await shot(page, `referee-illegal-${lang}-${where}`);
      // Nothing left the page, then or since, and nothing changed.
      await page.waitForTimeout(2 * DELAY_MS + 500);
      // (A ping may go: the connection checks a socket that says nothing for 4 s.)
      const tried = await page.evaluate((n) => window.__sendCalls.slice(n), callsBefore);
      assert.deepEqual(movesSent(tried.map((m) => JSON.parse(m))), [], "no move was sent");
      assert.deepEqual(movesSent(d.frames.slice(framesBefore)), [], "no move frame was sent");
      const still = await group(page);
      assert.equal(still.version, g.version);
      assert.equal((await page.evaluate(() => window.__kaisho.state.pending)) ?? null, null);
      assert.ok(await page.locator('[data-sq="2h"] .piece-wrap').count(), "the rook stayed");

      // A legal move still goes to the server, which rules: its answer takes the slow way.
      const t1 = Date.now();
      await press(d, '[data-sq="7g"]');
      await press(d, '[data-sq="7f"]');
      await waitGroup(page, (x) => x.table.game.moves[0] === "7g7f", 20_000);
      const answered = Date.now() - t1;
      assert.deepEqual(
        movesSent(d.frames.slice(framesBefore)).map((f) => f.move),
        ["7g7f"],
        "the legal move was sent",
      );
      assert.ok(answered >= 2 * DELAY_MS, `the server answered after ${answered} ms`);
      console.log(`${lang}: the reason after ${shownAfter} ms, the server's answer ${answered} ms`);
      await page.evaluate(() => (window.__slowMs = 0));

      // The game over: the referee lets the engine go, and the page's one worker is kept a
      // while for whoever needs it next (engine/client.ts).
      await page.locator("button.resign").click();
      await page.locator("button.resign-yes").click();
      await waitGroup(page, (x) => x.table.status === "finished", 20_000);
      await page.waitForFunction(() => window.__kaisho.engine.users === 0);
      assert.equal(engineWorkers(page), 1, "the worker is kept a while");
    });

    test(`the legal-move highlights show at once from the engine on a slow network (${lang}, ${where})`, async () => {
      const d = await openCounted(lang, device);
      const { page } = d;
      await page.locator('.game-card[data-game="shogi"] .play-cpu').click();
      await page.waitForURL(/\/g\//, { timeout: 20_000 });
      await waitGroup(page, (g) => g.table.status === "playing");
      await engineInStep(page);
      await waitGroup(page, myTurn);
      await page.evaluate((ms) => (window.__slowMs = ms), DELAY_MS);
      const framesBefore = d.frames.length;
      // A first move on the slow network, the CPU's reply: the engine follows both.
      await press(d, '[data-sq="2g"]');
      await press(d, '[data-sq="2f"]');
      await waitGroup(
        page,
        (g) => g.table.game.moves.length >= 2 && g.table.your_seats.includes(g.table.game.to_move),
        30_000,
      );
      await engineInStep(page);
      // The silver's moves: marked as soon as it is chosen.
      const t0 = Date.now();
      await press(d, '[data-sq="3i"]');
      await page.locator('[data-sq="3h"].target').waitFor({ timeout: 2_000 });
      const shownAfter = Date.now() - t0;
      assert.ok(shownAfter < DELAY_MS, `the highlights showed after ${shownAfter} ms`);
      await boardUsesEngine(page);
      console.log(`${lang}: the highlights after ${shownAfter} ms`);
      const g = await group(page);
      const fromSilver = g.table.game.legal_moves.filter((m) => m.startsWith("3i")).sort();
      const marked = await page.$$eval(".board-view .sq.target", (els) =>
        els.map((e) => e.getAttribute("data-sq")).sort(),
      );
      assert.deepEqual(marked, fromSilver.map((m) => m.slice(2, 4)).sort());
      assert.deepEqual(
        movesSent(d.frames.slice(framesBefore)).map((f) => f.move),
        ["2g2f"],
        "choosing a piece sends nothing",
      );
      await shot(page, `referee-highlights-${lang}-${where}`);
      await page.evaluate(() => (window.__slowMs = 0));
    });
  }
});

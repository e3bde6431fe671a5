// Who may change a table, and ratings earned by the person who plays (issue "correct under
// concurrency and bad data, and ratings earned by the person who plays"), in a real browser,
// in Arabic on a phone and English on a desktop. Runs against a server started with a short
// away grace (scripts/browser-e2e.sh). Screenshots go to e2e/artifacts/.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  BASE,
  PHONE,
  group,
  openDevice,
  playMove,
  shot,
  skipWithoutServer,
  waitGroup,
} from "./helpers.mjs";

const skip = skipWithoutServer;
const devices = [];

const open = (lang, extra = {}) => openDevice(devices, lang, extra);

/** A Shogi table for friends made by `page`; returns its invite link. */
async function friendsTable(page) {
  await page.locator('.game-card[data-game="shogi"] .play-friends').click();
  await page.waitForURL(/\/g\//, { timeout: 20_000 });
  await waitGroup(page, (g) => g.table.status === "idle");
  return page.locator("#invite-link").inputValue();
}

function bodyText(page) {
  return page.evaluate(() => document.body.innerText);
}

describe("fair play in the browser", { skip }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const [lang, device, where] of [
    ["ar", PHONE, "phone"],
    ["en", {}, "desktop"],
  ]) {
    test(`a spectator sees the settings read-only and no start button (${lang}, ${where})`, async () => {
      const a = await open(lang, device);
      const b = await open(lang, device);
      const c = await open(lang, device);
      const link = await friendsTable(a.page);
      // b joins first and takes the second seat; c, joining after, only watches.
      await b.page.goto(link);
      await waitGroup(b.page, (g) => g.table.your_seats.length === 1);
      await c.page.goto(link);
      await waitGroup(c.page, (g) => g.members.length === 3 && g.table.your_seats.length === 0);
      for (const id of ["set-game", "set-timer", "set-cpu"])
        assert.ok(
          await c.page.locator(`#${id}`).isDisabled(),
          `${id} is read-only for a spectator`,
        );
      assert.equal(await c.page.locator(".start-game").count(), 0, "no start button");
      await c.page.locator(".rules-read-only").waitFor();
      await c.page.locator(".start-by-players").waitFor();
      // The players may, and the spectator sees what they chose.
      assert.ok(!(await b.page.locator("#set-cpu").isDisabled()), "a player may change it");
      await b.page.locator("#set-timer").selectOption("30");
      await waitGroup(c.page, (g) => g.settings.timer === 30);
      await c.page.locator(".rules-read-only").scrollIntoViewIfNeeded();
      await shot(c.page, `spectator-settings-${lang}-${where}`);
    });
  }

  for (const [lang, device, where] of [
    ["en", {}, "desktop"],
    ["ar", PHONE, "phone"],
  ]) {
    test(`the table's first member removes a member, whose page says so and cannot come back (${lang}, ${where})`, async () => {
      const a = await open(lang, device);
      const b = await open(lang, device);
      const link = await friendsTable(a.page);
      await b.page.goto(link);
      const g = await waitGroup(a.page, (g) => g.members.length === 2);
      const bId = g.members[1].id;
      // Only the first member is offered the button, and it asks first.
      assert.equal(await b.page.locator(".remove-member").count(), 0);
      await a.page.locator(".remove-member").click();
      await a.page.locator(".remove-confirm").waitFor();
      await shot(a.page, `remove-confirm-${lang}-${where}`);
      await a.page.locator(".remove-yes").click();
      const left = await waitGroup(a.page, (g) => g.members.length === 1);
      assert.ok(left.members.every((m) => m.id !== bId));
      await b.page.locator(".shut-removed").waitFor();
      await shot(b.page, `removed-${lang}-${where}`);
      // The link no longer lets them in.
      await b.page.reload();
      await b.page.locator(".shut-removed").waitFor();
    });
  }

  for (const lang of ["en", "ar"]) {
    test(`leaving during a game asks first, the others see "left", and the leaver's win is not counted (${lang})`, async () => {
      const a = await open(lang);
      const b = await open(lang);
      const link = await friendsTable(a.page);
      await b.page.goto(link);
      await waitGroup(a.page, (g) => g.members.length === 2 && g.members.every((m) => m.present));
      await a.page.locator(".start-game").click();
      await waitGroup(b.page, (g) => g.table.status === "playing");
      await playMove(a.page, "7g7f");
      await waitGroup(b.page, (g) => g.table.game.moves.length === 1);
      // "Leave the table" in the lobby asks, and says what leaving means for the rating.
      await a.page.locator("button.leave").click();
      const confirm = a.page.locator(".leave-confirm");
      await confirm.waitFor();
      const said = await confirm.innerText();
      assert.match(said, lang === "en" ? /only if it lowers it/ : /إلا إن خفّضته/);
      await shot(a.page, `leave-confirm-${lang}`);
      await confirm.locator(".leave-yes").click();
      await a.page.waitForURL(BASE + "/");
      // B sees that A left (not merely away), and the CPU plays A's seat.
      await waitGroup(b.page, (g) => g.table.seats[0].left === true);
      await b.page.locator(".player .left").first().waitFor();
      await playMove(b.page, (await group(b.page)).table.game.legal_moves[0]);
      await waitGroup(b.page, (g) => g.table.game.moves.length === 3);
      // B resigns: A's seat wins, but the win is not counted for A.
      await b.page.locator("button.resign").click();
      await b.page.locator(".resign-yes").click();
      const done = await waitGroup(b.page, (g) => g.table.status === "finished");
      const mine = done.table.game.result.rating_changes.find((c) => c.seat === 0);
      assert.equal(mine.counted, false);
      assert.equal(mine.rule, "left");
      assert.equal(mine.after, mine.before);
      await b.page.locator(".ratings .not-counted").waitFor();
      const text = await bodyText(b.page);
      assert.match(text, lang === "en" ? /not counted: left during the game/ : /لم تُحتسب: غادر/);
      await b.page.locator("#result").scrollIntoViewIfNeeded();
      await shot(b.page, `leaver-not-counted-${lang}`);
    });
  }
});

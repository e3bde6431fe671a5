// Yonin in pairs, in a real browser, in Arabic and English on a phone and a desktop: a friend
// who joins sits as the first player's partner (the server's line-up), the lobby's line-up shows
// the two teams, and every seat its partner, in the lobby and in the game.
// Runs against a server started as scripts/browser-e2e.sh starts it (a short away grace, the
// CPU standing in at once without a timer). Screenshots go to e2e/artifacts/.
//   KAISHO_URL=http://127.0.0.1:8080 node --test e2e/pairs.e2e.mjs
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, openDevice, shot, skipWithoutServer, waitGroup } from "./helpers.mjs";
import { FOUR, WIDE } from "./devicePlay.mjs";

const devices = [];
const open = (lang, device) => openDevice(devices, lang, device);

describe("a Yonin table in pairs", { skip: skipWithoutServer }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of FOUR) {
    test(`a Yonin table in pairs shows each team, friends together (${lang}, ${where})`, async () => {
      const a = await open(lang, device);
      await a.page.locator('.game-card[data-game="yonin"] .play-friends').click();
      await a.page.waitForURL(/\/g\//);
      let g = await waitGroup(a.page, (g) => g.table.status === "idle");
      await a.page.locator("#opt-format").selectOption("pairs");
      await waitGroup(a.page, (g) => g.settings.options.format === "pairs");
      const b = await open("en", WIDE);
      const friend = (await b.page.evaluate(() => window.__kaisho.state.person)).id;
      await b.page.goto(`${BASE}/g/${g.id}`);
      await a.page.waitForFunction(
        (friend) => window.__kaisho.group?.table.seats.some((s) => s.person === friend),
        friend,
      );
      g = await a.page.evaluate(() => window.__kaisho.group);
      // Friends sit as partners (the server's line-up), and the line-up shows the teams.
      assert.equal(g.table.seats.find((s) => s.person === friend).seat, 2, "the friend sits North");
      const teams = a.page.locator(".start-box .lineup.teams > li.team");
      assert.equal(await teams.count(), 2);
      const seatsOf = (i) =>
        teams
          .nth(i)
          .locator("li[data-seat]")
          .evaluateAll((els) => els.map((e) => e.dataset.seat));
      assert.deepEqual(await seatsOf(0), ["0", "2"]);
      assert.deepEqual(await seatsOf(1), ["1", "3"]);
      assert.match(
        await teams.nth(0).locator(".team-name").textContent(),
        lang === "en" ? /^South and North \(your team\)$/ : /^الجنوب والشمال \(فريقك\)$/,
      );
      assert.equal(await a.page.locator(".seats .partner").count(), 4);
      await shot(a.page, `pairs-lineup-${lang}-${where}`);
      await a.page.locator(".start-game").click();
      await waitGroup(a.page, (g) => g.table.status === "playing");
      const partners = await a.page
        .locator(".players li.player")
        .evaluateAll((els) =>
          els.map((e) => [e.dataset.seat, e.querySelector(".partner")?.dataset.partner]),
        );
      assert.deepEqual(partners.sort(), [
        ["0", "2"],
        ["1", "3"],
        ["2", "0"],
        ["3", "1"],
      ]);
      await shot(a.page, `pairs-game-${lang}-${where}`);
    });
  }
});

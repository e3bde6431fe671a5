// A practice game's table in a real browser, in Arabic and English on a phone and a desktop:
// check said, shown and the king marked (the engine reports the seats in check as the server
// does), the mated king too; and a player who chose no name is the site's guest in the result
// and under the board, never blank, also on a page reloaded with no network.
// Runs against a server started as scripts/browser-e2e.sh starts it (a short away grace, the
// CPU standing in at once without a timer). Screenshots go to e2e/artifacts/.
//   KAISHO_URL=http://127.0.0.1:8080 node --test e2e/practice-table.e2e.mjs
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, openDevice, playMove, shot, skipWithoutServer, waitGroup } from "./helpers.mjs";
import { FOUR, keepPractice, plain, said, selfPlayed, serviceWorkerReady } from "./devicePlay.mjs";

const devices = [];
const open = (lang, device) => openDevice(devices, lang, device);
let SHOGI = [];
let YONIN = [];
before(async () => {
  ({ shogi: SHOGI, yonin: YONIN } = await selfPlayed());
});

const CHECK = { ar: "كش!", en: "Check!" };
const IN_CHECK = { ar: /غوتي في كش/, en: /Gote is in check/ };
const YOU_WIN = { ar: "فزت!", en: "You win!" };
const CHECKMATE = { ar: "بكش ملك", en: "by checkmate" };

describe("a practice table: check, and the player's name", { skip: skipWithoutServer }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of FOUR) {
    test(`a practice game says check, marks the king, and at mate too (${lang}, ${where})`, async () => {
      const { page } = await open(lang, device);
      // Gote (the person) in check after the CPU's move: said, shown, the king marked.
      await keepPractice(page, "shogi", { side: 1, moves: SHOGI.slice(0, 19) });
      await page.goto(BASE + "/#/practice/shogi");
      let g = await waitGroup(
        page,
        (g) => g.id === "practice:shogi" && g.table.status === "playing",
      );
      assert.deepEqual(g.table.game.in_check, [1]);
      await page.locator(".check-text").waitFor();
      assert.equal(await page.locator(".check-text").textContent(), CHECK[lang]);
      assert.equal(await page.locator(".board-view .sq.check").count(), 1, "the king marked");
      assert.ok((await said(page)).includes(CHECK[lang]), "said in the live region");
      await shot(page, `check-practice-${lang}-${where}`);

      // The person (sente) checks the CPU: "Gote is in check" while it thinks.
      await keepPractice(page, "shogi", { side: 0, moves: SHOGI.slice(0, 18), number: 2 });
      await page.reload();
      await waitGroup(page, (g) => g.table.game?.moves.length === 18 && g.table.game.to_move === 0);
      await page.evaluate(() => {
        window.__checks = [];
        new MutationObserver(() => {
          const t = document.querySelector(".check-text")?.textContent;
          if (t && !window.__checks.includes(t)) window.__checks.push(t);
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
      });
      await playMove(page, SHOGI[18]);
      await waitGroup(page, (g) => g.table.game.moves.length >= 20);
      const checks = await page.evaluate(() => window.__checks);
      assert.ok(
        checks.some((t) => IN_CHECK[lang].test(plain(t))),
        `the CPU's check shown: ${checks}`,
      );

      // Mate: the result, and the mated king still marked.
      await keepPractice(page, "shogi", { side: 0, moves: SHOGI.slice(0, -1), number: 3 });
      await page.reload();
      await waitGroup(
        page,
        (g) =>
          g.table.game?.to_move === 0 && g.table.game.moves.length > 30 && !g.table.game.result,
      );
      await playMove(page, SHOGI.at(-1));
      g = await waitGroup(page, (g) => g.table.status === "finished");
      assert.deepEqual(g.table.game.in_check, [1]);
      assert.equal(await page.locator("#result .headline").textContent(), YOU_WIN[lang]);
      assert.equal(await page.locator("#result .reason").textContent(), CHECKMATE[lang]);
      assert.equal(await page.locator(".board-view .sq.check").count(), 1, "the mated king");
      assert.equal(await page.locator(".players .check-badge").count(), 1);
      await shot(page, `mate-practice-${lang}-${where}`);
    });
  }

  for (const { lang, device, where } of FOUR) {
    test(`a practice player who chose no name is the site's guest, never blank, also offline (${lang}, ${where})`, async () => {
      const { page, context } = await open(lang, device);
      await serviceWorkerReady(page);
      const me = await page.evaluate(() => window.__kaisho.state.person);
      assert.equal(me.default_name, true);
      const guest = lang === "en" ? `Guest ${me.id.slice(0, 4)}` : `ضيف ${me.id.slice(0, 4)}`;
      await keepPractice(page, "yonin", { side: 0, moves: YONIN, status: "finished" });
      const check = async (label) => {
        await page.goto(BASE + "/#/practice/yonin");
        await waitGroup(page, (g) => g.id === "practice:yonin" && g.table.status === "finished");
        await page.locator("#result .places li.you").waitFor();
        const mine = plain(await page.locator("#result .places li.you").innerText());
        assert.ok(mine.includes(guest), `${label}: the result names the player: ${mine}`);
        assert.doesNotMatch(mine, /\(\s*\)/);
        const hand = plain(await page.locator(".hand-bottom .hand-label").textContent());
        assert.ok(hand.includes(guest), `${label}: the label under the board: ${hand}`);
      };
      await check("online");
      await shot(page, `practice-name-${lang}-${where}`);
      // With no network the page is never greeted: the name the device was given last.
      await page.waitForFunction(async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith("kaisho-")));
        return (await cache.keys()).some((r) => r.url.endsWith(".wasm"));
      });
      await context.setOffline(true);
      await page.goto(BASE + "/");
      await page.reload();
      await check("offline");
      assert.equal(await page.evaluate(() => window.__kaisho.state.person), null);
      await shot(page, `practice-name-offline-${lang}-${where}`);
      await context.setOffline(false);
    });
  }
});

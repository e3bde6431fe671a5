// The engine and the pages with no network, in a real browser, in Arabic and English on a phone
// and a desktop: the front page's first load neither fetches nor caches the engine (the service
// worker keeps it when a practice game first uses it, or once the page has been idle); offline,
// My games and an invite link say they need the network and offer practice and the practice
// games kept on the device, under a header that stays short.
// Runs against a server started as scripts/browser-e2e.sh starts it (a short away grace, the
// CPU standing in at once without a timer). Screenshots go to e2e/artifacts/.
//   KAISHO_URL=http://127.0.0.1:8080 node --test e2e/offline.e2e.mjs
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { newDevice } from "./browser.mjs";
import { BASE, openDevice, shot, skipWithoutServer, waitGroup } from "./helpers.mjs";
import {
  FOUR,
  cachedPaths,
  keepPractice,
  selfPlayed,
  serviceWorkerReady,
  smallerThan44,
  waitOffline,
} from "./devicePlay.mjs";

const devices = [];
const open = (lang, device) => openDevice(devices, lang, device);
let SHOGI = [];
before(async () => {
  ({ shogi: SHOGI } = await selfPlayed());
});

describe(
  "the engine kept on the device, and pages with no network",
  { skip: skipWithoutServer },
  () => {
    after(async () => {
      for (const d of devices) await d.close();
    });

    for (const { lang, device, where } of FOUR) {
      test(`the front page's first load leaves the engine alone; it is kept when first used or once idle (${lang}, ${where})`, async () => {
        const dev = await newDevice({ locale: lang, ...device });
        devices.push(dev);
        const { page } = dev;
        const requested = [];
        dev.context.on("request", (r) => requested.push(new URL(r.url()).pathname));
        await page.goto(BASE + "/");
        await page.locator(".game-card").first().waitFor();
        await serviceWorkerReady(page);
        await page.waitForTimeout(1000);
        const shell = await cachedPaths(page);
        assert.ok(shell.includes("/index.html"), shell.join(" "));
        assert.ok(
          shell.some((p) => /^\/assets\/index-.*\.js$/.test(p)),
          shell.join(" "),
        );
        const engine = (p) => p.endsWith(".wasm") || /\/assets\/worker-/.test(p);
        assert.deepEqual(shell.filter(engine), [], "the engine is not cached by the first load");
        assert.deepEqual(requested.filter(engine), [], "nor fetched");
        assert.equal(await page.evaluate(() => window.__kaisho.engineKept), false);
        assert.equal(await page.evaluate(() => window.__kaisho.engine.running), false);
        if ((lang === "ar") === (where === "phone")) {
          // Left open and idle: kept in the background, for practice with no network.
          await page.waitForFunction(() => window.__kaisho.engineKept === true, null, {
            timeout: 60_000,
          });
          assert.ok((await cachedPaths(page)).some((p) => p.endsWith(".wasm")));
        } else {
          // A practice game needs it: fetched then, and kept.
          await page.locator('.game-card[data-game="hasami"] .play-practice').click();
          await page.locator(".practice-start").click();
          await waitGroup(page, (g) => g.id === "practice:hasami" && g.table.status === "playing");
          await page.waitForFunction(async () => {
            const keys = await caches.keys();
            const cache = await caches.open(keys.find((k) => k.startsWith("kaisho-")));
            return (await cache.keys()).some((r) => r.url.endsWith(".wasm"));
          });
        }
      });
    }

    for (const { lang, device, where } of FOUR) {
      test(`offline pages say what needs the network, offer practice and the kept games, under a short header (${lang}, ${where})`, async () => {
        const { page, context } = await open(lang, device);
        await serviceWorkerReady(page);
        const online = await page.locator("header.site-header").boundingBox();
        // The engine used once online (a practice game shown): kept for practice with no network.
        await page.evaluate(() => (location.hash = "#/practice/hasami"));
        await page.locator(".practice-start").waitFor();
        await page.locator(".practice-start").click();
        await waitGroup(page, (g) => g.id === "practice:hasami" && g.table.status === "playing");
        await page.waitForFunction(() => window.__kaisho.engine.running);
        await page.evaluate(() => (location.hash = "#/"));
        await page.waitForFunction(() => window.__kaisho.engineKept === true);
        await keepPractice(page, "shogi", { side: 0, moves: SHOGI.slice(0, 6) });
        await context.setOffline(true);
        await waitOffline(page);
        // The banner: one line along the header's foot, the header barely taller.
        await page.locator("header .conn-closed").waitFor();
        const [header, banner] = await page.evaluate(() =>
          ["header.site-header", "header .conn-closed"].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return { height: r.height, width: r.width };
          }),
        );
        assert.ok(banner.height <= 50, `the banner is ${banner.height} px tall`);
        assert.ok(
          header.height <= online.height + 50,
          `header ${online.height} → ${header.height} px`,
        );
        // My games: no "Loading…" for ever.
        await page.evaluate(() => (location.hash = "#/history"));
        const box = page.locator(".offline-state.offline-history");
        await box.waitFor({ timeout: 10_000 });
        assert.match(
          await box.innerText(),
          lang === "en" ? /this list needs the network/ : /تحتاج هذه القائمة إلى الشبكة/,
        );
        // Practice is offered (the engine is on the device), and the games the device keeps.
        assert.equal(await box.locator(".offline-practice a").count(), 5);
        const kept = box.locator('.offline-kept li[data-game="shogi"] a');
        assert.equal(await kept.getAttribute("href"), "/#/practice/shogi");
        assert.match(
          await kept.textContent(),
          lang === "en" ? /Go on with Shogi, game 1 \(6 moves\)/ : /أكمل شوغي، المباراة 1/,
        );
        if (where === "phone")
          assert.deepEqual(
            await smallerThan44(page, ".offline-state a, .offline-state button"),
            [],
          );
        await shot(page, `offline-history-${lang}-${where}`);
        // Practice from there, with no network.
        await box.locator('.offline-practice a[href="/#/practice/musashi"]').click();
        await page.locator(".practice-start").click();
        await waitGroup(page, (g) => g.id === "practice:musashi" && g.table.status === "playing");
        // An invite link: no "Joining the table…" for ever.
        await page.goto(`${BASE}/g/nosuchtable${lang}${where}`);
        const join = page.locator(".offline-state.offline-group");
        await join.waitFor({ timeout: 20_000 });
        assert.match(
          await join.innerText(),
          lang === "en"
            ? /Joining a table needs the network/
            : /الانضمام إلى طاولة يحتاج إلى الشبكة/,
        );
        await shot(page, `offline-invite-${lang}-${where}`);
        // Online again, the page does what it was opened for.
        await context.setOffline(false);
        await page.locator(".missing-group").waitFor({ timeout: 30_000 });
      });
    }
  },
);

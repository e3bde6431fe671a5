// The installed app, in a real browser, in Arabic and English on a phone and a desktop: the
// manifest of the page's language (lang, dir, name, description), its PNG, maskable and
// apple-touch icons fetched and measured, Chromium reading it with no error.
// Runs against a server started as scripts/browser-e2e.sh starts it (a short away grace, the
// CPU standing in at once without a timer). Screenshots go to e2e/artifacts/.
//   KAISHO_URL=http://127.0.0.1:8080 node --test e2e/install.e2e.mjs
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, openDevice, skipWithoutServer } from "./helpers.mjs";
import { FOUR } from "./devicePlay.mjs";

const devices = [];
const open = (lang, device) => openDevice(devices, lang, device);

describe("the installed app", { skip: skipWithoutServer }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of FOUR) {
    test(`the installed app: PNG, maskable and apple icons, the manifest in the page's language (${lang}, ${where})`, async () => {
      const { page } = await open(lang, device);
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      assert.equal(href, lang === "ar" ? "/manifest.webmanifest" : "/manifest.en.webmanifest");
      const m = await page.evaluate((u) => fetch(u).then((r) => r.json()), href);
      assert.equal(m.lang, lang);
      assert.equal(m.dir, lang === "ar" ? "rtl" : "ltr");
      assert.equal(m.name, lang === "ar" ? "كايشو" : "Kaisho");
      assert.match(m.description, lang === "ar" ? /خمس ألعاب رقعة يابانية/ : /Five Japanese/);
      const icons = [...m.icons];
      const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
      icons.push({ src: apple, sizes: "180x180", type: "image/png", purpose: "apple" });
      for (const want of ["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"])
        assert.ok(
          icons.some((i) => `${i.sizes} ${i.purpose}` === want && i.type === "image/png"),
          want,
        );
      for (const icon of icons.filter((i) => i.type === "image/png")) {
        const size = await page.evaluate(async (src) => {
          const r = await fetch(src);
          const type = r.headers.get("content-type");
          const b = await createImageBitmap(await r.blob());
          return `${b.width}x${b.height} ${type}`;
        }, icon.src);
        assert.equal(size, `${icon.sizes} image/png`, icon.src);
      }
      // Chromium reads the manifest with no error.
      const cdp = await page.context().newCDPSession(page);
      const got = await cdp.send("Page.getAppManifest");
      assert.deepEqual(got.errors, []);
      assert.ok(got.url.endsWith(href), got.url);
      // The other language's page links its own.
      await page.locator(".lang-switch").click();
      assert.equal(
        await page.locator('link[rel="manifest"]').getAttribute("href"),
        lang === "ar" ? "/manifest.en.webmanifest" : "/manifest.webmanifest",
      );
    });
  }
});

// Screenshots of every game's board (from the ?demo= samples) in Arabic and English,
// plus the front and rules pages, without a game server: `npm run build && npm run screenshots`.
// Output: e2e/artifacts/demo-*.png
import { mkdirSync } from "node:fs";
import { newDevice } from "./browser.mjs";
import { serveDist } from "./static-server.mjs";

const OUT = new URL("./artifacts/", import.meta.url).pathname;
mkdirSync(OUT, { recursive: true });
const server = await serveDist(0);
const base = `http://127.0.0.1:${server.address().port}`;
const only = process.argv.slice(2);
const shots = [];
try {
  for (const lang of ["ar", "en"]) {
    for (const mobile of [false, true]) {
      const dev = await newDevice({
        locale: lang,
        viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        deviceScaleFactor: 1,
        hasTouch: mobile,
      });
      const page = dev.page;
      page.on("pageerror", (e) => console.error(`[${lang}] page error:`, e.message));
      const pages = [
        ...["shogi", "annan", "hasami", "musashi", "yonin"].map((g) => [
          `demo-${g}`,
          `/?demo=${g}`,
        ]),
        ["demo-shogi-sente", "/?demo=shogi&seat=0"],
        ["demo-yonin-south", "/?demo=yonin&seat=0"],
        ["front", "/"],
        ["rules-annan", "/#/rules/annan"],
        ["rules-musashi", "/#/rules/musashi"],
        ["rules-hasami", "/#/rules/hasami"],
        ["history", "/#/history"],
      ];
      for (const [name, url] of pages) {
        if (only.length && !only.some((o) => name.includes(o))) continue;
        if (mobile && !name.startsWith("demo-") && name !== "front") continue;
        await page.goto(base + url);
        await page.waitForTimeout(400);
        const file = `${OUT}${name}-${lang}${mobile ? "-phone" : ""}.png`;
        await page.screenshot({ path: file, fullPage: !name.startsWith("demo-") || mobile });
        shots.push(file);
      }
      await dev.close();
    }
  }
} finally {
  server.close();
}
console.log(shots.join("\n"));

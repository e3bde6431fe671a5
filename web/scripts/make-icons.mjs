// Makes the installed app's PNG icons from public/favicon.svg, once: they are committed in
// public/icons/ (run again only when the SVG changes). Debian's Chromium draws the SVG, through
// playwright-core (already a dev dependency; no browser and no other tool is downloaded); its
// 将 needs a CJK serif font (fonts-noto-cjk, which the browser tests install too).
//   node scripts/make-icons.mjs
// Writes:
//   icon-192.png, icon-512.png      "any": the piece on a transparent ground
//   maskable-192.png, maskable-512.png
//                                   "maskable": the piece inside the middle 80% circle (the
//                                   safe zone a launcher may crop to) on the theme's brown
//   apple-touch-icon.png (180)      iOS's home screen: opaque (iOS puts black under
//                                   transparency), the piece larger (iOS rounds the corners only)
import { readFileSync, mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { ARGS, CHROMIUM } from "../e2e/browser.mjs";

const root = new URL("../public/", import.meta.url);
const out = new URL("icons/", root);
mkdirSync(out, { recursive: true });
const svg = readFileSync(new URL("favicon.svg", root), "utf8");
const THEME = "#6b4a1e";

/** A page of `size` px showing the SVG at `scale` of it, centred, on `ground` (or none). */
function page(size, scale, ground) {
  const inner = Math.round(size * scale);
  return `<!doctype html><html><head><style>
    html, body { margin: 0; width: ${size}px; height: ${size}px; overflow: hidden;
      background: ${ground ?? "transparent"}; }
    body { display: flex; align-items: center; justify-content: center; }
    svg { width: ${inner}px; height: ${inner}px; display: block; }
  </style></head><body>${svg}</body></html>`;
}

const icons = [
  { file: "icon-192.png", size: 192, scale: 1, ground: null },
  { file: "icon-512.png", size: 512, scale: 1, ground: null },
  // The piece's corners are 0.6 of the half-side from the centre: at 0.62 they stay within
  // the safe circle (radius 0.4 of the side).
  { file: "maskable-192.png", size: 192, scale: 0.62, ground: THEME },
  { file: "maskable-512.png", size: 512, scale: 0.62, ground: THEME },
  { file: "apple-touch-icon.png", size: 180, scale: 0.8, ground: THEME },
];

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
try {
  for (const icon of icons) {
    const context = await browser.newContext({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const p = await context.newPage();
    await p.setContent(page(icon.size, icon.scale, icon.ground));
    await p.evaluate(() => document.fonts.ready);
    await p.screenshot({
      path: new URL(icon.file, out).pathname,
      omitBackground: icon.ground === null,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await context.close();
    console.log(`public/icons/${icon.file}: ${icon.size}×${icon.size}`);
  }
} finally {
  await browser.close();
}

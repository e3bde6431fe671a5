// Launching Debian's Chromium through playwright-core. Never downloads a browser.
// Each "device" is its own Chromium with a fresh user-data-dir (its own local storage,
// hence its own Kaisho identity), removed again on close().
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A new device: `{context, page, close}`. `options` are Playwright context options
 * (locale, viewport, hasTouch, ...).
 */
export async function newDevice(options = {}) {
  const dir = mkdtempSync(join(tmpdir(), "kaisho-chromium-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    args: ARGS,
    headless: true,
    viewport: { width: 1280, height: 900 },
    // The server's content security policy forbids eval; Playwright's waitForFunction
    // needs it for its own probes (the page itself never evaluates strings).
    bypassCSP: true,
    ...options,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

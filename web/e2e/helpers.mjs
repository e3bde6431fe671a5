// Helpers for the end-to-end tests: read the client's state (window.__kaisho) and play
// moves the way a person does, by clicking squares, hand pieces and the promotion choice.
import { mkdirSync } from "node:fs";
import { newDevice } from "./browser.mjs";

export const BASE = (process.env.KAISHO_URL ?? "").replace(/\/$/, "");
export const ARTIFACTS = new URL("./artifacts/", import.meta.url).pathname;
mkdirSync(ARTIFACTS, { recursive: true });

/** The screens the tests use: a 390 × 844 touch phone, and the default desktop window. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const DESKTOP = {};
/** Each language once on each kind of screen: Arabic on a phone, English on a desktop. */
export const BOTH = [
  { lang: "ar", device: PHONE, where: "phone" },
  { lang: "en", device: DESKTOP, where: "desktop" },
];
/** The reason a suite is skipped when no server is given, or false. */
export const skipWithoutServer = BASE
  ? false
  : "set KAISHO_URL to the server's address (e.g. http://127.0.0.1:8080)";

/** The last group state the page received (null before any). */
export function group(page) {
  return page.evaluate(() => window.__kaisho?.group ?? null);
}

export function appState(page) {
  return page.evaluate(() => {
    const s = window.__kaisho?.state;
    return s
      ? { pending: s.pending, notice: s.notice, connection: s.connection, person: s.person }
      : null;
  });
}

/** Waits until the page's group state satisfies `pred` (a function run in the browser). */
export async function waitGroup(page, pred, timeout = 30_000) {
  const src = pred.toString();
  await page.waitForFunction(
    (src) => {
      const g = window.__kaisho?.group;
      // eslint-disable-next-line no-new-func
      return !!g && new Function("g", `return (${src})(g)`)(g);
    },
    src,
    { timeout, polling: 100 },
  );
  return group(page);
}

export async function waitConnected(page, timeout = 20_000) {
  await page.waitForFunction(() => window.__kaisho?.state?.person != null, null, { timeout });
}

function parseMove(text) {
  if (text[1] === "*") return { drop: text[0], to: text.slice(2) };
  if (text.includes("-")) {
    const [from, to] = text.split("-");
    return { from, to };
  }
  return { from: text.slice(0, 2), to: text.slice(2, 4), promote: text.endsWith("+") };
}

/**
 * Plays `move` (move text) through the board UI for the seat that is to move, and waits
 * until the next group version arrives (or an error notice).
 */
export async function playMove(page, move) {
  const before = await group(page);
  const seat = before.table.game.to_move;
  const m = parseMove(move);
  if (m.drop) {
    await page.locator(`[data-hand="${seat}:${m.drop}"]`).first().click();
  } else {
    await page.locator(`[data-sq="${m.from}"]`).click();
  }
  await page.locator(`[data-sq="${m.to}"]`).click();
  const dialog = page.locator(".promotion-dialog");
  if (await dialog.isVisible().catch(() => false)) {
    await dialog.locator(m.promote ? ".promo-choice.yes" : ".promo-choice.no").click();
  }
  await page.waitForFunction(
    (v) => {
      const s = window.__kaisho?.state;
      return (s?.group?.version ?? 0) > v || (s?.notice?.kind === "error" && !s.pending);
    },
    before.version,
    { timeout: 30_000, polling: 100 },
  );
}

export function isMyTurn(g) {
  const game = g?.table?.game;
  return (
    !!game &&
    g.table.status === "playing" &&
    g.table.your_seats.includes(game.to_move) &&
    game.legal_moves.length > 0
  );
}

/** A reproducible pseudo-random choice. */
export function chooser(seed = 1) {
  let s = seed;
  return (list) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return list[Math.floor((s / 2147483648) * list.length)];
  };
}

export async function shot(page, name) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: false });
}

/**
 * A new browser device in `lang` (with more Playwright `options`) on the front page, greeted by
 * the server; added to `devices`, which the test file closes at its end. Page errors are
 * printed.
 */
export async function openDevice(devices, lang, options = {}) {
  const dev = await newDevice({ locale: lang, ...options });
  dev.page.on("pageerror", (e) => console.error(`[page error] ${e.message}`));
  devices.push(dev);
  await dev.page.goto(BASE + "/");
  await waitConnected(dev.page);
  return dev;
}

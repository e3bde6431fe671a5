// End-to-end tests against a running `kaisho serve` that serves web/dist:
//   KAISHO_URL=http://127.0.0.1:8080 npm run e2e
// Each device is its own Chromium (Debian's /usr/bin/chromium) with a fresh profile.
// Screenshots go to e2e/artifacts/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { newDevice } from "./browser.mjs";
import {
  BASE,
  appState,
  chooser,
  group,
  isMyTurn,
  playMove,
  shot,
  waitConnected,
  waitGroup,
} from "./helpers.mjs";

const skip = BASE ? false : "set KAISHO_URL to the server's address (e.g. http://127.0.0.1:8080)";
const GAMES = ["shogi", "annan", "hasami", "musashi", "yonin"];
// The shortest limit each game offers, so that a random player's game ends in bounded time.
const LIMITS = {
  shogi: ["opt-move_limit", "150"],
  annan: ["opt-move_limit", "150"],
  hasami: ["opt-move_limit", "100"],
  musashi: ["opt-children_limit", "100"],
  yonin: ["opt-move_limit", "200"],
};

async function open(lang = "ar", extra = {}) {
  const dev = await newDevice({ locale: lang, ...extra });
  dev.page.on("pageerror", (e) => console.error(`[page error] ${e.message}`));
  await dev.page.goto(BASE + "/");
  await waitConnected(dev.page);
  return dev;
}

/** Creates a group from the front page ("play with friends") and returns its state. */
async function createFriendsGroup(page, game) {
  await page.locator(`.game-card[data-game="${game}"] .play-friends`).click();
  await page.waitForURL(/\/g\//, { timeout: 20_000 });
  return waitGroup(page, (g) => g.table.status === "idle");
}

describe("Kaisho in the browser", { skip }, () => {
  const devices = [];
  after(async () => {
    for (const d of devices) await d.close();
  });

  test("two devices: one creates a group, the other joins by the link, both play", async () => {
    const a = await open("ar");
    const b = await open("en");
    devices.push(a, b);
    const g0 = await createFriendsGroup(a.page, "shogi");
    const link = await a.page.locator("#invite-link").inputValue();
    assert.match(link, /\/g\/[A-Za-z0-9_-]+$/);
    await b.page.goto(link);
    await waitGroup(b.page, (g) => g.members.length === 2);
    await waitGroup(a.page, (g) => g.members.length === 2 && g.members.every((m) => m.present));
    await a.page.locator(".start-game").click();
    const ga = await waitGroup(a.page, (g) => g.table.status === "playing");
    const gb = await waitGroup(b.page, (g) => g.table.status === "playing");
    assert.equal(ga.id, g0.id);
    // Seats were filled in join order: A is sente, B gote, no CPU.
    assert.deepEqual(ga.table.your_seats, [0]);
    assert.deepEqual(gb.table.your_seats, [1]);
    assert.ok(ga.table.seats.every((s) => s.kind === "person"));
    await playMove(a.page, "7g7f");
    const afterA = await waitGroup(b.page, (g) => g.table.game.moves.length === 1);
    assert.equal(afterA.table.game.last_move, "7g7f");
    await playMove(b.page, "3c3d");
    await waitGroup(a.page, (g) => g.table.game.moves.length === 2 && g.table.game.to_move === 0);
    await shot(a.page, "two-devices-sente-ar");
    await shot(b.page, "two-devices-gote-en");

    // The second device cannot act for the first: no selection on A's pieces in B's page...
    await b.page.locator('[data-sq="2g"]').click();
    assert.equal(await b.page.locator(".sq.selected").count(), 0);
    // ...and the server refuses a move sent with B's identity for A's turn.
    const refused = await b.page.evaluate(
      async ({ id, version }) => {
        const token = localStorage.getItem("kaisho.token");
        const ws = new WebSocket(
          `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`,
        );
        const replies = [];
        await new Promise((res) => (ws.onopen = res));
        ws.onmessage = (e) => replies.push(JSON.parse(e.data));
        ws.send(JSON.stringify({ type: "hello", token }));
        await new Promise((r) => setTimeout(r, 500));
        ws.send(JSON.stringify({ type: "move", group: id, move: "2g2f", version, rid: "x" }));
        await new Promise((r) => setTimeout(r, 800));
        ws.close();
        return replies.filter((m) => m.type === "error").map((m) => m.code);
      },
      { id: g0.id, version: (await group(a.page)).version },
    );
    assert.ok(
      refused.some((c) => c === "not_your_turn" || c === "not_your_seat"),
      `refused with ${refused}`,
    );
    const still = await group(a.page);
    assert.equal(still.table.game.moves.length, 2);

    // A page reload returns the player to the same group and seat.
    await a.page.reload();
    await waitConnected(a.page);
    const back = await waitGroup(a.page, (g) => g.table.status === "playing");
    assert.equal(back.id, g0.id);
    assert.deepEqual(back.table.your_seats, [0]);
    assert.equal(back.table.game.moves.length, 2);
    // Opening the site's front page on the same device also returns to the table.
    await a.page.goto(BASE + "/");
    await a.page.waitForURL(new RegExp(`/g/${g0.id}$`), { timeout: 20_000 });
    // A move still works after coming back.
    await playMove(a.page, "2g2f");
    await waitGroup(b.page, (g) => g.table.game.moves.length === 3);
  });

  test("play against the CPU is one click from the front page", async () => {
    const d = await open("en");
    devices.push(d);
    await d.page.locator('.game-card[data-game="shogi"] .play-cpu').click();
    const g = await waitGroup(d.page, (g) => g.table.status === "playing");
    assert.equal(g.members.length, 1);
    assert.deepEqual(g.table.your_seats, [0]);
    assert.equal(g.table.seats.find((s) => s.seat === 1).kind, "cpu");
    // Resignation ends the game with the reason shown.
    await d.page.locator(".resign").click();
    await d.page.locator(".resign-yes").click();
    const done = await waitGroup(d.page, (g) => g.table.status === "finished");
    assert.equal(done.table.game.result.reason, "resignation");
    assert.ok(await d.page.locator(".result .reason").isVisible());
    await d.page.locator(".next-game").click();
    await waitGroup(d.page, (g) => g.table.status === "playing" && g.table.game.number === 2);
  });

  test("the Arabic page is right-to-left and the board is not mirrored", async () => {
    const d = await open("ar");
    devices.push(d);
    assert.equal(await d.page.evaluate(() => document.documentElement.dir), "rtl");
    assert.equal(await d.page.evaluate(() => document.documentElement.lang), "ar");
    await d.page.locator('.game-card[data-game="shogi"] .play-cpu').click();
    await waitGroup(d.page, (g) => g.table.status === "playing");
    assert.equal(await d.page.locator("svg.board").getAttribute("dir"), "ltr");
    const box = async (sq) => d.page.locator(`[data-sq="${sq}"]`).boundingBox();
    const [s9i, s1i, s9a] = [await box("9i"), await box("1i"), await box("9a")];
    // Sente sees file 9 on the left, file 1 on the right, rank a at the top.
    assert.ok(s9i.x < s1i.x, "9i is left of 1i");
    assert.ok(s9a.y < s9i.y, "9a is above 9i");
    // The page itself is laid out right to left: the side panel is on the left of the board.
    const side = await d.page.locator(".side").boundingBox();
    const board = await d.page.locator(".board-wrap").boundingBox();
    if ((d.page.viewportSize()?.width ?? 0) > 900)
      assert.ok(side.x < board.x, "side panel left of the board in RTL");
    await shot(d.page, "rtl-shogi-ar");
  });

  for (const game of GAMES) {
    test(`a game against the CPU runs to its end: ${game}`, { timeout: 20 * 60_000 }, async () => {
      const d = await open("ar");
      devices.push(d);
      const created = await createFriendsGroup(d.page, game);
      const [limitId, limitValue] = LIMITS[game];
      await d.page.locator("#set-cpu").selectOption("1");
      await waitGroup(d.page, (g) => g.settings.cpu_level === 1);
      await d.page.locator(`#${limitId}`).selectOption(limitValue);
      await waitGroup(
        d.page,
        new Function(
          "g",
          `return String(g.settings.options["${limitId.slice(4)}"]) === "${limitValue}"`,
        ),
      );
      await d.page.locator(".start-game").click();
      await waitGroup(d.page, (g) => g.table.status === "playing");
      const pick = chooser(GAMES.indexOf(game) + 1);
      let shots = 0;
      for (let i = 0; i < 2000; i++) {
        const g = await group(d.page);
        if (g.table.status === "finished") break;
        if (isMyTurn(g) && !(await appState(d.page)).pending) {
          const move = pick(g.table.game.legal_moves);
          await playMove(d.page, move);
          if (shots === 0 && g.table.game.moves.length >= 4) {
            await shot(d.page, `board-${game}-ar`);
            await d.page.locator(".lang-switch").click();
            await shot(d.page, `board-${game}-en`);
            await d.page.locator(".lang-switch").click();
            shots++;
          }
        } else {
          await d.page.waitForTimeout(150);
        }
      }
      const end = await waitGroup(d.page, (g) => g.table.status === "finished", 120_000);
      assert.equal(end.id, created.id);
      assert.ok(end.table.game.result, "a result");
      assert.ok(await d.page.locator(".result").isVisible());
      await shot(d.page, `result-${game}-ar`);
      await d.page.locator(".lang-switch").click();
      await shot(d.page, `result-${game}-en`);
    });
  }
});

// End-to-end tests against a running `kaisho serve` that serves web/dist:
//   KAISHO_URL=http://127.0.0.1:8080 npm run e2e
// Each device is its own Chromium (Debian's /usr/bin/chromium) with a fresh profile.
// Screenshots go to e2e/artifacts/.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { newDevice } from "./browser.mjs";
import {
  BASE,
  appState,
  chooser,
  group,
  isMyTurn,
  playMove,
  shot,
  skipWithoutServer,
  waitConnected,
  waitGroup,
} from "./helpers.mjs";

const skip = skipWithoutServer;
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
        // A raw socket with B's own token; sent on to the hall that plays the group, as the
        // page would be (`moved`), then the move for A's turn.
        let query = `group=${id}`;
        for (let hop = 0; hop < 3; hop++) {
          const ws = new WebSocket(
            `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?${query}`,
          );
          const replies = [];
          await new Promise((res) => (ws.onopen = res));
          ws.onmessage = (e) => replies.push(JSON.parse(e.data));
          ws.send(JSON.stringify({ type: "hello", token }));
          await new Promise((r) => setTimeout(r, 500));
          ws.send(JSON.stringify({ type: "move", group: id, move: "2g2f", version, rid: "x" }));
          await new Promise((r) => setTimeout(r, 800));
          ws.close();
          const errors = replies.filter((m) => m.type === "error");
          const moved = errors.find((m) => m.code === "moved");
          if (!moved) return errors.map((m) => m.code);
          query = `group=${id}&shard=${moved.params.shard}`;
        }
        return ["moved too often"];
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

  test("My games lists a finished game; its replay steps through the moves and exports", async () => {
    const d = await open("en");
    devices.push(d);
    const { page } = d;
    await page.locator('.game-card[data-game="shogi"] .play-cpu').click();
    await waitGroup(page, (g) => g.table.status === "playing");
    const pick = chooser(7);
    for (let played = 0; played < 3;) {
      const g = await group(page);
      if (isMyTurn(g) && !(await appState(page)).pending) {
        await playMove(page, pick(g.table.game.legal_moves));
        played++;
      } else await page.waitForTimeout(100);
    }
    await waitGroup(page, (g) => g.table.game.moves.length >= 6);
    await page.locator(".resign").click();
    await page.locator(".resign-yes").click();
    const done = await waitGroup(page, (g) => g.table.status === "finished");
    const moveCount = done.table.game.moves.length;

    // My games: the newest row is this game.
    await page.locator(`.site-header a[href="/#/history"]`).click();
    const row = page.locator("tr.history-row").first();
    await row.waitFor({ timeout: 20_000 });
    assert.equal(await row.getAttribute("data-game"), "shogi");
    assert.match(await row.locator(".reason").textContent(), /resignation/);
    assert.match(await row.locator(".players").textContent(), /Sente.*Gote/s);
    assert.match(await row.locator(".outcome").textContent(), /You lost/);
    await shot(page, "history-en");
    await page.locator(".lang-switch").click();
    await page.locator("html[dir=rtl]").waitFor();
    assert.match(await row.locator(".reason").textContent(), /بالاستسلام/);
    await shot(page, "history-ar");
    await page.locator(".lang-switch").click();

    // The replay opens on the final position.
    const gameId = await row.getAttribute("data-game-id");
    await row.locator(".replay-link").click();
    await page.waitForURL(new RegExp(`#/history/${gameId}$`), { timeout: 10_000 });
    await page.locator(".replay-board svg.board").waitFor({ timeout: 20_000 });
    const current = () => page.locator(".replay-move.current").getAttribute("id");
    const board = () => page.locator(".replay-board").innerHTML();
    assert.equal(await page.locator(".replay-move").count(), moveCount + 1);
    assert.equal(await current(), `replay-move-${moveCount}`);
    const finalBoard = await board();
    await page.locator(".replay-first").click();
    assert.equal(await current(), "replay-move-0");
    assert.match(await page.locator(".replay-status").textContent(), /Start position/);
    const startBoard = await board();
    assert.notEqual(startBoard, finalBoard, "the start differs from the end");
    assert.match(await page.locator('[data-sq="7g"]').getAttribute("aria-label"), /pawn/);
    // Right arrow: the next move; the board changes and shows the move.
    await page.keyboard.press("ArrowRight");
    assert.equal(await current(), "replay-move-1");
    assert.notEqual(await board(), startBoard, "the board changed after one move");
    assert.equal(await page.locator(".replay-board .sq.last").count(), 2);
    await page.locator(".replay-next").click();
    assert.equal(await current(), "replay-move-2");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await current(), "replay-move-1");
    await page.keyboard.press("End");
    assert.equal(await current(), `replay-move-${moveCount}`);
    assert.equal(await board(), finalBoard);
    await page.locator(`#replay-move-3`).click();
    assert.equal(await current(), "replay-move-3");
    assert.ok(await page.locator(".replay .result .reason").isVisible());
    await shot(page, "record-en");
    await page.locator(".lang-switch").click();
    await page.locator("html[dir=rtl]").waitFor();
    // In Arabic too, Left is the previous move (the board and move list stay left to right).
    await page.keyboard.press("ArrowLeft");
    assert.equal(await current(), "replay-move-2");
    await shot(page, "record-ar");
    await page.locator(".lang-switch").click();

    // Exports: text, KIF and CSA for Shogi; the KIF download is the server's KIF.
    for (const kind of ["text", "kif", "csa"])
      assert.equal(await page.locator(`.export-${kind}`).count(), 1, kind);
    const [kif] = await Promise.all([
      page.waitForEvent("download", { timeout: 10_000 }),
      page.locator(".export-kif").click(),
    ]);
    assert.equal(kif.suggestedFilename(), `kaisho-shogi-${gameId}.kif`);
    const kifText = readFileSync(await kif.path(), "utf8");
    assert.match(kifText, /先手/);
    assert.match(kifText, /投了/);
    const [txt] = await Promise.all([
      page.waitForEvent("download", { timeout: 10_000 }),
      page.locator(".export-text").click(),
    ]);
    assert.equal(txt.suggestedFilename(), `kaisho-shogi-${gameId}.txt`);
    const text = readFileSync(await txt.path(), "utf8");
    assert.equal(text.trim().split(" moves ")[1].split(" ").length, moveCount);

    // A reload of the replay URL shows the same game; a download also works under the
    // server's content security policy (this device does not bypass it).
    const token = await page.evaluate(() => localStorage.getItem("kaisho.token"));
    const strict = await newDevice({ locale: "ar", bypassCSP: false });
    devices.push(strict);
    const csp = [];
    strict.page.on(
      "console",
      (m) => /Content Security Policy/i.test(m.text()) && csp.push(m.text()),
    );
    // The token is in place before any page script runs: setting it after a first load
    // races with the fresh device's own `welcome`, which stores a new token.
    await strict.context.addInitScript((t) => localStorage.setItem("kaisho.token", t), token);
    await strict.page.goto(`${BASE}/#/history/${gameId}`);
    await strict.page.reload();
    await strict.page.locator(".replay-board svg.board").waitFor({ timeout: 20_000 });
    const [csa] = await Promise.all([
      strict.page.waitForEvent("download", { timeout: 10_000 }),
      strict.page.locator(".export-csa").click(),
    ]);
    assert.equal(csa.suggestedFilename(), `kaisho-shogi-${gameId}.csa`);
    assert.match(readFileSync(await csa.path(), "utf8"), /%TORYO/);
    assert.deepEqual(csp, []);
  });

  test("a name with markup shows as text on other members' pages, under a content security policy", async () => {
    const m = await open("en");
    const v = await open("ar");
    devices.push(m, v);
    const response = await v.page.goto(BASE + "/");
    assert.match(response.headers()["content-security-policy"] ?? "", /script-src 'self'/);
    await waitConnected(v.page);
    const hostile = "<img src=x onerror=pwned=1>";
    await m.page.locator("#name-input").fill(hostile);
    await m.page.locator(".name-form button[type=submit]").click();
    await createFriendsGroup(m.page, "hasami");
    const link = await m.page.locator("#invite-link").inputValue();
    await v.page.goto(link);
    await waitGroup(
      v.page,
      (g) => g.members.length === 2 && g.members.some((x) => x.name.startsWith("<img")),
    );
    await v.page.locator(".members").getByText(hostile, { exact: false }).first().waitFor();
    assert.equal(
      await v.page.locator('img[src="x"]').count(),
      0,
      "no element was made from the name",
    );
    assert.equal(await v.page.evaluate(() => window.pwned), undefined, "no script ran");
    await shot(v.page, "hostile-name-ar");
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
      if (game === "yonin" && end.table.game.result.kind === "placement") {
        // Places are numbered once ("الثاني الغرب (…)"), and the headline gives your own place.
        for (const li of await d.page.locator(".result .places li").allTextContents())
          assert.doesNotMatch(li, /\d\s*[.:]/, `a place numbered twice: ${li}`);
        assert.match(await d.page.locator(".result .headline").textContent(), /حللت في المركز/);
      }
      await shot(d.page, `result-${game}-ar`);
      await d.page.locator(".lang-switch").click();
      if (game === "yonin" && end.table.game.result.kind === "placement")
        assert.match(await d.page.locator(".result .headline").textContent(), /You finished/);
      await shot(d.page, `result-${game}-en`);
    });
  }
});

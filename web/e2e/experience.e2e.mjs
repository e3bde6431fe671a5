// What a new player meets (issue "the play experience"), in a real browser, in Arabic and
// English, on a desktop and on a 390×844 phone. Each test is named after the promise it checks
// and fails if the problem comes back. Runs against a server started with --test-hooks and a
// short away grace (scripts/browser-e2e.sh). Screenshots go to e2e/artifacts/.
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  BASE,
  BOTH,
  DESKTOP,
  PHONE,
  appState,
  group,
  isMyTurn,
  openDevice,
  playMove,
  shot,
  skipWithoutServer,
  waitConnected,
  waitGroup,
} from "./helpers.mjs";

const skip = skipWithoutServer;
const devices = [];

const open = (lang, extra = {}) => openDevice(devices, lang, extra);

/** Whether the element lies wholly inside the viewport. */
async function onScreen(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.height > 0 && r.top >= -1 && r.bottom <= window.innerHeight + 1;
  }, selector);
}

async function assertTableInView(page, what) {
  assert.ok(await onScreen(page, "#status-line"), `${what}: whose turn is on screen`);
  assert.ok(await onScreen(page, ".board-view svg.board"), `${what}: the board is on screen`);
}

/**
 * Leaves the table (the CPU plays on for the seat) and lands on the front page, which would
 * otherwise take a seated player straight back to their game.
 */
async function leaveTable(page) {
  await page.locator("button.leave").click();
  // During one's own game the page first says what leaving means, and asks.
  const yes = page.locator(".leave-confirm .leave-yes");
  if (await yes.isVisible().catch(() => false)) await yes.click();
  await page.waitForURL(BASE + "/");
  await waitConnected(page);
}

/** Creates a table from the front page card of `game`. */
async function createTable(page, game, mode) {
  await page.locator(`.game-card[data-game="${game}"] .play-${mode}`).click();
  await page.waitForURL(/\/g\//, { timeout: 20_000 });
}

async function setOption(page, id, value, check) {
  await page.locator(`#${id}`).selectOption(value);
  await waitGroup(page, check);
}

/** The visible text of the page, without form fields. */
function bodyText(page) {
  return page.evaluate(() => document.body.innerText);
}

/** Plays the first of the legal moves the page offers whenever it is this page's turn. */
async function playUntil(page, done, limit = 400) {
  for (let i = 0; i < limit; i++) {
    const g = await group(page);
    if (await done(g)) return g;
    if (isMyTurn(g) && !(await appState(page)).pending) {
      const moves = g.table.game.legal_moves;
      await playMove(page, moves[(i * 7) % moves.length]);
    } else await page.waitForTimeout(120);
  }
  throw new Error("the expected state never came");
}

describe("what a new player meets", { skip }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const lang of ["ar", "en"]) {
    test(`the board, whose turn it is and the clock are on screen when a game starts on a phone (${lang})`, async () => {
      const d = await open(lang, PHONE);
      const { page } = d;
      for (const game of ["yonin", "musashi", "hasami"]) {
        // The card is far down the front page: the click happens scrolled down.
        await page.locator(`.game-card[data-game="${game}"] .play-cpu`).scrollIntoViewIfNeeded();
        assert.ok((await page.evaluate(() => scrollY)) > 300, "the card was below the fold");
        await createTable(page, game, "cpu");
        await waitGroup(page, (g) => g.table.status === "playing");
        await page.waitForTimeout(300);
        await assertTableInView(page, `${game} on a phone`);
        await shot(page, `in-view-${game}-${lang}-phone`);
        await leaveTable(page);
      }
      // Squares a finger can hit, 44 px and more: the board shown larger than the screen with
      // its squares in the middle (Shogi, Annan and Hasami: the nine files on screen, the edge
      // ones all but a few pixels; Yonin: the board, its side hands a swipe away).
      const box = (sq) =>
        page.evaluate(
          (s) => document.querySelector(`[data-sq="${s}"] .sq-bg`).getBoundingClientRect().toJSON(),
          sq,
        );
      for (const game of ["shogi", "annan", "hasami", "yonin"]) {
        await createTable(page, game, "cpu");
        await waitGroup(page, (g) => g.table.status === "playing");
        await page.waitForFunction(
          () => document.querySelector(".board-wrap.zoomed")?.scrollLeft > 0,
        );
        const sq = await box("5e");
        console.log(`${game}: squares of ${sq.width.toFixed(1)} px on a 390 px phone (${lang})`);
        assert.ok(sq.width >= 43.5, `${game} squares are ${sq.width} px on a 390 px phone`);
        if (game !== "yonin")
          for (const edge of ["1e", "9e"]) {
            const b = await box(edge);
            const seen = Math.min(b.right, 390) - Math.max(b.left, 0);
            assert.ok(seen >= 0.8 * b.width, `${game}: ${seen} px of ${edge} on screen`);
          }
        await assertTableInView(page, `${game} zoomed on a phone`);
        await shot(page, `zoomed-${game}-${lang}-phone`);
        await leaveTable(page);
      }
    });
  }

  for (const lang of ["ar", "en"])
    test(`on a desktop the game starts in view, with the clock, and a reload returns to it in view (${lang})`, async () => {
      const d = await open(lang);
      const { page } = d;
      await createTable(page, "shogi", "setup");
      await setOption(page, "set-timer", "60", (g) => g.settings.timer === 60);
      await page.locator(".start-game").scrollIntoViewIfNeeded();
      await page.locator(".start-game").click();
      await waitGroup(page, (g) => g.table.status === "playing");
      await page.waitForTimeout(300);
      await assertTableInView(page, "after Start");
      assert.ok(
        await onScreen(page, "#status-line .clock"),
        "the clock is next to whose turn it is",
      );
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.reload();
      await waitGroup(page, (g) => g.table.status === "playing");
      await page.waitForTimeout(300);
      await assertTableInView(page, "after a reload");
      // Coming back from another page of the site (the front page returns a seated player).
      await page.goto(BASE + "/#/rules");
      await page.goto(BASE + "/");
      await page.waitForURL(/\/g\//, { timeout: 20_000 });
      await waitGroup(page, (g) => g.table.status === "playing");
      await page.waitForTimeout(300);
      await assertTableInView(page, "returning from the front page");
      await shot(page, `in-view-desktop-${lang}`);
    });

  for (const lang of ["ar", "en"]) {
    test(`the lobby shows who will sit where, and says "watching" only to someone who will watch (${lang})`, async () => {
      const a = await open(lang);
      const b = await open(lang);
      const c = await open(lang, PHONE);
      await createTable(a.page, "shogi", "friends");
      const link = await a.page.locator("#invite-link").inputValue();
      await b.page.goto(link);
      await waitGroup(a.page, (g) => g.members.length === 2 && g.members.every((m) => m.present));
      for (const [d, seat] of [
        [a, 0],
        [b, 1],
      ]) {
        const g = await waitGroup(d.page, (g) => g.members.length === 2);
        assert.deepEqual(g.table.your_seats, [seat]);
        assert.equal(await d.page.locator(".spectator-note").count(), 0, "not told they watch");
        assert.equal(
          await d.page.locator(".seats li.mine").getAttribute("data-seat"),
          String(seat),
        );
        assert.equal(await d.page.locator(".start-box .lineup li.you").count(), 1);
      }
      await shot(a.page, `lobby-lineup-${lang}`);
      // A third member finds every seat taken: only they are told they will watch.
      await c.page.goto(link);
      await waitGroup(c.page, (g) => g.members.length === 3);
      await c.page.locator(".spectator-note").waitFor();
      assert.equal(await a.page.locator(".spectator-note").count(), 0);
      await shot(c.page, `lobby-spectator-${lang}-phone`);
      // The start seats exactly the line-up shown.
      await a.page.locator(".start-game").click();
      const ga = await waitGroup(a.page, (g) => g.table.status === "playing");
      assert.deepEqual(ga.table.your_seats, [0]);
      assert.deepEqual(
        (await waitGroup(b.page, (g) => g.table.status === "playing")).table.your_seats,
        [1],
      );
      assert.deepEqual((await group(c.page)).table.your_seats, []);
    });
  }

  test("a turn timer running out is said to the player and the others, and marked in the move list", async () => {
    const a = await open("ar");
    const b = await open("en", PHONE);
    await createTable(a.page, "shogi", "friends");
    const link = await a.page.locator("#invite-link").inputValue();
    await b.page.goto(link);
    await waitGroup(a.page, (g) => g.members.length === 2 && g.members.every((m) => m.present));
    await setOption(a.page, "set-timer", "30", (g) => g.settings.timer === 30);
    await a.page.locator(".start-game").click();
    await waitGroup(a.page, (g) => g.table.status === "playing");
    // Sente (A, Arabic) lets the time run out.
    const g = await waitGroup(b.page, (g) => g.table.game.moves.length === 1, 45_000);
    assert.deepEqual(g.table.game.stand_ins, [{ ply: 0, seat: 0, reason: "timeout" }]);
    const noteA = await a.page.locator(".stand-in-note").textContent();
    assert.match(noteA, /انتهت مهلتك/);
    const noteB = await b.page.locator(".stand-in-note").textContent();
    assert.match(noteB, /Time ran out for Sente/);
    for (const d of [a, b]) {
      await d.page.evaluate(() =>
        document.querySelector("details.moves")?.setAttribute("open", ""),
      );
      assert.equal(await d.page.locator(".move-list li.stand-in-timeout").count(), 1);
    }
    const said = await b.page.evaluate(() => window.__kaisho.announced.join(" | "));
    assert.match(said, /Time ran out for Sente/);
    await shot(a.page, "timeout-ar");
    await shot(b.page, "timeout-en");
  });

  test("errors are written in the page's language from codes, said once, with no server English", async () => {
    const a = await open("ar");
    const phone = await open("en", PHONE);
    await createTable(a.page, "shogi", "setup");
    await setOption(
      a.page,
      "opt-show_legal_moves",
      "false",
      (g) => String(g.settings.options.show_legal_moves) === "false",
    );
    await a.page.locator(".start-game").click();
    await waitGroup(a.page, (g) => g.table.status === "playing");
    // The rook on 2h to 2c is not a rook move (with the pawns in the way).
    await a.page.locator('[data-sq="2h"]').click();
    await a.page.locator('[data-sq="2c"]').click();
    const notice = a.page.locator(".notice-error .notice-text");
    await notice.waitFor();
    const ar = await notice.textContent();
    assert.match(ar, /^نقلة غير قانونية: لا تستطيع القطعة \(رخ\) في/);
    assert.doesNotMatch(ar, /illegal|cannot|rook/i, "no English words");
    assert.equal((ar.match(/قانونية/g) ?? []).length, 1, "said once");
    // Names the site gives and CPU seats are in Arabic too.
    const text = await bodyText(a.page);
    assert.doesNotMatch(text, /\bGuest\b|\bCPU\b/, "no English names on an Arabic page");
    assert.match(text, /ضيف/);
    assert.match(text, /الحاسوب، المستوى/);
    await shot(a.page, "illegal-move-ar");
    // The same refusal in English, said once.
    await a.page.locator(".lang-switch").click();
    await a.page.locator("html[dir=ltr]").waitFor();
    await a.page.locator('[data-sq="2h"]').click();
    await a.page.locator('[data-sq="2c"]').click();
    await a.page.waitForFunction(() =>
      /rook/.test(document.querySelector(".notice-error .notice-text")?.textContent ?? ""),
    );
    const en = await notice.textContent();
    assert.match(en, /^Illegal move: the rook on \u20662h\u2069 cannot move to \u20662c\u2069$/);
    await shot(a.page, "illegal-move-en");
    // On a phone, by taps: the same sentence.
    await createTable(phone.page, "shogi", "setup");
    await setOption(
      phone.page,
      "opt-show_legal_moves",
      "false",
      (g) => String(g.settings.options.show_legal_moves) === "false",
    );
    await phone.page.locator(".start-game").click();
    await waitGroup(phone.page, (g) => g.table.status === "playing");
    await phone.page.locator('[data-sq="2h"]').tap();
    await phone.page.locator('[data-sq="2c"]').tap();
    const tapped = phone.page.locator(".notice-error .notice-text");
    await tapped.waitFor();
    assert.equal(await tapped.textContent(), en);
    await shot(phone.page, "illegal-move-en-phone");
  });

  for (const { lang, device, where } of BOTH) {
    test(`ratings: provisional at the table, the CPU's fixed rating shown, the change explained (${lang}, ${where})`, async () => {
      const d = await open(lang, device);
      const { page } = d;
      await createTable(page, "hasami", "cpu");
      await waitGroup(page, (g) => g.table.status === "playing");
      // Labelled ("· rating 1500?"), with the mark of the page's language (Arabic ؟).
      const mark = lang === "ar" ? "\u061f\u200e" : "?";
      const label = lang === "ar" ? "التقييم" : "rating";
      const mine = page.locator(".players li.you .rating-badge");
      assert.equal((await mine.textContent()).trim(), `· ${label} 1500${mark}`);
      const cpu = page.locator(".players li:not(.you) .rating-badge");
      assert.match((await cpu.textContent()).trim(), new RegExp(`^· ${label} \\d{3,4}$`));
      await page.locator(".resign").click();
      await page.locator(".resign-yes").click();
      await waitGroup(page, (g) => g.table.status === "finished");
      const note = await page.locator(".rating-note").textContent();
      assert.match(note, lang === "ar" ? /مؤقت/ : /provisional/);
      assert.match(note, /\d+%/);
      assert.ok(note.includes(`1500${mark}`), note);
      await shot(page, `rating-explained-${lang}-${where}`);
    });
  }

  test("the keyboard keeps its place on the board, can jump to it, and hears every move", async () => {
    const d = await open("en");
    const { page } = d;
    await createTable(page, "shogi", "cpu");
    await waitGroup(page, (g) => g.table.status === "playing");
    // The page's first Tab stop (before the header) jumps to the board.
    await page.locator(".site-header .brand").focus();
    await page.keyboard.press("Shift+Tab");
    assert.equal(await page.evaluate(() => document.activeElement?.className), "skip-link");
    await page.keyboard.press("Enter");
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest(".board-view")));
    // Play 7g7f by keyboard: move to 7g, select, up two squares, confirm.
    const focusSquare = () => page.evaluate(() => document.activeElement?.getAttribute("data-sq"));
    const goTo = async (target) => {
      for (let i = 0; i < 20 && (await focusSquare()) !== target; i++) {
        const [f, r] = [(await focusSquare())[0], (await focusSquare())[1]];
        const key =
          f < target[0]
            ? "ArrowLeft"
            : f > target[0]
              ? "ArrowRight"
              : r < target[1]
                ? "ArrowDown"
                : "ArrowUp";
        await page.keyboard.press(key);
      }
      assert.equal(await focusSquare(), target);
    };
    await goTo("7g");
    await page.keyboard.press("Enter");
    await goTo("7f");
    await page.keyboard.press("Enter");
    await waitGroup(page, (g) => g.table.game.moves.length >= 2 && g.table.game.to_move === 0);
    await page.waitForTimeout(300);
    assert.equal(await focusSquare(), "7f", "focus stayed on the board after the CPU replied");
    const said = await page.evaluate(() => window.__kaisho.announced);
    assert.ok(
      said.some((s) => /Gote \(.*CPU level.*\) played/.test(s)),
      said.join(" | "),
    );
    assert.ok(said.includes("Your turn"));
    // The same in Arabic.
    await page.locator(".lang-switch").focus();
    await page.keyboard.press("Enter");
    await page.locator("html[dir=rtl]").waitFor();
    await page.locator(".skip-link").focus();
    await page.keyboard.press("Enter");
    await goTo("2g");
    await page.keyboard.press("Enter");
    await goTo("2f");
    await page.keyboard.press("Enter");
    await waitGroup(page, (g) => g.table.game.moves.length >= 4 && g.table.game.to_move === 0);
    await page.waitForTimeout(300);
    assert.equal(await focusSquare(), "2f");
    const saidAr = await page.evaluate(() => window.__kaisho.announced.slice(-3).join(" | "));
    assert.match(saidAr, /لعب غوتي/);
    assert.match(saidAr, /دورك/);
  });

  for (const { lang, device, where } of BOTH) {
    test(`a bad invite link says so and offers a way on (${lang}, ${where})`, async () => {
      const d = await open(lang, device);
      const { page } = d;
      await page.goto(BASE + "/g/NoSuchTable0000");
      await page.locator(".missing-group").waitFor({ timeout: 5_000 });
      assert.equal(await page.locator(".loading").count(), 0, "not stuck on joining");
      await shot(page, `missing-group-${lang}-${where}`);
      await page.waitForTimeout(9_000); // longer than any notice lives
      assert.ok(await page.locator(".missing-group").isVisible(), "the message stays");
      await page.locator(".missing-group a").click();
      await page.waitForURL(BASE + "/");
      await page.locator('.game-card[data-game="shogi"] .play-cpu').waitFor();
    });
  }

  for (const { lang, device, where } of BOTH)
    test(`a CPU game can be set up first (rules, level, timer), one click still plays the defaults (${lang}, ${where})`, async () => {
      const d = await open(lang, device);
      const { page } = d;
      await createTable(page, "musashi", "setup");
      const g0 = await waitGroup(page, (g) => g.table.status === "idle");
      assert.equal(g0.members.length, 1);
      assert.ok(await onScreen(page, ".start-game"), "the start button is in view");
      await setOption(page, "set-cpu", "1", (g) => g.settings.cpu_level === 1);
      await setOption(page, "set-timer", "60", (g) => g.settings.timer === 60);
      await setOption(page, "opt-board", "25", (g) => String(g.settings.options.board) === "25");
      await shot(page, `cpu-setup-${lang}-${where}`);
      await page.locator(".start-game").click();
      const g = await waitGroup(page, (g) => g.table.status === "playing");
      assert.equal(g.settings.cpu_level, 1);
      assert.equal(g.table.game.clock.limit, 60);
      assert.equal(g.table.board.points.length, 25);
      // One click from the front page still starts at once with the defaults.
      await leaveTable(page);
      await createTable(page, "annan", "cpu");
      const quick = await waitGroup(
        page,
        (g) => g.game === "annan" && g.table.status === "playing",
      );
      assert.equal(quick.settings.timer, 0);
    });

  test("Yonin: leaving the table is easy to find, and the CPU takes the seat", async () => {
    const a = await open("en");
    const b = await open("ar", PHONE);
    await createTable(a.page, "yonin", "friends");
    const link = await a.page.locator("#invite-link").inputValue();
    await b.page.goto(link);
    await waitGroup(a.page, (g) => g.members.length === 2 && g.members.every((m) => m.present));
    await a.page.locator(".start-game").click();
    await waitGroup(b.page, (g) => g.table.status === "playing");
    assert.equal(await b.page.locator(".resign").count(), 0, "no resignation in Yonin");
    await b.page.locator(".leave-table").click();
    await shot(b.page, "yonin-leave-confirm-ar");
    await b.page.locator(".leave-yes").click();
    await b.page.waitForURL(BASE + "/");
    // Said as news in Arabic, not as a failure.
    await b.page.locator(".notice-info").waitFor();
    assert.equal(await b.page.locator(".notice-info .notice-text").textContent(), "غادرت الطاولة.");
    // B's seat (west) is played by the CPU from now on; A sees it.
    const g = await waitGroup(a.page, (g) => g.table.seats[1].away === true);
    assert.equal(g.table.seats[1].kind, "person");
    await playUntil(a.page, (g) => (g.table.game.stand_ins ?? []).some((s) => s.seat === 1));
    await a.page.locator(".players li[data-seat='1'] .away").waitFor();
  });

  for (const [device, where] of [
    [PHONE, "phone"],
    [DESKTOP, "desktop"],
  ])
    test(`My games in Arabic: the date reads in order and the rating change keeps its sign (${where})`, async () => {
      const d = await open("ar", device);
      const { page } = d;
      await createTable(page, "hasami", "cpu");
      await waitGroup(page, (g) => g.table.status === "playing");
      await page.locator(".resign").click();
      await page.locator(".resign-yes").click();
      const done = await waitGroup(page, (g) => g.table.status === "finished");
      const change = done.table.game.result.rating_changes[0];
      const delta = Math.round(change.after) - Math.round(change.before);
      assert.ok(delta < 0);
      await page.locator(`.site-header a[href="/#/history"]`).click();
      const row = page.locator("tr.history-row").first();
      await row.waitFor({ timeout: 20_000 });
      // The sign stays with the number, and the parentheses around both: "(−236)".
      const order = await row.locator(".delta").evaluate((el) => {
        const t = el.firstChild;
        const r = document.createRange();
        return [...t.data].map((ch, i) => {
          r.setStart(t, i);
          r.setEnd(t, i + 1);
          return [ch, r.getBoundingClientRect().x];
        });
      });
      const xs = order.map(([, x]) => x);
      assert.deepEqual(
        order.map(([c]) => c).join(""),
        `(\u2212${Math.abs(delta)})`,
        "the change is written (−N)",
      );
      assert.ok(
        xs.every((x, i) => i === 0 || x > xs[i - 1]),
        "read left to right, sign first",
      );
      // The date: a wall-clock date with the year, the month as a word, shown whole.
      const date = await row.locator("time").textContent();
      assert.match(date, new RegExp(String(new Date().getFullYear())));
      assert.doesNotMatch(date, /\//, "no slashes for the bidirectional algorithm to reorder");
      await shot(page, `history-dates-ar-${where}`);
    });

  for (const { lang, device, where } of BOTH)
    test(`notices go when they are done: no 'Creating the table' over a started game (${lang}, ${where})`, async () => {
      const d = await open(lang, device);
      const { page } = d;
      await createTable(page, "shogi", "cpu");
      await waitGroup(page, (g) => g.table.status === "playing");
      await page.waitForTimeout(200);
      assert.equal(await page.locator(".notice").count(), 0);
    });

  test("notation, tab title and sound: a player's choices", async () => {
    const d = await open("en");
    const { page } = d;
    await page.goto(BASE + "/#/settings");
    await page.locator("#pref-notation").selectOption("japanese");
    await page.locator("#pref-sound").check();
    await shot(page, "settings-en");
    await page.goto(BASE + "/");
    await waitConnected(page);
    await createTable(page, "shogi", "cpu");
    await waitGroup(page, (g) => g.table.status === "playing");
    assert.match(await page.title(), /Your turn/);
    assert.equal(await page.locator('link[rel="icon"]').getAttribute("href"), "/favicon-turn.svg");
    const chimes = await page.evaluate(() => window.__kaisho.chimes);
    await playMove(page, "7g7f");
    const g = await waitGroup(
      page,
      (g) => g.table.game.moves.length >= 2 && g.table.game.to_move === 0,
    );
    await page.evaluate(() => document.querySelector("details.moves")?.setAttribute("open", ""));
    const list = await page.locator(".move-list li").allTextContents();
    assert.equal(list[0], "☗７六歩");
    assert.equal(list[1], g.table.game.notation.japanese[1]);
    const said = await page.evaluate(() => window.__kaisho.announced.join(" | "));
    assert.match(said, /played \u2066☖/);
    assert.ok((await page.evaluate(() => window.__kaisho.chimes)) > chimes, "a chime on the reply");
    // Western, from the moves box itself.
    await page.locator("#moves-notation").selectOption("western");
    assert.equal(await page.locator(".move-list li").first().textContent(), "P-7f");
    await shot(page, "notation-western-en");
  });

  test("a chosen name survives a reload (the rename reply carries no token)", async () => {
    const d = await open("ar");
    const { page } = d;
    const before = (await appState(page)).person.id;
    await page.goto(BASE + "/#/settings");
    await page.locator("#pref-name").fill("ليلى");
    await page.locator(".settings-page .name-form button[type=submit]").click();
    await page.waitForFunction(() => window.__kaisho.state.person?.name === "ليلى");
    await page.reload();
    await waitConnected(page);
    const after = (await appState(page)).person;
    assert.equal(after.id, before);
    assert.equal(after.name, "ليلى");
  });
});

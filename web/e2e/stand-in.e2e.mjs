// The CPU playing for a player who is away, in a real browser, in Arabic and English on a phone
// and a desktop: said on the player's own page cut off from the server (and how the seat comes
// back), on a watcher's page once they are gone (and how they take over), and on their return
// (the seat theirs again, "Game 1" said once). A 30 s turn timer paces the CPU standing in, so
// the game is still on when they come back.
// Runs against a server started as scripts/browser-e2e.sh starts it (a short away grace, the
// CPU standing in at once without a timer). Screenshots go to e2e/artifacts/.
//   KAISHO_URL=http://127.0.0.1:8080 node --test e2e/stand-in.e2e.mjs
import { after, describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, openDevice, shot, skipWithoutServer, waitGroup } from "./helpers.mjs";
import { FOUR, WIDE, plain, said, smallerThan44, waitOffline } from "./devicePlay.mjs";

const devices = [];
const open = (lang, device) => openDevice(devices, lang, device);

describe("the CPU playing for a player who is away", { skip: skipWithoutServer }, () => {
  after(async () => {
    for (const d of devices) await d.close();
  });

  for (const { lang, device, where } of FOUR) {
    test(`the CPU playing for a player away is said, how to take over too, and coming back takes the seat back (${lang}, ${where})`, async () => {
      const a = await open(lang, device);
      // A 30 s turn timer: the CPU standing in moves at that pace (docs/server.md), so the game
      // is still on when the player comes back.
      await a.page.locator('.game-card[data-game="shogi"] .play-setup').click();
      await a.page.waitForURL(/\/g\//);
      await waitGroup(a.page, (g) => g.table.status === "idle");
      await a.page.locator("#set-timer").selectOption("30");
      await waitGroup(a.page, (g) => g.settings.timer === 30);
      await a.page.locator(".start-game").click();
      const g = await waitGroup(a.page, (g) => g.table.status === "playing");
      const seat = g.table.your_seats[0];
      const w = await open(lang, WIDE);
      await w.page.goto(`${BASE}/g/${g.id}`);
      await waitGroup(w.page, (x) => x.id === g.id);

      // The player's own page, cut off: the CPU will play for them, and how the seat comes back.
      await a.context.setOffline(true);
      await waitOffline(a.page);
      const mineNote = a.page.locator(".cpu-playing-note.you.offline-seat");
      await mineNote.waitFor();
      assert.match(
        await mineNote.textContent(),
        lang === "en" ? /the CPU plays your seat/ : /لعب الحاسوب مقعدك/,
      );
      if (where === "phone")
        assert.deepEqual(await smallerThan44(a.page, ".cpu-playing-note button"), []);
      await shot(a.page, `cpu-playing-offline-${lang}-${where}`);
      await a.context.setOffline(false);
      await a.page.waitForFunction(() => window.__kaisho.state.connection === "open", null, {
        timeout: 30_000,
      });
      await a.page.locator(".cpu-playing-note").waitFor({ state: "detached" });

      // Gone: the others see the CPU playing for them, and that they take it back by returning.
      await a.page.close();
      await waitGroup(w.page, (x) => x.table.seats.some((s) => s.away && s.kind === "person"));
      const note = w.page.locator(`.cpu-playing-note[data-seat="${seat}"]`);
      await note.waitFor();
      const noteText = plain(await note.textContent());
      assert.match(
        noteText,
        lang === "en"
          ? /The CPU is playing for Guest \w{4} while they are away; they take their seat back as soon as they return/
          : /الحاسوب يلعب بدلًا من ضيف \w{4} في غيابه؛ ويستعيد مقعده حالما يعود/,
      );
      await shot(w.page, `cpu-playing-watcher-${lang}-${where}`);
      // The CPU's first move for them, at the timer's pace.
      await waitGroup(
        w.page,
        (x) => (x.table.game.stand_ins ?? []).some((s) => s.reason === "away"),
        60_000,
      );

      // Back: told what the CPU did and that the seat is theirs again; "Game 1" said once.
      const back = await a.context.newPage();
      await back.goto(`${BASE}/g/${g.id}`);
      const report = back.locator(".away-report");
      await report.waitFor();
      assert.match(
        await report.innerText(),
        lang === "en" ? /Your seat is yours again/ : /عاد مقعدك إليك/,
      );
      await back.waitForTimeout(1500);
      const words = await said(back);
      const gameOne = lang === "en" ? "Game 1" : "المباراة 1";
      assert.equal(words.filter((t) => t === gameOne).length, 1, words.join(" | "));
      await shot(back, `cpu-playing-back-${lang}-${where}`);
      // The others see the seat played by its person again.
      await waitGroup(w.page, (x) => !x.table.seats.some((s) => s.cpu_playing || s.away));
      await w.page.locator(".cpu-playing-note").waitFor({ state: "detached" });
      await back.close();
    });
  }
});

// Entry point: renders the page for the route on every change, keeping what a person is
// doing across renders — the focused control (a board square, a field and what is typed in
// it), the board in view when a game starts or they come back to it — and owns the one live
// region that announces what happens at the table.
import "./style.css";
import { App } from "./app";
import { focusBoard, header, noticeLine, skipLink } from "./pages/layout";
import { renderFront } from "./pages/front";
import { renderGroup } from "./pages/group";
import { renderRules } from "./pages/rules";
import { renderHistory } from "./pages/history";
import { renderRecord, replayKey } from "./pages/record";
import { renderSettings } from "./pages/settings";
import { renderDemo } from "./pages/demo";
import { renderPractice, renderPracticeRecord } from "./pages/practice";
import { tickClocks } from "./pages/game";
import { h } from "./ui/dom";
import { engineOnDevice, keepEngineLater, onEngineKept } from "./offline/keepEngine";

const app = new App(window);
const root = document.getElementById("app")!;

// Announcements: outside the re-rendered page, so a screen reader hears each one once.
const announcer = h("div", {
  id: "announcer",
  class: "visually-hidden",
  role: "log",
  "aria-live": "polite",
});
document.body.appendChild(announcer);
app.setAnnouncer((text) => {
  const line = h("p", {}, [text]);
  announcer.appendChild(line);
  while (announcer.childElementCount > 5) announcer.firstElementChild?.remove();
});

/** What is focused before a render, to find it again after. */
interface FocusMemo {
  boardSquare: string | null;
  id: string | null;
  value: string | null;
  selection: [number | null, number | null] | null;
}

function rememberFocus(): FocusMemo {
  const active = document.activeElement;
  const memo: FocusMemo = { boardSquare: null, id: null, value: null, selection: null };
  if (active instanceof Element && active.closest(".board-view"))
    memo.boardSquare = active.getAttribute("data-sq");
  else if (active instanceof HTMLElement && active.id) {
    memo.id = active.id;
    if (active instanceof HTMLInputElement && active.type === "text") {
      memo.value = active.value;
      memo.selection = [active.selectionStart, active.selectionEnd];
    }
  }
  return memo;
}

function restoreFocus(memo: FocusMemo): void {
  if (memo.boardSquare) {
    const again = root.querySelector<SVGElement>(`[data-sq="${memo.boardSquare}"]`);
    if (again) again.focus({ preventScroll: true });
    else focusBoard(); // the square is gone (another board): the board keeps the keyboard
    return;
  }
  if (memo.id) {
    const again = document.getElementById(memo.id);
    if (again instanceof HTMLInputElement && memo.value !== null) {
      // What was being typed survives a re-render caused by someone else's change.
      again.value = memo.value;
      if (memo.selection) again.setSelectionRange(memo.selection[0], memo.selection[1]);
    }
    again?.focus({ preventScroll: true });
  }
}

/** The table as a place to be: which game, and whether it is being played. */
let lastTable = "";

function render(): void {
  const ctx = app.context();
  const focus = rememberFocus();
  const main = h("main", { id: "main", class: `page page-${ctx.route.page}`, tabindex: "-1" });
  switch (ctx.route.page) {
    case "front":
      renderFront(main, ctx);
      break;
    case "group":
      renderGroup(main, ctx, ctx.route.id);
      break;
    case "rules":
      renderRules(main, ctx, ctx.route.game);
      break;
    case "history":
      renderHistory(main, ctx);
      break;
    case "record":
      renderRecord(main, ctx, ctx.route.id);
      break;
    case "settings":
      renderSettings(main, ctx);
      break;
    case "demo":
      renderDemo(main, ctx, ctx.route.game, ctx.route.seat);
      break;
    case "practice":
      renderPractice(main, ctx, ctx.route.game);
      break;
    case "practiceRecord":
      renderPracticeRecord(main, ctx, ctx.route.game);
      break;
  }
  const g = ctx.store.state.group;
  const status = g?.table.status ?? "";
  document.body.dataset["page"] = ctx.route.page;
  const atTable = ctx.route.page === "group" || ctx.route.page === "practice";
  document.body.dataset["table"] = atTable ? status : "";
  // The header is kept while its name field is being typed in (unless the name was refused:
  // the header says why).
  const oldHeader = root.querySelector("header.site-header");
  const draft = ctx.store.state.nameDraft;
  const refusedNow = draft?.field === "name-input" && draft.error !== null;
  const refusedShown = oldHeader?.querySelector(".name-form[data-refused]") != null;
  const keepHeader = focus.id === "name-input" && oldHeader !== null && refusedNow === refusedShown;
  const notice = noticeLine(ctx);
  const skip = skipLink(ctx);
  root.replaceChildren(
    ...(skip ? [skip] : []),
    keepHeader ? oldHeader : header(ctx),
    ...(notice ? [notice] : []),
    main,
  );
  if (!keepHeader) restoreFocus(focus);

  // A game starts, or the player arrives at (or returns to) a table with a game on: the status
  // line, the clock and the board come into view, and the keyboard (if it was nowhere) goes
  // to the board.
  let table: string = ctx.route.page;
  if (ctx.route.page === "group")
    table =
      g && g.id === ctx.route.id
        ? status === "idle"
          ? `${g.id}|lobby`
          : `${g.id}|game ${g.table.game?.number ?? 0}`
        : `${ctx.route.id}|loading`;
  if (ctx.route.page === "practice")
    table =
      g && g.id === `practice:${ctx.route.game}`
        ? status === "idle"
          ? `${g.id}|lobby`
          : `${g.id}|game ${g.table.game?.number ?? 0}`
        : `practice:${ctx.route.game}|loading`;
  if (table !== lastTable) {
    lastTable = table;
    if (table.includes("|game")) {
      document.getElementById("game-panel")?.scrollIntoView({ block: "start" });
      const active = document.activeElement;
      if (!active || active === document.body || active.id === "main") focusBoard();
    } else if (ctx.route.page !== "demo") {
      window.scrollTo({ top: 0 });
    }
  }
}

app.setRenderer(render);
document.addEventListener("keydown", (e) => {
  if (app.route.page === "record" || app.route.page === "practiceRecord")
    replayKey(e, app.context());
});
app.start();
render();
setInterval(() => tickClocks(performance.now()), 250);
// The site opens, and practice games against the CPU are played, with no network: the service
// worker keeps the built client, and the engine once it is first used or the page has been idle
// a while (src/offline/sw.js, offline/keepEngine.ts; only in a build).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const engineKept = () => void engineOnDevice().then((kept) => app.setEngineKept(kept));
  onEngineKept(window, () => engineKept());
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {});
    keepEngineLater(window);
  });
  engineKept();
  app.routing.onChange(() => engineKept());
}
// Notices fade after their time (errors stay longer than confirmations).
setInterval(() => {
  const n = app.store.state.notice;
  if (n && Date.now() - n.at > n.ttl) app.store.update({ notice: null });
}, 500);

// Entry point.
import "./style.css";
import { App } from "./app";
import { header, noticeLine } from "./pages/layout";
import { renderFront } from "./pages/front";
import { renderGroup } from "./pages/group";
import { renderRules } from "./pages/rules";
import { renderHistory } from "./pages/history";
import { renderRecord, replayKey } from "./pages/record";
import { renderDemo } from "./pages/demo";
import { tickClocks } from "./pages/game";
import { h } from "./ui/dom";

const app = new App(window);
const root = document.getElementById("app")!;

function render(): void {
  const ctx = app.context();
  const main = h("main", { id: "main", class: `page page-${ctx.route.page}` });
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
    case "demo":
      renderDemo(main, ctx, ctx.route.game, ctx.route.seat);
      break;
  }
  // Keep the focused element (e.g. the name field, a board square) across re-renders.
  const active = document.activeElement;
  const keepHeader = active instanceof HTMLInputElement && active.id === "name-input";
  const oldHeader = root.querySelector("header.site-header");
  const newHeader = keepHeader && oldHeader ? oldHeader : header(ctx);
  const notice = noticeLine(ctx);
  const oldMain = root.querySelector("main");
  const boardFocus = active instanceof Element && active.closest(".board-view") !== null;
  root.replaceChildren(newHeader, ...(notice ? [notice] : []), main);
  if (oldMain === null) main.setAttribute("tabindex", "-1");
  if (boardFocus) {
    const sq = active.getAttribute("data-sq");
    const again = sq ? root.querySelector<SVGElement>(`[data-sq="${sq}"]`) : null;
    again?.focus({ preventScroll: true });
  } else if (active instanceof HTMLElement && active.id && oldMain?.contains(active)) {
    // e.g. the replay buttons: the same control keeps the focus after a re-render.
    document.getElementById(active.id)?.focus({ preventScroll: true });
  }
}

app.setRenderer(render);
document.addEventListener("keydown", (e) => {
  if (app.route.page === "record") replayKey(e, app.context());
});
app.start();
render();
setInterval(() => tickClocks(performance.now()), 250);
// Notices fade after a few seconds.
setInterval(() => {
  const n = app.store.state.notice;
  if (n && Date.now() - n.at > 8000) app.store.update({ notice: null });
}, 1000);

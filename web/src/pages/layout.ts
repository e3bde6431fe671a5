// The frame around every page: the skip link to the board, the header (home, rules, my games,
// settings, language, name, connection) and the notice line.
import type { PageContext } from "./context";
import type { Route } from "../router";
import { routeUrl } from "../router";
import { h, isolate } from "../ui/dom";
import { errorText } from "../ui/errors";
import { personName } from "../ui/names";

export function link(ctx: PageContext, r: Route, text: string, cls = ""): HTMLAnchorElement {
  return h(
    "a",
    {
      href: routeUrl(r),
      class: cls || undefined,
      onclick: ((e: MouseEvent) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        ctx.navigate(r);
      }) as EventListener,
    },
    [text],
  );
}

/**
 * The name field with its save button; `id` tells the copies apart (header, lobby, settings). A
 * name typed and saved stays in the field it was typed in until the server takes it; refused,
 * it stays there with why, under the field (ServerSession.setName).
 */
export function nameForm(ctx: PageContext, id: string): HTMLElement | null {
  const { i18n, store, actions } = ctx;
  const person = store.state.person;
  if (!person) return null;
  const draft = store.state.nameDraft?.field === id ? store.state.nameDraft : null;
  const refused = draft?.error
    ? h("p", { class: "name-error", id: `${id}-error` }, [
        errorText(draft.error.code, draft.error.params, i18n),
      ])
    : null;
  // A name the site gave is not shown as if the person had typed it: the field is empty and
  // shows that name, in the reader's language, as its placeholder.
  const input = h("input", {
    id,
    type: "text",
    class: "name-input",
    value: draft ? draft.text : person.default_name ? "" : person.name,
    placeholder: personName(person.name, person.id, person.default_name, i18n),
    "aria-label": i18n.t("name.label"),
    "aria-invalid": refused ? "true" : undefined,
    "aria-describedby": refused ? `${id}-error` : undefined,
    dir: "auto",
  });
  return h(
    "form",
    {
      class: `name-form${refused ? " refused" : ""}`,
      "data-refused": refused ? "true" : undefined,
      onsubmit: ((e: Event) => {
        e.preventDefault();
        actions.setName(input.value, id);
      }) as EventListener,
    },
    [
      h("label", { for: id, class: id === "name-input" ? "visually-hidden" : undefined }, [
        i18n.t("name.label"),
      ]),
      input,
      h("button", { type: "submit" }, [i18n.t("name.save")]),
      refused,
    ],
  );
}

/** The first Tab stop while a game is shown: straight to the board. */
export function skipLink(ctx: PageContext): HTMLElement | null {
  const g = ctx.store.state.group;
  const atTable = ctx.route.page === "group" || ctx.route.page === "practice";
  if (!atTable || !g || g.table.status === "idle") return null;
  return h(
    "a",
    {
      href: "#board",
      class: "skip-link",
      onclick: ((e: Event) => {
        e.preventDefault();
        focusBoard();
      }) as EventListener,
    },
    [ctx.i18n.t("nav.toBoard")],
  );
}

/** Puts the keyboard on the board (its roving square), without scrolling past it. */
export function focusBoard(): boolean {
  const cell = document.querySelector<SVGElement>('.board-view [data-sq][tabindex="0"]');
  if (!cell) return false;
  cell.focus({ preventScroll: true });
  document.getElementById("status-line")?.scrollIntoView({ block: "nearest" });
  return true;
}

export function header(ctx: PageContext): HTMLElement {
  const { i18n, store, actions } = ctx;
  const s = store.state;
  const other = i18n.lang === "ar" ? "en" : "ar";
  const conn =
    s.connection === "open"
      ? null
      : h("span", { class: `conn conn-${s.connection}`, role: "status" }, [
          i18n.t(s.connection === "connecting" ? "conn.connecting" : "conn.closed"),
          s.connection === "closed"
            ? h(
                "button",
                { type: "button", class: "link", onclick: () => actions.reconnectNow() },
                [i18n.t("conn.retry")],
              )
            : null,
        ]);
  return h("header", { class: "site-header" }, [
    h("nav", { "aria-label": i18n.t("app.name") }, [
      link(ctx, { page: "front" }, i18n.t("app.name"), "brand"),
      link(ctx, { page: "rules", game: null }, i18n.t("nav.rules")),
      link(ctx, { page: "history" }, i18n.t("nav.history")),
      link(ctx, { page: "settings" }, i18n.t("nav.settings"), "settings-link"),
    ]),
    h("div", { class: "header-tools" }, [
      h("div", { class: "header-name" }, [nameForm(ctx, "name-input")]),
      h(
        "button",
        {
          type: "button",
          class: "lang-switch",
          lang: other,
          "aria-label": i18n.t("lang.switch.label"),
          onclick: () => actions.setLang(other),
        },
        [i18n.t("lang.switch")],
      ),
      conn,
    ]),
  ]);
}

export function noticeLine(ctx: PageContext): HTMLElement | null {
  const n = ctx.store.state.notice;
  if (!n || Date.now() - n.at > n.ttl) return null;
  return h(
    "div",
    { class: `notice notice-${n.kind}`, role: n.kind === "error" ? "alert" : "status" },
    [
      isolate(n.text, "notice-text"),
      h(
        "button",
        {
          type: "button",
          class: "link notice-close",
          "aria-label": ctx.i18n.t("notice.close"),
          onclick: () => ctx.actions.dismissNotice(),
        },
        ["×"],
      ),
    ],
  );
}

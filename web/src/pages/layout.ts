// The frame around every page: header (home, rules, my games, language, name, connection)
// and the notice line.
import type { AppContext } from "../app";
import type { Route } from "../router";
import { routeUrl } from "../router";
import { h, isolate } from "../ui/dom";

export function link(ctx: AppContext, r: Route, text: string, cls = ""): HTMLAnchorElement {
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

export function header(ctx: AppContext): HTMLElement {
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
  const nameInput = h("input", {
    id: "name-input",
    type: "text",
    maxlength: 32,
    value: s.person?.name ?? "",
    "aria-label": i18n.t("name.label"),
    dir: "auto",
  });
  const nameForm = h(
    "form",
    {
      class: "name-form",
      onsubmit: ((e: Event) => {
        e.preventDefault();
        actions.setName(nameInput.value);
      }) as EventListener,
    },
    [
      h("label", { for: "name-input", class: "visually-hidden" }, [i18n.t("name.label")]),
      nameInput,
      h("button", { type: "submit" }, [i18n.t("name.save")]),
    ],
  );
  return h("header", { class: "site-header" }, [
    h("nav", { "aria-label": i18n.t("app.name") }, [
      link(ctx, { page: "front" }, i18n.t("app.name"), "brand"),
      link(ctx, { page: "rules", game: null }, i18n.t("nav.rules")),
      link(ctx, { page: "history" }, i18n.t("nav.history")),
    ]),
    h("div", { class: "header-tools" }, [
      s.person ? nameForm : null,
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

export function noticeLine(ctx: AppContext): HTMLElement | null {
  const n = ctx.store.state.notice;
  if (!n || Date.now() - n.at > 8000) return null;
  return h(
    "div",
    { class: `notice notice-${n.kind}`, role: n.kind === "error" ? "alert" : "status" },
    [isolate(n.text)],
  );
}

// A small element builder: h("button", {class: "x", onclick: fn}, ["text", child]).

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") {
      el.addEventListener(k.slice(2), v as EventListener);
    } else if (k === "value" && "value" in el) {
      (el as HTMLInputElement).value = String(v);
    } else if (v === true) {
      el.setAttribute(k, "");
    } else {
      el.setAttribute(k, String(v));
    }
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
}

/** Text that must stay left-to-right inside Arabic: names, clocks, move text, squares. */
export function ltr(text: string, cls = ""): HTMLElement {
  return h("bdi", { dir: "ltr", class: cls || undefined }, [text]);
}

/** A name in any script, isolated from the surrounding direction. */
export function isolate(text: string, cls = ""): HTMLElement {
  return h("bdi", { class: cls || undefined }, [text]);
}

/** Replaces the children of `el`, keeping focus on an element with the same id if any. */
export function replaceChildren(el: Element, children: Child[]): void {
  const active = document.activeElement;
  const activeId = active && el.contains(active) ? active.id : "";
  el.replaceChildren();
  append(el, children);
  if (activeId) {
    const again = document.getElementById(activeId);
    if (again instanceof HTMLElement) again.focus({ preventScroll: true });
  }
}

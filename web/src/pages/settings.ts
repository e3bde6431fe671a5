// Settings of this device (#/settings): the language, the name others see, how moves are
// written, and the sound on the opponent's move.
import type { PageContext } from "./context";
import { LANGS, type Lang } from "../i18n";
import { h } from "../ui/dom";
import { notationSelect } from "./game";
import { nameForm } from "./layout";

const LANG_NAMES: Record<Lang, string> = { ar: "العربية", en: "English" };

export function renderSettings(root: HTMLElement, ctx: PageContext): void {
  const { i18n, actions } = ctx;
  const prefs = ctx.store.state.prefs;
  root.append(
    h("h1", {}, [i18n.t("prefs.title")]),
    h("section", { class: "box settings-page" }, [
      h("div", { class: "field" }, [
        h("label", { for: "pref-lang" }, [i18n.t("prefs.language")]),
        h(
          "select",
          {
            id: "pref-lang",
            onchange: ((e: Event) =>
              actions.setLang((e.target as HTMLSelectElement).value as Lang)) as EventListener,
          },
          LANGS.map((l) =>
            h("option", { value: l, lang: l, selected: l === i18n.lang }, [LANG_NAMES[l]]),
          ),
        ),
      ]),
      h("div", { class: "field" }, [nameForm(ctx, "pref-name")]),
      notationSelect(ctx, "pref-notation"),
      h("p", { class: "meaning" }, [i18n.t("prefs.notation.meaning")]),
      h("div", { class: "field checkbox-field" }, [
        h("input", {
          id: "pref-sound",
          type: "checkbox",
          checked: prefs.sound,
          onchange: ((e: Event) =>
            actions.setPrefs({ sound: (e.target as HTMLInputElement).checked })) as EventListener,
        }),
        h("label", { for: "pref-sound" }, [i18n.t("prefs.sound.long")]),
      ]),
    ]),
  );
}

// Translations: Arabic and English, chosen from the browser language, switchable, stored.
// Plural forms follow Intl.PluralRules (Arabic: zero, one, two, few, many, other).

import { en } from "./en";
import { ar } from "./ar";

export type Lang = "ar" | "en";
export const LANGS: readonly Lang[] = ["ar", "en"];

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralForms;
export type Dict = Record<keyof typeof en, Message>;
export type MsgKey = keyof typeof en;

const DICTS: Record<Lang, Dict> = { en, ar };

/** The language to start with: stored choice, else the first browser language we have. */
export function pickLanguage(stored: string | null, browser: readonly string[]): Lang {
  if (stored === "ar" || stored === "en") return stored;
  for (const l of browser) {
    const base = l.toLowerCase().split("-")[0];
    if (base === "ar" || base === "en") return base;
  }
  return "ar"; // Arabic speakers are the first audience
}

export function dirOf(lang: Lang): "rtl" | "ltr" {
  return lang === "ar" ? "rtl" : "ltr";
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
function rulesFor(lang: Lang): Intl.PluralRules {
  let r = pluralRules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    pluralRules.set(lang, r);
  }
  return r;
}

/** Numbers are written with Latin digits in both languages, like the board's coordinates. */
export function formatNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(lang === "ar" ? "ar-u-nu-latn" : "en").format(n);
}

function fill(s: string, params: Record<string, string | number> | undefined, lang: Lang): string {
  if (!params) return s;
  return s.replace(/\{(\w+)\}/g, (whole, k: string) => {
    const v = params[k];
    if (v === undefined) return whole;
    return typeof v === "number" ? formatNumber(v, lang) : v;
  });
}

export function pluralCategory(lang: Lang, n: number): Intl.LDMLPluralRule {
  return rulesFor(lang).select(n);
}

export class I18n {
  constructor(public lang: Lang) {}

  get dir(): "rtl" | "ltr" {
    return dirOf(this.lang);
  }

  has(key: string): key is MsgKey {
    return key in DICTS[this.lang];
  }

  /** A plain message; `{name}` placeholders are filled from params. */
  t(key: MsgKey, params?: Record<string, string | number>): string {
    const m = DICTS[this.lang][key] ?? en[key];
    if (typeof m === "string") return fill(m, params, this.lang);
    return fill(m.other, params, this.lang);
  }

  /** A message with plural forms chosen by `n` (also available as {n}). */
  tn(key: MsgKey, n: number, params?: Record<string, string | number>): string {
    const m = DICTS[this.lang][key] ?? en[key];
    const all = { n, ...params };
    if (typeof m === "string") return fill(m, all, this.lang);
    // An explicit zero form is used for 0 in every language ("no moves yet").
    const cat = n === 0 && m.zero !== undefined ? "zero" : pluralCategory(this.lang, n);
    return fill(m[cat] ?? m.other, all, this.lang);
  }

  /** A message looked up by a key built at run time (reasons, options), with a fallback. */
  tk(key: string, fallback: string, params?: Record<string, string | number>): string {
    if (this.has(key)) return this.t(key, params);
    return fallback;
  }
}

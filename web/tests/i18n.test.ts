import { describe, expect, it } from "vitest";
import { I18n, dirOf, pickLanguage, pluralCategory } from "../src/i18n";
import { en } from "../src/i18n/en";
import { ar } from "../src/i18n/ar";

describe("plural forms", () => {
  it("uses the six Arabic categories", () => {
    expect([0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => pluralCategory("ar", n))).toEqual([
      "zero",
      "one",
      "two",
      "few",
      "few",
      "many",
      "many",
      "other",
      "other",
    ]);
    expect([0, 1, 2].map((n) => pluralCategory("en", n))).toEqual(["other", "one", "other"]);
  });
  it("chooses the right Arabic words", () => {
    const t = new I18n("ar");
    expect(t.tn("play.captured", 0)).toBe("لم يأسر شيئًا");
    expect(t.tn("play.captured", 1)).toBe("أسر قطعة واحدة");
    expect(t.tn("play.captured", 2)).toBe("أسر قطعتين");
    expect(t.tn("play.captured", 5)).toBe("أسر 5 قطع");
    expect(t.tn("play.captured", 11)).toBe("أسر 11 قطعة");
    expect(t.tn("play.seconds", 30)).toBe("30 ثانية");
    expect(t.tn("play.seconds", 3)).toBe("3 ثوانٍ");
    expect(t.tn("val.moves", 256)).toBe("256 نقلة");
  });
  it("chooses the right English words", () => {
    const t = new I18n("en");
    expect(t.tn("play.captured", 1)).toBe("1 capture");
    expect(t.tn("play.captured", 2)).toBe("2 captures");
    expect(t.tn("play.moveCount", 0)).toBe("no moves yet");
  });
  it("fills placeholders with Latin digits", () => {
    expect(new I18n("ar").t("play.gameNumber", { n: 12 })).toBe("المباراة 12");
    expect(new I18n("en").t("play.toMove", { name: "Layla" })).toBe("Layla to move");
  });
});

describe("dictionaries", () => {
  it("have the same keys and the same placeholders", () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
    // The set of placeholders (a plural message repeats them in each of its forms).
    const holes = (m: unknown) =>
      [
        ...new Set(
          JSON.stringify(m)
            .match(/\{\w+\}/g)
            ?.filter((x) => x !== "{n}") ?? [],
        ),
      ].sort();
    for (const k of Object.keys(en) as (keyof typeof en)[])
      expect(holes(ar[k]), k).toEqual(holes(en[k]));
  });
  it("give Arabic plurals every category", () => {
    for (const [k, v] of Object.entries(ar)) {
      if (typeof v === "object")
        expect(Object.keys(v).sort(), k).toEqual(["few", "many", "one", "other", "two", "zero"]);
    }
  });
});

describe("language choice", () => {
  it("prefers the stored choice, then the browser, then Arabic", () => {
    expect(pickLanguage("en", ["ar-EG"])).toBe("en");
    expect(pickLanguage(null, ["fr-FR", "ar-SA", "en"])).toBe("ar");
    expect(pickLanguage(null, ["en-GB"])).toBe("en");
    expect(pickLanguage(null, ["fr"])).toBe("ar");
    expect(pickLanguage("xx", [])).toBe("ar");
  });
  it("writes Arabic right to left", () => {
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("en")).toBe("ltr");
  });
  it("falls back for unknown run-time keys", () => {
    expect(new I18n("en").tk("result.reason.checkmate", "x")).toBe("by checkmate");
    expect(new I18n("en").tk("result.reason.new_reason", "fallback")).toBe("fallback");
  });
});

// Who may change a table (the next game's players only) and ratings earned by the person who
// plays: what the page derives from the group state, and how it explains a change not counted.
import { describe, expect, it } from "vitest";
import { I18n } from "../src/i18n";
import type { GroupState, RatingChange } from "../src/net/protocol";
import { playsNextGame } from "../src/state/table";
import { notCountedRow, ratingExplanation } from "../src/ui/ratings";

const en = new I18n("en");
const ar = new I18n("ar");

function groupWith(status: "idle" | "playing" | "finished", next?: string[]): GroupState {
  return {
    you: "me",
    table: { status, seats: [], your_seats: [], seat_names: [], next_players: next },
  } as unknown as GroupState;
}

function text(parts: (Node | string)[]): string {
  return parts.map((p) => (typeof p === "string" ? p : (p.textContent ?? ""))).join("");
}

describe("who may change a table", () => {
  it("is the next game's players between games, nobody during one", () => {
    expect(playsNextGame(groupWith("idle", ["me", "other"]))).toBe(true);
    expect(playsNextGame(groupWith("idle", ["other", "third"]))).toBe(false);
    expect(playsNextGame(groupWith("finished", ["me"]))).toBe(true);
    expect(playsNextGame(groupWith("finished", ["other"]))).toBe(false);
    expect(playsNextGame(groupWith("playing", ["me"]))).toBe(false);
  });
  it("is everyone with a server that does not say (an older server)", () => {
    expect(playsNextGame(groupWith("idle"))).toBe(true);
  });
});

describe("a rating change held back by the own-play rule", () => {
  const held: RatingChange = {
    person: "me",
    seat: 0,
    before: 1500,
    after: 1500,
    rule: "left",
    counted: false,
  };
  it("says why it was not counted, to the player and to the others", () => {
    expect(text(ratingExplanation(en, held))).toMatch(
      /^Not counted for you: you left the table during the game\./,
    );
    expect(text(ratingExplanation(ar, held))).toMatch(/^لم تُحتسب لك: غادرتَ الطاولة/);
    expect(notCountedRow(en, { ...held, rule: "cpu_moves" })).toBe(
      "not counted: the CPU made over a third of the moves",
    );
    expect(notCountedRow(ar, { ...held, rule: "away" })).toBe("لم تُحتسب: كان غائبًا عند نهايتها");
  });
  it("has the sentence for a loss counted although the rule applied, in both languages", () => {
    for (const rule of ["left", "away", "cpu_moves"] as const) {
      const why = en.t(`rating.rule.you.${rule}`);
      expect(en.t("rating.countedLoss.you", { why })).toContain(`Counted although ${why}`);
      expect(ar.t("rating.countedLoss.you", { why: ar.t(`rating.rule.you.${rule}`) })).toContain(
        ar.t(`rating.rule.you.${rule}`),
      );
    }
  });
});

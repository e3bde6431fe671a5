// Yonin played in pairs: partners sit opposite (state/table.ts), for the line-up's teams and
// each seat's partner (pages/teams.ts).
import { describe, expect, it } from "vitest";
import type { GroupState } from "../src/net/protocol";
import { pairsOf, partnerOf } from "../src/state/table";

/** A Yonin table's group state with these options. */
function table(): GroupState {
  return { game: "yonin", settings: { options: {} } } as unknown as GroupState;
}

describe("Yonin in pairs", () => {
  it("has partners opposite, South with North and West with East; singles have none", () => {
    const g = table();
    expect(pairsOf(g)).toBeNull();
    g.settings.options["format"] = "pairs";
    expect(pairsOf(g)).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect([0, 1, 2, 3].map((s) => partnerOf(g, s))).toEqual([2, 3, 0, 1]);
    g.settings.options["format"] = "singles";
    expect(partnerOf(g, 0)).toBeNull();
  });
});

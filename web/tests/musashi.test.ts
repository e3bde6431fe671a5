import { describe, expect, it } from "vitest";
import { capturesAt, graphOf, musashiThreats, straightPairs } from "../src/boards/musashiThreats";
import { parseMusashi } from "../src/boards/musashiPosition";
import { musashiBoard } from "../src/rules/musashiGeometry";

describe("Musashi board geometry", () => {
  it("has 33 points and 72 lines with the sechin, 25 and 56 without", () => {
    const b33 = musashiBoard(33);
    expect(b33.points).toHaveLength(33);
    expect(b33.lines).toHaveLength(72);
    const b25 = musashiBoard(25);
    expect(b25.points).toHaveLength(25);
    expect(b25.lines).toHaveLength(56);
  });
  it("finds the straight lines through a point", () => {
    const g33 = graphOf(musashiBoard(33));
    const key = (ps: [string, string][]) => ps.map((p) => [...p].sort().join("-")).sort();
    expect(key(straightPairs(g33, "e3"))).toEqual(["d2-f4", "d3-f3", "d4-f2", "e2-e4"]);
    expect(key(straightPairs(g33, "c3"))).toEqual(["b2-d4", "b3-d3", "b4-d2", "c2-c4"]);
    expect(straightPairs(g33, "a1")).toEqual([]);
    const g25 = graphOf(musashiBoard(25));
    expect(key(straightPairs(g25, "e3"))).toEqual(["e2-e4"]);
  });
});

describe("threats", () => {
  const g = graphOf(musashiBoard(33));
  it("counts the children a father's move would capture", () => {
    const kids = new Set(["b3", "d3", "b2", "d4", "c2"]);
    expect(capturesAt(g, kids, "c3").sort()).toEqual(["b2", "b3", "d3", "d4"]);
  });
  it("on the father's turn: his capturing destinations and the threatened children", () => {
    const pos = parseMusashi("F:c3 C:a1,a2,a3,a4,a5,b2,b5,c1,c5,d1,d4,d5,e1,e2,e3,e5 f 2");
    if (!pos.ok) throw new Error(pos.error);
    const t = musashiThreats(g, pos.value, true, [
      "c3-c2",
      "c3-c4",
      "c3-b3",
      "c3-d3",
      "c3-b4",
      "c3-d2",
    ]);
    expect([...t.captureCounts.entries()].sort()).toEqual([
      ["b4", 2],
      ["d2", 2],
    ]);
    expect([...t.threatened].sort()).toEqual(["a3", "c1", "c5", "e3"]);
  });
  it("on the children's turn: what the father threatens next", () => {
    const pos = parseMusashi("F:c4 C:b3,d3,a1 c 3");
    if (!pos.ok) throw new Error(pos.error);
    const t = musashiThreats(g, pos.value, false, []);
    expect([...t.threatened].sort()).toEqual(["b3", "d3"]);
    expect(t.captureCounts.get("c3")).toBe(2);
  });
});

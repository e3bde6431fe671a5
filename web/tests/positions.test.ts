import { describe, expect, it } from "vitest";
import { parseSfen } from "../src/boards/sfen";
import { parseHasami } from "../src/boards/hasamiPosition";
import { parseYonin } from "../src/boards/yoninPosition";
import { parseMusashi } from "../src/boards/musashiPosition";
import { YONIN_START } from "../src/boards/yonin";

describe("SFEN", () => {
  it("reads the start position", () => {
    const r = parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.squares.size).toBe(40);
    expect(r.value.squares.get("5i")).toEqual({
      letter: "K",
      promoted: false,
      owner: 0,
      facing: 0,
    });
    expect(r.value.squares.get("8h")?.letter).toBe("B");
    expect(r.value.squares.get("2h")?.letter).toBe("R");
    expect(r.value.squares.get("8b")).toEqual({
      letter: "R",
      promoted: false,
      owner: 1,
      facing: 1,
    });
    expect(r.value.toMove).toBe(0);
    expect(r.value.hands.map((h) => h.pieces)).toEqual([[], []]);
  });
  it("reads promoted pieces and hands", () => {
    const r = parseSfen("lnsgkg1nl/1r5s1/ppppppBpp/6p2/9/2P6/PP1PPPPPP/7R1/+LNSGKGSNL w 2Pb 6");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.squares.get("9i")).toMatchObject({ letter: "L", promoted: true, owner: 0 });
    expect(r.value.squares.get("3c")).toMatchObject({ letter: "B", owner: 0 });
    expect(r.value.toMove).toBe(1);
    expect(r.value.hands[0]!.pieces).toEqual([{ letter: "P", count: 2 }]);
    expect(r.value.hands[1]!.pieces).toEqual([{ letter: "B", count: 1 }]);
  });
  it("refuses malformed text", () => {
    expect(parseSfen("lnsgkgsnl/9 b - 1").ok).toBe(false);
    expect(parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1").ok).toBe(
      false,
    );
    expect(parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1").ok).toBe(
      false,
    );
    expect(parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1").ok).toBe(
      false,
    );
    expect(parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2Q 1").ok).toBe(
      false,
    );
    expect(parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1").ok).toBe(
      false,
    );
  });
});

describe("Hasami position", () => {
  it("reads the board, side and capture counts", () => {
    const r = parseHasami("pp4pp1/3p1pp2/1P2P4/9/1P6p/9/7P1/3P4P/3P4P w 1-2 32");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.captured).toEqual([1, 2]);
    expect(r.value.toMove).toBe(1);
    expect(r.value.squares.get("9a")).toMatchObject({ owner: 1 });
    expect(r.value.squares.get("1i")).toMatchObject({ owner: 0 });
    expect(parseHasami("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0 1").ok).toBe(false);
  });
});

describe("Yonin position", () => {
  it("reads the start: four kings, facings, nobody out", () => {
    const r = parseYonin(YONIN_START);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const p = r.value;
    expect(p.squares.size).toBe(36);
    expect(p.squares.get("5i")).toEqual({ letter: "K", promoted: false, owner: 0, facing: 0 });
    expect(p.squares.get("9e")).toEqual({ letter: "K", promoted: false, owner: 1, facing: 1 });
    expect(p.squares.get("5a")).toEqual({ letter: "K", promoted: false, owner: 2, facing: 2 });
    expect(p.squares.get("1e")).toEqual({ letter: "K", promoted: false, owner: 3, facing: 3 });
    expect(p.squares.get("8e")).toMatchObject({ letter: "R", owner: 1 });
    expect(p.toMove).toBe(0);
    expect(p.out).toEqual([]);
    expect(p.lastMover).toBe(-1);
  });
  it("reads inherited facings, ownerless pieces, hands, outs and flipped kings", () => {
    const text = "4Kn4/9/9/9/KwPsw6Ke/9/9/4+Pxn4/4Ks4 e 2PsGwSn nw ---- s 30";
    const r = parseYonin(text);
    expect(r.ok, r.ok ? "" : r.error).toBe(true);
    if (!r.ok) return;
    const p = r.value;
    expect(p.squares.get("8e")).toEqual({ letter: "P", promoted: false, owner: 0, facing: 1 });
    expect(p.squares.get("5h")).toEqual({ letter: "P", promoted: true, owner: -1, facing: 2 });
    expect(p.squares.get("5a")).toMatchObject({ letter: "K", owner: 2, flipped: true });
    expect(p.squares.get("5i")?.flipped).toBeUndefined();
    expect(p.out).toEqual([{ seat: 2, mater: 1 }]);
    expect(p.toMove).toBe(3);
    expect(p.hands[0]!.pieces).toEqual([{ letter: "P", count: 2 }]);
    expect(p.hands[1]!.pieces).toEqual([{ letter: "G", count: 1 }]);
    expect(p.hands[2]!.pieces).toEqual([{ letter: "S", count: 1 }]);
  });
  it("refuses malformed text", () => {
    expect(parseYonin("9/9/9/9/9/9/9/9/9 s - - ---- - 1").ok).toBe(true);
    expect(parseYonin(YONIN_START.replace(" s - ", " q - ")).ok).toBe(false);
    expect(parseYonin(YONIN_START.replace("KwRw", "KRw")).ok).toBe(false);
    expect(parseYonin("4Bn4/9/9/9/9/9/9/9/9 s - - ---- - 1").ok).toBe(false);
    expect(parseYonin("4Pxs4/9/9/9/9/9/9/9/9 s - - ---- - 1").ok).toBe(true);
    expect(parseYonin("4Px4/9/9/9/9/9/9/9/9 s - - ---- - 1").ok).toBe(false);
    expect(parseYonin(YONIN_START.split(" ").slice(0, 6).join(" ")).ok).toBe(false);
  });
});

describe("Musashi position", () => {
  it("reads the father, the children and the side to move", () => {
    const r = parseMusashi("F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5 f 0");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.father).toBe("c3");
    expect(r.value.children.size).toBe(16);
    expect(r.value.toMove).toBe("father");
    expect(parseMusashi("F:g5 C: c 100").ok).toBe(true);
    expect(parseMusashi("F:h1 C:a1 f 0").ok).toBe(false);
    expect(parseMusashi("C:a1 F:c3 f 0").ok).toBe(false);
    expect(parseMusashi("F:c3 C:a1 x 0").ok).toBe(false);
  });
});

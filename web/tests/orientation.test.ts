import { describe, expect, it } from "vitest";
import {
  facingAngle,
  pieceAngle,
  rotateCell,
  rotatePoint,
  seatEdge,
  seatEdgeFor,
  unrotateCell,
  viewQuarterTurns,
} from "../src/boards/orientation";
import { cellToSquare, squareToCell } from "../src/boards/model";

function screenOf(sq: string, k: number) {
  const c = squareToCell(sq)!;
  return rotateCell(c.col, c.row, k);
}

describe("view rotation", () => {
  it("puts each viewer's own side at the bottom", () => {
    // Two-player 9×9: sente's king 5i and gote's king 5a.
    expect(screenOf("5i", viewQuarterTurns("shogi", 0))).toEqual({ col: 4, row: 8 });
    expect(screenOf("5a", viewQuarterTurns("shogi", 1))).toEqual({ col: 4, row: 8 });
    // Yonin kings: South 5i, West 9e, North 5a, East 1e.
    const kings = ["5i", "9e", "5a", "1e"];
    kings.forEach((k, seat) =>
      expect(screenOf(k, viewQuarterTurns("yonin", seat)), `seat ${seat}`).toEqual({
        col: 4,
        row: 8,
      }),
    );
  });
  it("keeps sente's left on the left (9 left, 1 right) and gote's view turned, not mirrored", () => {
    expect(screenOf("9i", 0)).toEqual({ col: 0, row: 8 });
    expect(screenOf("1a", 0)).toEqual({ col: 8, row: 0 });
    // Gote sees 1a at bottom left and 9i at top right: a half turn.
    expect(screenOf("1a", 2)).toEqual({ col: 0, row: 8 });
    expect(screenOf("9i", 2)).toEqual({ col: 8, row: 0 });
  });
  it("uses rotations only: orientation (handedness) is preserved for every turn", () => {
    for (let k = 0; k < 4; k++) {
      const o = rotateCell(0, 0, k);
      const x = rotateCell(1, 0, k);
      const y = rotateCell(0, 1, k);
      const det = (x.col - o.col) * (y.row - o.row) - (x.row - o.row) * (y.col - o.col);
      expect(det, `k=${k}`).toBe(1); // a mirror would give -1
    }
  });
  it("unrotates what it rotates", () => {
    for (let k = 0; k < 4; k++)
      for (let c = 0; c < 9; c++)
        for (let r = 0; r < 9; r++) {
          const s = rotateCell(c, r, k);
          expect(unrotateCell(s.col, s.row, k)).toEqual({ col: c, row: r });
        }
  });
  it("rotates free points about the centre (Musashi)", () => {
    const box = { minX: 0, maxX: 6, minY: 0, maxY: 4 };
    expect(rotatePoint(0, 4, 2, box)).toEqual({ x: 6, y: 0 });
    expect(rotatePoint(3, 2, 2, box)).toEqual({ x: 3, y: 2 });
    expect(rotatePoint(0, 0, 0, box)).toEqual({ x: 0, y: 0 });
    expect(viewQuarterTurns("musashi", 1)).toBe(0);
    expect(viewQuarterTurns("musashi", 0)).toBe(2);
    expect(viewQuarterTurns("shogi", null)).toBe(0);
  });
  it("maps squares and cells both ways", () => {
    expect(squareToCell("5e")).toEqual({ col: 4, row: 4 });
    expect(cellToSquare(2, 6)).toBe("7g");
    expect(squareToCell("0a")).toBeNull();
  });
});

describe("piece facing", () => {
  it("points each seat's pieces the way they advance", () => {
    expect(facingAngle(0, 2)).toBe(0);
    expect(facingAngle(1, 2)).toBe(180);
    expect([0, 1, 2, 3].map((s) => facingAngle(s, 4))).toEqual([0, 90, 180, 270]);
  });
  it("turns with the view: the viewer's pieces always point up", () => {
    for (let seat = 0; seat < 4; seat++)
      expect(pieceAngle(seat, 4, viewQuarterTurns("yonin", seat))).toBe(0);
    expect(pieceAngle(1, 2, 2)).toBe(0);
    expect(pieceAngle(0, 2, 2)).toBe(180);
  });
  it("places seats at screen edges", () => {
    expect(seatEdge(0, 4, 0)).toBe("bottom");
    expect(seatEdge(1, 4, 0)).toBe("left");
    expect(seatEdge(2, 4, 0)).toBe("top");
    expect(seatEdge(3, 4, 0)).toBe("right");
    expect(seatEdge(1, 4, viewQuarterTurns("yonin", 1))).toBe("bottom");
    expect(seatEdgeFor("musashi", 0, 2, viewQuarterTurns("musashi", 0))).toBe("bottom");
    expect(seatEdgeFor("musashi", 1, 2, viewQuarterTurns("musashi", 0))).toBe("top");
  });
});

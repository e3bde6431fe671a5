import { describe, expect, it } from "vitest";
import {
  destinationsOf,
  formatMove,
  indexMoves,
  parseMove,
  resolveDestination,
  touchedSquares,
} from "../src/boards/moves";

describe("parseMove", () => {
  it("reads shogi-family moves", () => {
    expect(parseMove("7g7f")).toEqual({ kind: "board", from: "7g", to: "7f", promote: false });
    expect(parseMove("8h2b+")).toEqual({ kind: "board", from: "8h", to: "2b", promote: true });
    expect(parseMove("P*5e")).toEqual({ kind: "drop", piece: "P", to: "5e" });
  });
  it("reads Hasami and Musashi moves", () => {
    expect(parseMove("9i9e")).toEqual({ kind: "board", from: "9i", to: "9e", promote: false });
    expect(parseMove("c3-c4")).toEqual({ kind: "board", from: "c3", to: "c4", promote: false });
    expect(parseMove("e3-f3")).toEqual({ kind: "board", from: "e3", to: "f3", promote: false });
  });
  it("refuses malformed text", () => {
    for (const bad of [
      "",
      "7g",
      "7g7g",
      "0a1a",
      "7j7f",
      "p*5e",
      "P*5j",
      "7g7f++",
      "c3-c3",
      "h1-h2",
      "c6-c5",
      "7g-7f",
    ]) {
      expect(parseMove(bad), bad).toBeNull();
    }
  });
  it("writes moves back", () => {
    expect(formatMove({ kind: "board", from: "8h", to: "2b", promote: true })).toBe("8h2b+");
    expect(formatMove({ kind: "drop", piece: "G", to: "5b" })).toBe("G*5b");
    expect(formatMove({ kind: "board", from: "c3", to: "c4", promote: false }, true)).toBe("c3-c4");
  });
});

describe("indexMoves / resolveDestination", () => {
  const legal = ["7g7f", "2d2c", "2d2c+", "3c3b+", "P*5e", "P*4e", "G*5e"];
  const idx = indexMoves(legal);
  it("groups moves by origin and by dropped piece", () => {
    expect([...idx.fromSquare.keys()].sort()).toEqual(["2d", "3c", "7g"]);
    expect([...idx.drops.keys()].sort()).toEqual(["G", "P"]);
    expect([...destinationsOf(idx, { kind: "hand", piece: "P", seat: 0 }).keys()].sort()).toEqual([
      "4e",
      "5e",
    ]);
    expect(destinationsOf(idx, null).size).toBe(0);
  });
  it("asks only when promotion is optional", () => {
    expect(resolveDestination(idx, { kind: "square", square: "2d" }, "2c")).toEqual({
      kind: "choose",
      plain: "2d2c",
      promote: "2d2c+",
    });
    expect(resolveDestination(idx, { kind: "square", square: "3c" }, "3b")).toEqual({
      kind: "send",
      text: "3c3b+",
    });
    expect(resolveDestination(idx, { kind: "square", square: "7g" }, "7f")).toEqual({
      kind: "send",
      text: "7g7f",
    });
    expect(resolveDestination(idx, { kind: "hand", piece: "G", seat: 0 }, "5e")).toEqual({
      kind: "send",
      text: "G*5e",
    });
  });
  it("writes an unknown move from the clicks so the server can explain", () => {
    expect(resolveDestination(idx, { kind: "square", square: "7g" }, "7e")).toEqual({
      kind: "unknown",
      text: "7g7e",
    });
    expect(
      resolveDestination(indexMoves([]), { kind: "square", square: "c3" }, "c4", true),
    ).toEqual({ kind: "unknown", text: "c3-c4" });
  });
  it("marks what a last move touched", () => {
    expect(touchedSquares("7g7f")).toEqual(["7g", "7f"]);
    expect(touchedSquares("P*5e")).toEqual(["5e"]);
    expect(touchedSquares("c3-c4")).toEqual(["c3", "c4"]);
    expect(touchedSquares(null)).toEqual([]);
  });
});

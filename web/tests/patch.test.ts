// group_patch: the operations the server sends (src/server/protocol/json_patch.cpp) applied to
// the state the client holds; anything that does not fit gives null (the client then syncs).
import { describe, expect, it } from "vitest";
import { applyGroupPatch, applyPatch, expandMoves } from "../src/net/patch";
import type { GroupState } from "../src/net/protocol";

describe("applying a group patch", () => {
  const state = {
    version: 4,
    table: { game: { moves: ["7g7f"], legal_moves: ["a", "b"], last_move: "7g7f" }, gone: 1 },
    "a/b": { "c~d": 1 },
  };
  it("adds at the end of arrays, replaces, removes and adds members, leaving the input as it was", () => {
    const next = applyPatch(state, [
      { op: "replace", path: "/version", value: 5 },
      { op: "add", path: "/table/game/moves/-", value: "3c3d" },
      { op: "replace", path: "/table/game/legal_moves", value: ["c"] },
      { op: "remove", path: "/table/gone" },
      { op: "add", path: "/table/result", value: { kind: "draw" } },
      { op: "replace", path: "/a~1b/c~0d", value: 2 },
    ]);
    expect(next).toEqual({
      version: 5,
      table: {
        game: { moves: ["7g7f", "3c3d"], legal_moves: ["c"], last_move: "7g7f" },
        result: { kind: "draw" },
      },
      "a/b": { "c~d": 2 },
    });
    expect(state.table.game.moves).toEqual(["7g7f"]);
    expect(state.version).toBe(4);
  });
  it("refuses operations that do not fit the state, so the client asks for all of it", () => {
    expect(applyPatch(state, [{ op: "replace", path: "/nothing/here", value: 1 }])).toBeNull();
    expect(applyPatch(state, [{ op: "remove", path: "/missing" }])).toBeNull();
    expect(
      applyPatch(state, [{ op: "replace", path: "/table/game/moves/5", value: 1 }]),
    ).toBeNull();
    expect(applyPatch(state, [{ op: "move", path: "/version", from: "/x" }])).toBeNull();
    expect(applyPatch(state, [{ op: "replace", path: "version", value: 1 }])).toBeNull();
    expect(applyPatch(state, "not a list")).toBeNull();
  });
});

describe("a group patch on a group state", () => {
  it("expands compact legal moves, sets the member's seats, and needs the base version", () => {
    const state = {
      id: "G",
      version: 7,
      table: { your_seats: [1], game: { moves: ["7g7f"], legal_moves: ["3c3d"] } },
    } as unknown as GroupState;
    const next = applyGroupPatch(state, {
      base: 7,
      ops: [
        { op: "replace", path: "/version", value: 8 },
        { op: "add", path: "/table/game/moves/-", value: "3c3d" },
        { op: "replace", path: "/table/game/legal_moves", value: "7g7f,7f+ N*1b,1d" },
      ],
      your_seats: [0],
    });
    expect(next?.version).toBe(8);
    expect(next?.table.your_seats).toEqual([0]);
    expect(next?.table.game?.legal_moves).toEqual(["7g7f", "7g7f+", "N*1b", "N*1d"]);
    expect(applyGroupPatch(state, { base: 6, ops: [], your_seats: [0] })).toBeNull();
  });
  it("expands the server's compact moves back in order", () => {
    expect(expandMoves("7g7f,7f+ N*1b,1d 2h1h")).toEqual(["7g7f", "7g7f+", "N*1b", "N*1d", "2h1h"]);
    expect(expandMoves("")).toEqual([]);
  });
});

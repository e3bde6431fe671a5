import { describe, expect, it } from "vitest";
import { msg, parseServerMessage } from "../src/net/protocol";

describe("message builders", () => {
  it("build hello with and without a token", () => {
    expect(msg.hello(null)).toEqual({ type: "hello", patches: true });
    expect(msg.hello("tok", "ليلى")).toEqual({
      type: "hello",
      token: "tok",
      name: "ليلى",
      patches: true,
    });
  });
  it("build the group messages of protocol 1", () => {
    expect(msg.createGroup("musashi")).toEqual({ type: "create_group", game: "musashi" });
    expect(msg.joinGroup("G1")).toEqual({ type: "join_group", group: "G1" });
    expect(msg.leaveGroup("G1")).toEqual({ type: "leave_group", group: "G1" });
    expect(msg.seat("G1", 2)).toEqual({ type: "seat", group: "G1", seat: 2 });
    expect(msg.seat("G1", null)).toEqual({ type: "seat", group: "G1", seat: null });
    expect(msg.start("G1")).toEqual({ type: "start", group: "G1" });
    expect(msg.move("G1", "7g7f", 12, "m1")).toEqual({
      type: "move",
      group: "G1",
      move: "7g7f",
      version: 12,
      rid: "m1",
    });
    expect(msg.resign("G1")).toEqual({ type: "resign", group: "G1" });
    expect(msg.sync("G1", 40)).toEqual({ type: "sync", group: "G1", version: 40 });
  });
  it("build settings with only what changes, and clamp the CPU level", () => {
    expect(msg.settings("G1", { timer: 30 })).toEqual({ type: "settings", group: "G1", timer: 30 });
    expect(msg.settings("G1", { options: { win: "lead3" } })).toEqual({
      type: "settings",
      group: "G1",
      options: { win: "lead3" },
    });
    expect(msg.settings("G1", { cpu_level: 12 })).toEqual({
      type: "settings",
      group: "G1",
      cpu_level: 8,
    });
    expect(msg.settings("G1", { cpu_level: 0 })).toEqual({
      type: "settings",
      group: "G1",
      cpu_level: 1,
    });
  });
  it("trim names but never cut them (a long name is refused whole, by the page or the server)", () => {
    expect(msg.setName("  Omar  ")).toEqual({ type: "set_name", name: "Omar" });
    expect((msg.setName("x".repeat(40)) as { name: string }).name).toHaveLength(40);
  });
  it("stay far below the 16 KiB frame limit", () => {
    expect(
      JSON.stringify(msg.move("g".repeat(128), "8h2b+", 1e9, "r".repeat(64))).length,
    ).toBeLessThan(16384);
  });
});

describe("parseServerMessage", () => {
  it("accepts known messages and ignores the rest", () => {
    expect(
      parseServerMessage(
        '{"type":"welcome","protocol":1,"token":"t","person":{"id":"p","name":"n"}}',
      )?.type,
    ).toBe("welcome");
    expect(parseServerMessage('{"type":"error","code":"illegal_move","message":"no"}')?.type).toBe(
      "error",
    );
    expect(parseServerMessage('{"type":"group","group":{"id":"g"}}')?.type).toBe("group");
    expect(parseServerMessage('{"type":"group"}')).toBeNull();
    expect(parseServerMessage('{"type":"practice_stored","id":"abc12345","game_id":7}')).toEqual({
      type: "practice_stored",
      id: "abc12345",
      game_id: 7,
    });
    expect(parseServerMessage('{"type":"practice_stored","id":7}')).toBeNull();
    expect(parseServerMessage('{"type":"new_thing"}')).toBeNull();
    expect(parseServerMessage("not json")).toBeNull();
    expect(parseServerMessage("[1]")).toBeNull();
  });
});

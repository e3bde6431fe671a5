import { describe, expect, it } from "vitest";
import { Store } from "../src/state/store";
import type { GroupState } from "../src/net/protocol";

const group = (id: string, version: number): GroupState =>
  ({
    id,
    version,
    game: "shogi",
    settings: { options: {}, timer: 0, cpu_level: 1 },
    option_schema: [],
    members: [],
    you: "p",
    table: {
      status: "idle",
      seat_names: ["sente", "gote"],
      seats: [],
      your_seats: [],
      board: { kind: "grid", points: [] },
    },
  }) as GroupState;

describe("store", () => {
  it("ignores an older version of the same group", () => {
    const s = new Store();
    expect(s.receiveGroup(group("g", 5), undefined, 0)).toBe(true);
    expect(s.receiveGroup(group("g", 4), undefined, 0)).toBe(false);
    expect(s.state.group?.version).toBe(5);
  });
  it("keeps a pending move until a newer version arrives", () => {
    const s = new Store();
    s.receiveGroup(group("g", 5), undefined, 0);
    s.update({ pending: { move: "7g7f", version: 5, sentAt: 0 } });
    s.receiveGroup(group("g", 5), undefined, 0);
    expect(s.state.pending).not.toBeNull();
    s.receiveGroup(group("g", 6), [{ version: 6, kind: "move", detail: "7g7f" }], 0);
    expect(s.state.pending).toBeNull();
    expect(s.state.missed).toHaveLength(1);
  });
  it("notifies subscribers", () => {
    const s = new Store();
    let n = 0;
    const off = s.subscribe(() => n++);
    s.update({ notice: null });
    off();
    s.update({ notice: null });
    expect(n).toBe(1);
  });
});

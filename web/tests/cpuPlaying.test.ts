// Who the page says the CPU is playing for during a game of the hall (pages/cpuPlaying.ts): a
// player away or gone, one's own seats while the page is offline; not a player who is there
// while the CPU plays their timed-out move, not a practice table, not before or after a game.
import { describe, expect, it } from "vitest";
import type { GroupState, SeatInfo } from "../src/net/protocol";
import { cpuPlayingFor } from "../src/pages/cpuPlaying";

function seat(n: number, more: Partial<SeatInfo> = {}): SeatInfo {
  return {
    seat: n,
    kind: "person",
    person: `p${n}`,
    name: `P${n}`,
    present: true,
    away: false,
    cpu_playing: false,
    ...more,
  };
}

/** A Yonin game under way; the viewer sits South (seat 0). */
function table(seats: SeatInfo[], id = "g1"): GroupState {
  return {
    id,
    game: "yonin",
    table: {
      status: "playing",
      seats,
      your_seats: [0],
      game: { id: 3, number: 1, moves: [], to_move: 1 },
    },
  } as unknown as GroupState;
}

describe("who the CPU is playing for", () => {
  it("names a player away and one who left, each with their own words", () => {
    const g = table([
      seat(0),
      seat(1, { away: true, present: false, cpu_playing: true }),
      seat(2, { left: true, present: false }),
      seat(3, { kind: "cpu", person: undefined, cpu_level: 2 }),
    ]);
    expect(cpuPlayingFor(g, false)).toEqual([
      { seat: 1, why: "away" },
      { seat: 2, why: "left" },
    ]);
  });
  it("does not name a player who is there while the CPU plays their timed-out move", () => {
    const g = table([seat(0), seat(1, { cpu_playing: true }), seat(2), seat(3)]);
    expect(cpuPlayingFor(g, false)).toEqual([]);
    const mine = table([seat(0, { cpu_playing: true }), seat(1), seat(2), seat(3)]);
    expect(cpuPlayingFor(mine, false)).toEqual([]);
  });
  it("tells the viewer, offline, that it will play their seat (once, not also as away)", () => {
    const g = table([seat(0, { away: true, present: false }), seat(1), seat(2), seat(3)]);
    expect(cpuPlayingFor(g, true)).toEqual([{ seat: null, why: "offline" }]);
    expect(cpuPlayingFor(g, false)).toEqual([{ seat: 0, why: "you" }]);
    // A watcher has no seat to lose.
    const watching = table([seat(0), seat(1), seat(2), seat(3)]);
    watching.table.your_seats = [];
    expect(cpuPlayingFor(watching, true)).toEqual([]);
  });
  it("says nothing at a practice table, or when no game is under way", () => {
    const away = [seat(0), seat(1, { away: true }), seat(2), seat(3)];
    expect(cpuPlayingFor(table(away, "practice:yonin"), true)).toEqual([]);
    const over = table(away);
    over.table.status = "finished";
    expect(cpuPlayingFor(over, false)).toEqual([]);
  });
});

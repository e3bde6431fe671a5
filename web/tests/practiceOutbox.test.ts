// The outbox of finished practice games on their way to My games (session/practiceOutbox.ts):
// sent one at a time once the server has greeted the page, kept on the device until the server
// says it stored them, dropped when the server will never take them, kept when it cannot now.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ClientMessage, PracticeSubmission } from "../src/net/protocol";
import {
  ANSWER_MS,
  OUTBOX_LIMIT,
  PracticeOutbox,
  readOutbox,
  readSent,
} from "../src/session/practiceOutbox";
import { KEYS, memoryStorage } from "../src/state/storage";
import { Store } from "../src/state/store";

function game(id: string): PracticeSubmission {
  return {
    id,
    game: "shogi",
    options: {},
    side: 0,
    level: 3,
    moves: ["7g7f", "3c3d"],
    resigned: 0,
    started_ms: 1,
    ended_ms: 2,
  };
}

function outbox(online = true) {
  const storage = memoryStorage();
  const store = new Store();
  const sent: (ClientMessage & { rid?: string; id?: string })[] = [];
  const state = { online };
  const stored: string[] = [];
  const box = new PracticeOutbox({
    storage,
    store,
    send: (m) => sent.push(m as ClientMessage & { rid?: string; id?: string }),
    online: () => state.online,
    stored: (id) => stored.push(id),
  });
  return { box, storage, store, sent, state, stored };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("the outbox of practice games", () => {
  it("keeps games played offline and sends them one at a time once greeted", () => {
    const { box, storage, store, sent, state, stored } = outbox(false);
    box.add(game("game-aaaa-0001"));
    box.add(game("game-aaaa-0002"));
    expect(sent).toEqual([]);
    expect(store.state.practiceOutbox.waiting).toEqual(["game-aaaa-0001", "game-aaaa-0002"]);
    state.online = true;
    box.greeted();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      type: "practice_game",
      id: "game-aaaa-0001",
      moves: ["7g7f", "3c3d"],
    });
    box.flush(); // one on its way: nothing more
    expect(sent).toHaveLength(1);
    box.stored("game-aaaa-0001");
    expect(stored).toEqual(["game-aaaa-0001"]);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.id).toBe("game-aaaa-0002");
    box.stored("game-aaaa-0002");
    expect(readOutbox(storage)).toEqual([]);
    expect(readSent(storage)).toEqual(["game-aaaa-0001", "game-aaaa-0002"]);
    expect(store.state.practiceOutbox).toEqual({
      waiting: [],
      sent: ["game-aaaa-0001", "game-aaaa-0002"],
    });
    // A game stored already is not sent again.
    box.add(game("game-aaaa-0001"));
    expect(sent).toHaveLength(2);
    expect(readOutbox(storage)).toEqual([]);
  });

  it("drops a game the server will never take, and goes on with the next", () => {
    const { box, storage, sent } = outbox();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    box.add(game("game-bbbb-0001"));
    box.add(game("game-bbbb-0002"));
    expect(box.failed("h9", "illegal_move")).toBe(false); // not its answer
    expect(box.failed(sent[0]!.rid, "illegal_move")).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.id).toBe("game-bbbb-0002");
    expect(readOutbox(storage).map((g) => g.id)).toEqual(["game-bbbb-0002"]);
  });

  it("keeps a game the server cannot take just now, and sends it again later", () => {
    const { box, storage, sent } = outbox();
    box.add(game("game-cccc-0001"));
    expect(box.failed(sent[0]!.rid, "store")).toBe(true);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(2);
    expect(box.failed(sent[1]!.rid, "rate_limited")).toBe(true);
    vi.advanceTimersByTime(59_000);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(3);
    expect(box.failed(sent[2]!.rid, "busy")).toBe(true); // another game of its address is checked
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(4);
    expect(readOutbox(storage)).toHaveLength(1);
  });

  it("waits for the next greeting after a server that has no practice games, or a lost answer", () => {
    const { box, sent } = outbox();
    box.add(game("game-dddd-0001"));
    expect(box.failed(sent[0]!.rid, "unknown_type")).toBe(true);
    vi.advanceTimersByTime(600_000);
    expect(sent).toHaveLength(1);
    box.greeted();
    expect(sent).toHaveLength(2);
    // The connection closed before the answer: sent again after the next greeting.
    box.disconnected();
    box.greeted();
    expect(sent).toHaveLength(3);
    expect(sent[2]!.id).toBe("game-dddd-0001");
  });

  it("gives up waiting for an answer that never comes, and sends the game again later", () => {
    const { box, storage, sent } = outbox();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    box.add(game("game-gggg-0001"));
    box.add(game("game-gggg-0002"));
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(ANSWER_MS - 1);
    box.flush(); // still waiting for its answer
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1); // given up on: sent again a little later, the same game
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ id: "game-gggg-0001" });
    expect(sent[1]!.rid).not.toBe(sent[0]!.rid);
    // The first answer, late: an error for the request given up on is the outbox's own (no
    // notice), and changes nothing; the game stays on its way.
    expect(box.failed(sent[0]!.rid, "store")).toBe(true);
    vi.advanceTimersByTime(ANSWER_MS - 1);
    expect(sent).toHaveLength(2);
    box.stored("game-gggg-0001");
    expect(sent).toHaveLength(3);
    expect(sent[2]).toMatchObject({ id: "game-gggg-0002" });
    // Answered in time: nothing is sent again.
    box.stored("game-gggg-0002");
    vi.advanceTimersByTime(10 * ANSWER_MS);
    expect(sent).toHaveLength(3);
    expect(readOutbox(storage)).toEqual([]);
  });

  it("takes the connection's rate_limited, which names no request, as its own", () => {
    const { box, sent } = outbox();
    box.add(game("game-hhhh-0001"));
    expect(sent).toHaveLength(1);
    // Without a rid: the page still says it (false), and the game waits out the limit.
    expect(box.failed(undefined, "rate_limited")).toBe(false);
    box.flush();
    vi.advanceTimersByTime(59_999);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ id: "game-hhhh-0001" });
    // Any other error without a rid is not the outbox's.
    expect(box.failed(undefined, "store")).toBe(false);
    box.flush();
    expect(sent).toHaveLength(2);
  });

  it("keeps at most its limit, the oldest going first, and ignores what it cannot read", () => {
    const { box, storage, state } = outbox(false);
    for (let i = 0; i < OUTBOX_LIMIT + 5; i++)
      box.add(game(`game-eeee-${String(i).padStart(4, "0")}`));
    const kept = readOutbox(storage);
    expect(kept).toHaveLength(OUTBOX_LIMIT);
    expect(kept[0]!.id).toBe("game-eeee-0005");
    storage.set(KEYS.practiceOutbox, JSON.stringify([{ id: 3 }, game("game-ffff-0001"), "x"]));
    expect(readOutbox(storage).map((g) => g.id)).toEqual(["game-ffff-0001"]);
    storage.set(KEYS.practiceOutbox, "{not json");
    expect(readOutbox(storage)).toEqual([]);
    state.online = true;
    box.greeted(); // nothing readable: nothing sent, no throw
  });
});

import { FakeSocket } from "./fakeSocket";
import { describe, expect, it } from "vitest";
import { backoffCeiling, backoffDelay } from "../src/net/backoff";
import { ANSWER_MS, Connection, HEARTBEAT_MS, socketUrl } from "../src/net/connection";
import { msg, type ServerMessage } from "../src/net/protocol";

describe("backoff", () => {
  it("grows exponentially to a cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffCeiling(a))).toEqual([
      500, 1000, 2000, 4000, 8000, 15000, 15000,
    ]);
    expect(backoffCeiling(1000)).toBe(15000);
  });
  it("jitters between half the ceiling and the ceiling", () => {
    expect(backoffDelay(2, () => 0)).toBe(1000);
    expect(backoffDelay(2, () => 1)).toBe(2000);
    expect(backoffDelay(2, () => 0.5)).toBe(1500);
    for (let i = 0; i < 100; i++) {
      const d = backoffDelay(3);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(4000);
    }
  });
});

function harness() {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const received: ServerMessage[] = [];
  const conn = new Connection({
    url: "ws://x/ws",
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      (h as { cleared: boolean }).cleared = true;
    },
    random: () => 1,
    onOpen: (send) => send(msg.hello("TOKEN")),
    onMessage: (m) => received.push(m),
  });
  return { conn, sockets, timers, received };
}

const welcome = {
  type: "welcome",
  protocol: 1,
  token: "TOKEN",
  person: { id: "p1", name: "Layla" },
};

describe("connection", () => {
  it("moves to another server later on its own timer, which a stop cancels", () => {
    const { conn, sockets, timers } = harness();
    conn.start();
    sockets[0]!.open();
    conn.moveToLater("ws://x/ws?group=G", 300);
    const later = timers.find((t) => t.ms === 300)!;
    expect(later.cleared).toBe(false);
    later.fn();
    expect(sockets).toHaveLength(2);
    conn.moveToLater("ws://x/ws?group=G", 300);
    conn.stop();
    expect(timers.filter((t) => t.ms === 300).at(-1)!.cleared).toBe(true);
  });
  it("runs its owner's work on its own timers, which a stop cancels", () => {
    const { conn, sockets, timers } = harness();
    conn.start();
    sockets[0]!.open();
    const ran: string[] = [];
    conn.after(500, () => ran.push("a"));
    conn.after(500, () => ran.push("b"));
    const [a, b] = timers.filter((t) => t.ms === 500);
    a!.fn();
    expect(ran).toEqual(["a"]);
    conn.stop();
    expect(b!.cleared).toBe(true);
    expect(a!.cleared).toBe(false); // already run: not cleared again
    conn.after(500, () => ran.push("c")); // stopped: never scheduled
    expect(timers.filter((t) => t.ms === 500)).toHaveLength(2);
  });
  it("says hello first and holds other messages until welcome", () => {
    const { conn, sockets, received } = harness();
    conn.start();
    conn.send(msg.sync("G", 3));
    sockets[0]!.open();
    expect(sockets[0]!.sent.map((s) => JSON.parse(s).type)).toEqual(["hello"]);
    sockets[0]!.receive(welcome);
    expect(received[0]?.type).toBe("welcome");
    expect(sockets[0]!.sent.map((s) => JSON.parse(s).type)).toEqual(["hello", "sync"]);
    conn.send(msg.start("G"));
    expect(sockets[0]!.sent).toHaveLength(3);
  });
  it("reconnects with growing delays and says hello again", () => {
    const { conn, sockets, timers } = harness();
    conn.start();
    sockets[0]!.drop();
    expect(timers.map((t) => t.ms)).toEqual([500]);
    timers[0]!.fn();
    sockets[1]!.drop();
    expect(timers.map((t) => t.ms)).toEqual([500, 1000]);
    timers[1]!.fn();
    sockets[2]!.open();
    expect(JSON.parse(sockets[2]!.sent[0]!)).toEqual({
      type: "hello",
      token: "TOKEN",
      patches: true,
    });
    sockets[2]!.receive(welcome);
    sockets[2]!.drop();
    // A successful greeting resets the backoff.
    expect(timers.filter((t) => t.ms !== HEARTBEAT_MS).at(-1)!.ms).toBe(500);
  });
  it("tries again at once when poked (visibilitychange / online)", () => {
    const { conn, sockets, timers } = harness();
    conn.start();
    sockets[0]!.drop();
    expect(sockets).toHaveLength(1);
    conn.poke();
    expect(timers[0]!.cleared).toBe(true);
    expect(sockets).toHaveLength(2);
    conn.poke(); // already connecting: no second socket
    expect(sockets).toHaveLength(2);
  });
  it("stops for good", () => {
    const { conn, sockets, timers } = harness();
    conn.start();
    sockets[0]!.open();
    conn.stop();
    expect(timers.every((t) => t.cleared)).toBe(true);
    expect(conn.status).toBe("closed");
  });
  it("pings a silent connection and gives it up when nothing answers", () => {
    const { conn, sockets, timers } = harness();
    conn.start();
    sockets[0]!.open();
    sockets[0]!.receive(welcome);
    const live = () => timers.filter((t) => !t.cleared);
    // Silence: a ping goes out.
    expect(live().map((t) => t.ms)).toEqual([HEARTBEAT_MS]);
    live()[0]!.fn();
    expect(JSON.parse(sockets[0]!.sent.at(-1)!)).toEqual({ type: "ping" });
    // An answer (any message) starts the heartbeat again.
    sockets[0]!.receive({ type: "pong" });
    expect(live().map((t) => t.ms)).toContain(HEARTBEAT_MS);
    // Silence again, the ping unanswered: a new socket, at once.
    live()
      .find((t) => t.ms === HEARTBEAT_MS)!
      .fn();
    live()
      .find((t) => t.ms === ANSWER_MS)!
      .fn();
    expect(sockets).toHaveLength(2);
    sockets[1]!.open();
    expect(JSON.parse(sockets[1]!.sent[0]!)).toEqual({
      type: "hello",
      token: "TOKEN",
      patches: true,
    });
  });
  it("builds the socket URL from the page", () => {
    expect(socketUrl({ protocol: "https:", host: "k.example" })).toBe("wss://k.example/ws");
    expect(socketUrl({ protocol: "http:", host: "127.0.0.1:8080" })).toBe("ws://127.0.0.1:8080/ws");
    // Several servers: the proxy routes by the group, and by the server a `moved` named.
    expect(socketUrl({ protocol: "http:", host: "h" }, "G1")).toBe("ws://h/ws?group=G1");
    expect(socketUrl({ protocol: "http:", host: "h" }, "G1", "s2")).toBe(
      "ws://h/ws?group=G1&server=s2",
    );
    expect(socketUrl({ protocol: "http:", host: "h" }, "G1", "", "1")).toBe(
      "ws://h/ws?group=G1&shard=1",
    );
  });
});

// The client's sessions and routing, without a browser: the server session's handling of each
// message (through a real Connection on a fake socket) and the actions it sends; the route kept
// in step with the address bar; the demo's table, which sends nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { I18n } from "../src/i18n";
import { FakeSocket } from "./fakeSocket";
import type { GroupState } from "../src/net/protocol";
import type { Route } from "../src/router";
import { Routing, type RoutingWindow } from "../src/session/routing";
import { ServerSession } from "../src/session/serverSession";
import { KEYS, memoryStorage } from "../src/state/storage";
import { Store } from "../src/state/store";

const group = (id: string, version: number, extra: Partial<GroupState["table"]> = {}) =>
  ({
    id,
    version,
    game: "shogi",
    settings: { options: {}, timer: 0, cpu_level: 1 },
    option_schema: [],
    members: [{ id: "p1", name: "Layla", present: true }],
    you: "p1",
    table: {
      status: "playing",
      seat_names: ["sente", "gote"],
      seats: [],
      your_seats: [0],
      board: { kind: "grid", points: [] },
      game: {
        id: 1,
        number: 1,
        to_move: 0,
        position: "startpos",
        moves: [],
        legal_moves: ["7g7f"],
        last_move: null,
      },
      ...extra,
    },
  }) as unknown as GroupState;

const welcome = { type: "welcome", protocol: 1, token: "TOKEN", person: { id: "p1", name: "L" } };

/** Timers run by hand (the connection's setTimer/clearTimer), apart from vitest's clock. */
function handTimers() {
  const timers: { fn: () => void; ms: number; done: boolean }[] = [];
  return {
    timers,
    deps: {
      setTimer: (fn: () => void, ms: number) => {
        const t = { fn, ms, done: false };
        timers.push(t);
        return t;
      },
      clearTimer: (h: unknown) => {
        (h as { done: boolean }).done = true;
      },
    },
    /** The timers of `ms` still to run. */
    waiting: (ms: number) => timers.filter((t) => t.ms === ms && !t.done),
    /** Runs the timers of `ms` due now. */
    run(ms: number) {
      for (const t of this.waiting(ms)) {
        t.done = true;
        t.fn();
      }
    },
  };
}

function harness(
  route: Route,
  stored: Partial<Record<keyof typeof KEYS, string>> = {},
  timers: Pick<ReturnType<typeof handTimers>, "deps"> | null = null,
) {
  const store = new Store();
  const storage = memoryStorage();
  for (const [k, v] of Object.entries(stored)) storage.set(KEYS[k as keyof typeof KEYS], v);
  const sockets: FakeSocket[] = [];
  const changes: [GroupState | null, GroupState][] = [];
  const navigated: { r: Route; replace: boolean }[] = [];
  const routing = {
    route,
    navigate(r: Route, replace = false) {
      this.route = r;
      navigated.push({ r, replace });
    },
  };
  const session = new ServerSession({
    store,
    storage,
    i18n: () => new I18n("en"),
    routing,
    tableChanged: (prev, next) => changes.push([prev, next]),
    location: { protocol: "https:", host: "kaisho.test" },
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    ...timers?.deps,
  });
  session.connect();
  const socket = () => sockets[sockets.length - 1]!;
  socket().open();
  /** Every message sent on the last socket, parsed. */
  const sent = () => socket().sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  const last = () => sent()[sent().length - 1];
  return { store, storage, sockets, socket, changes, navigated, routing, session, sent, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the server session: greeting and return", () => {
  it("says hello with the stored token and name, to the socket of the group shown", () => {
    const t = harness({ page: "group", id: "G1" }, { token: "T0", name: "Layla" });
    expect(t.socket().url).toBe("wss://kaisho.test/ws?group=G1");
    expect(t.sent()).toEqual([{ type: "hello", patches: true, token: "T0", name: "Layla" }]);
  });
  it("after welcome joins the group of the page and keeps the new token", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    expect(t.storage.get(KEYS.token)).toBe("TOKEN");
    expect(t.store.state.person?.id).toBe("p1");
    expect(t.last()).toEqual({ type: "join_group", group: "G1" });
  });
  it("on the front page joins the device's last group; a rename's welcome only renames", () => {
    const t = harness({ page: "front" }, { lastGroup: "OLD" });
    t.socket().receive(welcome);
    expect(t.last()).toEqual({ type: "join_group", group: "OLD" });
    const before = t.sent().length;
    t.socket().receive({ ...welcome, token: "", person: { id: "p1", name: "Layla" } });
    expect(t.store.state.person?.name).toBe("Layla");
    expect(t.sent()).toHaveLength(before);
  });
  it("re-syncs the group it holds after a reconnection", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 4) });
    t.socket().close();
    vi.advanceTimersByTime(20_000);
    t.socket().open();
    t.socket().receive(welcome);
    expect(t.last()).toEqual({ type: "sync", group: "G1", version: 4 });
  });
  it("asks for My games after welcome when the page was opened there", () => {
    const t = harness({ page: "history" });
    t.socket().receive(welcome);
    expect(t.last()).toMatchObject({ type: "history" });
    expect(t.store.state.history.status).toBe("loading");
  });
});

describe("the server session: group states", () => {
  it("stores a group, remembers it as the last group and reports the change", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    expect(t.store.state.group?.version).toBe(3);
    expect(t.storage.get(KEYS.lastGroup)).toBe("G1");
    expect(t.changes).toHaveLength(1);
    expect(t.changes[0]![0]).toBeNull();
  });
  it("applies a patch on the version held, and asks for the whole state when it does not fit", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    t.socket().receive({
      type: "group_patch",
      group: "G1",
      base: 3,
      version: 4,
      ops: [
        { op: "replace", path: "/version", value: 4 },
        { op: "add", path: "/table/game/moves/-", value: "7g7f" },
        { op: "replace", path: "/table/game/legal_moves", value: "3c3d" },
      ],
      your_seats: [0],
    });
    expect(t.store.state.group?.version).toBe(4);
    expect(t.store.state.group?.table.game?.moves).toEqual(["7g7f"]);
    expect(t.store.state.group?.table.game?.legal_moves).toEqual(["3c3d"]);
    expect(t.changes).toHaveLength(2);
    // A patch from version 5 (one missed): the whole state is asked for.
    t.socket().receive({
      type: "group_patch",
      group: "G1",
      base: 5,
      version: 6,
      ops: [],
      your_seats: [0],
    });
    expect(t.store.state.group?.version).toBe(4);
    expect(t.last()).toEqual({ type: "sync", group: "G1", version: 4 });
    // An old patch, or one of another group, is ignored.
    const before = t.sent().length;
    t.socket().receive({
      type: "group_patch",
      group: "G1",
      base: 2,
      version: 3,
      ops: [],
      your_seats: [],
    });
    t.socket().receive({
      type: "group_patch",
      group: "X",
      base: 4,
      version: 5,
      ops: [],
      your_seats: [],
    });
    expect(t.sent()).toHaveLength(before);
    expect(t.changes).toHaveLength(2);
  });
  it("ignores an older state of the group held", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 5) });
    t.socket().receive({ type: "group", group: group("G1", 4) });
    expect(t.store.state.group?.version).toBe(5);
    expect(t.changes).toHaveLength(1);
  });
  it("takes a seated player on the front page back to the game once", () => {
    const t = harness({ page: "front" }, { lastGroup: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    expect(t.navigated).toEqual([{ r: { page: "group", id: "G1" }, replace: true }]);
    t.routing.route = { page: "front" };
    t.socket().receive({ type: "group", group: group("G1", 4) });
    expect(t.navigated).toHaveLength(1);
  });
});

describe("the server session: actions", () => {
  it("creates a table against the CPU: says so, starts it when it comes, and opens it", () => {
    const t = harness({ page: "front" });
    t.socket().receive(welcome);
    t.session.createGroup("hasami", "cpu");
    expect(t.last()).toEqual({ type: "create_group", game: "hasami", rid: "c1" });
    expect(t.store.state.notice?.code).toBe("creating");
    t.socket().receive({ type: "group", group: group("N1", 1, { status: "idle" }) });
    expect(t.last()).toEqual({ type: "start", group: "N1" });
    expect(t.store.state.notice).toBeNull();
    expect(t.navigated).toEqual([{ r: { page: "group", id: "N1" }, replace: false }]);
  });
  it("sends a move with the version and a request id, and locks the board until a newer state", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    t.session.move("7g7f");
    expect(t.last()).toEqual({ type: "move", group: "G1", move: "7g7f", version: 3, rid: "m1" });
    expect(t.store.state.pending?.move).toBe("7g7f");
    t.session.move("2g2f"); // locked: not sent
    expect(t.sent().filter((m) => m["type"] === "move")).toHaveLength(1);
    t.socket().receive({ type: "group", group: group("G1", 4) });
    expect(t.store.state.pending).toBeNull();
  });
  it("sends a move the server could not store again half a second later, saying it is saving", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    t.session.move("7g7f");
    t.socket().receive({ type: "error", code: "store", rid: "m1", message: "" });
    expect(t.store.state.notice?.code).toBe("saving");
    expect(t.store.state.pending?.tries).toBe(1);
    const moves = () => t.sent().filter((m) => m["type"] === "move");
    vi.advanceTimersByTime(499);
    expect(moves()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(moves()).toHaveLength(2);
    expect(t.last()).toEqual({ type: "move", group: "G1", move: "7g7f", version: 3, rid: "m1" });
    // A newer state ends the wait: nothing more is sent.
    t.socket().receive({ type: "error", code: "store", rid: "m1", message: "" });
    t.socket().receive({ type: "group", group: group("G1", 4) });
    vi.advanceTimersByTime(500);
    expect(moves()).toHaveLength(2);
  });
  it("sends the move again on the connection's own timers, which stopping the session ends", () => {
    const clock = handTimers();
    const t = harness({ page: "group", id: "G1" }, {}, clock);
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    t.session.move("7g7f");
    const moves = () => t.sent().filter((m) => m["type"] === "move");
    t.socket().receive({ type: "error", code: "store", rid: "m1", message: "" });
    // Not on the page's own clock: only the connection's timer sends it again.
    vi.advanceTimersByTime(10_000);
    expect(moves()).toHaveLength(1);
    expect(clock.waiting(500)).toHaveLength(1);
    clock.run(500);
    expect(moves()).toHaveLength(2);
    expect(t.store.state.pending?.tries).toBe(1);
    // Stopped while the next one waits (a table busy with its writes is waited for the same
    // way): the timer is cleared, nothing more is sent.
    t.socket().receive({ type: "error", code: "busy", rid: "m1", message: "" });
    expect(clock.waiting(500)).toHaveLength(1);
    const socket = t.socket();
    t.session.stop();
    expect(clock.waiting(500)).toHaveLength(0);
    expect(clock.timers.filter((x) => !x.done)).toHaveLength(0);
    vi.advanceTimersByTime(10_000);
    expect(socket.sent.filter((m) => JSON.parse(m).type === "move")).toHaveLength(2);
  });
  it("shows a refused move's error, unlocks the board and re-syncs", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    t.session.move("7g7f");
    t.socket().receive({ type: "error", code: "stale_version", rid: "m1", message: "" });
    expect(t.store.state.pending).toBeNull();
    expect(t.store.state.notice).toMatchObject({ kind: "error", code: "stale_version" });
    expect(t.last()).toEqual({ type: "sync", group: "G1", version: 3 });
  });
  it("leaves the table: says so to the server, forgets it, goes to the front page", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    t.session.leave();
    expect(t.last()).toEqual({ type: "leave_group", group: "G1" });
    expect(t.storage.get(KEYS.lastGroup)).toBeNull();
    expect(t.store.state.group).toBeNull();
    expect(t.navigated.at(-1)).toEqual({ r: { page: "front" }, replace: false });
  });
  it("refuses a name longer than the server takes, whole", () => {
    const t = harness({ page: "settings" });
    t.socket().receive(welcome);
    const before = t.sent().length;
    t.session.setName("x".repeat(33));
    expect(t.sent()).toHaveLength(before);
    expect(t.store.state.notice?.code).toBe("bad_name");
    // Refused, it stays in its field with why.
    expect(t.store.state.nameDraft).toMatchObject({
      field: "name-input",
      text: "x".repeat(33),
      error: { code: "bad_name", params: { reason: "too_long" } },
    });
    t.session.setName("  Layla ", "lobby-name-input");
    expect(t.last()).toEqual({ type: "set_name", name: "Layla", rid: "n1" });
    // The device keeps the name once the server took it (its answer: a welcome with no token).
    expect(t.storage.get(KEYS.name)).toBeNull();
    expect(t.store.state.nameDraft).toMatchObject({ field: "lobby-name-input", text: "Layla" });
    t.socket().receive({ ...welcome, token: "", person: { id: "p1", name: "Layla" } });
    expect(t.storage.get(KEYS.name)).toBe("Layla");
    expect(t.store.state.nameDraft).toBeNull();
    expect(t.store.state.notice?.text).toBe("Name saved");
  });
  it("keeps a name the server refuses in the field it was typed in, with why", () => {
    const t = harness({ page: "settings" });
    t.socket().receive(welcome);
    t.session.setName("Guest 1234", "settings-name");
    const sent = t.last() as { rid: string };
    t.socket().receive({
      type: "error",
      code: "bad_name",
      rid: sent.rid,
      message: "",
      params: { reason: "reserved" },
    });
    expect(t.store.state.nameDraft).toEqual({
      field: "settings-name",
      text: "Guest 1234",
      rid: sent.rid,
      error: { code: "bad_name", params: { reason: "reserved" } },
    });
    expect(t.store.state.notice?.code).toBe("bad_name");
    expect(t.storage.get(KEYS.name)).toBeNull();
    expect(t.store.state.person?.name).toBe("L");
  });
});

describe("the server session: tables one cannot be at, and requests that failed", () => {
  it("an invite link to no table shows its page and forgets the last group", () => {
    const t = harness({ page: "group", id: "NOPE" }, { lastGroup: "NOPE" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "error", code: "no_such_group", message: "" });
    expect(t.store.state.groupError).toEqual({ id: "NOPE", code: "no_such_group" });
    expect(t.storage.get(KEYS.lastGroup)).toBeNull();
    expect(t.store.state.notice).toBeNull();
  });
  it("removed from the table shown: the group is dropped and the page says so", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "group", group: group("G1", 3) });
    t.socket().receive({ type: "error", code: "removed", message: "" });
    expect(t.store.state.group).toBeNull();
    expect(t.store.state.groupError).toEqual({ id: "G1", code: "removed" });
  });
  it("not a member of the group shown: joins it", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "error", code: "not_member", message: "" });
    expect(t.last()).toEqual({ type: "join_group", group: "G1" });
    expect(t.store.state.notice).toBeNull();
  });
  it("a history or record request refused: its page says so instead of waiting", () => {
    const t = harness({ page: "history" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "error", code: "unknown_type", rid: "h1", message: "" });
    expect(t.store.state.history.status).toBe("unsupported");
    t.session.requestRecord(7);
    t.socket().receive({ type: "error", code: "no_game", rid: "r2", message: "" });
    expect(t.store.state.record).toMatchObject({ status: "error", id: 7, error: "no_game" });
    expect(t.store.state.notice).toBeNull();
  });
  it("a record that arrives opens on its final position; one no longer shown is dropped", () => {
    const t = harness({ page: "record", id: 7 });
    t.socket().receive(welcome);
    expect(t.sent()).toContainEqual(expect.objectContaining({ type: "record", game_id: 7 }));
    // And My games once, for the game's date in the record's title.
    expect(t.sent().filter((m) => (m as { type: string }).type === "history")).toHaveLength(1);
    const record = {
      type: "record",
      game: "shogi",
      start: "startpos",
      moves: ["7g7f", "3c3d"],
      positions: ["a", "b", "c"],
      exports: { text: "" },
    };
    t.socket().receive({ ...record, game_id: 8 });
    expect(t.store.state.record.status).toBe("loading");
    t.socket().receive({ ...record, game_id: 7 });
    expect(t.store.state.record).toMatchObject({ status: "ready", id: 7, index: 2 });
  });
  it("follows `moved` to the server named, and not a proxy that keeps sending the page back", () => {
    const t = harness({ page: "group", id: "G1" });
    t.socket().receive(welcome);
    t.socket().receive({ type: "error", code: "moved", params: { group: "G1", server: "s2" } });
    expect(t.sockets).toHaveLength(2);
    expect(t.socket().url).toBe("wss://kaisho.test/ws?group=G1&server=s2");
    for (let i = 0; i < 5; i++)
      t.socket().receive({ type: "error", code: "moved", params: { group: "G1", server: "s2" } });
    expect(t.sockets).toHaveLength(6);
    expect(t.store.state.notice).toMatchObject({ kind: "error" });
  });
});

describe("the server session follows the route", () => {
  it("joins a group page's group, re-syncs the one held, asks for My games each time", () => {
    const t = harness({ page: "front" });
    t.socket().receive(welcome);
    t.session.routeChanged({ page: "front" }, { page: "group", id: "G2" });
    expect(t.last()).toEqual({ type: "join_group", group: "G2" });
    t.socket().receive({ type: "group", group: group("G2", 9) });
    t.session.routeChanged({ page: "history" }, { page: "group", id: "G2" });
    expect(t.last()).toEqual({ type: "sync", group: "G2", version: 9 });
    const before = t.sent().length;
    t.session.routeChanged({ page: "group", id: "G2" }, { page: "group", id: "G2" });
    expect(t.sent()).toHaveLength(before);
    t.session.routeChanged({ page: "front" }, { page: "history" });
    expect(t.last()).toMatchObject({ type: "history" });
  });
});

function fakeWindow(url: string) {
  const u = new URL(url);
  const handlers: Record<string, (() => void)[]> = {};
  const pushed: string[] = [];
  const replaced: string[] = [];
  const setUrl = (to: string) => {
    const n = new URL(to, u);
    win.location = { pathname: n.pathname, hash: n.hash, search: n.search };
  };
  const win: RoutingWindow & { go(to: string, event: string): void } = {
    location: { pathname: u.pathname, hash: u.hash, search: u.search },
    history: {
      pushState: (_d: unknown, _u: string, to?: string | URL | null) => {
        pushed.push(String(to));
        setUrl(String(to));
      },
      replaceState: (_d: unknown, _u: string, to?: string | URL | null) => {
        replaced.push(String(to));
        setUrl(String(to));
      },
    },
    addEventListener: (type, fn) => (handlers[type] ??= []).push(fn),
    go(to, event) {
      setUrl(to);
      for (const fn of handlers[event] ?? []) fn();
    },
  };
  return { win, pushed, replaced };
}

describe("routing", () => {
  it("reads the route from the address, pushes or replaces a new one, and tells the listeners", () => {
    const { win, pushed, replaced } = fakeWindow("https://k.test/g/G1");
    const routing = new Routing(win);
    expect(routing.route).toEqual({ page: "group", id: "G1" });
    const heard: [Route, Route][] = [];
    routing.onChange((prev, next) => heard.push([prev, next]));
    routing.navigate({ page: "history" });
    routing.navigate({ page: "group", id: "G2" }, true);
    routing.navigate({ page: "group", id: "G2" }); // the same page again: no new entry
    expect(pushed).toEqual(["/#/history"]);
    expect(replaced).toEqual(["/g/G2"]);
    expect(heard).toEqual([
      [{ page: "group", id: "G1" }, { page: "history" }],
      [{ page: "history" }, { page: "group", id: "G2" }],
      [
        { page: "group", id: "G2" },
        { page: "group", id: "G2" },
      ],
    ]);
  });
  it("follows the back button and hash links once listening", () => {
    const { win } = fakeWindow("https://k.test/");
    const routing = new Routing(win);
    const heard: Route[] = [];
    routing.onChange((_prev, next) => heard.push(next));
    win.go("/#/settings", "hashchange");
    expect(heard).toEqual([]);
    routing.listen();
    win.go("/#/rules/annan", "hashchange");
    win.go("/g/G3", "popstate");
    expect(heard).toEqual([
      { page: "rules", game: "annan" },
      { page: "group", id: "G3" },
    ]);
    expect(routing.route).toEqual({ page: "group", id: "G3" });
  });
});

describe("the demo's table", () => {
  it("shows a move in a notice and sends nothing", async () => {
    const { demoTable } = await import("../src/pages/demo");
    const store = new Store();
    const table = demoTable(store);
    table.move("7g7f");
    expect(store.state.notice).toBeNull(); // no board yet
    store.update({ group: group("demo", 1) });
    table.move("7g7f");
    expect(store.state.notice).toMatchObject({ kind: "info", text: "→ 7g7f" });
  });
});

describe("the server session and the practice outbox", () => {
  it("a rate_limited naming no request is said, and the practice game waits out the limit", () => {
    // The connection's heartbeat on timers of its own: the socket stays open meanwhile.
    const t = harness({ page: "front" }, {}, handTimers());
    t.socket().receive(welcome);
    t.session.practiceOutbox.add({
      id: "game-rate-0001",
      game: "shogi",
      options: {},
      side: 0,
      level: 1,
      moves: ["7g7f"],
      resigned: 0,
      started_ms: 1,
      ended_ms: 2,
    });
    const games = () => t.sent().filter((m) => m["type"] === "practice_game");
    expect(games()).toHaveLength(1);
    t.socket().receive({ type: "error", code: "rate_limited", message: "too many messages" });
    expect(t.store.state.notice).toMatchObject({ kind: "error", code: "rate_limited" });
    vi.advanceTimersByTime(60_000);
    expect(games()).toHaveLength(2);
    expect(games()[1]).toMatchObject({ id: "game-rate-0001" });
  });
});

describe("the server session beside a practice table held in the page", () => {
  it("neither syncs the practice table nor puts a server table over it", () => {
    const t = harness({ page: "practice", game: "shogi" }, { lastGroup: "OLD" });
    t.store.update({ group: group("practice:shogi", 3) });
    t.socket().receive(welcome);
    expect(t.sent().map((m) => m["type"])).toEqual(["hello"]);
    t.socket().receive({ type: "group", group: group("OLD", 9) });
    expect(t.store.state.group?.id).toBe("practice:shogi");
    expect(t.changes).toHaveLength(0);
    expect(t.storage.get(KEYS.lastGroup)).toBe("OLD");
  });
});

// The session with the server: one WebSocket (net/connection.ts), greeted with `hello` and the
// stored token; every server message is handled here, into the store; every action that asks
// the server for something is a message sent from here. It also follows the route: a group
// page joins (or re-syncs) its group, My games and a replay ask for their data.
import type { I18n } from "../i18n";
import { Connection, type SocketLike, socketUrl } from "../net/connection";
import { applyGroupPatch } from "../net/patch";
import {
  type ClientMessage,
  type GameId,
  type GroupState,
  type MissedEvent,
  type ServerMessage,
  msg,
} from "../net/protocol";
import type { Route } from "../router";
import { KEYS, type KeyValue } from "../state/storage";
import { type PendingMove, type Store, makeNotice } from "../state/store";
import { errorText } from "../ui/errors";
import { PracticeOutbox } from "./practiceOutbox";
import {
  type CreateMode,
  type ServerRequests,
  type SettingsChange,
  type TableSession,
  isLocalTable,
} from "./session";

/** A move refused for now: its database (`store`), or a table with too many requests waiting. */
const SAVE_LATER = ["store", "busy"];
/** How many times a move the server could not store is sent again (half a second apart). */
const MOVE_RETRIES = 20;
const MOVE_RETRY_MS = 500;
/** The longest name the server takes, in code points (docs/protocol.md, set_name). */
const MAX_NAME_LENGTH = 32;
/** A table one cannot be at (none by that link, removed from it, full, unreadable). */
const SHUT_OUT = ["no_such_group", "removed", "group_full", "group_unreadable"];
/** `moved` is followed at most this many times in REDIRECT_WINDOW_MS (a proxy looping). */
const MAX_REDIRECTS = 5;
const REDIRECT_WINDOW_MS = 10_000;

type ServerMessageOf<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

export interface ServerSessionDeps {
  store: Store;
  storage: KeyValue;
  /** The page's language now (it changes with the language switch). */
  i18n: () => I18n;
  routing: { readonly route: Route; navigate(r: Route, replace?: boolean): void };
  /** Each group state the store accepted (whole or patched), after the one it replaced. */
  tableChanged: (prev: GroupState | null, next: GroupState) => void;
  /** The page's address, for the socket's (ws(s)://host/ws). */
  location: { protocol: string; host: string };
  /** A fake socket in tests; the browser's WebSocket otherwise. */
  createSocket?: (url: string) => SocketLike;
  /** The connection's timers (tests control time; the page's setTimeout otherwise). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class ServerSession implements TableSession, ServerRequests {
  private conn: Connection | null = null;
  private rid = 0;
  /** A table asked for and not yet here: what to do when it comes. */
  private afterCreate: { mode: CreateMode; game: GameId } | null = null;
  /** A seated player opening the site is taken back to their game once only. */
  private resumeOffered = false;
  /** When the page last followed `moved` (a proxy that keeps sending it back is not followed). */
  private redirectTimes: number[] = [];
  /** Finished practice games on their way to My games, sent once the server greets us. */
  readonly practiceOutbox: PracticeOutbox;

  constructor(private readonly deps: ServerSessionDeps) {
    this.practiceOutbox = new PracticeOutbox({
      storage: deps.storage,
      store: deps.store,
      send: (m) => this.send(m),
      online: () =>
        !!this.conn && !!deps.store.state.person && deps.store.state.connection === "open",
      // My games shown: it shows the game just stored.
      stored: () => {
        if (this.route.page === "history") this.requestHistory();
      },
    });
  }

  private get store(): Store {
    return this.deps.store;
  }

  private get route(): Route {
    return this.deps.routing.route;
  }

  /**
   * Opens the connection, and keeps it open (reconnecting after a drop). Before this, every
   * message is dropped: the demo never connects.
   */
  connect(): void {
    const { store, storage } = this.deps;
    const route = this.route;
    this.conn = new Connection({
      url: socketUrl(this.deps.location, route.page === "group" ? route.id : null),
      onOpen: (send) =>
        send(msg.hello(storage.get(KEYS.token), storage.get(KEYS.name) ?? undefined)),
      onMessage: (m) => this.receive(m),
      onStatus: (s, attempt) => {
        // A lost connection ends the pending move: the re-sync shows whether it was taken.
        if (s === "closed") {
          store.update({ connection: s, reconnectAttempt: attempt, pending: null });
          this.practiceOutbox.disconnected();
        } else store.update({ connection: s, reconnectAttempt: attempt });
      },
      createSocket: this.deps.createSocket,
      setTimer: this.deps.setTimer,
      clearTimer: this.deps.clearTimer,
    });
    this.conn.start();
  }

  /** Closes the connection for good: its timers stop, a move waiting to be sent again too. */
  stop(): void {
    this.conn?.stop();
  }

  private send(m: ClientMessage): void {
    this.conn?.send(m);
  }

  private nextRid(prefix: string): string {
    this.rid += 1;
    return `${prefix}${this.rid}`;
  }

  private notice(kind: "error" | "info", text: string, code?: string): void {
    this.store.update({ notice: makeNotice(kind, text, code) });
  }

  /** The route changed (or was shown again): a page that shows the server's data asks for it. */
  routeChanged(prev: Route, next: Route): void {
    if (next.page === "group" && (prev.page !== "group" || prev.id !== next.id))
      this.enterGroup(next.id);
    if (next.page === "history") this.requestHistory();
    if (next.page === "record") this.requestRecord(next.id);
    if (next.page === "record") this.requestHistoryOnce();
  }

  /** My games, when not asked for yet: a record's title gives the game's date from it. */
  private requestHistoryOnce(): void {
    if (this.store.state.history.status === "idle") this.requestHistory();
  }

  private enterGroup(id: string): void {
    const g = this.store.state.group;
    if (!this.store.state.person) return; // joined after welcome
    if (g && g.id === id) this.send(msg.sync(id, g.version));
    else this.send(msg.joinGroup(id));
  }

  // ---- messages ------------------------------------------------------------------------

  /** One message from the server. */
  receive(m: ServerMessage): void {
    switch (m.type) {
      case "welcome":
        return this.onWelcome(m);
      case "group_patch":
        return this.onGroupPatch(m);
      case "group":
        return this.groupArrived(m.group, m.missed);
      case "error":
        return this.onError(m);
      case "history":
        return this.store.update({ history: { status: "ready", games: m.games ?? [] } });
      case "record":
        return this.onRecord(m);
      case "practice_stored":
        return this.practiceOutbox.stored(m.id);
    }
  }

  private onWelcome(m: ServerMessageOf<"welcome">): void {
    const { store, storage } = this.deps;
    // Who this device is, for the pages that show it with no network (a practice game).
    storage.set(KEYS.person, JSON.stringify(m.person));
    // The reply to set_name is a welcome without a token: it only renames. The name is the
    // device's once the server took it (a refused one is never sent again with hello).
    if (!m.token) {
      const draft = store.state.nameDraft;
      if (draft && !draft.error) {
        storage.set(KEYS.name, m.person.name);
        store.update({
          person: m.person,
          nameDraft: null,
          notice: makeNotice("info", this.deps.i18n().t("name.saved")),
        });
      } else store.update({ person: m.person });
      return;
    }
    storage.set(KEYS.token, m.token);
    store.update({ person: m.person });
    // Back to where we were: the group of the page, or the device's last group (a practice
    // table shown is the page's own, not the server's).
    const r = this.route;
    const g = isLocalTable(store.state.group?.id) ? null : store.state.group;
    if (r.page === "group") {
      if (g && g.id === r.id) this.send(msg.sync(r.id, g.version));
      else this.send(msg.joinGroup(r.id));
    } else if (g) {
      this.send(msg.sync(g.id, g.version));
    } else {
      const last = storage.get(KEYS.lastGroup);
      if (last && r.page === "front") this.send(msg.joinGroup(last));
    }
    // A page opened directly (or a reconnection) on "My games" or a replay.
    if (r.page === "history") this.requestHistory();
    if (r.page === "record" && store.state.record.status !== "ready")
      this.requestRecord(r.id, true);
    if (r.page === "record") this.requestHistoryOnce();
    this.practiceOutbox.greeted();
  }

  /**
   * What changed since the state this page holds; when it holds another version (a message
   * missed, or a whole state that came in between), it asks for the whole state.
   */
  private onGroupPatch(m: ServerMessageOf<"group_patch">): void {
    const cur = this.store.state.group;
    if (!cur || cur.id !== m.group || m.version <= cur.version) return;
    const patched = applyGroupPatch(cur, m);
    if (!patched) {
      this.send(msg.sync(cur.id, cur.version));
      return;
    }
    this.groupArrived(patched, undefined);
  }

  /** A group state arrived, whole or rebuilt from a patch. */
  private groupArrived(g: GroupState, missed: MissedEvent[] | undefined): void {
    const { store, storage, routing } = this.deps;
    // A practice table is shown (localSession.ts): the server's table is asked for again
    // (join or sync) when its page is opened.
    if (this.route.page === "practice" || isLocalTable(store.state.group?.id)) return;
    const prev = store.state.group;
    const accepted = store.receiveGroup(g, missed, performance.now());
    if (!accepted) return;
    storage.set(KEYS.lastGroup, g.id);
    this.deps.tableChanged(prev, g);
    if (this.afterCreate) {
      const mode = this.afterCreate.mode;
      this.afterCreate = null;
      // The table exists: "Creating the table…" has said all it had to say.
      if (store.state.notice?.code === "creating") store.update({ notice: null });
      if (mode === "cpu" && g.table.status === "idle") this.send(msg.start(g.id));
      routing.navigate({ page: "group", id: g.id });
      return;
    }
    // Opening the site returns a seated player to the game in progress.
    if (
      this.route.page === "front" &&
      g.table.status === "playing" &&
      g.table.your_seats.length > 0 &&
      !this.resumeOffered
    ) {
      this.resumeOffered = true;
      routing.navigate({ page: "group", id: g.id }, true);
    }
  }

  private onRecord(m: ServerMessageOf<"record">): void {
    const rs = this.store.state.record;
    if (rs.id !== m.game_id) return; // a late reply for a game no longer shown
    const { type: _type, rid: _rid, ...data } = m;
    this.store.update({
      // Opens on the final position, next to the result.
      record: { status: "ready", id: m.game_id, data, index: data.moves.length },
    });
  }

  /** An error: each kind that needs more than a notice is handled first, in this order. */
  private onError(m: ServerMessageOf<"error">): void {
    // The answer to a practice game sent: the outbox decides (never a notice).
    if (this.practiceOutbox.failed(m.rid, m.code)) return;
    this.nameRefused(m);
    const pending = this.store.state.pending;
    if (m.code === "moved") {
      this.followMoved(
        m.params?.["group"] ?? null,
        m.params?.["server"] ?? null,
        m.params?.["shard"] ?? null,
      );
      return;
    }
    if (this.shutOut(m)) return;
    if (this.requestFailed(m)) return;
    if (m.code === "not_hello") {
      this.conn?.stop();
      this.conn?.start();
    }
    if (pending && this.retryUnstoredMove(m, pending)) return;
    // "left" confirms leave_group: news, not a failure.
    const kind = m.code === "left" ? "info" : "error";
    this.store.update({
      notice: makeNotice(kind, errorText(m.code, m.params, this.deps.i18n()), m.code),
      pending: pending ? null : pending,
    });
    // A stale or refused move: make sure we show the latest position.
    const g = this.store.state.group;
    if (pending && g && (m.code === "stale_version" || m.code === "not_your_turn"))
      this.send(msg.sync(g.id, g.version));
  }

  /** A name refused: it stays in the field it was typed in, with why (and the notice says it). */
  private nameRefused(m: ServerMessageOf<"error">): void {
    const draft = this.store.state.nameDraft;
    if (!draft || draft.error || !m.rid || m.rid !== draft.rid) return;
    this.store.update({
      nameDraft: { ...draft, error: { code: m.code, ...(m.params ? { params: m.params } : {}) } },
    });
  }

  /**
   * `not_member` on a group page joins it; a table one cannot be at (SHUT_OUT) is forgotten as
   * the device's last group, and its page says so and offers a way on. True when handled.
   */
  private shutOut(m: ServerMessageOf<"error">): boolean {
    const { store, storage } = this.deps;
    if (m.code !== "not_member" && !SHUT_OUT.includes(m.code)) return false;
    const last = storage.get(KEYS.lastGroup);
    const r = this.route;
    if (m.code === "not_member" && r.page === "group") {
      this.send(msg.joinGroup(r.id));
      return true;
    }
    if (last && (r.page !== "group" || r.id === last)) storage.set(KEYS.lastGroup, null);
    // An invite link to no table: the group page says so and offers a way on.
    if (
      m.code !== "not_member" &&
      r.page === "group" &&
      (store.state.group?.id !== r.id || m.code === "removed")
    ) {
      if (m.code === "removed") storage.set(KEYS.lastGroup, null);
      store.update({
        group: m.code === "removed" ? null : store.state.group,
        groupError: { id: r.id, code: m.code },
        notice: null,
      });
      return true;
    }
    return false;
  }

  /** The answer to a `history` or `record` request being waited for. True when handled. */
  private requestFailed(m: ServerMessageOf<"error">): boolean {
    const store = this.store;
    if (m.rid?.startsWith("h") && store.state.history.status === "loading") {
      const status = m.code === "unknown_type" ? "unsupported" : "error";
      store.update({ history: { status, games: [] } });
      return true;
    }
    if (m.rid?.startsWith("r") && store.state.record.status === "loading") {
      store.update({
        record: { ...store.state.record, status: "error", data: null, error: m.code },
      });
      return true;
    }
    return false;
  }

  /**
   * The server could not store our move just now (its database is slow or away, or the table has
   * too many requests waiting on a write: `busy`): the move is
   * sent again half a second later, for ten seconds, while the page says it is saving. True
   * when it will be sent again. The wait is on the connection's timers: stopping it ends it.
   */
  private retryUnstoredMove(m: ServerMessageOf<"error">, pending: PendingMove): boolean {
    const conn = this.conn;
    if (!SAVE_LATER.includes(m.code) || !pending.rid || m.rid !== pending.rid || !conn)
      return false;
    const tries = (pending.tries ?? 0) + 1;
    if (tries > MOVE_RETRIES) return false;
    this.store.update({
      pending: { ...pending, tries },
      notice: makeNotice("info", this.deps.i18n().t("play.saving"), "saving"),
    });
    conn.after(MOVE_RETRY_MS, () => {
      // Still the same move waiting (a newer state or a reply ends it).
      const g = this.store.state.group;
      const p = this.store.state.pending;
      if (!g || !p || p.rid !== pending.rid) return;
      this.send(msg.move(g.id, p.move, p.version, p.rid));
    });
    return true;
  }

  /**
   * Another server plays the group (several servers behind a proxy): reconnect there, as if
   * nothing happened (the reconnection greets and re-syncs). A proxy that keeps sending us
   * back is not followed forever: after a few moves in a short time the page says so.
   */
  private followMoved(group: string | null, server: string | null, shard: string | null): void {
    const now = Date.now();
    this.redirectTimes = [...this.redirectTimes.filter((t) => now - t < REDIRECT_WINDOW_MS), now];
    if (this.redirectTimes.length > MAX_REDIRECTS) {
      this.notice("error", errorText("moved", undefined, this.deps.i18n()));
      return;
    }
    const url = socketUrl(this.deps.location, group, server, shard);
    // Not yet known who holds it: ask again in a moment, through the proxy.
    if (server || shard) this.conn?.moveTo(url);
    else this.conn?.moveToLater(url, 300);
  }

  // ---- the table: every action a message ------------------------------------------------

  move(text: string): void {
    const g = this.store.state.group;
    if (!g || this.store.state.pending) return;
    const rid = this.nextRid("m");
    this.store.update({
      pending: { move: text, version: g.version, sentAt: Date.now(), rid },
      notice: null,
      awayNote: null,
    });
    this.send(msg.move(g.id, text, g.version, rid));
  }

  resign(): void {
    const g = this.store.state.group;
    if (g) this.send(msg.resign(g.id));
  }

  start(): void {
    const g = this.store.state.group;
    if (g) this.send(msg.start(g.id, this.nextRid("s")));
  }

  settings(change: SettingsChange): void {
    const g = this.store.state.group;
    if (g) this.send(msg.settings(g.id, change));
  }

  seat(seat: number | null): void {
    const g = this.store.state.group;
    if (g) this.send(msg.seat(g.id, seat));
  }

  removeMember(person: string): void {
    const g = this.store.state.group;
    if (g) this.send(msg.removeMember(g.id, person));
  }

  leave(): void {
    const g = this.store.state.group;
    if (!g) return;
    this.send(msg.leaveGroup(g.id));
    this.deps.storage.set(KEYS.lastGroup, null);
    this.store.update({ group: null, pending: null });
    this.deps.routing.navigate({ page: "front" });
  }

  // ---- what only the server does --------------------------------------------------------

  createGroup(game: GameId, mode: CreateMode): void {
    this.afterCreate = { mode, game };
    this.notice("info", this.deps.i18n().t("front.creating"), "creating");
    this.send(msg.createGroup(game, this.nextRid("c")));
  }

  /**
   * Sends a new name; it is the device's (kept for the next hello) once the server answers
   * with it. Until then, and when refused, it stays in the field it was typed in (`field`),
   * refused with why: never wiped.
   */
  setName(name: string, field = "name-input"): void {
    const n = name.trim();
    if (!n) return;
    // Counted as the server counts (code points); a longer name is refused whole, never cut.
    if ([...n].length > MAX_NAME_LENGTH) {
      const params = { reason: "too_long", max: String(MAX_NAME_LENGTH) };
      this.store.update({
        nameDraft: { field, text: name, rid: null, error: { code: "bad_name", params } },
      });
      this.notice("error", errorText("bad_name", params, this.deps.i18n()), "bad_name");
      return;
    }
    const rid = this.nextRid("n");
    this.store.update({ nameDraft: { field, text: n, rid, error: null }, notice: null });
    this.send(msg.setName(n, rid));
  }

  requestHistory(): void {
    // Keep the rows shown while the fresh list comes.
    const games = this.store.state.history.games;
    this.store.update({ history: { status: games.length ? "ready" : "loading", games } });
    this.send(msg.history(this.nextRid("h")));
  }

  requestRecord(id: number, force = false): void {
    const rs = this.store.state.record;
    if (!force && rs.id === id && (rs.status === "ready" || rs.status === "loading")) return;
    this.store.update({ record: { status: "loading", id, data: null, index: 0 } });
    this.send(msg.record(id, this.nextRid("r")));
  }

  /** Tries the connection again now, without waiting out the backoff. */
  reconnectNow(): void {
    this.conn?.poke();
  }
}

// The application: connects the store, the connection, the router and the pages, and turns
// user actions into protocol messages.

import { type I18n as I18nT, I18n, type Lang, dirOf, pickLanguage } from "./i18n";
import { Connection, socketUrl } from "./net/connection";
import {
  type ClientMessage,
  type GameId,
  type GroupState,
  type MissedEvent,
  type OptionValue,
  type ServerMessage,
  msg,
} from "./net/protocol";
import { type Route, parseRoute, routeUrl, sameRoute } from "./router";
import { KEYS, type KeyValue, browserStorage } from "./state/storage";
import { type Notice, Store } from "./state/store";
import { type Prefs, readPrefs, writePrefs } from "./state/prefs";
import { clampIndex } from "./history/replay";
import { errorText } from "./ui/errors";
import { describeChange } from "./ui/announce";
import { applyGroupPatch } from "./net/patch";
import { moveLabel } from "./ui/moveText";
import { cpuMovesWhileAway, formatSeen, parseSeen, whileAwayText } from "./ui/whileAway";
import { chime, showTurn } from "./ui/attention";

/**
 * How a new table starts: "cpu" starts a game against the CPU at once with the defaults;
 * "setup" opens the table's settings first (rules, CPU level, timer), then the player starts;
 * "friends" opens the table to share its link.
 */
export type CreateMode = "cpu" | "setup" | "friends";

/** How many times a move the server could not store is sent again (half a second apart). */
const MOVE_RETRIES = 20;
/** The longest name the server takes, in code points (docs/protocol.md, set_name). */
const MAX_NAME_LENGTH = 32;

export interface Actions {
  createGroup(game: GameId, mode: CreateMode): void;
  move(text: string): void;
  resign(): void;
  start(): void;
  settings(change: {
    game?: GameId;
    options?: Record<string, OptionValue>;
    timer?: 0 | 30 | 60;
    cpu_level?: number;
  }): void;
  seat(seat: number | null): void;
  leave(): void;
  /** The group's first member removes another (who may not come back by the link). */
  removeMember(person: string): void;
  setName(name: string): void;
  requestHistory(): void;
  /** Asks for one game's record (#/history/ID); kept when it is already here. */
  requestRecord(id: number, force?: boolean): void;
  /** Shows position `index` of the record being replayed (0 = the start). */
  replayTo(index: number): void;
  setLang(lang: Lang): void;
  setPrefs(change: Partial<Prefs>): void;
  dismissNotice(): void;
  reconnectNow(): void;
}

export interface AppContext {
  store: Store;
  i18n: I18nT;
  route: Route;
  actions: Actions;
  navigate(r: Route, replace?: boolean): void;
  lastGroupId(): string | null;
  /** Screen-reader announcements: the one live region outside the re-rendered page. */
  announce(text: string): void;
}

export type PageRenderer = (root: HTMLElement, ctx: AppContext) => void;

declare global {
  interface Window {
    __kaisho?: {
      readonly state: unknown;
      readonly group: GroupState | null;
      readonly lang: Lang;
      readonly route: Route;
      /** Everything announced so far, and how many chimes played (for the tests). */
      readonly announced: readonly string[];
      readonly chimes: number;
    };
  }
}

export class App {
  readonly store = new Store();
  readonly storage: KeyValue = browserStorage();
  i18n: I18nT;
  route: Route;
  private conn: Connection | null = null;
  private afterCreate: { mode: CreateMode; game: GameId } | null = null;
  private rid = 0;
  private onRender: () => void = () => {};
  private onAnnounce: (text: string) => void = () => {};
  private readonly announced: string[] = [];
  private chimes = 0;

  constructor(private readonly win: Window) {
    const lang = pickLanguage(
      this.storage.get(KEYS.lang),
      win.navigator.languages ?? [win.navigator.language],
    );
    this.i18n = new I18n(lang);
    this.route = parseRoute(win.location);
    this.store.update({ prefs: readPrefs(this.storage) });
    this.applyLang();
    const self = this;
    win.__kaisho = {
      get state() {
        return self.store.state;
      },
      get group() {
        return self.store.state.group;
      },
      get lang() {
        return self.i18n.lang;
      },
      get route() {
        return self.route;
      },
      get announced() {
        return self.announced;
      },
      get chimes() {
        return self.chimes;
      },
    };
  }

  /** Where announcements go (main.ts owns the live region). */
  setAnnouncer(fn: (text: string) => void): void {
    this.onAnnounce = fn;
  }

  private announce(text: string): void {
    if (!text) return;
    this.announced.push(text);
    if (this.announced.length > 200) this.announced.splice(0, 100);
    this.onAnnounce(text);
  }

  private notice(kind: Notice["kind"], text: string, code?: string): Notice {
    const n: Notice = { kind, text, at: Date.now(), ttl: kind === "error" ? 8000 : 4000 };
    if (code) n.code = code;
    return n;
  }

  /** Render on every state change and route change. */
  setRenderer(fn: () => void): void {
    this.onRender = fn;
    this.store.subscribe(() => fn());
  }

  context(): AppContext {
    return {
      store: this.store,
      i18n: this.i18n,
      route: this.route,
      actions: this.actions,
      navigate: (r, replace) => this.navigate(r, replace),
      lastGroupId: () => this.storage.get(KEYS.lastGroup),
      announce: (text) => this.announce(text),
    };
  }

  start(): void {
    this.win.addEventListener("popstate", () => this.onLocation());
    this.win.addEventListener("hashchange", () => this.onLocation());
    if (this.route.page === "demo") return; // the demo needs no server
    this.conn = new Connection({
      url: socketUrl(this.win.location, this.route.page === "group" ? this.route.id : null),
      onOpen: (send) =>
        send(msg.hello(this.storage.get(KEYS.token), this.storage.get(KEYS.name) ?? undefined)),
      onMessage: (m) => this.onMessage(m),
      onStatus: (s, attempt) => {
        if (s === "closed")
          this.store.update({ connection: s, reconnectAttempt: attempt, pending: null });
        else this.store.update({ connection: s, reconnectAttempt: attempt });
      },
    });
    this.win.document.addEventListener("visibilitychange", () => {
      if (this.win.document.visibilityState === "visible") this.conn?.poke();
    });
    this.win.addEventListener("online", () => this.conn?.poke());
    this.conn.start();
  }

  private send(m: ClientMessage): void {
    this.conn?.send(m);
  }

  private nextRid(prefix: string): string {
    this.rid += 1;
    return `${prefix}${this.rid}`;
  }

  // ---- routing --------------------------------------------------------------------------

  navigate(r: Route, replace = false): void {
    if (!sameRoute(r, this.route)) {
      const url = routeUrl(r);
      if (replace) this.win.history.replaceState(null, "", url);
      else this.win.history.pushState(null, "", url);
    }
    this.setRoute(r);
  }

  private onLocation(): void {
    this.setRoute(parseRoute(this.win.location));
  }

  private setRoute(r: Route): void {
    const prev = this.route;
    this.route = r;
    if (r.page === "group" && (prev.page !== "group" || prev.id !== r.id)) this.enterGroup(r.id);
    if (r.page === "history") this.actions.requestHistory();
    if (r.page === "record") this.actions.requestRecord(r.id);
    this.onRender();
  }

  private enterGroup(id: string): void {
    const g = this.store.state.group;
    if (!this.store.state.person) return; // joined after welcome
    if (g && g.id === id) this.send(msg.sync(id, g.version));
    else this.send(msg.joinGroup(id));
  }

  // ---- messages ------------------------------------------------------------------------

  private onMessage(m: ServerMessage): void {
    switch (m.type) {
      case "welcome": {
        // The reply to set_name is a welcome without a token: it only renames.
        if (!m.token) {
          this.store.update({ person: m.person });
          break;
        }
        this.storage.set(KEYS.token, m.token);
        this.store.update({ person: m.person });
        // Back to where we were: the group of the page, or the device's last group.
        const r = this.route;
        const g = this.store.state.group;
        if (r.page === "group") {
          if (g && g.id === r.id) this.send(msg.sync(r.id, g.version));
          else this.send(msg.joinGroup(r.id));
        } else if (g) {
          this.send(msg.sync(g.id, g.version));
        } else {
          const last = this.storage.get(KEYS.lastGroup);
          if (last && r.page === "front") this.send(msg.joinGroup(last));
        }
        // A page opened directly (or a reconnection) on "My games" or a replay.
        if (r.page === "history") this.actions.requestHistory();
        if (r.page === "record" && this.store.state.record.status !== "ready")
          this.actions.requestRecord(r.id, true);
        break;
      }
      case "group_patch": {
        // What changed since the state this page holds; when it holds another version (a
        // message missed, or a whole state that came in between), it asks for the whole state.
        const cur = this.store.state.group;
        if (!cur || cur.id !== m.group || m.version <= cur.version) break;
        const patched = applyGroupPatch(cur, m);
        if (!patched) {
          this.send(msg.sync(cur.id, cur.version));
          break;
        }
        this.groupArrived(patched, undefined);
        break;
      }
      case "group": {
        this.groupArrived(m.group, m.missed);
        break;
      }
      case "error": {
        const pending = this.store.state.pending;
        if (m.code === "moved") {
          this.followMoved(
            m.params?.["group"] ?? null,
            m.params?.["server"] ?? null,
            m.params?.["shard"] ?? null,
          );
          break;
        }
        // A table one cannot be at (none by that link, removed from it, full, unreadable):
        // its page says so and offers a way on.
        const shut = ["no_such_group", "removed", "group_full", "group_unreadable"];
        if (m.code === "not_member" || shut.includes(m.code)) {
          const last = this.storage.get(KEYS.lastGroup);
          const r = this.route;
          if (m.code === "not_member" && r.page === "group") {
            this.send(msg.joinGroup(r.id));
            break;
          }
          if (last && (r.page !== "group" || r.id === last)) this.storage.set(KEYS.lastGroup, null);
          // An invite link to no table: the group page says so and offers a way on.
          if (
            m.code !== "not_member" &&
            r.page === "group" &&
            (this.store.state.group?.id !== r.id || m.code === "removed")
          ) {
            if (m.code === "removed") this.storage.set(KEYS.lastGroup, null);
            this.store.update({
              group: m.code === "removed" ? null : this.store.state.group,
              groupError: { id: r.id, code: m.code },
              notice: null,
            });
            break;
          }
        }
        if (m.rid?.startsWith("h") && this.store.state.history.status === "loading") {
          const status = m.code === "unknown_type" ? "unsupported" : "error";
          this.store.update({ history: { status, games: [] } });
          break;
        }
        if (m.rid?.startsWith("r") && this.store.state.record.status === "loading") {
          this.store.update({
            record: { ...this.store.state.record, status: "error", data: null, error: m.code },
          });
          break;
        }
        if (m.code === "not_hello") {
          this.conn?.stop();
          this.conn?.start();
        }
        // The server could not store our move just now (its database is slow or away): the
        // move is sent again half a second later, for ten seconds, while the page says it is
        // saving.
        if (m.code === "store" && pending && pending.rid && m.rid === pending.rid) {
          const tries = (pending.tries ?? 0) + 1;
          if (tries <= MOVE_RETRIES) {
            this.store.update({
              pending: { ...pending, tries },
              notice: this.notice("info", this.i18n.t("play.saving"), "saving"),
            });
            setTimeout(() => {
              // Still the same move waiting (a newer state or a reply ends it).
              const g = this.store.state.group;
              const p = this.store.state.pending;
              if (!g || !p || p.rid !== pending.rid) return;
              this.send(msg.move(g.id, p.move, p.version, p.rid));
            }, 500);
            break;
          }
        }
        // "left" confirms leave_group: news, not a failure.
        const kind = m.code === "left" ? "info" : "error";
        this.store.update({
          notice: this.notice(kind, errorText(m.code, m.params, this.i18n), m.code),
          pending: pending ? null : pending,
        });
        // A stale or refused move: make sure we show the latest position.
        const g = this.store.state.group;
        if (pending && g && (m.code === "stale_version" || m.code === "not_your_turn"))
          this.send(msg.sync(g.id, g.version));
        break;
      }
      case "history": {
        this.store.update({ history: { status: "ready", games: m.games ?? [] } });
        break;
      }
      case "record": {
        const rs = this.store.state.record;
        if (rs.id !== m.game_id) break; // a late reply for a game no longer shown
        const { type: _type, rid: _rid, ...data } = m;
        this.store.update({
          // Opens on the final position, next to the result.
          record: { status: "ready", id: m.game_id, data, index: data.moves.length },
        });
        break;
      }
    }
  }
  private resumeOffered = false;
  /** When the page last followed `moved` (a proxy that keeps sending it back is not followed). */
  private redirectTimes: number[] = [];

  /**
   * Another server plays the group (several servers behind a proxy): reconnect there, as if
   * nothing happened (the reconnection greets and re-syncs). A proxy that keeps sending us
   * back is not followed forever: after a few moves in a short time the page says so.
   */
  private followMoved(group: string | null, server: string | null, shard: string | null): void {
    const now = Date.now();
    this.redirectTimes = [...this.redirectTimes.filter((t) => now - t < 10_000), now];
    if (this.redirectTimes.length > 5) {
      this.store.update({ notice: this.notice("error", errorText("moved", undefined, this.i18n)) });
      return;
    }
    const url = socketUrl(this.win.location, group, server, shard);
    // Not yet known who holds it: ask again in a moment, through the proxy.
    if (server || shard) this.conn?.moveTo(url);
    else this.conn?.moveToLater(url, 300);
  }

  /** A group state arrived, whole or rebuilt from a patch. */
  private groupArrived(g: GroupState, missed: MissedEvent[] | undefined): void {
    const prev = this.store.state.group;
    const accepted = this.store.receiveGroup(g, missed, performance.now());
    if (!accepted) return;
    this.storage.set(KEYS.lastGroup, g.id);
    this.tableChanged(prev, g);
    if (this.afterCreate) {
      const mode = this.afterCreate.mode;
      this.afterCreate = null;
      // The table exists: "Creating the table…" has said all it had to say.
      if (this.store.state.notice?.code === "creating") this.store.update({ notice: null });
      if (mode === "cpu" && g.table.status === "idle") this.send(msg.start(g.id));
      this.navigate({ page: "group", id: g.id });
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
      this.navigate({ page: "group", id: g.id }, true);
    }
  }

  /** Announces what changed at the table, and marks the viewer's turn in the tab. */
  private tableChanged(prev: GroupState | null, next: GroupState): void {
    const change = describeChange(prev, next, this.i18n, this.store.state.prefs.moveStyle);
    for (const text of change.speech) this.announce(text);
    this.reportWhileAway(prev, next);
    if (change.othersMoved && this.store.state.prefs.sound) {
      this.chimes += 1;
      chime();
    }
    this.updateTitle();
  }

  /**
   * Tells a returning player what the CPU did for them: the moves it made for their seats
   * since this device last showed the game (the previous state after a reconnection, the stored
   * count when the page is opened again).
   */
  private reportWhileAway(prev: GroupState | null, next: GroupState): void {
    const game = next.table.game;
    if (!game) return;
    const prevGame = prev?.id === next.id ? prev.table.game : undefined;
    const seen =
      prevGame?.id === game.id
        ? prevGame.moves.length
        : parseSeen(this.storage.get(KEYS.seen), game.id);
    this.storage.set(KEYS.seen, formatSeen(game.id, game.moves.length));
    if (seen === null || next.table.your_seats.length === 0) return;
    const style = this.store.state.prefs.moveStyle;
    const plies = cpuMovesWhileAway(next, seen);
    const text = whileAwayText(next, plies, this.i18n, style);
    if (!text) return;
    this.announce(text);
    const move = moveLabel(game, plies[plies.length - 1] ?? 0, style);
    this.store.update({ awayNote: { game: game.id, text, move } });
  }

  private updateTitle(): void {
    const g = this.store.state.group;
    const game = g?.table.game;
    const myTurn =
      !!g && !!game && g.table.status === "playing" && g.table.your_seats.includes(game.to_move);
    const name = this.i18n.t("app.name");
    showTurn(this.win.document, myTurn, name, this.i18n.t("title.yourTurn", { app: name }));
  }

  // ---- actions ---------------------------------------------------------------------------

  private applyLang(): void {
    const d = this.win.document.documentElement;
    d.lang = this.i18n.lang;
    d.dir = dirOf(this.i18n.lang);
    this.updateTitle();
  }

  readonly actions: Actions = {
    createGroup: (game, mode) => {
      this.afterCreate = { mode, game };
      this.store.update({ notice: this.notice("info", this.i18n.t("front.creating"), "creating") });
      this.send(msg.createGroup(game, this.nextRid("c")));
    },
    move: (text) => {
      const g = this.store.state.group;
      if (!g || this.store.state.pending) return;
      if (this.route.page === "demo") {
        this.store.update({ notice: this.notice("info", `→ ${text}`) });
        return;
      }
      const rid = this.nextRid("m");
      this.store.update({
        pending: { move: text, version: g.version, sentAt: Date.now(), rid },
        notice: null,
        awayNote: null,
      });
      this.send(msg.move(g.id, text, g.version, rid));
    },
    resign: () => {
      const g = this.store.state.group;
      if (g) this.send(msg.resign(g.id));
    },
    start: () => {
      const g = this.store.state.group;
      if (g) this.send(msg.start(g.id, this.nextRid("s")));
    },
    settings: (change) => {
      const g = this.store.state.group;
      if (g) this.send(msg.settings(g.id, change));
    },
    seat: (seat) => {
      const g = this.store.state.group;
      if (g) this.send(msg.seat(g.id, seat));
    },
    removeMember: (person) => {
      const g = this.store.state.group;
      if (g) this.send(msg.removeMember(g.id, person));
    },
    leave: () => {
      const g = this.store.state.group;
      if (!g) return;
      this.send(msg.leaveGroup(g.id));
      this.storage.set(KEYS.lastGroup, null);
      this.store.update({ group: null, pending: null });
      this.navigate({ page: "front" });
    },
    setName: (name) => {
      const n = name.trim();
      if (!n) return;
      // Counted as the server counts (code points); a longer name is refused whole, never cut.
      if ([...n].length > MAX_NAME_LENGTH) {
        const params = { reason: "too_long", max: String(MAX_NAME_LENGTH) };
        this.store.update({
          notice: this.notice("error", errorText("bad_name", params, this.i18n), "bad_name"),
        });
        return;
      }
      this.storage.set(KEYS.name, n);
      this.send(msg.setName(n));
      this.store.update({ notice: this.notice("info", this.i18n.t("name.saved")) });
    },
    requestHistory: () => {
      // Keep the rows shown while the fresh list comes.
      const games = this.store.state.history.games;
      this.store.update({ history: { status: games.length ? "ready" : "loading", games } });
      this.send(msg.history(this.nextRid("h")));
    },
    requestRecord: (id, force = false) => {
      const rs = this.store.state.record;
      if (!force && rs.id === id && (rs.status === "ready" || rs.status === "loading")) return;
      this.store.update({ record: { status: "loading", id, data: null, index: 0 } });
      this.send(msg.record(id, this.nextRid("r")));
    },
    replayTo: (index) => {
      const rs = this.store.state.record;
      if (rs.status !== "ready" || !rs.data) return;
      const i = clampIndex(index, rs.data.moves.length);
      if (i !== rs.index) this.store.update({ record: { ...rs, index: i } });
    },
    setLang: (lang) => {
      this.i18n = new I18n(lang);
      this.storage.set(KEYS.lang, lang);
      this.applyLang();
      this.onRender();
    },
    setPrefs: (change) => {
      const prefs = { ...this.store.state.prefs, ...change };
      writePrefs(this.storage, prefs);
      this.store.update({ prefs });
      if (change.sound) chime(); // the player hears what they turned on
    },
    dismissNotice: () => this.store.update({ notice: null }),
    reconnectNow: () => this.conn?.poke(),
  };
}

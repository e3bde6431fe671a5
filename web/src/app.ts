// The application: connects the store, the connection, the router and the pages, and turns
// user actions into protocol messages.

import { type I18n as I18nT, I18n, type Lang, dirOf, pickLanguage } from "./i18n";
import { Connection, socketUrl } from "./net/connection";
import {
  type ClientMessage,
  type GameId,
  type GroupState,
  type OptionValue,
  type ServerMessage,
  msg,
} from "./net/protocol";
import { type Route, parseRoute, routeUrl, sameRoute } from "./router";
import { KEYS, type KeyValue, browserStorage } from "./state/storage";
import { Store } from "./state/store";
import { clampIndex } from "./history/replay";

export interface Actions {
  createGroup(game: GameId, mode: "cpu" | "friends"): void;
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
  setName(name: string): void;
  requestHistory(): void;
  /** Asks for one game's record (#/history/ID); kept when it is already here. */
  requestRecord(id: number, force?: boolean): void;
  /** Shows position `index` of the record being replayed (0 = the start). */
  replayTo(index: number): void;
  setLang(lang: Lang): void;
  reconnectNow(): void;
}

export interface AppContext {
  store: Store;
  i18n: I18nT;
  route: Route;
  actions: Actions;
  navigate(r: Route, replace?: boolean): void;
  lastGroupId(): string | null;
}

export type PageRenderer = (root: HTMLElement, ctx: AppContext) => void;

declare global {
  interface Window {
    __kaisho?: {
      readonly state: unknown;
      readonly group: GroupState | null;
      readonly lang: Lang;
      readonly route: Route;
    };
  }
}

export class App {
  readonly store = new Store();
  readonly storage: KeyValue = browserStorage();
  i18n: I18nT;
  route: Route;
  private conn: Connection | null = null;
  private afterCreate: { mode: "cpu" | "friends"; game: GameId } | null = null;
  private rid = 0;
  private onRender: () => void = () => {};

  constructor(private readonly win: Window) {
    const lang = pickLanguage(
      this.storage.get(KEYS.lang),
      win.navigator.languages ?? [win.navigator.language],
    );
    this.i18n = new I18n(lang);
    this.route = parseRoute(win.location);
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
    };
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
    };
  }

  start(): void {
    this.win.addEventListener("popstate", () => this.onLocation());
    this.win.addEventListener("hashchange", () => this.onLocation());
    if (this.route.page === "demo") return; // the demo needs no server
    this.conn = new Connection({
      url: socketUrl(this.win.location),
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
      case "group": {
        const g = m.group;
        const accepted = this.store.receiveGroup(g, m.missed, performance.now());
        if (!accepted) break;
        this.storage.set(KEYS.lastGroup, g.id);
        if (this.afterCreate) {
          const mode = this.afterCreate.mode;
          this.afterCreate = null;
          if (mode === "cpu" && g.table.status === "idle") this.send(msg.start(g.id));
          this.navigate({ page: "group", id: g.id });
          break;
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
        break;
      }
      case "error": {
        const pending = this.store.state.pending;
        if (m.code === "not_member" || m.code === "no_such_group") {
          const last = this.storage.get(KEYS.lastGroup);
          const r = this.route;
          if (m.code === "not_member" && r.page === "group") {
            this.send(msg.joinGroup(r.id));
            break;
          }
          if (last && (r.page !== "group" || r.id === last)) this.storage.set(KEYS.lastGroup, null);
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
        const text =
          m.code === "illegal_move"
            ? this.i18n.t("err.illegal_move", { why: m.message })
            : this.i18n.tk(`err.${m.code}`, this.i18n.t("err.generic", { message: m.message }));
        this.store.update({
          notice: { kind: "error", code: m.code, text, at: Date.now() },
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

  // ---- actions ---------------------------------------------------------------------------

  private applyLang(): void {
    const d = this.win.document.documentElement;
    d.lang = this.i18n.lang;
    d.dir = dirOf(this.i18n.lang);
    this.win.document.title = this.i18n.t("app.name");
  }

  readonly actions: Actions = {
    createGroup: (game, mode) => {
      this.afterCreate = { mode, game };
      this.store.update({
        notice: { kind: "info", text: this.i18n.t("front.creating"), at: Date.now() },
      });
      this.send(msg.createGroup(game, this.nextRid("c")));
    },
    move: (text) => {
      const g = this.store.state.group;
      if (!g || this.store.state.pending) return;
      if (this.route.page === "demo") {
        this.store.update({ notice: { kind: "info", text: `→ ${text}`, at: Date.now() } });
        return;
      }
      const rid = this.nextRid("m");
      this.store.update({
        pending: { move: text, version: g.version, sentAt: Date.now() },
        notice: null,
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
      this.storage.set(KEYS.name, n);
      this.send(msg.setName(n));
      this.store.update({
        notice: { kind: "info", text: this.i18n.t("name.saved"), at: Date.now() },
      });
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
    reconnectNow: () => this.conn?.poke(),
  };
}

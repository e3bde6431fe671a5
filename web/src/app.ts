// The wiring: one store, the device's storage and language, the route (session/routing.ts),
// the session with the server (session/serverSession.ts), the practice table played in the
// page (session/localSession.ts, its engine in a Web Worker started by the first practice
// game), what a changed table means to the player (session/tableNews.ts), and the pages'
// context with every action in one place.
// Nothing here handles a message or decides a route.

import { type I18n as I18nT, I18n, type Lang, dirOf, pickLanguage } from "./i18n";
import { GAME_IDS, type GroupState } from "./net/protocol";
import { clampIndex } from "./history/replay";
import type { PageContext } from "./pages/context";
import { type KeptPractice, isOffline } from "./pages/offline";
import { workerEngine, workerEngineUse } from "./engine/client";
import { Referee, refereedMove } from "./engine/referee";
import { AnalysisController } from "./analysis/controller";
import { demoTable } from "./pages/demo";
import type { Route } from "./router";
import { Routing } from "./session/routing";
import { LocalSession, readPractice } from "./session/localSession";
import { PracticeRecords } from "./session/practiceAnalysis";
import { ServerSession } from "./session/serverSession";
import {
  type Actions,
  type DeviceActions,
  type TableSession,
  isLocalTable,
} from "./session/session";
import { TableNews } from "./session/tableNews";
import { writePrefs, readPrefs } from "./state/prefs";
import { KEYS, type KeyValue, browserStorage } from "./state/storage";
import { Store } from "./state/store";
import { chime } from "./ui/attention";

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
      /** The engine in the page holds the hall's game shown (its legal moves are the board's). */
      readonly engineInStep: boolean;
      /** The page's engine worker: its clients open, and whether it runs (engine/client.ts). */
      readonly engine: { users: number; running: boolean };
      /** Whether the engine is in the service worker's cache (null: unknown). */
      readonly engineKept: boolean | null;
    };
  }
}

/** The web app manifest of each language (public/): name, description, `lang` and `dir`. */
export const MANIFESTS: Record<Lang, string> = {
  ar: "/manifest.webmanifest",
  en: "/manifest.en.webmanifest",
};

export class App {
  readonly store = new Store();
  readonly storage: KeyValue = browserStorage();
  readonly routing: Routing;
  readonly news: TableNews;
  readonly server: ServerSession;
  /** The practice table (`#/practice/GAME`), played in the page against the CPU. */
  readonly practice: LocalSession;
  /** The CPU's analysis of the record shown, its engine started by the first request. */
  readonly analysis: AnalysisController;
  /** The rules of the hall's game shown, in the page (legal moves, refusals): engine/referee.ts. */
  readonly referee: Referee;
  /** A finished practice game as the record shown (`#/practice/GAME/analysis`), built in the page. */
  readonly practiceRecords: PracticeRecords;
  /** The demo's sample board (`?demo=GAME`), held in the page. */
  private readonly demo: TableSession;
  /** Every action a page may take (one object: a board view keeps it across renders). */
  readonly actions: Actions;
  i18n: I18nT;
  private onRender: () => void = () => {};
  /**
   * Whether the engine is in the service worker's cache (null: unknown), for the offline pages
   * (pages/offline.ts). Kept out of the store: a change re-renders only a page that shows it (an
   * offline one), never a board in play, which the first use of the engine would otherwise
   * redraw under the player's finger.
   */
  private engineKept: boolean | null = null;

  constructor(private readonly win: Window) {
    const lang = pickLanguage(
      this.storage.get(KEYS.lang),
      win.navigator.languages ?? [win.navigator.language],
    );
    this.i18n = new I18n(lang);
    this.routing = new Routing(win);
    this.store.update({ prefs: readPrefs(this.storage) });
    const i18n = () => this.i18n;
    this.news = new TableNews({
      store: this.store,
      storage: this.storage,
      i18n,
      doc: win.document,
    });
    this.server = new ServerSession({
      store: this.store,
      storage: this.storage,
      i18n,
      routing: this.routing,
      tableChanged: (prev, next) => this.news.changed(prev, next),
      location: win.location,
    });
    this.practice = new LocalSession({
      store: this.store,
      storage: this.storage,
      i18n,
      engine: workerEngine,
      tableChanged: (prev, next) => this.news.changed(prev, next),
      // A finished practice game waits on the device to go to My games.
      finished: (game) => this.server.practiceOutbox.add(game),
    });
    this.analysis = new AnalysisController({ store: this.store, engine: workerEngine });
    // Its engine is started by the first game of the hall shown, once the page has drawn.
    this.referee = new Referee({
      engine: workerEngine,
      later: (fn) => win.requestAnimationFrame(() => win.setTimeout(fn, 0)),
    });
    this.store.subscribe(() => this.followTable());
    // The practice table shows the person's name once the server has greeted the page.
    let person = this.store.state.person;
    this.store.subscribe((s) => {
      if (s.person === person) return;
      person = s.person;
      this.practice.personChanged();
    });
    this.practiceRecords = new PracticeRecords({
      store: this.store,
      storage: this.storage,
      engine: workerEngine,
    });
    this.demo = demoTable(this.store);
    this.actions = this.allActions();
    // A route change first lets the sessions take up what the new page shows, then renders.
    this.routing.onChange((prev, next) => this.practiceRoute(prev, next));
    this.routing.onChange((prev, next) => this.server.routeChanged(prev, next));
    this.routing.onChange((_, next) => this.analysisRoute(next));
    this.routing.onChange(() => this.followTable());
    this.routing.onChange(() => this.onRender());
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
        return self.news.announced;
      },
      get chimes() {
        return self.news.chimes;
      },
      get engineInStep() {
        const g = self.store.state.group;
        return !!g && self.referee.legalMoves(g) !== null;
      },
      get engine() {
        return workerEngineUse();
      },
      get engineKept() {
        return self.engineKept;
      },
    };
  }

  get route(): Route {
    return this.routing.route;
  }

  /** Where announcements go (main.ts owns the live region). */
  setAnnouncer(fn: (text: string) => void): void {
    this.news.setSpeaker(fn);
  }

  /** The service worker says whether the engine is on the device (main.ts). */
  setEngineKept(kept: boolean | null): void {
    if (kept === this.engineKept) return;
    this.engineKept = kept;
    if (isOffline(this.store.state)) this.onRender();
  }

  /** Render on every state change and route change. */
  setRenderer(fn: () => void): void {
    this.onRender = fn;
    this.store.subscribe(() => fn());
  }

  context(): PageContext {
    return {
      store: this.store,
      i18n: this.i18n,
      route: this.route,
      actions: this.actions,
      referee: this.referee,
      navigate: (r, replace) => this.routing.navigate(r, replace),
      lastGroupId: () => this.storage.get(KEYS.lastGroup),
      keptPractice: () => keptPractice(this.storage),
      engineKept: () => this.engineKept,
    };
  }

  start(): void {
    this.routing.listen();
    if (this.route.page === "demo") return; // the demo needs no server
    // A practice game needs none either; the server is still greeted, for the rest of the site.
    if (this.route.page === "practice") this.practice.open(this.route.game);
    if (this.route.page === "practiceRecord") this.practiceRecords.open(this.route.game);
    this.server.connect();
    this.win.document.addEventListener("visibilitychange", () => {
      if (this.win.document.visibilityState === "visible") this.server.reconnectNow();
    });
    this.win.addEventListener("online", () => this.server.reconnectNow());
  }

  /** The session that holds the table the route shows: the demo's sample, the practice table, or the server's. */
  private table(): TableSession {
    if (this.route.page === "demo") return this.demo;
    if (this.route.page === "practice") return this.practice;
    return this.server;
  }

  /** The referee follows the game of the hall's table shown (a group page), and no other. */
  private followTable(): void {
    const g = this.store.state.group;
    const route = this.route;
    this.referee.follow(route.page === "group" && g?.id === route.id ? g : null);
  }

  /** The practice table is shown in place of the server's table (and forgotten when left). */
  private practiceRoute(prev: Route, next: Route): void {
    if (next.page === "practice") {
      if (!isLocalTable(this.store.state.group?.id))
        this.store.update({ group: null, pending: null, awayNote: null });
      this.practice.open(next.game);
    } else if (prev.page === "practice") {
      this.practice.close();
    }
  }

  /**
   * An analysis belongs to its record: opening another record drops it; leaving the record
   * pages stops it (its worker closed) and keeps what it found for a return. A practice game's
   * record page shows the finished practice game the device keeps (built in the page).
   */
  private analysisRoute(next: Route): void {
    const practiceId = next.page === "practiceRecord" ? this.practiceRecords.open(next.game) : null;
    const a = this.store.state.analysis;
    if (!a) return;
    const id = next.page === "record" ? next.id : practiceId;
    if (next.page !== "record" && next.page !== "practiceRecord") this.analysis.stop();
    else if (id !== a.gameId) this.analysis.drop();
  }

  /** The table's actions go to the session holding it when they are taken; the rest to their owner. */
  private allActions(): Actions {
    const server = this.server;
    return {
      move: (text) => {
        const table = this.table();
        if (table !== server) return table.move(text);
        const send = (t: string) => server.move(t);
        void refereedMove(
          { referee: this.referee, store: this.store, i18n: () => this.i18n, send },
          text,
        );
      },
      resign: () => this.table().resign(),
      start: () => this.table().start(),
      settings: (change) => this.table().settings(change),
      seat: (seat) => this.table().seat(seat),
      leave: () => this.table().leave(),
      removeMember: (person) => this.table().removeMember(person),
      createGroup: (game, mode) => server.createGroup(game, mode),
      setName: (name, field) => server.setName(name, field),
      requestHistory: () => server.requestHistory(),
      requestRecord: (id, force) => server.requestRecord(id, force),
      reconnectNow: () => server.reconnectNow(),
      analyse: () => void this.analysis.start(),
      stopAnalysis: () => this.analysis.stop(),
      showLine: () => void this.analysis.showLine().catch(() => {}),
      lineStep: (step) => this.analysis.lineStep(step),
      leaveLine: () => this.analysis.leaveLine(),
      ...this.device,
    };
  }

  private applyLang(): void {
    const d = this.win.document.documentElement;
    d.lang = this.i18n.lang;
    d.dir = dirOf(this.i18n.lang);
    // The app installed from this page has its name and description in the page's language.
    const manifest = this.win.document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (manifest) manifest.href = MANIFESTS[this.i18n.lang];
    this.news.updateTitle();
  }

  /** What this device does by itself: nothing is sent. */
  private readonly device: DeviceActions = {
    replayTo: (index) => {
      const rs = this.store.state.record;
      if (rs.status !== "ready" || !rs.data) return;
      const i = clampIndex(index, rs.data.moves.length);
      // Another position of the game: the CPU's line shown (from this one) is left.
      if (i !== rs.index) this.analysis.leaveLine();
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
  };
}

/** The practice games kept on the device, one per game at most (a game played or finished). */
function keptPractice(storage: KeyValue): KeptPractice[] {
  const out: KeptPractice[] = [];
  for (const game of GAME_IDS) {
    const p = readPractice(storage, game);
    if (!p || p.status === "idle" || p.number < 1) continue;
    out.push({ game, number: p.number, status: p.status, moves: p.moves.length });
  }
  return out;
}

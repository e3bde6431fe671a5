// What a page can do, split by who does it. The table a page shows (lobby and game) is held by
// a session: the server's (serverSession.ts: every action a message on the socket) or one held
// in the page (a practice game against the CPU in the browser, localSession.ts; the demo's
// sample board, pages/demo.ts). Whichever holds it, the pages render
// the same state from the store and act through the same TableSession, so the boards and pages
// need not know where the game is played.
import type { Lang } from "../i18n";
import type { GameId, OptionValue } from "../net/protocol";
import type { Prefs } from "../state/prefs";

/**
 * How a new table starts: "cpu" starts a game against the CPU at once with the defaults;
 * "setup" opens the table's settings first (rules, CPU level, timer), then the player starts;
 * "friends" opens the table to share its link.
 */
export type CreateMode = "cpu" | "setup" | "friends";

/** A change of the table's settings between games (only the fields given change). */
export interface SettingsChange {
  game?: GameId;
  options?: Record<string, OptionValue>;
  timer?: 0 | 30 | 60;
  cpu_level?: number;
}

/**
 * The table shown: what its lobby and game panel do. The session keeps in the store what the
 * pages draw: `group` (a GroupState, whatever made it), `groupReceivedAt` (when it arrived, for
 * the turn clock), `pending` (a move sent and not yet answered: the board is locked) and
 * `awayNote`; it reports each new group state to `TableNews.changed` (announcements, the tab's
 * turn mark). Every action acts on the group in the store; with no group it does nothing.
 */
export interface TableSession {
  move(text: string): void;
  resign(): void;
  start(): void;
  settings(change: SettingsChange): void;
  seat(seat: number | null): void;
  leave(): void;
  /** The group's first member removes another (who may not come back by the link). */
  removeMember(person: string): void;
}

/**
 * Tables held in the page have ids no server table can have (a server's ids are
 * [A-Za-z0-9_-]): a practice game against the CPU is "practice:GAME" (localSession.ts).
 */
export const LOCAL_TABLE_PREFIX = "practice:";

export function isLocalTable(id: string | undefined | null): boolean {
  return !!id && id.startsWith(LOCAL_TABLE_PREFIX);
}

/** What only the server does: tables, names, the games played, the connection itself. */
export interface ServerRequests {
  createGroup(game: GameId, mode: CreateMode): void;
  /** `field`: the name field it was typed in (its id), which keeps it if the server refuses it. */
  setName(name: string, field?: string): void;
  requestHistory(): void;
  /** Asks for one game's record (#/history/ID); kept when it is already here. */
  requestRecord(id: number, force?: boolean): void;
  reconnectNow(): void;
}

/** What this device does by itself: its language and display preferences, what it shows. */
export interface DeviceActions {
  /** Shows position `index` of the record being replayed (0 = the start). */
  replayTo(index: number): void;
  setLang(lang: Lang): void;
  setPrefs(change: Partial<Prefs>): void;
  dismissNotice(): void;
}

/**
 * The CPU's analysis of the record shown (analysis/controller.ts): run in the page by the
 * engine's Web Worker, started by `analyse` only; what it finds is in the store.
 */
export interface AnalysisActions {
  /** Analyses every position of the record shown (again, when it was stopped). */
  analyse(): void;
  /** Stops it between positions and closes the engine; what was found is kept. */
  stopAnalysis(): void;
  /** "Show me": the CPU's line from the replay's position, on the board. */
  showLine(): void;
  /** Shows step `step` of that line (0: the game's position). */
  lineStep(step: number): void;
  /** Back to the game's own moves. */
  leaveLine(): void;
}

/** Every action a page may take (`ctx.actions`). */
export type Actions = TableSession & ServerRequests & DeviceActions & AnalysisActions;

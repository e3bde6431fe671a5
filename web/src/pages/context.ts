// What every page is rendered with: the state to draw, the language, the route shown, and
// what it may do (the table's actions go to the session that holds the table shown).
import type { I18n } from "../i18n";
import type { Route } from "../router";
import type { Referee } from "../engine/referee";
import type { Actions } from "../session/session";
import type { Store } from "../state/store";
import type { KeptPractice } from "./offline";

export interface PageContext {
  store: Store;
  i18n: I18n;
  route: Route;
  actions: Actions;
  /** The legal moves of the hall's game shown by the engine in the page, once in step (engine/referee.ts). */
  referee?: Pick<Referee, "legalMoves">;
  navigate(r: Route, replace?: boolean): void;
  /** The group this device was last at (to offer a way back to it). */
  lastGroupId(): string | null;
  /** The practice games this device keeps (to offer them when the server cannot be reached). */
  keptPractice(): KeptPractice[];
  /** Whether the engine is on this device for practice with no network (null: unknown). */
  engineKept(): boolean | null;
}

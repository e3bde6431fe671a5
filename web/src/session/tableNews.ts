// What a changed table means to the player, whichever session holds it: each change said in
// the live region (who moved what, check, whose turn, the end of the game), what the CPU did
// for a returning player, the chime for an opponent's move, and the tab's turn mark.
import type { I18n } from "../i18n";
import type { GroupState } from "../net/protocol";
import { KEYS, type KeyValue } from "../state/storage";
import type { Store } from "../state/store";
import { describeChange } from "../ui/announce";
import { isLocalTable } from "./session";
import { chime, showTurn } from "../ui/attention";
import { moveLabel } from "../ui/moveText";
import { cpuMovesWhileAway, formatSeen, parseSeen, whileAwayText } from "../ui/whileAway";

/** The most announcements kept for the tests' hook; past it, the older half is dropped. */
const ANNOUNCED_KEPT = 200;

export interface TableNewsDeps {
  store: Store;
  storage: KeyValue;
  i18n: () => I18n;
  doc: Document;
}

export class TableNews {
  /** Everything announced so far, and how many chimes played (window.__kaisho, for tests). */
  readonly announced: string[] = [];
  chimes = 0;
  private speak: (text: string) => void = () => {};
  /** The game whose number was said last ("GROUP|NUMBER"): said once per page, not again. */
  private gameSaid: string | null = null;

  constructor(private readonly deps: TableNewsDeps) {}

  /** Where announcements are said (main.ts owns the live region). */
  setSpeaker(fn: (text: string) => void): void {
    this.speak = fn;
  }

  announce(text: string): void {
    if (!text) return;
    this.announced.push(text);
    if (this.announced.length > ANNOUNCED_KEPT) this.announced.splice(0, ANNOUNCED_KEPT / 2);
    this.speak(text);
  }

  /** A session accepted a new state of the table (`next`, now in the store) after `prev`. */
  changed(prev: GroupState | null, next: GroupState): void {
    const { store, i18n } = this.deps;
    const change = describeChange(prev, next, i18n(), store.state.prefs.moveStyle);
    // "Game 1" is said when the page comes to a game, once: not again when the same game comes
    // back after the table was let go of (another page shown, a reconnection, a rejoin).
    const game = next.table.game;
    if (game && next.table.status !== "idle") {
      const key = `${next.id}|${game.number}`;
      const said = i18n().t("play.gameNumber", { n: game.number });
      if (key === this.gameSaid) change.speech = change.speech.filter((t) => t !== said);
      else if (change.speech.includes(said)) this.gameSaid = key;
    }
    for (const text of change.speech) this.announce(text);
    // Nobody plays for the player at a practice table held in the page.
    if (!isLocalTable(next.id)) this.reportWhileAway(prev, next);
    if (change.othersMoved && store.state.prefs.sound) {
      this.chimes += 1;
      chime();
    }
    this.updateTitle();
  }

  /** The tab title and icon: marked while it is the viewer's turn (also after a language change). */
  updateTitle(): void {
    const i18n = this.deps.i18n();
    const g = this.deps.store.state.group;
    const game = g?.table.game;
    const myTurn =
      !!g && !!game && g.table.status === "playing" && g.table.your_seats.includes(game.to_move);
    const name = i18n.t("app.name");
    showTurn(this.deps.doc, myTurn, name, i18n.t("title.yourTurn", { app: name }));
  }

  /**
   * Tells a returning player what the CPU did for them: the moves it made for their seats
   * since this device last showed the game (the previous state after a reconnection, the stored
   * count when the page is opened again).
   */
  private reportWhileAway(prev: GroupState | null, next: GroupState): void {
    const { store, storage } = this.deps;
    const game = next.table.game;
    if (!game) return;
    const prevGame = prev?.id === next.id ? prev.table.game : undefined;
    const seen =
      prevGame?.id === game.id ? prevGame.moves.length : parseSeen(storage.get(KEYS.seen), game.id);
    storage.set(KEYS.seen, formatSeen(game.id, game.moves.length));
    if (seen === null || next.table.your_seats.length === 0) return;
    const style = store.state.prefs.moveStyle;
    const plies = cpuMovesWhileAway(next, seen);
    const text = whileAwayText(next, plies, this.deps.i18n(), style);
    if (!text) return;
    this.announce(text);
    const move = moveLabel(game, plies[plies.length - 1] ?? 0, style);
    store.update({ awayNote: { game: game.id, text, move } });
  }
}

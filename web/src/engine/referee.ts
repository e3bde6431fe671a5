// The rules of a game of the hall, in the page: the engine (a Web Worker, client.ts) keeps a
// copy of the game the server's group state shows — a new engine game per game, then each new
// move played as it arrives, rebuilt on any mismatch (a sync, a new game) — so that the board's
// legal moves and the reason a move is illegal need no round trip to the server. The server
// stays the referee: a move the engine finds legal is still sent, and the server's answer
// rules; only a move the engine refuses is not sent (the refusal is the server's own words,
// ui/errors.ts). Until the engine is loaded and in step, when it fails to load, or when it
// disagrees with the server (it refuses a move the server played, or its legal moves are not
// the state's), the page does exactly what it does without it: the state's list, and every
// move sent.
import OPTION_SCHEMA from "./options.json";
import type { EngineClient } from "./client";
import type { GameId, GroupState, OptionSpec } from "../net/protocol";
import type { I18n } from "../i18n";
import { parseErrorCode } from "../session/localSession";
import { type Store, makeNotice } from "../state/store";
import { errorText } from "../ui/errors";

/** Whether a move is legal, or why not: the code and params of the server's `illegal_move`. */
export type Verdict =
  { legal: true } | { legal: false; code: string; params: Record<string, string> };

export interface RefereeDeps {
  /**
   * Opens a client of the engine: the first time a game of the hall is followed, and again when
   * one is followed after none was (the client is closed while no game is followed).
   */
  engine: () => EngineClient;
  /** Runs the engine's start after the page has drawn (default: at once). */
  later?: (fn: () => void) => void;
  /** A failure or a disagreement, said once per game (default: console.warn). */
  log?: (what: string, detail?: unknown) => void;
}

/** The game a group state shows, as the engine needs it. */
interface Target {
  /** The group and the game: a new key is a new engine game. */
  key: string;
  groupId: string;
  version: number;
  game: GameId;
  options: Record<string, string>;
  start: string;
  moves: readonly string[];
  legal: readonly string[];
}

/** The engine's copy of the game. */
interface Held {
  key: string;
  handle: number;
  moves: string[];
  legal: string[];
}

/** The local rules the engine knows for a game (options.json, `kaisho options`). */
function engineOptions(g: GroupState): Record<string, string> {
  const known = (OPTION_SCHEMA as Record<string, OptionSpec[]>)[g.game] ?? [];
  const out: Record<string, string> = {};
  for (const o of known) {
    const v = g.settings.options[o.key];
    if (v !== undefined) out[o.key] = String(v);
  }
  return out;
}

/** What the engine follows of a group state: a game being played, else nothing. */
function targetOf(g: GroupState | null): Target | null {
  const game = g?.table.game;
  if (!g || !game || g.table.status !== "playing" || game.to_move < 0) return null;
  const options = engineOptions(g);
  const optionsText = Object.keys(options)
    .sort()
    .map((k) => `${k}=${options[k]}`)
    .join(" ");
  return {
    key: [g.id, g.game, game.id, game.number, game.start, optionsText].join("|"),
    groupId: g.id,
    version: g.version,
    game: g.game,
    options,
    start: game.start,
    moves: game.moves,
    legal: game.legal_moves,
  };
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const s = new Set(a);
  return b.every((x) => s.has(x));
}

export class Referee {
  private client: EngineClient | null = null;
  private starting = false;
  private target: Target | null = null;
  private held: Held | null = null;
  /** The game the engine failed to load, or disagreed about: not followed again. */
  private failedKey: string | null = null;
  private pumping = false;
  private work: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly deps: RefereeDeps) {}

  /**
   * The group state shown (null: no game of the hall is shown). Its game is followed: the
   * engine is started the first time (after the page draws), then kept in step. An older
   * version of the group than the one followed is ignored.
   */
  follow(g: GroupState | null): void {
    if (this.closed) return;
    const t = targetOf(g);
    const cur = this.target;
    if (t && cur && t.groupId === cur.groupId && t.version < cur.version) return;
    this.target = t;
    if (!t) {
      // No game shown: the engine's game and client are let go (the page's engine worker is
      // shared, and stops once nobody uses it: client.ts).
      this.release();
      return;
    }
    if (t.key === this.failedKey) return;
    if (!this.client) {
      if (this.starting) return;
      this.starting = true;
      const later = this.deps.later ?? ((fn: () => void) => fn());
      later(() => {
        this.starting = false;
        if (this.closed || !this.target || this.client) return;
        this.client = this.deps.engine();
        this.pump();
      });
      return;
    }
    this.pump();
  }

  /**
   * The legal moves of the position `g` shows, by the engine, when it holds that very state
   * (same group version, same game, same moves) and agrees with it; else null (use the state's).
   */
  legalMoves(g: GroupState): readonly string[] | null {
    const t = this.target;
    if (!t || g.id !== t.groupId || g.version !== t.version || !this.ready(t)) return null;
    return this.held!.legal;
  }

  /**
   * Whether `move` is legal in the position `g` shows: from the engine's legal moves, and for a
   * move not among them, the engine's refusal with its reason. null when the engine does not
   * hold that position (then the server judges, as without the engine).
   */
  async check(g: GroupState, move: string): Promise<Verdict | null> {
    const legal = this.legalMoves(g);
    const held = this.held;
    const client = this.client;
    if (!legal || !held || !client) return null;
    if (legal.includes(move)) return { legal: true };
    try {
      await client.play(held.handle, move);
    } catch (e) {
      const { code, params } = parseErrorCode(String((e as { code?: unknown }).code ?? ""));
      // Not a refusal of the move (the engine stopped, a lost game): the server judges.
      if (code !== "illegal_move" || !params["reason"]) return null;
      return { legal: false, code, params };
    }
    // Played, although not among its legal moves: the engine disagrees with itself.
    this.disagree(held.key, `the engine took ${move}, not among its legal moves`);
    return null;
  }

  /** Resolves when the engine is in step with the state followed, or gave up (tests). */
  async idle(): Promise<void> {
    for (;;) {
      const w = this.work;
      await w;
      if (w === this.work && !this.pumping) return;
    }
  }

  /** Forgets the game and closes its engine client for good (tests; a page never needs to). */
  close(): void {
    this.closed = true;
    this.release();
  }

  // ---- inside ---------------------------------------------------------------------------

  private ready(t: Target): boolean {
    const held = this.held;
    return (
      !!held && t.key !== this.failedKey && held.key === t.key && sameList(held.moves, t.moves)
    );
  }

  private pump(): void {
    if (this.pumping || !this.client) return;
    this.pumping = true;
    this.work = this.loop();
  }

  /**
   * Brings the engine's game to the state followed, one request at a time: the new moves
   * played, or a new game when the held one does not lead there. The target may change while
   * a request is out: its answer is then dropped (a new game for an older state is deleted).
   */
  private async loop(): Promise<void> {
    for (;;) {
      const t = this.target;
      if (!t || this.closed || !this.client || t.key === this.failedKey) break;
      if (this.ready(t)) {
        if (!sameSet(this.held!.legal, t.legal))
          this.disagree(t.key, "the engine's legal moves are not the server's");
        break;
      }
      await this.step(t);
    }
    // In the same turn as the last look at the target: a follow() now starts a new loop.
    this.pumping = false;
  }

  private async step(t: Target): Promise<void> {
    const client = this.client!;
    const held = this.held;
    try {
      if (
        held &&
        held.key === t.key &&
        held.moves.length < t.moves.length &&
        sameList(held.moves, t.moves.slice(0, held.moves.length))
      ) {
        const move = t.moves[held.moves.length]!;
        const snap = await client.play(held.handle, move);
        if (this.held !== held) return;
        held.moves.push(move);
        held.legal = snap.legalMoves;
        return;
      }
      this.dropHeld();
      const moves = [...t.moves];
      const position = moves.length ? `${t.start} moves ${moves.join(" ")}` : t.start;
      const answer = await client.newGame(t.game, t.options, position);
      if (this.closed || this.target?.key !== t.key || this.held) {
        // Asked for a game no longer shown: dropped.
        void client.deleteGame(answer.handle).catch(() => {});
        return;
      }
      this.held = { key: t.key, handle: answer.handle, moves, legal: answer.snapshot.legalMoves };
    } catch (e) {
      // The client was closed meanwhile (no game shown for a moment): nothing against the game.
      if (client !== this.client) return;
      // Refused a move or a position the server played, or could not load: this game is left
      // to the server. (A refusal for a state no longer shown is not held against the engine.)
      if (this.target?.key === t.key) this.disagree(t.key, "the engine refused the game", e);
      else if (this.held === held) this.dropHeld();
    }
  }

  private disagree(key: string, what: string, detail?: unknown): void {
    if (this.failedKey !== key) (this.deps.log ?? console.warn)(`referee: ${what}`, detail ?? "");
    this.failedKey = key;
    if (this.held?.key === key) this.dropHeld();
  }

  /** The engine's game forgotten and its client closed (opened again for the next game). */
  private release(): void {
    this.dropHeld();
    this.client?.close();
    this.client = null;
  }

  private dropHeld(): void {
    const held = this.held;
    this.held = null;
    if (held && this.client) void this.client.deleteGame(held.handle).catch(() => {});
  }
}

export interface RefereedMoveDeps {
  referee: Referee;
  store: Store;
  i18n: () => I18n;
  /** Sends the move to the server (the server session's `move`). */
  send: (text: string) => void;
}

/**
 * A move on the hall's table shown: refused at once, with the server's words, when the engine
 * in the page says why it is illegal; otherwise sent, and the server rules. An answer that
 * comes after the position changed is dropped (the board was drawn again; nothing is sent).
 */
export async function refereedMove(deps: RefereedMoveDeps, text: string): Promise<void> {
  const { store, referee } = deps;
  const g = store.state.group;
  if (!g || store.state.pending) return deps.send(text);
  const verdict = await referee.check(g, text);
  // The engine's answer took a moment: the move counts only if the position it was made in is
  // still the one shown (a newer state of the same position, a presence or a clock, is fine).
  const now = store.state.group;
  const samePosition =
    !!now &&
    now.id === g.id &&
    now.table.game?.number === g.table.game?.number &&
    now.table.game?.moves.length === g.table.game?.moves.length;
  if (!samePosition || store.state.pending) return;
  if (verdict === null || verdict.legal) return deps.send(text);
  store.update({
    notice: makeNotice("error", errorText(verdict.code, verdict.params, deps.i18n()), verdict.code),
  });
}

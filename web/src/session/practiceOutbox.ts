// Finished practice games waiting on the device to be kept with the person's games on the
// server ("My games"): each is sent as `practice_game` (docs/protocol.md) once the server has
// greeted the page, one at a time, and leaves the outbox when the server says it is stored
// (`practice_stored`, also for one stored before: sending twice stores it once). The server
// replays its moves under the rules; a game it refuses for what it is (an illegal move, not
// over, local rules it does not know) can never be stored and is dropped; one it could not
// take just now (its database, its limit, an older server) waits for later, and so does one
// whose answer does not come in time (an answer lost, or one that does not name the request):
// the game's id makes a second sending harmless. The outbox lives in local storage, so games
// played offline wait there across reloads.
import { type ClientMessage, type PracticeSubmission, isGameId } from "../net/protocol";
import { KEYS, type KeyValue } from "../state/storage";
import type { Store } from "../state/store";

/** Games kept waiting at most (the oldest goes first when a new one would pass it). */
export const OUTBOX_LIMIT = 100;
/** Ids of games stored lately, for the practice page to say so. */
const SENT_LIMIT = 50;
/** After the server could not take a game just now: its database (store), its limit. */
const RETRY_MS = 5_000;
const RATE_LIMITED_MS = 60_000;
/**
 * How long the game sent may go unanswered before the outbox gives up waiting and sends it
 * again RETRY_MS later (the server replays and stores a game in well under a second; its
 * database gives up on a write within 5 s).
 */
export const ANSWER_MS = 20_000;
/** Request ids given up on that are still remembered, so that a late answer is known as ours. */
const GIVEN_UP_LIMIT = 20;
/** Answers after which a game waits for the next greeting (a server without practice games). */
const WAIT_FOR_NEXT_GREETING = ["unknown_type", "not_hello", "moved"];
const TRY_AGAIN = ["store", "rate_limited", "busy"];

export type { PracticeSubmission };

function isSubmission(x: unknown): x is PracticeSubmission {
  const s = x as PracticeSubmission;
  return (
    !!s &&
    typeof s === "object" &&
    typeof s.id === "string" &&
    isGameId(s.game) &&
    typeof s.options === "object" &&
    s.options !== null &&
    Number.isInteger(s.side) &&
    Number.isInteger(s.level) &&
    Array.isArray(s.moves) &&
    s.moves.every((m) => typeof m === "string") &&
    (s.resigned === undefined || Number.isInteger(s.resigned)) &&
    typeof s.started_ms === "number" &&
    typeof s.ended_ms === "number"
  );
}

function readList<T>(storage: KeyValue, key: string, ok: (x: unknown) => x is T): T[] {
  try {
    const v = JSON.parse(storage.get(key) ?? "[]") as unknown;
    return Array.isArray(v) ? v.filter(ok) : [];
  } catch {
    return [];
  }
}

const isString = (x: unknown): x is string => typeof x === "string";

/** The games waiting to be sent, oldest first (unreadable entries are left out). */
export function readOutbox(storage: KeyValue): PracticeSubmission[] {
  return readList(storage, KEYS.practiceOutbox, isSubmission);
}

/** The ids of the practice games the server stored lately (newest last). */
export function readSent(storage: KeyValue): string[] {
  return readList(storage, KEYS.practiceSent, isString);
}

/** A new id for a practice game: random, in the characters the server takes (8–64). */
export function newPracticeId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface PracticeOutboxDeps {
  storage: KeyValue;
  store: Store;
  /** Sends a message on the server's connection (dropped while closed). */
  send: (m: ClientMessage) => void;
  /** The server has greeted this page (a person is known) and the socket is open. */
  online: () => boolean;
  /** A stored game: My games may show it now. */
  stored?: (id: string) => void;
}

export class PracticeOutbox {
  /** The game sent and not yet answered, with its request id. */
  private inFlight: { id: string; rid: string } | null = null;
  private pausedUntil = 0;
  private rid = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Ends the wait for the answer to the game in flight. */
  private answerTimer: ReturnType<typeof setTimeout> | null = null;
  /** Requests given up on (no answer in time): a late error for one is still ours. */
  private givenUp: string[] = [];

  constructor(private readonly deps: PracticeOutboxDeps) {
    this.publish();
  }

  /** A practice game ended: it waits to be sent (once, whatever how often it is added). */
  add(game: PracticeSubmission): void {
    const { storage } = this.deps;
    const list = readOutbox(storage).filter((g) => g.id !== game.id);
    if (readSent(storage).includes(game.id)) return;
    list.push(game);
    storage.set(KEYS.practiceOutbox, JSON.stringify(list.slice(-OUTBOX_LIMIT)));
    this.publish();
    this.flush();
  }

  /** The server greeted the page: whatever waits is sent now. */
  greeted(): void {
    this.settle();
    this.pausedUntil = 0;
    this.flush();
  }

  /** Sends the oldest game waiting, unless one is already on its way or it is not the time. */
  flush(): void {
    if (this.inFlight || !this.deps.online() || Date.now() < this.pausedUntil) return;
    const next = readOutbox(this.deps.storage)[0];
    if (!next) return;
    this.rid += 1;
    const rid = `p${this.rid}`;
    this.inFlight = { id: next.id, rid };
    this.answerTimer = setTimeout(() => this.giveUp(rid), ANSWER_MS);
    this.deps.send({ type: "practice_game", rid, ...next });
  }

  /** `practice_stored`: the game is in My games; the next one goes. */
  stored(id: string): void {
    const { storage } = this.deps;
    this.remove(id);
    const sent = readSent(storage).filter((s) => s !== id);
    sent.push(id);
    storage.set(KEYS.practiceSent, JSON.stringify(sent.slice(-SENT_LIMIT)));
    if (this.inFlight?.id === id) this.settle();
    this.publish();
    this.deps.stored?.(id);
    this.flush();
  }

  /**
   * An error answered a request; true when it answered the game on its way (handled here, the
   * page says nothing), or a request given up on. A `rate_limited` that names no request (the
   * connection's message limit) may be the game's too: the game waits out the limit as if it
   * were, but false is returned, so that the page still tells the person.
   */
  failed(rid: string | undefined, code: string): boolean {
    const sent = this.inFlight;
    if (rid !== undefined && this.givenUp.includes(rid)) {
      this.givenUp = this.givenUp.filter((r) => r !== rid);
      return true;
    }
    if (sent && rid === undefined && code === "rate_limited") {
      this.settle();
      this.later(RATE_LIMITED_MS);
      return false;
    }
    if (!sent || rid !== sent.rid) return false;
    this.settle();
    if (WAIT_FOR_NEXT_GREETING.includes(code)) {
      this.pausedUntil = Number.POSITIVE_INFINITY;
    } else if (TRY_AGAIN.includes(code)) {
      this.later(code === "rate_limited" ? RATE_LIMITED_MS : RETRY_MS);
    } else {
      // The server will never store it as it is (illegal_move, not_finished, bad_message, ...).
      console.warn(`practice game ${sent.id} refused by the server: ${code}`);
      this.remove(sent.id);
      this.publish();
      this.flush();
    }
    return true;
  }

  /** The connection closed: the game on its way is sent again after the next greeting. */
  disconnected(): void {
    this.settle();
  }

  /** No answer to the game in flight came in time: it is sent again a little later. */
  private giveUp(rid: string): void {
    this.answerTimer = null;
    if (this.inFlight?.rid !== rid) return;
    console.warn(
      `practice game ${this.inFlight.id}: no answer in ${ANSWER_MS} ms, sent again later`,
    );
    this.givenUp = [...this.givenUp, rid].slice(-GIVEN_UP_LIMIT);
    this.settle();
    this.later(RETRY_MS);
  }

  /** The game in flight is no longer waited for. */
  private settle(): void {
    this.inFlight = null;
    if (this.answerTimer) clearTimeout(this.answerTimer);
    this.answerTimer = null;
  }

  private later(ms: number): void {
    this.pausedUntil = Date.now() + ms;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, ms);
  }

  private remove(id: string): void {
    const { storage } = this.deps;
    const list = readOutbox(storage);
    const left = list.filter((g) => g.id !== id);
    if (left.length !== list.length) storage.set(KEYS.practiceOutbox, JSON.stringify(left));
  }

  /** What the practice page shows of it: the games waiting and those stored lately. */
  private publish(): void {
    const { storage, store } = this.deps;
    store.update({
      practiceOutbox: { waiting: readOutbox(storage).map((g) => g.id), sent: readSent(storage) },
    });
  }
}

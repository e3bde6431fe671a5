// One WebSocket to /ws that comes back by itself: exponential backoff after a drop, and an
// immediate attempt when the page becomes visible or the browser goes online. After every
// (re)connect it sends `hello` with the stored token, and the owner re-syncs its group.
// A connection that goes silent is not trusted: after HEARTBEAT_MS without a message it sends
// `ping`, and if nothing comes within ANSWER_MS (a server paused, or cut off while the socket
// looks open) it drops the socket and connects again, through the proxy to whoever plays the
// group now.

import { backoffDelay, type BackoffOptions, DEFAULT_BACKOFF } from "./backoff";
import { type ClientMessage, type ServerMessage, parseServerMessage } from "./protocol";

export type ConnectionStatus = "connecting" | "open" | "closed";

/** The part of the browser's WebSocket this module uses (a fake one in tests). */
export interface SocketLike {
  readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ConnectionDeps {
  url: string;
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
  backoff?: BackoffOptions;
  /** Called on every open, before queued messages are flushed: send hello (+ sync) here. */
  onOpen: (send: (m: ClientMessage) => void) => void;
  onMessage: (m: ServerMessage) => void;
  onStatus?: (s: ConnectionStatus, attempt: number) => void;
}

const OPEN = 1;
// A server paused or cut off is noticed within 7 s, so that its tables go on elsewhere within
// the 10 s the servers promise (docs/server.md); a ping every 4 s of silence costs little.
export const HEARTBEAT_MS = 4_000;
export const ANSWER_MS = 3_000;

export class Connection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private stopped = false;
  private queue: ClientMessage[] = [];
  private helloDone = false;
  private silence: unknown = null; // the heartbeat's timer
  /** The owner's timers (after()): cancelled by stop(). */
  private tasks = new Set<unknown>();
  private url: string;
  status: ConnectionStatus = "closed";

  constructor(private readonly deps: ConnectionDeps) {
    this.url = deps.url;
  }

  /**
   * Reconnects at once to another address (several servers: the one that plays our group),
   * without the backoff wait; the owner's onOpen greets and re-syncs as after any reconnect.
   */
  moveTo(url: string): void {
    if (this.stopped) return;
    this.url = url;
    this.cancelTimer();
    const s = this.socket;
    this.socket = null;
    if (s) s.close(1000, "moved");
    this.connect();
  }

  /**
   * moveTo after `ms`, on the connection's own timer: a stop (or another move) in between
   * cancels it.
   */
  moveToLater(url: string, ms: number): void {
    if (this.stopped) return;
    this.cancelTimer();
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.moveTo(url);
    }, ms);
  }

  /**
   * Runs `fn` after `ms` on the connection's timers (the ones its owner gave it), unless the
   * connection is stopped first: the owner's work that belongs to this connection (a message
   * sent again) ends with it.
   */
  after(ms: number, fn: () => void): void {
    if (this.stopped) return;
    const handle = this.setTimer(() => {
      this.tasks.delete(handle);
      fn();
    }, ms);
    this.tasks.add(handle);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer();
    this.cancelSilence();
    for (const t of this.tasks) this.clearTimer(t);
    this.tasks.clear();
    const s = this.socket;
    this.socket = null;
    if (s) s.close(1000, "bye");
    this.setStatus("closed");
  }

  /** Sends now if the connection is open and greeted, else when it is. */
  send(m: ClientMessage): void {
    if (this.socket && this.socket.readyState === OPEN && this.helloDone) {
      this.socket.send(JSON.stringify(m));
    } else {
      this.queue.push(m);
      if (!this.socket && !this.timer && !this.stopped) this.connect();
    }
  }

  /** Drops queued messages that should not be replayed (e.g. a move chosen offline). */
  clearQueue(predicate: (m: ClientMessage) => boolean = () => true): void {
    this.queue = this.queue.filter((m) => !predicate(m));
  }

  /** Try again now (visibilitychange / online): skips the remaining backoff wait. */
  poke(): void {
    if (this.stopped) return;
    if (this.socket && (this.status === "open" || this.status === "connecting")) return;
    this.cancelTimer();
    this.connect();
  }

  /** The greeting (welcome) arrived: flush what waited for it. */
  greeted(): void {
    this.helloDone = true;
    this.attempt = 0;
    const q = this.queue;
    this.queue = [];
    for (const m of q) this.send(m);
  }

  private connect(): void {
    if (this.stopped) return;
    this.cancelTimer();
    this.helloDone = false;
    this.setStatus("connecting");
    let s: SocketLike;
    try {
      s = (this.deps.createSocket ?? defaultSocket)(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = s;
    s.onopen = () => {
      if (this.socket !== s) return;
      this.setStatus("open");
      this.listen(s);
      // hello (and the owner's sync) go out before anything queued.
      this.deps.onOpen((m) => s.send(JSON.stringify(m)));
    };
    s.onmessage = (ev) => {
      if (this.socket !== s || typeof ev.data !== "string") return;
      this.listen(s);
      const m = parseServerMessage(ev.data);
      if (!m) return;
      if (m.type === "welcome" && !this.helloDone) {
        this.deps.onMessage(m);
        this.greeted();
        return;
      }
      this.deps.onMessage(m);
    };
    s.onerror = () => {
      /* a close follows */
    };
    s.onclose = () => {
      if (this.socket !== s) return;
      this.socket = null;
      this.helloDone = false;
      this.cancelSilence();
      this.setStatus("closed");
      this.scheduleRetry();
    };
  }

  /**
   * Something came from `s` (or it opened): the heartbeat starts again. After HEARTBEAT_MS of
   * silence a ping goes out; ANSWER_MS more without a word and the socket is given up (its
   * close may never come from a peer that is gone) and another is opened at once.
   */
  private listen(s: SocketLike): void {
    this.cancelSilence();
    this.silence = this.setTimer(() => {
      if (this.socket !== s) return;
      if (this.helloDone) s.send(JSON.stringify({ type: "ping" }));
      this.silence = this.setTimer(() => {
        if (this.socket !== s) return;
        this.silence = null;
        this.socket = null;
        this.helloDone = false;
        s.onopen = s.onmessage = s.onclose = s.onerror = null;
        s.close(4000, "silent");
        this.setStatus("closed");
        this.connect();
      }, ANSWER_MS);
    }, HEARTBEAT_MS);
  }

  private cancelSilence(): void {
    if (this.silence !== null) {
      this.clearTimer(this.silence);
      this.silence = null;
    }
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    const delay = backoffDelay(
      this.attempt,
      this.deps.random,
      this.deps.backoff ?? DEFAULT_BACKOFF,
    );
    this.attempt += 1;
    this.timer = this.setTimer(() => {
      this.timer = null;
      this.connect();
    }, delay);
  }

  private cancelTimer(): void {
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
  }

  /** The timers given (tests control time), else the page's. */
  private setTimer(fn: () => void, ms: number): unknown {
    return this.deps.setTimer ? this.deps.setTimer(fn, ms) : setTimeout(fn, ms);
  }

  private clearTimer(handle: unknown): void {
    if (this.deps.clearTimer) this.deps.clearTimer(handle);
    else clearTimeout(handle as ReturnType<typeof setTimeout>);
  }

  private setStatus(s: ConnectionStatus): void {
    this.status = s;
    this.deps.onStatus?.(s, this.attempt);
  }

  get attempts(): number {
    return this.attempt;
  }
}

function defaultSocket(url: string): SocketLike {
  return new WebSocket(url) as unknown as SocketLike;
}

/**
 * ws(s)://host/ws for the page's own origin. The group shown, and the server and hall that
 * play it once a `moved` named them, go in the query: a proxy in front of several servers
 * routes by group and server (deploy/haproxy.cfg), a server with several halls by group and
 * hall (shard).
 */
export function socketUrl(
  loc: { protocol: string; host: string },
  group?: string | null,
  server?: string | null,
  shard?: string | null,
): string {
  const base = `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws`;
  const q = new URLSearchParams();
  if (group) q.set("group", group);
  if (group && server) q.set("server", server);
  if (group && shard) q.set("shard", shard);
  const query = q.toString();
  return query ? `${base}?${query}` : base;
}

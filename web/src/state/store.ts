// The application state: who we are, the group we are in, what we are waiting for.
// Pages render from it; the network layer and user actions update it. No game rules here.

import type { GameRecord, GroupState, HistoryGame, MissedEvent } from "../net/protocol";
import type { ConnectionStatus } from "../net/connection";
import type { Prefs } from "./prefs";
import type { AnalysisState } from "../analysis/state";

export interface PendingMove {
  move: string;
  version: number; // the group version the move was chosen in
  sentAt: number;
  rid?: string; // the request id it was sent with
  tries?: number; // how many times it was sent again after the server could not store it
}

export interface Notice {
  kind: "error" | "info";
  code?: string;
  text: string;
  at: number;
  /** How long it shows (ms); errors stay longer than confirmations. */
  ttl: number;
}

/** A notice shown now: errors stay 8 s, confirmations 4 s (or until closed). */
export function makeNotice(kind: Notice["kind"], text: string, code?: string): Notice {
  const n: Notice = { kind, text, at: Date.now(), ttl: kind === "error" ? 8000 : 4000 };
  if (code) n.code = code;
  return n;
}

/**
 * A name typed and saved, until the server takes it: kept in its field (the field's id), and
 * when refused, with why (an error code and params, written in the page's language).
 */
export interface NameDraft {
  field: string;
  text: string;
  rid: string | null;
  error: { code: string; params?: Record<string, string> } | null;
}

/** A group page whose group could not be opened (a wrong or expired invite link). */
export interface GroupError {
  id: string;
  code: string;
}

export interface AppState {
  connection: ConnectionStatus;
  reconnectAttempt: number;
  person: { id: string; name: string; default_name?: boolean } | null;
  group: GroupState | null;
  /** When the last group state arrived (performance.now()), for the turn clock. */
  groupReceivedAt: number;
  pending: PendingMove | null;
  notice: Notice | null;
  /** What the CPU did for the viewer while they were away, shown until their next move. */
  awayNote: { game: number; text: string; move: string } | null;
  groupError: GroupError | null;
  /** A name being saved, or refused (kept in its field with the reason). */
  nameDraft: NameDraft | null;
  prefs: Prefs;
  missed: MissedEvent[];
  history: {
    status: "idle" | "loading" | "ready" | "unsupported" | "error";
    games: HistoryGame[];
  };
  /** The record being replayed (#/history/ID) and the shown position (0 = start). */
  record: RecordState;
  /** The CPU's analysis of a record (analysis/controller.ts), kept across renders. */
  analysis: AnalysisState | null;
  /** Practice games waiting on the device to go to My games, and those sent lately (ids). */
  practiceOutbox: { waiting: string[]; sent: string[] };
}

export interface RecordState {
  status: "idle" | "loading" | "ready" | "error";
  id: number | null;
  data: GameRecord | null;
  index: number;
  /** The error code when status is "error" (e.g. no_game). */
  error?: string;
}

export type Listener = (s: AppState) => void;

export class Store {
  private listeners = new Set<Listener>();
  state: AppState = {
    connection: "closed",
    reconnectAttempt: 0,
    person: null,
    group: null,
    groupReceivedAt: 0,
    pending: null,
    awayNote: null,
    notice: null,
    groupError: null,
    nameDraft: null,
    prefs: { moveStyle: "japanese", sound: false, boardZoom: true },
    missed: [],
    history: { status: "idle", games: [] },
    record: { status: "idle", id: null, data: null, index: 0 },
    analysis: null,
    practiceOutbox: { waiting: [], sent: [] },
  };

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  update(patch: Partial<AppState>): void {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }

  /**
   * A group state arrived. Older versions of the same group are ignored (a late reply);
   * a newer version ends the pending move whatever it was.
   */
  receiveGroup(g: GroupState, missed: MissedEvent[] | undefined, now: number): boolean {
    const cur = this.state.group;
    if (cur && cur.id === g.id && g.version < cur.version) return false;
    const pending =
      this.state.pending && g.version > this.state.pending.version ? null : this.state.pending;
    this.update({
      group: g,
      groupReceivedAt: now,
      pending: cur && cur.id !== g.id ? null : pending,
      groupError: null,
      missed: missed ?? [],
    });
    return true;
  }
}

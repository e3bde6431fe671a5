// Runs the CPU's analysis of the record shown (#/history/ID) and keeps what it finds in the
// store (AppState.analysis) for the record page: the engine's Web Worker is started by the
// first request (the "Analyse" button, or "show me"), judges every position (run.ts), and is
// closed when the analysis is stopped, left or dropped, so a search never runs unseen.
import type { EngineClient } from "../engine/client";
import type { EvaluateLimits } from "../engine/protocol";
import type { GameRecord } from "../net/protocol";
import type { Store } from "../state/store";
import { linePositions } from "./line";
import { ANALYSIS_LIMITS, type AnalysedGame, analyseGame } from "./run";
import { type AnalysisState, type LineState, analysisOf } from "./state";

export interface AnalysisDeps {
  store: Store;
  /** Starts an engine (the Web Worker in the page; the module in the tests). */
  engine: () => EngineClient;
  limits?: EvaluateLimits;
}

/** A record as the analysis reads it. */
export function analysedGame(r: GameRecord): AnalysedGame {
  return { game: r.game, options: r.options, start: r.start, moves: r.moves };
}

export class AnalysisController {
  private engine: EngineClient | null = null;
  /** The run whose results are wanted; an older run's late answers are ignored. */
  private run = 0;
  private lineRun = 0;

  constructor(private readonly deps: AnalysisDeps) {}

  /** Analyses the record shown from its first position (again, if it was stopped). */
  start(): Promise<void> {
    const r = this.record();
    if (!r) return Promise.resolve();
    const before = analysisOf(this.deps.store.state.analysis, r.game_id);
    if (before?.status === "running") return Promise.resolve();
    const run = ++this.run;
    this.set({ gameId: r.game_id, status: "running", positions: [], line: before?.line ?? null });
    let engine: EngineClient;
    try {
      engine = this.engineNow();
    } catch (e) {
      this.patch(run, { status: "error", error: messageOf(e) });
      return Promise.resolve();
    }
    return analyseGame(
      engine,
      analysedGame(r),
      (i, p) => {
        const a = this.current(run);
        if (!a) return;
        const positions = a.positions.slice(0, i);
        positions[i] = p;
        this.set({ ...a, positions });
      },
      () => run !== this.run,
      this.deps.limits ?? ANALYSIS_LIMITS,
    ).then(
      (done) => this.patch(run, { status: done ? "done" : "stopped" }),
      (e) => this.patch(run, { status: "error", error: messageOf(e) }),
    );
  }

  /** Stops a running analysis at once (the worker is closed); what was found is kept. */
  stop(): void {
    const a = this.deps.store.state.analysis;
    this.run++;
    this.lineRun++;
    this.closeEngine();
    if (!a) return;
    const line = a.line?.status === "loading" ? null : a.line;
    this.set({ ...a, status: a.status === "running" ? "stopped" : a.status, line });
  }

  /** Forgets the analysis (another record is opened). */
  drop(): void {
    this.stop();
    if (this.deps.store.state.analysis) this.deps.store.update({ analysis: null });
  }

  /**
   * "Show me": the CPU's preferred line from the replay's current position, its first move
   * played on the board once the engine has computed the line's positions.
   */
  showLine(): Promise<void> {
    const r = this.record();
    const a = r ? analysisOf(this.deps.store.state.analysis, r.game_id) : null;
    if (!r || !a) return Promise.resolve();
    const from = this.deps.store.state.record.index;
    const pv = a.positions[from]?.pv ?? [];
    if (pv.length === 0) return Promise.resolve();
    const token = ++this.lineRun;
    const start = r.positions[from] ?? r.start;
    const loading = { from, moves: pv, positions: [start], seats: [a.positions[from]!.seat] };
    this.setLine({ ...loading, step: 0, status: "loading" });
    let engine: EngineClient;
    try {
      engine = this.engineNow();
    } catch (e) {
      this.setLine({ ...loading, step: 0, status: "error" });
      return Promise.reject(e);
    }
    return linePositions(engine, analysedGame(r), from, pv).then(
      (steps) => {
        if (token !== this.lineRun) return;
        // The game's own text for the start, so that step 0 is exactly the replay's board.
        const positions = steps.map((s, k) => (k === 0 ? start : s.position));
        const seats = steps.map((s) => s.seat);
        const words = steps.slice(1).map((s) => s.words);
        const step = Math.min(1, positions.length - 1);
        this.setLine({ from, moves: pv, positions, seats, words, step, status: "ready" });
      },
      () => {
        if (token !== this.lineRun) return;
        this.setLine({ ...loading, step: 0, status: "error" });
      },
    );
  }

  /** Shows step `step` of the line (0: the game's position it starts from). */
  lineStep(step: number): void {
    const line = this.deps.store.state.analysis?.line;
    if (!line || line.status !== "ready") return;
    const s = Math.min(Math.max(0, Math.trunc(step)), line.positions.length - 1);
    if (s !== line.step) this.setLine({ ...line, step: s });
  }

  /** Back to the game's own moves. */
  leaveLine(): void {
    this.lineRun++;
    if (this.deps.store.state.analysis?.line) this.setLine(null);
  }

  private record(): GameRecord | null {
    const rs = this.deps.store.state.record;
    return rs.status === "ready" && rs.data ? rs.data : null;
  }

  /** The analysis in the store, if it is still the one `run` makes. */
  private current(run: number): AnalysisState | null {
    return run === this.run ? this.deps.store.state.analysis : null;
  }

  private patch(run: number, change: Partial<AnalysisState>): void {
    const a = this.current(run);
    if (a) this.set({ ...a, ...change });
    if (run === this.run && change.status && change.status !== "done") this.closeEngine();
  }

  private set(a: AnalysisState): void {
    this.deps.store.update({ analysis: a });
  }

  private setLine(line: LineState | null): void {
    const a = this.deps.store.state.analysis;
    if (a) this.set({ ...a, line });
  }

  private engineNow(): EngineClient {
    this.engine ??= this.deps.engine();
    return this.engine;
  }

  private closeEngine(): void {
    this.engine?.close();
    this.engine = null;
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

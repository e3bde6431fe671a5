// Types of the module's JavaScript loader, src/wasm/kaisho_engine.mjs (docs/engine-wasm.md),
// which the web client imports as it is through the alias `@kaisho/engine-loader`
// (vite.config.ts): one loader for Node's tests and the page's Web Worker.
declare module "@kaisho/engine-loader" {
  export class KaishoError extends Error {
    constructor(message: string, code?: string);
    /** The code and parameters, e.g. "illegal_move move=2h2c reason=cannot_reach" ("" if none). */
    readonly code: string;
  }

  export interface KaishoState {
    text: string;
    position: string;
    toMove?: string;
    out?: string;
    result?: string;
    reason?: string;
  }

  /** One `info` line of a search: "info depth D score S [mate M] nodes N time MS pv ...". */
  export interface KaishoInfo {
    depth: number;
    score: number;
    mate: number;
    nodes: number;
    time: number;
    pv: string[];
  }

  export interface KaishoThink {
    bestmove: string | null;
    lines: string[];
    info: KaishoInfo | null;
  }

  export type KaishoPairs = Record<string, string | number | undefined | null> | string;

  export interface KaishoGame {
    legalMoves(): string[];
    play(move: string): void;
    state(): KaishoState;
    /**
     * The seats in check now, by name in seat order ([] when none), as the server's `in_check`;
     * a mated seat is still in check once the game is over.
     */
    inCheck(): string[];
    think(limits: KaishoPairs, onInfo?: (line: string) => void): KaishoThink;
    /** A full-strength search's judgement (its last info line), null once the game is over. */
    evaluate(
      limits: KaishoPairs,
      onInfo?: (line: string) => void,
    ): (KaishoInfo & { line: string }) | null;
    /**
     * The moves played in a readable notation, one string per move ([] for games with none:
     * hasami, yonin, musashi); another style than "japanese" or "western" throws.
     */
    notation(style: "japanese" | "western"): string[];
    /**
     * The record as a file, as the server exports it: "text" (every game), "kif" or "csa"
     * (shogi and annan only). names: the seats' names (default "sente", "gote"); reason: how
     * the game ended when its rules did not end it ("resignation").
     */
    record(
      format: "text" | "kif" | "csa",
      info?: { names?: readonly string[] | null; reason?: string | null },
    ): string;
    delete(): void;
  }

  export interface KaishoEngine {
    games(): string[];
    newGame(game: string, options?: KaishoPairs | null, position?: string | null): KaishoGame;
    memoryBytes(): number;
  }

  export function loadKaishoEngine(
    source:
      | WebAssembly.Module
      | ArrayBuffer
      | ArrayBufferView
      | Response
      | Promise<WebAssembly.Module | ArrayBuffer | ArrayBufferView | Response>,
    options?: { onInfo?: (line: string) => void },
  ): Promise<KaishoEngine>;
}

// How a record page writes a game: its title by who played it and when (not a site-wide id),
// and the CPU's preferred move and line in the move list's notation, written by the engine.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type KaishoEngine, loadKaishoEngine } from "@kaisho/engine-loader";
import { inPageEngine } from "../src/engine/client";
import { I18n } from "../src/i18n";
import { analyseGame } from "../src/analysis/run";
import { linePositions } from "../src/analysis/line";
import { bestLabel, lineMoveLabel } from "../src/analysis/panel";
import { recordTitle } from "../src/history/format";

const en = new I18n("en");
const ar = new I18n("ar");
const FSI = "\u2068";
const PDI = "\u2069";
const WASM = new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url);
let engine: KaishoEngine;

beforeAll(async () => {
  engine = await loadKaishoEngine(readFileSync(WASM));
});

describe("a record's title", () => {
  const r = {
    game: "shogi" as const,
    players: ["Layla", "CPU"],
    seats: [
      { kind: "person" as const, person: "me", default_name: false },
      { kind: "cpu" as const, level: 3 },
    ],
  };
  it("names the game by who played and when, not by a site-wide id", () => {
    const ended = Date.UTC(2026, 11, 5, 20, 31);
    expect(recordTitle(r, 0, null, en)).toBe(`Shogi against ${FSI}CPU level 3${PDI}`);
    expect(recordTitle(r, null, null, en)).toBe(
      `Shogi: ${FSI}Layla${PDI} against ${FSI}CPU level 3${PDI}`,
    );
    expect(recordTitle(r, 0, null, ar)).toBe(`شوغي ضد ${FSI}الحاسوب، المستوى 3${PDI}`);
    const dated = recordTitle(r, 0, ended, en);
    expect(dated).toMatch(/^Shogi against .*CPU level 3.* · .*2026/);
    expect(dated).not.toMatch(/game \d/);
    const yonin = {
      game: "yonin" as const,
      players: ["A", "CPU", "CPU", "CPU"],
      seats: [
        { kind: "person" as const, person: "me" },
        { kind: "cpu" as const, level: 1 },
        { kind: "cpu" as const, level: 2 },
        { kind: "cpu" as const, level: 3 },
      ],
    };
    expect(recordTitle(yonin, 0, null, en)).toBe(
      `Yonin Shogi against ${FSI}CPU level 1${PDI}, ${FSI}CPU level 2${PDI}, and ${FSI}CPU level 3${PDI}`,
    );
  });
});

describe("the CPU's move in the move list's notation", () => {
  it("is written by the engine for each position judged, and along the CPU's line", async () => {
    const client = inPageEngine(engine);
    const g = { game: "shogi" as const, options: {}, start: "startpos", moves: ["7g7f", "3c3d"] };
    const judged: NonNullable<Parameters<Parameters<typeof analyseGame>[2]>[1]>[] = [];
    await analyseGame(
      client,
      g,
      (_, p) => p && judged.push(p),
      () => false,
      { nodes: 2000 },
    );
    expect(judged).toHaveLength(3);
    for (const p of judged) {
      expect(p.best?.japanese).toMatch(/^[☗☖]/);
      expect(p.best?.western).toMatch(/^[A-Z+]/);
      expect(bestLabel(p, "usi", true)).toBe(p.pv[0]);
      expect(bestLabel(p, "japanese", true)).toBe(p.best?.japanese);
      // A record with no notation (an older server) keeps the move text.
      expect(bestLabel(p, "japanese", false)).toBe(p.pv[0]);
    }
    // Hasami's moves are their own readable text.
    const h: NonNullable<Parameters<Parameters<typeof analyseGame>[2]>[1]>[] = [];
    await analyseGame(
      client,
      { game: "hasami", options: {}, start: "startpos", moves: [] },
      (_, p) => p && h.push(p),
      () => false,
      { nodes: 500 },
    );
    expect(h[0]?.best).toBeUndefined();
    // "Show me": each move of the line as the move list writes it (同 after the move before).
    const steps = await linePositions(client, g, 2, ["2g2f", "8c8d", "2f2e"]);
    expect(steps.slice(1).map((s) => s.words?.japanese)).toEqual(["☗２六歩", "☖８四歩", "☗２五歩"]);
    const line = {
      from: 2,
      moves: ["2g2f", "8c8d", "2f2e"],
      positions: steps.map((s) => s.position),
      seats: steps.map((s) => s.seat),
      words: steps.slice(1).map((s) => s.words),
      step: 2,
      status: "ready" as const,
    };
    expect(lineMoveLabel(line, 1, "western")).toBe("P-8d");
    expect(lineMoveLabel(line, 1, "usi")).toBe("8c8d");
    expect(lineMoveLabel({ ...line, words: undefined }, 1, "japanese")).toBe("8c8d");
    client.close();
  });
});

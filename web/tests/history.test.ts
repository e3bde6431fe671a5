import { describe, expect, it } from "vitest";
import { I18n } from "../src/i18n";
import {
  gameLength,
  gameLengthText,
  formatDate,
  ratingChange,
  resultSummary,
  seatPlayers,
  winningSeats,
} from "../src/history/format";
import {
  clampIndex,
  exportFiles,
  keyStep,
  replayGroup,
  seatOfPerson,
  stepIndex,
} from "../src/history/replay";
import {
  type GameRecord,
  type GameResult,
  type ServerMessage,
  msg,
  parseServerMessage,
} from "../src/net/protocol";
import { parseRoute, routeUrl } from "../src/router";

// The server's replies, as `kaisho serve` sends them (a shogi game lost by resignation).
const RESULT: GameResult = {
  kind: "win",
  places: [],
  rating_changes: [{ after: 953.91, before: 1500, person: "me", seat: 0 }],
  reason: "resignation",
  winner: 1,
};
const HISTORY = {
  type: "history",
  games: [
    {
      ended_ms: 4527135,
      game: "shogi",
      game_id: 2,
      group: "4wytjn3xq6jmh5a4rwkrqhkc",
      players: ["Probe", "CPU"],
      result: RESULT,
      started_ms: 4524948,
    },
  ],
};
const RECORD = {
  type: "record",
  rid: "r1",
  game: "shogi",
  game_id: 2,
  moves: ["1g1f", "4c4d", "1f1e", "3a4b"],
  options: { alternate_first: "true", handicap: "none", move_limit: "0" },
  players: ["Probe", "CPU"],
  positions: [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/8P/PPPPPPPP1/1B5R1/LNSGKGSNL w - 2",
    "lnsgkgsnl/1r5b1/ppppp1ppp/5p3/9/8P/PPPPPPPP1/1B5R1/LNSGKGSNL b - 3",
    "lnsgkgsnl/1r5b1/ppppp1ppp/5p3/8P/9/PPPPPPPP1/1B5R1/LNSGKGSNL w - 4",
    "lnsgkg1nl/1r3s1b1/ppppp1ppp/5p3/8P/9/PPPPPPPP1/1B5R1/LNSGKGSNL b - 5",
  ],
  result: RESULT,
  start: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
  exports: {
    text: "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 1g1f 4c4d 1f1e 3a4b\n",
    kif: "手合割：平手\n先手：Probe\n後手：CPU\n   5 投了\n",
    csa: "V2.2\nN+Probe\nN-CPU\n%TORYO\n",
  },
};
const record = (): GameRecord => {
  const m = parseServerMessage(JSON.stringify(RECORD));
  if (m?.type !== "record") throw new Error("not a record");
  const { type: _t, rid: _r, ...r } = m;
  return r;
};

describe("history and record messages", () => {
  it("build the requests the server reads (game_id is an integer)", () => {
    expect(msg.history("h1")).toEqual({ type: "history", rid: "h1" });
    expect(msg.record(42, "r3")).toEqual({ type: "record", game_id: 42, rid: "r3" });
    expect(msg.record(42)).toEqual({ type: "record", game_id: 42 });
  });
  it("read the server's history reply", () => {
    const m = parseServerMessage(JSON.stringify(HISTORY)) as Extract<
      ServerMessage,
      { type: "history" }
    >;
    expect(m.type).toBe("history");
    expect(m.games).toHaveLength(1);
    expect(m.games[0]?.game_id).toBe(2);
    expect(m.games[0]?.players).toEqual(["Probe", "CPU"]);
  });
  it("drops history entries of unknown games, refuses a reply without a list", () => {
    const odd = {
      ...HISTORY,
      games: [...HISTORY.games, { game_id: 3, game: "chess", players: [] }],
    };
    const m = parseServerMessage(JSON.stringify(odd));
    expect(m?.type === "history" && m.games.length).toBe(1);
    expect(parseServerMessage('{"type":"history"}')).toBeNull();
  });
  it("read the server's record reply and refuse an inconsistent one", () => {
    const r = record();
    expect(r.positions).toHaveLength(r.moves.length + 1);
    expect(r.exports.kif).toContain("投了");
    const bad = { ...RECORD, positions: RECORD.positions.slice(1) };
    expect(parseServerMessage(JSON.stringify(bad))).toBeNull();
    expect(parseServerMessage(JSON.stringify({ ...RECORD, game_id: "2" }))).toBeNull();
  });
  it("route #/history/ID to the replay and back", () => {
    const at = (hash: string) => parseRoute({ pathname: "/", hash, search: "" });
    expect(at("#/history/17")).toEqual({ page: "record", id: 17 });
    expect(at("#/history/abc")).toEqual({ page: "history" });
    expect(routeUrl({ page: "record", id: 17 })).toBe("/#/history/17");
  });
});

describe("replay navigation", () => {
  it("keeps the index between the start and the last move", () => {
    expect(clampIndex(-3, 10)).toBe(0);
    expect(clampIndex(4, 10)).toBe(4);
    expect(clampIndex(11, 10)).toBe(10);
    expect(clampIndex(2.7, 10)).toBe(2);
    expect(clampIndex(Number.NaN, 10)).toBe(10);
    expect(clampIndex(3, 0)).toBe(0);
  });
  it("steps first, previous, next and last", () => {
    expect(stepIndex(5, "first", 10)).toBe(0);
    expect(stepIndex(5, "prev", 10)).toBe(4);
    expect(stepIndex(5, "next", 10)).toBe(6);
    expect(stepIndex(5, "last", 10)).toBe(10);
    expect(stepIndex(0, "prev", 10)).toBe(0);
    expect(stepIndex(10, "next", 10)).toBe(10);
    expect(stepIndex(0, "next", 0)).toBe(0);
  });
  it("maps keys the same way in both directions: Left is back in time", () => {
    expect(keyStep("ArrowLeft")).toBe("prev");
    expect(keyStep("ArrowRight")).toBe("next");
    expect(keyStep("Home")).toBe("first");
    expect(keyStep("End")).toBe("last");
    expect(keyStep("ArrowUp")).toBeNull();
    expect(keyStep("a")).toBeNull();
  });
  it("gives the renderers the position after i moves, read-only", () => {
    const r = record();
    const g0 = replayGroup(r, 0, null);
    expect(g0.table.game?.position).toBe(r.start);
    expect(g0.table.game?.last_move).toBeNull();
    expect(g0.table.game?.legal_moves).toEqual([]);
    expect(g0.table.your_seats).toEqual([]);
    const g2 = replayGroup(r, 2, 0);
    expect(g2.table.game?.position).toBe(r.positions[2]);
    expect(g2.table.game?.last_move).toBe("4c4d");
    expect(g2.table.game?.moves).toEqual(["1g1f", "4c4d"]);
    expect(g2.table.game?.to_move).toBe(-1);
    expect(g2.table.your_seats).toEqual([0]);
    expect(g2.table.seats.map((s) => s.name)).toEqual(["Probe", "CPU"]);
    expect(g2.table.seat_names).toEqual(["sente", "gote"]);
    expect(replayGroup(r, 99, null).table.game?.position).toBe(r.positions[4]);
  });
  it("draws Musashi on the board the options name", () => {
    const base = record();
    const mus = (board: string): GameRecord => ({
      ...base,
      game: "musashi",
      options: { board },
    });
    expect(replayGroup(mus("33"), 0, null).table.board.points).toHaveLength(33);
    expect(replayGroup(mus("25"), 0, null).table.board.points).toHaveLength(25);
    expect(replayGroup(mus("33"), 0, null).table.seat_names).toEqual(["father", "children"]);
  });
  it("knows the person's seat from the rating changes", () => {
    expect(seatOfPerson(RESULT, "me")).toBe(0);
    expect(seatOfPerson(RESULT, "someone")).toBeNull();
    expect(seatOfPerson(null, "me")).toBeNull();
  });
});

describe("exports", () => {
  it("offers text, KIF and CSA for shogi, named after the game", () => {
    const files = exportFiles(record());
    expect(files.map((f) => [f.kind, f.filename])).toEqual([
      ["text", "kaisho-shogi-2.txt"],
      ["kif", "kaisho-shogi-2.kif"],
      ["csa", "kaisho-shogi-2.csa"],
    ]);
    expect(files.every((f) => f.mime === "text/plain;charset=utf-8")).toBe(true);
    expect(files[1]?.content).toBe(RECORD.exports.kif);
  });
  it("offers only the text when there is no KIF or CSA", () => {
    const files = exportFiles({ game: "hasami", game_id: 3, exports: { text: "x moves" } });
    expect(files.map((f) => f.filename)).toEqual(["kaisho-hasami-3.txt"]);
    expect(
      exportFiles({ game: "yonin", game_id: 4, exports: { text: "y", kif: "" } }),
    ).toHaveLength(1);
  });
});

describe("history rows", () => {
  const en = new I18n("en");
  const ar = new I18n("ar");
  it("show a date only for wall-clock times", () => {
    expect(formatDate(4527135, "en")).toBeNull();
    expect(formatDate(Date.UTC(2025, 0, 15, 9, 30), "en", "UTC")).toMatch(/^Jan 15, 2025.*9:30/);
    const a = formatDate(Date.UTC(2025, 0, 15, 9, 30), "ar", "UTC") ?? "";
    expect(a).toMatch(/2025/); // Latin digits in Arabic too
    expect(a).not.toMatch(/[٠-٩]/);
  });
  it("give the length in seconds below a minute, else in whole minutes", () => {
    expect(gameLength(4524948, 4527135)).toEqual({ unit: "seconds", n: 2 });
    expect(gameLength(0, 200)).toEqual({ unit: "seconds", n: 1 });
    expect(gameLength(0, 59_400)).toEqual({ unit: "seconds", n: 59 });
    expect(gameLength(0, 25 * 60_000)).toEqual({ unit: "minutes", n: 25 });
    expect(gameLength(10, 5)).toBeNull();
    expect(gameLengthText(0, 12_000, en)).toBe("12 seconds");
    expect(gameLengthText(0, 12_000, ar)).toBe("12 ثانية");
    expect(gameLengthText(0, 2_000, ar)).toBe("ثانيتان");
    expect(gameLengthText(10, 5, en)).toBe("—");
    expect(en.tn("history.minutes", 25)).toBe("25 min");
    expect(ar.tn("history.minutes", 2)).toBe("دقيقتان");
    expect(ar.tn("history.minutes", 5)).toBe("5 دقائق");
  });
  it("name the players with their seats", () => {
    expect(seatPlayers("shogi", ["Probe", "CPU"], en)).toEqual(["Sente Probe", "Gote CPU"]);
    expect(seatPlayers("musashi", ["A", "B"], ar)).toEqual(["الأب A", "الأطفال B"]);
  });
  it("summarise a win from the person's side, with the translated reason", () => {
    const s = resultSummary("shogi", ["Probe", "CPU"], RESULT, en, 0);
    expect(s.headline).toBe("\u2068Gote (CPU)\u2069 wins");
    expect(s.reason).toBe("by resignation");
    expect(s.outcome).toBe("loss");
    expect(resultSummary("shogi", ["Probe", "CPU"], RESULT, en, 1).outcome).toBe("win");
    expect(resultSummary("shogi", ["Probe", "CPU"], RESULT, en, null).outcome).toBeNull();
    expect(resultSummary("shogi", ["Probe", "CPU"], RESULT, ar, 0).reason).toBe("بالاستسلام");
  });
  it("summarise draws, placements (places by seat) and unknown reasons", () => {
    const draw: GameResult = { kind: "draw", reason: "move_limit", rating_changes: [] };
    expect(resultSummary("hasami", ["A", "B"], draw, en, 0)).toEqual({
      headline: "Draw",
      reason: "the move limit was reached",
      outcome: "draw",
      place: null,
    });
    const placement: GameResult = {
      kind: "placement",
      places: [3, 1, 2, 4],
      reason: "two_out",
      rating_changes: [],
    };
    expect(winningSeats(placement)).toEqual([1]);
    const p = resultSummary("yonin", ["S", "W", "N", "E"], placement, en, 0);
    expect(p.headline).toBe("\u2068West (W)\u2069 wins");
    expect(p.outcome).toBe("loss");
    expect(p.place).toBe(3);
    const pairs: GameResult = { ...placement, places: [1, 2, 1, 2] };
    expect(winningSeats(pairs)).toEqual([0, 2]);
    const odd: GameResult = { kind: "win", winner: 0, reason: "meteor", rating_changes: [] };
    expect(resultSummary("shogi", ["A", "B"], odd, en, null).reason).toBe("(meteor)");
  });
  it("give the person's rating change, rounded", () => {
    expect(ratingChange(RESULT, "me")).toEqual({ before: 1500, after: 954, delta: -546 });
    expect(ratingChange(RESULT, "other")).toBeNull();
  });
});

// The words around the board: errors from codes, names the site gives, ratings, notations and
// what is announced when the table changes.
import { describe, expect, it } from "vitest";
import { I18n } from "../src/i18n";
import type { GroupState } from "../src/net/protocol";
import { describeChange } from "../src/ui/announce";
import { errorText, illegalReason } from "../src/ui/errors";
import { moveLabel, standInAt } from "../src/ui/moveText";
import { cpuName, personName, recordPlayerName } from "../src/ui/names";
import { formatRating, signed } from "../src/ui/ratings";
import { cpuMovesWhileAway, formatSeen, parseSeen, whileAwayText } from "../src/ui/whileAway";
import { readPrefs } from "../src/state/prefs";
import illegalMoveHeader from "../../src/rules/api/illegal_move.hpp?raw";

const en = new I18n("en");
const ar = new I18n("ar");
const LRI = "\u2066";
const PDI = "\u2069";

/** The C++ sources that answer clients (hall, protocol, identity): every error code they send. */
const serverSources = Object.values(
  import.meta.glob<string>("../../src/server/{hall,protocol,identity}/*.cpp", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
);

/** The reason codes the rules engines can send (src/rules/api/illegal_move.hpp). */
function serverReasons(): string[] {
  const list = illegalMoveHeader.slice(illegalMoveHeader.indexOf("kIllegalMoveReasons"));
  return [...list.matchAll(/\{"(\w+)", "[^"]*"\}/g)].map((m) => m[1]!);
}

describe("errors are written by the client, in the page's language", () => {
  it("has a sentence in both languages for every reason the server can send", () => {
    const reasons = serverReasons();
    expect(reasons.length).toBeGreaterThan(25);
    for (const r of reasons) {
      expect(en.has(`illegal.${r}`), r).toBe(true);
      expect(ar.has(`illegal.${r}`), r).toBe(true);
    }
  });
  it("fills a reason's parameters: pieces and seats translated, squares left to right", () => {
    const params = { move: "2h2c", reason: "cannot_reach", piece: "rook", from: "2h", to: "2c" };
    expect(errorText("illegal_move", params, en)).toBe(
      `Illegal move: the rook on ${LRI}2h${PDI} cannot move to ${LRI}2c${PDI}`,
    );
    expect(errorText("illegal_move", params, ar)).toBe(
      `نقلة غير قانونية: لا تستطيع القطعة (رخ) في ${LRI}2h${PDI} الانتقال إلى ${LRI}2c${PDI}`,
    );
    expect(illegalReason({ reason: "nifu", square: "5e", axis: "rank", line: "e" }, en)).toBe(
      `you already have an unpromoted pawn on rank ${LRI}e${PDI} (nifu)`,
    );
    expect(illegalReason({ reason: "not_your_piece", square: "5e", owner: "north" }, ar)).toBe(
      `القطعة في ${LRI}5e${PDI} ملك الشمال`,
    );
  });
  it("has a text in both languages for every error code the server sends", () => {
    const codes = new Set<string>();
    for (const src of serverSources)
      for (const m of src.matchAll(
        /(?:send_error\(c, rid,\s*|make_error\(|ErrorReply\{rid, )"(\w+)"/g,
      ))
        codes.add(m[1]!);
    expect(codes.size).toBeGreaterThan(10);
    for (const code of codes) {
      expect(en.has(`err.${code}`), code).toBe(true);
      expect(ar.has(`err.${code}`), code).toBe(true);
    }
  });
  it("never shows the server's English message, and says it once", () => {
    const text = errorText("no_such_group", undefined, ar);
    expect(text).toBe("هذه الطاولة غير موجودة (ربما الرابط خاطئ).");
    expect(errorText("new_code_from_a_newer_server", undefined, ar)).toBe(
      `حدث خطأ (${LRI}new_code_from_a_newer_server${PDI}).`,
    );
    expect(errorText("bad_name", { reason: "too_long", max: "32" }, ar)).toBe(
      "الاسم 32 حرفًا على الأكثر.",
    );
    expect(errorText("group_full", { max: "32" }, en)).toBe(
      "This table is full (at most 32 members).",
    );
    expect(errorText("cpu_busy", { reason: "lower_level", level: "5" }, en)).toBe(
      "The CPU has too many tables to think for just now: level 5 or below can start at once.",
    );
    expect(errorText("cpu_busy", { reason: "full", level: "0" }, ar)).toBe(
      "الحاسوب مشغول بطاولات كثيرة الآن؛ حاول بعد دقيقة.",
    );
    expect(errorText("illegal_move", { reason: "unknown_reason" }, en)).toBe(
      "Illegal move: this move is not allowed",
    );
  });
});

describe("names the site gives are written in the page's language", () => {
  it("writes a default name and a CPU seat in Arabic", () => {
    expect(personName("Guest ab12", "ab12cd34ef", true, ar)).toBe("ضيف ab12");
    expect(personName("Layla", "ab12cd34ef", false, ar)).toBe("Layla");
    expect(cpuName(3, ar)).toBe("الحاسوب، المستوى 3");
    expect(cpuName(3, en)).toBe("CPU level 3");
    expect(recordPlayerName({ kind: "cpu", level: 2 }, "CPU", ar)).toBe("الحاسوب، المستوى 2");
    expect(recordPlayerName(undefined, "CPU", ar)).toBe("الحاسوب");
  });
});

describe("ratings", () => {
  it("marks a provisional rating with ? (Arabic ؟) and writes changes with a true minus", () => {
    expect(formatRating(1499.6, true, "en")).toBe("1500?");
    expect(formatRating(1499.6, true, "ar")).toBe("1500\u061f\u200e");
    expect(formatRating(1350, false, "ar")).toBe("1350");
    expect(signed(-389)).toBe("\u2212389");
    expect(signed(12)).toBe("+12");
    expect(signed(0)).toBe("±0");
  });
});

describe("moves in the chosen notation", () => {
  const src = {
    moves: ["7g7f", "3c3d"],
    notation: { japanese: ["☗７六歩", "☖３四歩"], western: ["P-7f", "P-3d"] },
  };
  it("uses the server's notation when there is one, the move text otherwise", () => {
    expect(moveLabel(src, 1, "japanese")).toBe("☖３四歩");
    expect(moveLabel(src, 0, "western")).toBe("P-7f");
    expect(moveLabel(src, 0, "usi")).toBe("7g7f");
    expect(moveLabel({ moves: ["1a-1d"] }, 0, "japanese")).toBe("1a-1d");
    // A list that does not match the moves is not trusted.
    expect(
      moveLabel({ moves: ["7g7f", "3c3d"], notation: { western: ["P-7f"] } }, 1, "western"),
    ).toBe("3c3d");
    expect(standInAt([{ ply: 1, seat: 1, reason: "timeout" }], 1)?.reason).toBe("timeout");
    expect(standInAt([], 1)).toBeNull();
  });
});

function table(moves: string[], toMove: number, extra: Partial<GroupState["table"]> = {}) {
  return {
    id: "g",
    version: moves.length + 10,
    game: "shogi",
    settings: { options: {}, timer: 30, cpu_level: 3 },
    option_schema: [],
    members: [],
    you: "me",
    table: {
      status: "playing",
      seat_names: ["sente", "gote"],
      seats: [
        {
          seat: 0,
          kind: "person",
          person: "me",
          name: "Me",
          present: true,
          away: false,
          cpu_playing: false,
        },
        {
          seat: 1,
          kind: "cpu",
          name: "CPU 3",
          cpu_level: 3,
          present: false,
          away: false,
          cpu_playing: false,
        },
      ],
      your_seats: [0],
      board: { kind: "grid", points: [] },
      game: {
        id: 7,
        number: 1,
        position: "",
        start: "",
        moves,
        to_move: toMove,
        legal_moves: [],
        last_move: moves.at(-1) ?? null,
        in_check: [],
        out: [],
        notation: { western: moves.map((m) => `W:${m}`) },
        stand_ins: [],
      },
      ...extra,
    },
  } as GroupState;
}

describe("what is announced", () => {
  it("says the opponent's move in the chosen notation, then whose turn it is", () => {
    const c = describeChange(table(["7g7f"], 1), table(["7g7f", "3c3d"], 0), en, "western");
    expect(c.speech).toEqual([
      `Gote (\u2068CPU level 3\u2069) played ${LRI}W:3c3d${PDI}.`,
      "Your turn",
    ]);
    expect(c.othersMoved).toBe(true);
    const mine = describeChange(table([], 0), table(["7g7f"], 1), ar, "usi");
    expect(mine.speech[0]).toBe(`لعب سينتي (\u2068أنت\u2069) ${LRI}7g7f${PDI}.`);
    expect(mine.othersMoved).toBe(false);
  });
  it("says a move the CPU made because the player's time ran out", () => {
    const next = table(["7g7f"], 1);
    next.table.game!.stand_ins = [{ ply: 0, seat: 0, reason: "timeout" }];
    const c = describeChange(table([], 0), next, en, "usi");
    expect(c.speech[0]).toBe(`Your time ran out: the CPU played ${LRI}7g7f${PDI} for you.`);
    expect(c.othersMoved).toBe(true);
  });
  it("sums up several moves that came at once, and a game that starts", () => {
    const c = describeChange(table(["7g7f"], 1), table(["7g7f", "3c3d", "2g2f"], 1), en, "usi");
    expect(c.speech[0]).toBe(`2 moves were played; the last: ${LRI}2g2f${PDI}.`);
    expect(describeChange(null, table([], 0), en, "usi").speech).toEqual(["Game 1", "Your turn"]);
  });
});

describe("the end of a game, said in words", () => {
  const over = (result: NonNullable<GroupState["table"]["game"]>["result"]) => {
    const g = table(["7g7f", "3c3d"], -1);
    g.table.status = "finished";
    g.table.game!.result = result;
    return g;
  };
  it("says who won, how, and the viewer's rating change", () => {
    const g = over({
      kind: "win",
      winner: 1,
      reason: "checkmate",
      rating_changes: [
        {
          person: "me",
          seat: 0,
          before: 1500,
          after: 1462.4,
          provisional_before: true,
          provisional: true,
        } as never,
      ],
    });
    const c = describeChange(table(["7g7f"], 1), g, en, "usi");
    expect(c.speech).toContain("Game over: You lost — \u2068Gote (CPU level 3)\u2069 wins");
    expect(c.speech).toContain("by checkmate");
    expect(c.speech).toContain(
      `Your rating: ${LRI}1500?${PDI} → ${LRI}1462?${PDI} (${LRI}\u221238${PDI})`,
    );
    const a = describeChange(table(["7g7f"], 1), g, ar, "usi");
    expect(a.speech).toContain("بكش ملك");
    expect(a.speech.join(" ")).toContain(`${LRI}1500\u061f\u200e${PDI}`);
  });
  it("says when the game did not count for the viewer's rating", () => {
    const g = over({
      kind: "win",
      winner: 0,
      reason: "resignation",
      rating_changes: [
        { person: "me", seat: 0, before: 1500, after: 1500, counted: false, rule: "left" } as never,
      ],
    });
    const c = describeChange(table(["7g7f"], 1), g, en, "usi");
    expect(c.speech[c.speech.length - 1]).toBe(
      `Your rating stays ${LRI}1500${PDI}: this game did not count for it`,
    );
  });
});

describe("what the CPU did while the player was away", () => {
  const away = () => {
    const g = table(["7g7f", "3c3d", "2g2f", "8c8d", "2f2e"], 1);
    g.table.game!.stand_ins = [
      { ply: 0, seat: 0, reason: "timeout" },
      { ply: 2, seat: 0, reason: "away" },
      { ply: 3, seat: 1, reason: "away" },
      { ply: 4, seat: 0, reason: "away" },
    ];
    return g;
  };
  it("counts the moves made for the viewer's seats because they were away, since last seen", () => {
    expect(cpuMovesWhileAway(away(), 0)).toEqual([2, 4]);
    expect(cpuMovesWhileAway(away(), 3)).toEqual([4]);
    expect(cpuMovesWhileAway(away(), 5)).toEqual([]);
  });
  it("says how many and the last one, in the chosen notation, and that the seat is theirs again", () => {
    expect(whileAwayText(away(), [2, 4], en, "western")).toBe(
      `While you were away, the CPU made 2 moves for you; the last: ${LRI}W:2f2e${PDI}. Your seat is yours again.`,
    );
    expect(whileAwayText(away(), [4], en, "usi")).toBe(
      `While you were away, the CPU made a move for you: ${LRI}2f2e${PDI}. Your seat is yours again.`,
    );
    expect(whileAwayText(away(), [2, 4], ar, "usi")).toBe(
      `في غيابك لعب الحاسوب نقلتين عنك؛ آخرهما: ${LRI}2f2e${PDI}. عاد مقعدك إليك.`,
    );
    expect(whileAwayText(away(), [], en, "usi")).toBeNull();
  });
  it("says it is their turn when it is, and nothing of a seat once the game is over", () => {
    const mine = away();
    mine.table.game!.to_move = 0;
    expect(whileAwayText(mine, [4], en, "usi")).toBe(
      `While you were away, the CPU made a move for you: ${LRI}2f2e${PDI}. Your seat is yours again, and it is your turn.`,
    );
    expect(whileAwayText(mine, [4], ar, "usi")).toBe(
      `في غيابك لعب الحاسوب نقلة عنك: ${LRI}2f2e${PDI}. عاد مقعدك إليك، والدور دورك.`,
    );
    const over = away();
    over.table.status = "finished";
    expect(whileAwayText(over, [4], en, "usi")).toBe(
      `While you were away, the CPU made a move for you: ${LRI}2f2e${PDI}.`,
    );
  });
  it("keeps the count of moves seen for one game at a time", () => {
    expect(parseSeen(formatSeen(7, 12), 7)).toBe(12);
    expect(parseSeen(formatSeen(7, 12), 8)).toBeNull();
    expect(parseSeen("garbage", 7)).toBeNull();
    expect(parseSeen(null, 7)).toBeNull();
  });
});

describe("display preferences", () => {
  it("default to Japanese-style notation and no sound, and keep a choice", () => {
    const none = { get: () => null, set: () => {} };
    expect(readPrefs(none)).toEqual({ moveStyle: "japanese", sound: false, boardZoom: true });
    const chose = { get: (k: string) => (k === "notation" ? "usi" : null), set: () => {} };
    expect(readPrefs(chose).moveStyle).toBe("usi");
  });
});

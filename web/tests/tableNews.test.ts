// What the page says when it comes to a game: "Game 1" once per page, not again when the same
// game comes back after the table was let go of (session/tableNews.ts).
import { describe, expect, it } from "vitest";
import { I18n } from "../src/i18n";
import type { GroupState } from "../src/net/protocol";
import { TableNews } from "../src/session/tableNews";
import { memoryStorage } from "../src/state/storage";
import { Store } from "../src/state/store";

const en = new I18n("en");

/** A group at its first game, `moves` played. */
function table(moves: string[], id = "g"): GroupState {
  return {
    id,
    version: moves.length + 1,
    game: "shogi",
    settings: { options: {}, timer: 0, cpu_level: 3 },
    option_schema: [],
    members: [],
    you: "me",
    table: {
      status: "playing",
      seat_names: ["sente", "gote"],
      seats: [],
      your_seats: [0],
      board: { kind: "grid", columns: 9, rows: 9, points: [] },
      game: {
        id: 5,
        number: 1,
        position: "startpos",
        start: "startpos",
        moves,
        to_move: moves.length % 2,
        legal_moves: [],
        last_move: null,
        in_check: [],
        out: [],
      },
    },
  } as unknown as GroupState;
}

describe("coming back to a game", () => {
  it("says 'Game 1' once, also when the same game comes back after the table was let go", () => {
    const store = new Store();
    const news = new TableNews({
      store,
      storage: memoryStorage(),
      i18n: () => en,
      doc: { title: "", querySelector: () => null } as unknown as Document,
    });
    news.changed(null, table([]));
    news.changed(table([]), table(["7g7f"]));
    // The page lets the table go (another page, a reconnection) and gets it again.
    news.changed(null, table(["7g7f", "3c3d"]));
    news.changed(null, table(["7g7f", "3c3d"]));
    expect(news.announced.filter((t) => t === "Game 1")).toHaveLength(1);
    // Another table's game, or the next game, is said.
    news.changed(null, table([], "h"));
    const next = table([], "h");
    next.table.game!.number = 2;
    news.changed(table(["7g7f"], "h"), next);
    expect(news.announced.filter((t) => /^Game \d$/.test(t))).toEqual([
      "Game 1",
      "Game 1",
      "Game 2",
    ]);
  });
});

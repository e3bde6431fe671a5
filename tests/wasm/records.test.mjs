// Records and readable notation through the WebAssembly module (kaisho_record,
// kaisho_notation): the files are those the server exports for the same game
// (server/records/export.cpp; both write them with rules/registry/record_files.hpp, whose
// native test, tests/rules/common/record_files_test.cpp, checks them against shogi::to_kif and
// to_csa), and the notation is the server's `notation` of a game (tests/server/hall_test.cpp,
// ShogiMovesComeAlsoInJapaneseAndWesternNotationInTheGameAndItsRecord).
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { KaishoError } from "../../src/wasm/kaisho_engine.mjs";
import { loadEngine } from "./engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const SHOGI_START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const START_BOARD = [
  "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY",
  "P2 * -HI *  *  *  *  * -KA * ",
  "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU",
  "P4 *  *  *  *  *  *  *  *  * ",
  "P5 *  *  *  *  *  *  *  *  * ",
  "P6 *  *  *  *  *  *  *  *  * ",
  "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU",
  "P8 * +KA *  *  *  *  * +HI * ",
  "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY",
];
const KIF_HEAD = ["#KIF version=2.0 encoding=UTF-8", "# KIF形式棋譜ファイル Kaisho"];
const KIF_MOVES_HEADER = "手数----指手---------消費時間--";

// fn(game), the game deleted afterwards.
function withGame(id, position, fn) {
  const g = engine.newGame(id, "", position);
  try {
    return fn(g);
  } finally {
    g.delete();
  }
}

const lines = (...l) => l.join("\n") + "\n";

test("a resigned Shogi game: its text, KIF and CSA are the server's export", () => {
  withGame("shogi", "startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", (g) => {
    assert.equal(g.record("text"), `${SHOGI_START} moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n`);
    const info = { names: ["Aiko", "CPU"], reason: "resignation" };
    assert.equal(
      g.record("kif", info),
      lines(
        ...KIF_HEAD,
        "手合割：平手",
        "先手：Aiko",
        "後手：CPU",
        KIF_MOVES_HEADER,
        "   1 ７六歩(77)",
        "   2 ３四歩(33)",
        "   3 ２二角成(88)",
        "   4 同　銀(31)",
        "   5 ４五角打",
        "   6 投了",
      ),
    );
    assert.equal(
      g.record("csa", info),
      lines(
        "V2.2",
        "N+Aiko",
        "N-CPU",
        ...START_BOARD,
        "+",
        "+7776FU",
        "-3334FU",
        "+8822UM",
        "-3122GI",
        "+0045KA",
        "%TORYO",
      ),
    );
    // The game is not changed by writing it.
    assert.equal(g.state().toMove, "gote");
  });
});

test("a game in progress: no end line, and the seats' own names by default", () => {
  withGame("shogi", "startpos moves 2g2f", (g) => {
    const kif = g.record("kif");
    assert.equal(
      kif,
      lines(
        ...KIF_HEAD,
        "手合割：平手",
        "先手：sente",
        "後手：gote",
        KIF_MOVES_HEADER,
        "   1 ２六歩(27)",
      ),
    );
    assert.equal(g.record("kif", { names: [], reason: "" }), kif);
    assert.equal(g.record("kif", { names: null, reason: null }), kif);
    assert.equal(
      g.record("csa", { names: ["", "Bashir"] }),
      lines("V2.2", "N+sente", "N-Bashir", ...START_BOARD, "+", "+2726FU"),
    );
  });
  withGame("shogi", "", (g) => assert.equal(g.record("text"), `${SHOGI_START}\n`));
});

test("the rules' own end: checkmate is 詰み and %TSUMI from a position", () => {
  withGame("shogi", "8k/9/7P1/9/9/9/9/9/K6G1 b G 1 moves G*2b", (g) => {
    assert.equal(g.state().reason, "checkmate");
    assert.equal(g.record("text"), "8k/9/7P1/9/9/9/9/9/K6G1 b G 1 moves G*2b\n");
    assert.equal(
      g.record("kif", { names: ["A", "B"] }),
      lines(
        ...KIF_HEAD,
        "#SFEN 8k/9/7P1/9/9/9/9/9/K6G1 b G 1",
        "先手：A",
        "後手：B",
        KIF_MOVES_HEADER,
        "   1 ２二金打",
        "   2 詰み",
      ),
    );
    const csa = g.record("csa");
    assert.ok(csa.includes("P+00KI\n+\n+0022KI\n%TSUMI\n"), csa);
    // A reason given (the table's) is written in place of the rules' own.
    assert.ok(g.record("kif", { reason: "timeout" }).endsWith("   2 中断\n"));
  });
});

test("Annan: its KIF and CSA name the game; its notation tells the moves apart", () => {
  withGame("annan", "startpos moves 7g7f 3c3d", (g) => {
    assert.equal(g.record("text"), `${SHOGI_START} moves 7g7f 3c3d\n`);
    assert.equal(
      g.record("kif", { names: ["A", "B"], reason: "resignation" }),
      lines(
        ...KIF_HEAD,
        "棋戦：安南将棋",
        "手合割：平手",
        "先手：A",
        "後手：B",
        KIF_MOVES_HEADER,
        "   1 ７六歩(77)",
        "   2 ３四歩(33)",
        "   3 投了",
      ),
    );
    assert.equal(
      g.record("csa"),
      lines(
        "V2.2",
        "N+sente",
        "N-gote",
        "$EVENT:Annan Shogi",
        ...START_BOARD,
        "+",
        "+7776FU",
        "-3334FU",
      ),
    );
    assert.equal(g.notation("japanese").length, 2);
    assert.equal(g.notation("western").length, 2);
  });
});

test("the notation is the server's, in both styles, for the moves played", () => {
  withGame("shogi", "", (g) => {
    assert.deepEqual(g.notation("japanese"), []);
    for (const m of ["7g7f", "3c3d", "8h2b+", "3a2b"]) g.play(m);
    assert.deepEqual(g.notation("western"), ["P-7f", "P-3d", "Bx2b+", "Sx2b"]);
    assert.deepEqual(g.notation("japanese"), ["☗７六歩", "☖３四歩", "☗２二角成", "☖同　銀"]);
    g.play("B*4e");
    assert.deepEqual(g.notation("western").slice(-1), ["B*4e"]);
  });
  // Games whose move text is their readable form have none.
  for (const id of ["hasami", "yonin", "musashi"]) {
    withGame(id, "", (g) => {
      g.play(g.legalMoves()[0]);
      assert.deepEqual(g.notation("japanese"), [], id);
      assert.deepEqual(g.notation("western"), [], id);
      assert.match(g.record("text"), / moves \S+\n$/, id);
    });
  }
});

test("errors: KIF and CSA of other games, unknown formats and styles, nothing changed", () => {
  withGame("hasami", "startpos", (g) => {
    for (const format of ["kif", "csa"]) {
      assert.throws(
        () => g.record(format),
        (e) =>
          e instanceof KaishoError &&
          e.message === `${format} records are written for shogi and annan only, not 'hasami'`,
      );
    }
    assert.equal(g.record("text"), `${g.state().position}\n`);
  });
  withGame("shogi", "startpos moves 7g7f", (g) => {
    assert.throws(
      () => g.record("pdf"),
      (e) =>
        e instanceof KaishoError &&
        e.message === "unknown record format 'pdf' (one of: text, kif, csa)",
    );
    assert.throws(
      () => g.notation("chinese"),
      (e) =>
        e instanceof KaishoError &&
        e.message === `unknown move style 'chinese' (expected "japanese" or "western")`,
    );
    assert.throws(() => g.notation("usi"), KaishoError);
    assert.deepEqual(g.notation("japanese"), ["☗７六歩"]);
    assert.equal(g.state().toMove, "gote");
  });
});

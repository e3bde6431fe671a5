// Perft through the WebAssembly module against the published counts the native suites check
// (tests/rules/*/perft_test.cpp), for every game.
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { loadEngine } from "./engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

// [game, options, position, counts from depth 1 on]
const cases = [
  ["shogi", "", "startpos", [30, 900, 25470, 719731, 19861490]],
  [
    "shogi",
    "",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    [207, 28684, 4809015],
  ],
  ["shogi", "", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", [85, 639, 10786, 167089]],
  [
    "annan",
    "",
    "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1",
    [28, 784, 22726, 658600],
  ],
  ["hasami", "", "startpos", [63, 3717, 254219, 16599273]],
  ["musashi", "", "startpos", [8, 186, 685, 16243, 80736]],
  ["musashi", "start=children", "startpos", [27, 192, 4640, 15899, 396184]],
  ["musashi", "board=25", "startpos", [8, 168, 616, 13572, 64296]],
  ["musashi", "board=25 start=children", "startpos", [24, 168, 3688, 12480, 287908]],
  ["yonin", "", "startpos", [9, 81, 729, 6561, 82134, 1055321]],
];

for (const [game, options, position, counts] of cases) {
  test(`perft ${game} ${options || "defaults"} ${position}`, () => {
    const g = engine.newGame(game, options, position);
    try {
      assert.equal(g.perft(0).total, 1n);
      counts.forEach((count, i) => {
        assert.equal(g.perft(i + 1).total, BigInt(count), `depth ${i + 1}`);
      });
    } finally {
      g.delete();
    }
  });
}

test("perft divide: one line per legal move, sorted, summing to the total", () => {
  const g = engine.newGame("shogi");
  const { total, divide } = g.perft(3, true);
  assert.equal(total, 25470n);
  assert.deepEqual(
    divide.map(([m]) => m),
    g.legalMoves(),
  );
  assert.equal(
    divide.reduce((sum, [, n]) => sum + n, 0n),
    total,
  );
  g.delete();
});

test("every game is in the module", () => {
  assert.deepEqual([...engine.games()].sort(), ["annan", "hasami", "musashi", "shogi", "yonin"]);
});

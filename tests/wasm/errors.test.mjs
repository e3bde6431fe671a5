// Bad input through the WebAssembly module: a clear error, and nothing changed. The state and
// the legal moves it reports are those of the native `kaisho play` and `kaisho moves`.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { before, test } from "node:test";

import { KaishoError } from "../../src/wasm/kaisho_engine.mjs";
import { loadEngine, native, nativePath } from "./engine.mjs";
import { optionArgs, positions } from "./positions.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

// `kaisho moves GAME [--option ...]` with one input line: its one output line.
function nativeMoves(game, options, position) {
  return new Promise((resolve, reject) => {
    const child = spawn(nativePath, ["moves", game, ...optionArgs(options)]);
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(out.trimEnd()) : reject(new Error(`exit ${code}`)),
    );
    child.stdin.end(`${position}\n`);
  });
}

test("an illegal move: a clear error with its code, and the game unchanged", () => {
  const g = engine.newGame("shogi", "", "startpos moves 7g7f");
  try {
    const before = g.state().text;
    const moves = g.legalMoves();
    assert.throws(
      () => g.play("7g7f"),
      (e) =>
        e instanceof KaishoError &&
        /^illegal move 7g7f: /.test(e.message) &&
        e.code.startsWith("illegal_move move=7g7f"),
    );
    assert.throws(() => g.play("hello"), KaishoError);
    assert.throws(() => g.play(""), KaishoError);
    assert.equal(g.state().text, before);
    assert.deepEqual(g.legalMoves(), moves);
    g.play("3c3d");
    assert.match(g.state().text, /^\S+ b - 3\nto_move: sente\n$/);
  } finally {
    g.delete();
  }
});

test("a move once the game is over is refused", () => {
  const g = engine.newGame("shogi", "", "8k/7G1/7P1/9/9/9/9/9/K8 w - 1");
  try {
    const state = g.state();
    assert.equal(state.result, "win sente");
    assert.equal(state.reason, "checkmate");
    assert.equal(state.toMove, undefined);
    assert.deepEqual(g.legalMoves(), []);
    assert.throws(() => g.play("1a1b"), /the game is over/);
    assert.equal(g.state().text, state.text);
  } finally {
    g.delete();
  }
});

test("malformed position text, unknown games and options: clear errors, no game", () => {
  const bad = [
    [
      ["shogi", "", "8k/7G1/7P1/9/9/9/9/9/K8 x - 1"],
      /bad SFEN: side to move must be 'b' or 'w', got 'x'/,
    ],
    [["shogi", "", "lnsgkgsnl/9 b - 1"], /./],
    [["hasami", "", "not a position"], /./],
    [["musashi", "", "F:z9 C:a1 f 1"], /./],
    [["yonin", "", "startpos moves 9z9z"], /9z9z/],
    [["chess", "", ""], /unknown game 'chess' \(one of: shogi, annan, hasami, musashi, yonin\)/],
    [["shogi", "handicap=queen", ""], /handicap/],
    [["shogi", "colour=blue", ""], /colour/],
    [["shogi", "novalue", ""], /./],
  ];
  for (const [args, message] of bad) {
    assert.throws(
      () => engine.newGame(...args),
      (e) => e instanceof KaishoError && message.test(e.message),
      JSON.stringify(args),
    );
  }
  // The module goes on working after errors.
  assert.equal(engine.newGame("shogi").legalMoves().length, 30);
});

test("bad limits and depths: clear errors", () => {
  const g = engine.newGame("hasami");
  try {
    assert.throws(() => g.think("nodes=many"), /nodes needs a non-negative integer/);
    assert.throws(() => g.think({ level: 9 }), /level must be 1..8/);
    assert.throws(() => g.think({ speed: 1 }), /unknown limit 'speed'/);
    assert.throws(() => g.think("nodes"), /a limit is KEY=VALUE/);
    assert.throws(() => g.perft(21), /depth must be an integer from 0 to 20/);
    assert.throws(() => g.perft(-1), /depth must be/);
  } finally {
    g.delete();
  }
  assert.throws(() => g.legalMoves(), /no game with handle/);
});

test("state and legal moves as the native tools report them, for every fixed position", async () => {
  for (const p of positions) {
    const g = engine.newGame(p.game, p.options, p.position);
    try {
      const report = await native([
        "play",
        p.game,
        "--position",
        p.position,
        ...optionArgs(p.options),
      ]);
      assert.equal(g.state().text, report, `${p.game} ${p.position}`);
      assert.equal(g.legalMoves().join(" "), await nativeMoves(p.game, p.options, p.position));
    } finally {
      g.delete();
    }
  }
});

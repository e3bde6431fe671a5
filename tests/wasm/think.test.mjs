// The CPU in the WebAssembly module against the native one (KAISHO_NATIVE) on fixed positions
// of every game, at several levels under a node limit: the same move, and the same search on
// the way (every iteration's depth, score, nodes and line; only the times differ).
import assert from "node:assert/strict";
import { before, test } from "node:test";

import { eachLimited, loadEngine, native } from "./engine.mjs";
import { optionArgs, positions } from "./positions.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

// Full strength, a weak level with noise and random moves (its seed matters), the top level.
const settings = [
  { level: 0, nodes: 30000, seed: 0 },
  { level: 2, nodes: 20000, seed: 7 },
  { level: 8, nodes: 20000, seed: 3 },
];

const withoutTimes = (lines) => lines.map((l) => l.replace(/ time \d+/, ""));

for (const p of positions) {
  const label = `${p.game}${p.options ? ` [${p.options}]` : ""} ${p.position}`;
  test(`think: ${label}`, async () => {
    const expected = await eachLimited(settings, 2, (s) =>
      native([
        "think",
        p.game,
        "--position",
        p.position,
        ...optionArgs(p.options),
        "--nodes",
        String(s.nodes),
        "--level",
        String(s.level),
        "--seed",
        String(s.seed),
      ]),
    );
    const g = engine.newGame(p.game, p.options, p.position);
    try {
      settings.forEach((s, i) => {
        const before = g.state().text;
        const seen = [];
        const got = g.think(s, (line) => seen.push(line));
        const want = expected[i].trimEnd().split("\n");
        const what = `level ${s.level} nodes ${s.nodes} seed ${s.seed}`;
        assert.equal(got.lines.at(-1), want.at(-1), `${what}: the move`);
        assert.deepEqual(withoutTimes(got.lines), withoutTimes(want), `${what}: the search`);
        assert.deepEqual(seen, got.lines.slice(0, -1), `${what}: progress lines`);
        assert.equal(g.state().text, before, `${what}: thinking changed the game`);
      });
    } finally {
      g.delete();
    }
  });
}

test("evaluate: a full-strength search, its conclusion", async () => {
  const p = positions[3];
  const g = engine.newGame(p.game, p.options, p.position);
  try {
    const got = g.evaluate({ nodes: 20000 });
    const want = (await native(["think", p.game, "--position", p.position, "--nodes", "20000"]))
      .trimEnd()
      .split("\n");
    const lastInfo = want.at(-2).split(" ");
    assert.equal(got.pv[0], want.at(-1).split(" ")[1], "the line starts with the move chosen");
    assert.equal(got.depth, Number(lastInfo[lastInfo.indexOf("depth") + 1]), "depth completed");
    assert.equal(got.nodes, 20000);
    assert.equal(g.evaluate({ depth: 1 }).depth, 1);
  } finally {
    g.delete();
  }
});

test("evaluate and think once the game is over; level is not a limit evaluate takes", () => {
  const mated = engine.newGame("shogi", "", "8k/7G1/7P1/9/9/9/9/9/K8 w - 1");
  const g = engine.newGame("musashi");
  try {
    assert.equal(mated.evaluate({ nodes: 100 }), null);
    assert.equal(mated.think({ nodes: 100 }).bestmove, null);
    assert.deepEqual(mated.think({ nodes: 100 }).lines, ["bestmove none"]);
    assert.throws(() => g.evaluate({ level: 3 }), /unknown limit 'level'/);
  } finally {
    mated.delete();
    g.delete();
  }
});

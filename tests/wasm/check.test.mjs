// Check as the module reports it (kaisho_in_check) against the native server's group state
// (`in_check`, docs/protocol.md): games the module plays out are played again, move by move,
// by people at a table of a native `kaisho serve` (KAISHO_NATIVE), and in every position the
// seats in check must be the server's. A page's practice game says "Check!" from this.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";

import { openWebSocket } from "../../scripts/lib/raw_websocket.mjs";
import { loadEngine, nativePath } from "./engine.mjs";

let engine;
before(async () => {
  engine = await loadEngine();
});

const SEATS = {
  shogi: ["sente", "gote"],
  annan: ["sente", "gote"],
  hasami: ["first", "second"],
  musashi: ["father", "children"],
  yonin: ["south", "west", "north", "east"],
};

test("the seats in check: none at the start, the checked side, the mated side at the end", () => {
  for (const game of Object.keys(SEATS)) {
    const g = engine.newGame(game, "", "");
    try {
      assert.deepEqual(g.inCheck(), [], game);
    } finally {
      g.delete();
    }
  }
  // Gote's king on 1a, checked by the gold on 2b: mate, and still in check once over.
  const mated = engine.newGame("shogi", "", "8k/7G1/7P1/9/9/9/9/9/K8 w - 1");
  try {
    assert.equal(mated.state().reason, "checkmate");
    assert.deepEqual(mated.inCheck(), ["gote"]);
  } finally {
    mated.delete();
  }
  // A check that can be answered: the rook on 1i gives check along the file.
  const checked = engine.newGame("shogi", "", "8k/9/9/9/9/9/9/9/K7R w - 1");
  try {
    assert.equal(checked.state().toMove, "gote");
    assert.deepEqual(checked.inCheck(), ["gote"]);
    checked.play("1a2a");
    assert.deepEqual(checked.inCheck(), []);
  } finally {
    checked.delete();
  }
  assert.throws(() => {
    const g = engine.newGame("shogi");
    g.delete();
    g.inCheck();
  });
});

/**
 * A game the module plays with itself: `pick(g, ply)` gives each move's limits. Stops when the
 * game is over or after `plies` moves. Returns the moves and how many positions had a check.
 */
function playOut(game, plies, limits) {
  const g = engine.newGame(game, "", "");
  const moves = [];
  let checks = 0;
  try {
    for (let ply = 0; ply < plies && !g.state().result; ply++) {
      const { bestmove } = g.think(limits(ply));
      g.play(bestmove);
      moves.push(bestmove);
      if (g.inCheck().length > 0) checks += 1;
    }
    return { moves, checks, state: g.state() };
  } finally {
    g.delete();
  }
}

// ---- the native server ---------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), "kaisho-wasm-check-"));
let server = null;
after(() => {
  server?.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

/** A native `kaisho serve` on a free port; resolves to the port. */
function serve() {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      nativePath,
      [
        "serve",
        "--port",
        "0",
        "--address",
        "127.0.0.1",
        "--db",
        join(dir, "check.db"),
        "--halls",
        "1",
        // Everyone here comes from 127.0.0.1.
        "--new-persons-per-address",
        "1000000",
        "--groups-per-address",
        "1000000",
        "--groups-per-person",
        "1000000",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    server = proc;
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 30_000);
    const seen = (d) => {
      out += d;
      const m = out.match(/localhost:(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    proc.stdout.on("data", seen);
    proc.stderr.on("data", seen);
    proc.on("exit", (code) => reject(new Error(`the server exited ${code}: ${out}`)));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A greeted person: {ws, id}. */
async function person(port) {
  const { ws } = await openWebSocket(port);
  ws.send({ type: "hello" });
  const welcome = await ws.next((m) => m.type === "welcome");
  return { ws, id: welcome.person.id, sentAt: 0 };
}

/** The first whole group state (after those already taken) that satisfies pred. */
function nextState(p, pred) {
  return p.ws.next((m) => m.type === "group" && pred(m.group), 20_000).then((m) => m.group);
}

/**
 * Plays `moves` at a native table of `game` with one person per seat, and compares the seats
 * in check of every position (the start's too) with the module's. Returns the positions
 * compared and those with a check.
 */
async function compareAtTable(port, game, moves) {
  const seats = SEATS[game];
  const people = [];
  for (let i = 0; i < seats.length; i++) people.push(await person(port));
  const [first] = people;
  first.ws.send({ type: "create_group", game, rid: "c" });
  const created = await nextState(first, () => true);
  for (const p of people.slice(1)) {
    p.ws.send({ type: "join_group", group: created.id });
    await nextState(p, (g) => g.members.some((m) => m.id === p.id));
  }
  // Every seat is a person's (join order), so no CPU moves here.
  let state = await nextState(first, (g) => g.members.length === seats.length);
  assert.ok(
    state.table.seats.every((s) => s.kind === "person"),
    "one person per seat",
  );
  first.ws.send({ type: "start", group: created.id });
  state = await nextState(first, (g) => g.table.status === "playing");
  const bySeat = new Map(
    state.table.seats.map((s) => [s.seat, people.find((p) => p.id === s.person)]),
  );
  let compared = 0;
  let checked = 0;
  for (let ply = 0; ; ply++) {
    const g = state.table.game;
    assert.equal(g.moves.length, ply);
    const position = ply ? `${g.start} moves ${g.moves.join(" ")}` : g.start;
    const mine = engine.newGame(game, "", position);
    try {
      const names = mine.inCheck();
      assert.deepEqual(
        names.map((n) => seats.indexOf(n)),
        g.in_check,
        `${game} after ${ply} moves (${g.moves.slice(-3).join(" ")}): the server says ${JSON.stringify(g.in_check)}, the module ${JSON.stringify(names)}`,
      );
      assert.equal(mine.state().position, g.position, `${game} after ${ply} moves: the position`);
      compared += 1;
      if (names.length > 0) checked += 1;
    } finally {
      mine.delete();
    }
    if (ply === moves.length || state.table.status !== "playing") break;
    const mover = bySeat.get(g.to_move);
    // Within the server's message rate (20 a second per connection).
    await sleep(Math.max(0, mover.sentAt + 60 - Date.now()));
    mover.sentAt = Date.now();
    mover.ws.send({
      type: "move",
      group: created.id,
      move: moves[ply],
      version: state.version,
      rid: `m${ply}`,
    });
    state = await nextState(first, (s) => (s.table.game?.moves.length ?? 0) > ply);
    for (const p of people.slice(1)) p.ws.messages.length = 0;
  }
  for (const p of people) p.ws.close();
  return { compared, checked };
}

test("in every position of games played at a native table, the seats in check are the server's", async (t) => {
  const port = await serve();
  // Sente at full strength against a weak gote: checks, and most often a mate, in a few dozen moves.
  const games = [
    {
      game: "shogi",
      plies: 160,
      limits: (ply) => (ply % 2 === 0 ? { nodes: 3000 } : { level: 1, nodes: 2000, seed: ply }),
    },
    {
      game: "annan",
      plies: 160,
      limits: (ply) => (ply % 2 === 0 ? { nodes: 3000 } : { level: 1, nodes: 2000, seed: ply }),
    },
    { game: "yonin", plies: 240, limits: (ply) => ({ level: 2, nodes: 1500, seed: ply }) },
    { game: "hasami", plies: 40, limits: (ply) => ({ level: 2, nodes: 1000, seed: ply }) },
    { game: "musashi", plies: 40, limits: (ply) => ({ level: 2, nodes: 1000, seed: ply }) },
  ];
  for (const { game, plies, limits } of games) {
    const played = playOut(game, plies, limits);
    const { compared, checked } = await compareAtTable(port, game, played.moves);
    t.diagnostic(
      `${game}: ${compared} positions compared, ${checked} with a check; ended ${played.state.result ?? "unfinished"} ${played.state.reason ?? ""}`,
    );
    assert.equal(compared, played.moves.length + 1);
    if (game === "shogi" || game === "annan" || game === "yonin")
      assert.ok(checked > 0, `${game}: the game played had no check to compare`);
    // The last position compared is a mate: the mated side is in check there too.
    if (game === "shogi" || game === "annan") assert.equal(played.state.reason, "checkmate");
  }
});

// Writes src/demo/samples.json: one sample group state per game for the `?demo=GAME` page
// (board previews and screenshots without a server). Positions and legal moves come from
// the project's own `kaisho` tool, so the samples are real:
//   KAISHO_BIN=../build/kaisho node scripts/gen-demo.mjs
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = process.env.KAISHO_BIN ?? join(here, "../../build-yonin/kaisho");

function run(args, input) {
  return execFileSync(BIN, args, { input, encoding: "utf8" });
}
function position(game, opts, start, moves) {
  const args = ["play", game, ...opts.flatMap((o) => ["--option", o])];
  if (start) args.push("--position", start);
  const out = run([...args, ...moves]).split("\n");
  return { text: out[0], info: out.slice(1).join("\n") };
}
function legal(game, opts, start, moves) {
  const line = `${start ?? "startpos"}${moves.length ? " moves " + moves.join(" ") : ""}\n`;
  const out = run(["moves", game, ...opts.flatMap((o) => ["--option", o])], line).trim();
  return out ? out.split(" ") : [];
}
// A reproducible random game: prefers captures-looking moves a little, to fill hands.
function randomLine(game, opts, plies, seed) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const moves = [];
  for (let i = 0; i < plies; i++) {
    const l = legal(game, opts, null, moves);
    if (l.length === 0) break;
    moves.push(l[Math.floor(rnd() * l.length)]);
  }
  return moves;
}

// The first random line (by seed) whose final position text passes `ok`.
function findLine(game, plies, ok) {
  for (let seed = 1; seed < 200; seed++) {
    const moves = randomLine(game, [], plies, seed);
    if (ok(position(game, [], null, moves).text)) return moves;
  }
  throw new Error(`no sample line for ${game}`);
}

const SEATS = {
  shogi: ["sente", "gote"],
  annan: ["sente", "gote"],
  hasami: ["first", "second"],
  musashi: ["father", "children"],
  yonin: ["south", "west", "north", "east"],
};
const NAMES = ["Layla", "Omar", "Yuki", "Sami"];
const options = (game) =>
  run(["options", game])
    .split("\n")
    .filter((l) => l && !l.startsWith(" "))
    .map((l) => {
      const m = /^(\S+) \((\w+), default (\S+)\): (.*)$/.exec(l);
      return { key: m[1], kind: m[2], default: m[3], choices: m[4].split(" "), meaning: "" };
    });

function gridBoard() {
  const points = [];
  for (let r = 0; r < 9; r++)
    for (let c = 0; c < 9; c++) points.push({ name: `${9 - c}${"abcdefghi"[r]}`, x: c, y: r });
  return { kind: "grid", columns: 9, rows: 9, points, lines: [] };
}

function sample(
  game,
  { moves = [], start = null, opts = [], inCheck = [], out = [], board = gridBoard(), viewer },
) {
  const pos = position(game, opts, start, moves);
  const toMoveName = /to_move: (\w+)/.exec(pos.info)?.[1];
  const seats = SEATS[game];
  const toMove = toMoveName ? seats.indexOf(toMoveName) : -1;
  const schema = options(game);
  const you = viewer ?? (toMove >= 0 ? toMove : 0);
  return {
    id: `demo-${game}`,
    version: moves.length + 1,
    game,
    settings: {
      options: Object.fromEntries(schema.map((o) => [o.key, o.default])),
      timer: 60,
      cpu_level: 3,
    },
    option_schema: schema,
    members: seats.map((_, i) => ({ id: `p${i}`, name: NAMES[i], present: i !== 3 })),
    you: `p${you}`,
    table: {
      status: "playing",
      seat_names: seats,
      seats: seats.map((_, i) => ({
        seat: i,
        kind: "person",
        person: `p${i}`,
        name: NAMES[i],
        present: i !== 3,
        away: i === 3,
        cpu_playing: i === 3,
      })),
      your_seats: [you],
      board,
      game: {
        number: 1,
        position: pos.text,
        start: start ?? "startpos",
        moves,
        to_move: toMove,
        legal_moves: legal(game, opts, start, moves),
        last_move: moves.length ? moves[moves.length - 1] : null,
        in_check: inCheck,
        out,
        clock: { limit: 60, remaining_ms: 42_000 },
      },
    },
  };
}

function musashiBoard() {
  const pts = [];
  for (let c = 0; c < 5; c++)
    for (let r = 1; r <= 5; r++) pts.push({ name: `${"abcde"[c]}${r}`, x: c, y: 5 - r });
  for (const r of [2, 3, 4]) pts.push({ name: `f${r}`, x: 5, y: 5 - r });
  for (let r = 1; r <= 5; r++) pts.push({ name: `g${r}`, x: 6, y: 5 - r });
  const idx = new Map(pts.map((p, i) => [p.name, i]));
  const lines = [];
  const add = (a, b) => lines.push([idx.get(a), idx.get(b)]);
  for (let c = 0; c < 5; c++)
    for (let r = 1; r <= 5; r++) {
      if (c < 4) add(`${"abcde"[c]}${r}`, `${"abcde"[c + 1]}${r}`);
      if (r < 5) add(`${"abcde"[c]}${r}`, `${"abcde"[c]}${r + 1}`);
    }
  const diag =
    "a1-b2 c1-b2 c1-d2 e1-d2 b2-a3 b2-c3 d2-c3 d2-e3 a3-b4 c3-b4 c3-d4 e3-d4 b4-a5 b4-c5 d4-c5 d4-e5";
  const sechin =
    "e3-f2 e3-f3 e3-f4 f2-f3 f3-f4 f2-g1 f4-g5 f3-g3 f2-g2 f4-g4 f2-g3 f4-g3 g1-g2 g2-g3 g3-g4 g4-g5";
  for (const l of `${diag} ${sechin}`.split(" ")) add(...l.split("-"));
  return { kind: "graph", points: pts, lines };
}

const samples = {
  shogi: sample("shogi", { moves: ["7g7f", "3c3d", "8h2b+", "3a2b", "B*3c"], inCheck: [1] }),
  annan: sample("annan", {
    moves: ["7g7f", "3c3d", "2g2f", "4a3b", "2f2e", "3b4a", "2e2d", "4a3b"],
  }),
  hasami: sample("hasami", {
    moves: findLine("hasami", 30, (t) => /\s[1-9]-[1-9]\s/.test(t) && / b /.test(t)),
  }),
  musashi: sample("musashi", {
    start: "F:c3 C:a1,a2,a3,a4,a5,b2,b5,c1,c5,d1,d4,d5,e1,e2,e3,e5 f 2",
    board: musashiBoard(),
  }),
  yonin: sample("yonin", { moves: findLine("yonin", 40, (t) => / w \S*[RGSP]w/.test(t)) }),
};
const out = join(here, "../src/demo/samples.json");
writeFileSync(out, JSON.stringify(samples, null, 1) + "\n");
console.log(`wrote ${out}`);
for (const [g, s] of Object.entries(samples))
  console.log(g, s.table.game.position, "legal:", s.table.game.legal_moves.length);

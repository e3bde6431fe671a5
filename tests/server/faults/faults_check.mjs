// Checks a fault test run (fault_test.sh) against the database:
//   ACKS   "GROUP GAME_ID PLY MOVE WALL_MS" per move the load test saw acknowledged
//   MOVES  "GAME_ID<TAB>PLY<TAB>MOVE" per move stored (from PostgreSQL)
//   FAULTS "NAME START_MS END_MS PROMISE_MS" per fault
// Fails (exit 1) when an acknowledged move is not stored as it was acknowledged, a game's plies
// have a gap (a move stored twice is refused by the key; one stored out of order leaves a
// gap), or a table that was moving just before a fault made no acknowledged move within the
// promise after the fault ended.
import { readFileSync } from "node:fs";

const [acksFile, movesFile, faultsFile] = process.argv.slice(2);
const lines = (f) =>
  readFileSync(f, "utf8")
    .split("\n")
    .filter((l) => l.trim());
const acks = lines(acksFile).map((l) => {
  const [group, game, ply, move, at] = l.split(" ");
  return { group, game, ply: Number(ply), move, at: Number(at) };
});
const stored = new Map();
const plies = new Map();
for (const l of lines(movesFile)) {
  const [game, ply, move] = l.split("\t");
  stored.set(`${game}:${ply}`, move);
  if (!plies.has(game)) plies.set(game, []);
  plies.get(game).push(Number(ply));
}
const faults = lines(faultsFile).map((l) => {
  const [name, start, end, promise] = l.split(" ");
  return { name, start: Number(start), end: Number(end), promise: Number(promise) };
});
let failed = 0;
const fail = (m) => {
  failed++;
  if (failed <= 20) console.error(`FAULT CHECK: ${m}`);
};

// 1. Every acknowledged move is stored, as it was acknowledged.
for (const a of acks) {
  const s = stored.get(`${a.game}:${a.ply}`);
  if (s !== a.move) fail(`game ${a.game} ply ${a.ply}: acknowledged ${a.move}, stored ${s ?? "nothing"}`);
}
// 2. No gap in any game's plies.
for (const [game, list] of plies) {
  list.sort((x, y) => x - y);
  list.forEach((ply, i) => {
    if (ply !== i) fail(`game ${game}: ply ${ply} stored where ${i} should be`);
  });
}
// 3. Every table moving in the 5 s before a fault moves again within the promise after its end.
const byTable = new Map();
for (const a of acks) {
  if (!byTable.has(a.group)) byTable.set(a.group, []);
  byTable.get(a.group).push(a.at);
}
const lastAck = Math.max(0, ...acks.map((a) => a.at));
for (const f of faults) {
  const deadline = f.end + f.promise;
  const moving = [...byTable.entries()].filter(([, ts]) =>
    ts.some((t) => t >= f.start - 5000 && t < f.start),
  );
  if (deadline > lastAck) {
    console.log(`fault ${f.name}: the run ended before its promise could be checked`);
    continue;
  }
  const late = moving.filter(([, ts]) => !ts.some((t) => t >= f.end && t <= deadline));
  const again = moving
    .map(([, ts]) => Math.min(...ts.filter((t) => t >= f.end)) - f.end)
    .filter((d) => Number.isFinite(d));
  console.log(
    `fault ${f.name}: ${moving.length} tables moving before it, ${late.length} not again within ` +
      `${f.promise} ms of its end; the slowest moved again after ${again.length ? Math.max(...again) : "-"} ms`,
  );
  for (const [group] of late.slice(0, 5))
    fail(`${f.name}: table ${group} did not move again within ${f.promise} ms`);
}
console.log(
  `checked ${acks.length} acknowledged moves, ${plies.size} games, ${faults.length} faults: ${failed ? "FAILED" : "ok"}`,
);
process.exit(failed ? 1 : 0);

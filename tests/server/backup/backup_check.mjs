// Checks a backup drill (backup_drill.sh):
//   ACKS    "GROUP GAME_ID PLY MOVE WALL_MS" per move the load test saw acknowledged
//   COPIED  "GAME_ID<TAB>PLY<TAB>MOVE" per move in the backup
//   BEGAN, ENDED  when the backup began and ended (wall ms)
// Fails (exit 1) when a move acknowledged before the backup began is not in the copy as it
// was acknowledged, or when no move was acknowledged after the backup (play stopped).
import { readFileSync } from "node:fs";

const [acksFile, copiedFile, began, ended] = process.argv.slice(2);
const lines = (f) =>
  readFileSync(f, "utf8")
    .split("\n")
    .filter((l) => l.trim());
const copied = new Map();
for (const l of lines(copiedFile)) {
  const [game, ply, move] = l.split("\t");
  copied.set(`${game}:${ply}`, move);
}
let before = 0;
let after = 0;
let failed = 0;
for (const l of lines(acksFile)) {
  const [, game, ply, move, at] = l.split(" ");
  if (Number(at) >= Number(ended)) after++;
  if (Number(at) >= Number(began)) continue;
  before++;
  const kept = copied.get(`${game}:${ply}`);
  if (kept !== move) {
    failed++;
    if (failed <= 20)
      console.error(`BACKUP CHECK: game ${game} ply ${ply}: acknowledged ${move}, copied ${kept ?? "nothing"}`);
  }
}
console.log(`acknowledged before the backup ${before}, after it ${after}, missing from the copy ${failed}`);
if (before === 0) {
  console.error("BACKUP CHECK: no move was acknowledged before the backup: nothing was checked");
  process.exit(1);
}
if (after === 0) {
  console.error("BACKUP CHECK: no move was acknowledged after the backup: play stopped");
  process.exit(1);
}
process.exit(failed ? 1 : 0);

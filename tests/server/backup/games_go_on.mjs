// A visitor opens unfinished tables of a restored database and watches them go on: it joins
// each table (a member present, so the CPU takes up the turns of its absent players after the
// away grace) and waits until its game has more moves than the copy stored, or has ended.
// Usage: node --experimental-websocket games_go_on.mjs PORT UNFINISHED
//   UNFINISHED: "GROUP GAME_ID STORED_PLIES" per table
import { readFileSync } from "node:fs";

const [port, file] = process.argv.slice(2);
const tables = readFileSync(file, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => {
    const [group, game, plies] = l.split(" ");
    return { group, game: Number(game), plies: Number(plies) };
  });
const LIMIT_MS = 60_000; // a bound for a broken server, never reached by a working one

function watch({ group, game, plies }) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?group=${group}`);
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error(`table ${group} did not go on past ply ${plies} of game ${game}`));
    }, LIMIT_MS);
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "hello", name: "Visitor" }));
      ws.send(JSON.stringify({ type: "join_group", group }));
    };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "error" && m.code !== "left") {
        clearTimeout(timer);
        ws.close();
        reject(new Error(`table ${group}: ${m.code} ${m.message}`));
        return;
      }
      if (m.type !== "group") return;
      const g = m.group.table.game;
      if (!g || g.id !== game) return;
      if (g.moves.length < plies) {
        clearTimeout(timer);
        ws.close();
        reject(new Error(`table ${group} opened with ${g.moves.length} of its ${plies} moves`));
        return;
      }
      if (g.moves.length > plies || g.result) {
        clearTimeout(timer);
        ws.close();
        resolve(`${group}: ${plies} moves restored, ${g.moves.length} now`);
      }
    };
  });
}

const results = await Promise.allSettled(tables.map(watch));
let failed = 0;
for (const r of results) {
  if (r.status === "fulfilled") console.log(r.value);
  else {
    failed++;
    console.error(`GAMES GO ON: ${r.reason.message}`);
  }
}
process.exit(failed ? 1 : 0);

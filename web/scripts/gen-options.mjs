// Writes src/engine/options.json: each game's local rules (the option schema the server sends
// in a group state), for practice games played with no server. From the project's own
// `kaisho options GAME`, so they are the engine's:
//   KAISHO_BIN=../build/kaisho node scripts/gen-options.mjs [--check]
// --check writes nothing and fails when the file differs from what it would write (the test
// command runs it, so the page's rules cannot drift from the engine's).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const BIN = process.env.KAISHO_BIN ?? join(here, "../../build/kaisho");
const GAMES = ["shogi", "annan", "hasami", "musashi", "yonin"];

const schema = {};
for (const game of GAMES) {
  const lines = execFileSync(BIN, ["options", game], { encoding: "utf8" }).split("\n");
  schema[game] = [];
  for (const line of lines) {
    const m = /^(\S+) \((\w+), default (\S+)\): (.*)$/.exec(line);
    if (m) {
      schema[game].push({
        key: m[1],
        kind: m[2],
        choices: m[4].split(" "),
        default: m[3],
        meaning: "",
      });
    } else if (line.startsWith("    ") && schema[game].length > 0) {
      schema[game][schema[game].length - 1].meaning = line.trim();
    }
  }
}
const out = join(here, "../src/engine/options.json");
const text = JSON.stringify(schema, null, 1) + "\n";
if (process.argv.includes("--check")) {
  if (readFileSync(out, "utf8") !== text) {
    console.error(`${out} differs from \`kaisho options\`: run npm run gen-options`);
    process.exit(1);
  }
  console.log(`${out} agrees with \`kaisho options\``);
} else {
  writeFileSync(out, text);
  console.log(`wrote ${out}`);
}

// The flood of an anonymous abuser, and what a well-behaved player feels meanwhile.
//
//   node --experimental-websocket scripts/bench/flood.mjs PORT [--seconds 30]
//        [--addresses 8] [--connections 80] [--rate 19]
//
// Flooders: CONNECTIONS raw TCP connections spread over ADDRESSES loopback source addresses
// (127.0.0.2, 127.0.0.3, ...: the server sees them as different addresses), speaking
// WebSocket through hand-built frames. Each says hello without a token (a new person every
// time it reconnects) and then sends, at RATE messages a second (inside the per-connection
// limit), `create_group` and `set_name` in turn; it reads and discards what it is sent.
// A refused connection is opened again at once, with a fresh identity.
//
// The player (scripts/lib/bench_player.mjs): one ordinary WebSocket client (its own address,
// 127.0.0.1) in a game of Hasami Shogi against the CPU, moving as soon as it is its turn; the
// time from each `move` to the group state that shows it is its round trip. At the end the script prints the player's
// round trips (p50, p99, max), what the flooders got (welcomes, groups, refusals by code)
// and the server's memory (from /proc, when --pid is given).
import net from "node:net";
import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { startPlayer, percentile as pct } from "../lib/bench_player.mjs";
import { frame, messageJoiner, unframe } from "../lib/raw_websocket.mjs";

const args = process.argv.slice(2);
const port = Number(args[0]);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const seconds = opt("seconds", 30);
const addresses = opt("addresses", 8);
const connections = opt("connections", 80);
const rate = opt("rate", 19);
const pid = opt("pid", 0);
if (!port) {
  console.error(
    "usage: flood.mjs PORT [--seconds S] [--addresses A] [--connections C] [--rate R] [--pid PID]",
  );
  process.exit(2);
}

const counts = { welcome: 0, group: 0, errors: {}, reconnects: 0 };
let stopping = false;

function flooder(n) {
  const localAddress = `127.0.0.${2 + (n % addresses)}`;
  const sock = net.connect({ port, host: "127.0.0.1", localAddress });
  let pending = Buffer.alloc(0);
  const join = messageJoiner();
  let upgraded = false;
  let timer = null;
  let i = 0;
  sock.on("connect", () => {
    sock.write(
      "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
        `Sec-WebSocket-Key: ${crypto.randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  sock.on("data", (d) => {
    pending = Buffer.concat([pending, d]);
    if (!upgraded) {
      const end = pending.indexOf("\r\n\r\n");
      if (end < 0) return;
      if (!pending.subarray(0, 12).toString().includes("101"))
        return sock.destroy();
      upgraded = true;
      pending = pending.subarray(end + 4);
      sock.write(frame(JSON.stringify({ type: "hello" })));
      timer = setInterval(() => {
        i += 1;
        const m =
          i % 2
            ? { type: "create_group", game: "shogi" }
            : { type: "set_name", name: `Flood ${n} ${i}` };
        sock.write(frame(JSON.stringify(m)));
      }, 1000 / rate);
    }
    const [frames, rest] = unframe(pending);
    pending = rest;
    for (const t of frames.map(join).filter((m) => typeof m === "string")) {
      // Group states begin with their type; other messages end with it (sorted keys).
      if (t.startsWith('{"type":"group"')) counts.group++;
      else if (t.endsWith('"type":"welcome"}')) counts.welcome++;
      else if (t.endsWith('"type":"error"}')) {
        const code = /"code":"(\w+)"/.exec(t)?.[1] ?? "?";
        counts.errors[code] = (counts.errors[code] ?? 0) + 1;
      }
    }
  });
  const again = () => {
    if (timer) clearInterval(timer);
    timer = null;
    if (stopping) return;
    counts.reconnects++;
    setTimeout(() => flooder(n), 50);
  };
  sock.on("close", again);
  sock.on("error", () => {});
}

function rssKiB() {
  if (!pid) return null;
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : null;
}

const rssBefore = rssKiB();
const p = await startPlayer(port);
for (let n = 0; n < connections; n++) flooder(n);
await new Promise((r) => setTimeout(r, seconds * 1000));
stopping = true;
p.close();
const sorted = [...p.rtts].sort((a, b) => a - b);
const f = (x) => x.toFixed(1);
console.log(
  `flood seconds ${seconds} addresses ${addresses} connections ${connections} rate ${rate}/s each`,
);
console.log(
  `player moves ${sorted.length} rtt_ms p50 ${f(pct(sorted, 50))} p99 ${f(pct(sorted, 99))} max ${f(sorted.at(-1) ?? NaN)}`,
);
console.log(
  `flooders welcomes ${counts.welcome} group_states ${counts.group} reconnects ${counts.reconnects} errors ${JSON.stringify(counts.errors)}`,
);
if (rssBefore !== null)
  console.log(`server_rss_kib before ${rssBefore} after ${rssKiB()}`);
process.exit(0);

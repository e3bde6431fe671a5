// What a well-behaved player feels while an abuser attacks inside each address's limits, from
// many loopback source addresses (the attacks of the second hardening round; each is refused or
// bounded: docs/reliability.md).
//
//   node --experimental-websocket scripts/bench/abuse.mjs PORT --attack NAME [--seconds 20]
//
// NAME: none (the player alone), slowloris (70 addresses x 32 slow requests, reopened),
// silent (40 addresses x 110 WebSockets that never speak, reopened when closed, tried again a
// second after a refusal), joins (one person from 10 addresses joining every table it can of
// 1,000 that 100 others made, and renaming in a loop),
// members (strangers from 60 addresses joining the player's own table), reconnect (a stolen
// token reconnecting as fast as it can from 20 addresses), names (renames to names that
// display as nothing or as someone else), forwarded (new identities through the trusted proxy,
// each with a forged X-Forwarded-For before the proxy's; the server trusts 127.0.0.1), rebinding
// (upgrades naming evil.example as Host and Origin, from 40 addresses), version (moves claiming
// version 2^52 at the attackers' own tables, from 10 addresses), connections (plain TCP
// connections opened and closed as fast as possible from 20 addresses). Prints the player's round trips (p50, p99, max), how
// many newcomers (one a second, each from an address of its own) got in, and what the attack
// got. The player runs in a process of its own, so that the attackers' work in
// this one does not delay it.
import { fork } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { percentile, startPlayer } from "../lib/bench_player.mjs";
import { connectFrom, openWebSocket } from "../lib/raw_websocket.mjs";

const args = process.argv.slice(2);
const port = Number(args[0]);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const attack = opt("attack", "none");
const seconds = Number(opt("seconds", 20));
if (!port) {
  console.error("usage: abuse.mjs PORT --attack NAME [--seconds S]");
  process.exit(2);
}
const addr = (n) => `127.0.${1 + Math.floor(n / 200)}.${10 + (n % 200)}`;
let stopping = false;
const got = {};
const count = (what) => (got[what] = (got[what] ?? 0) + 1);

/** Runs `body` again and again until the attack stops. */
async function loop(body) {
  while (!stopping) {
    try {
      await body();
    } catch {
      count("failed");
      await sleep(20);
    }
  }
}

async function greeted(n, token) {
  const { status, ws } = await openWebSocket(port, { localAddress: addr(n) });
  if (status !== 101) {
    count(`http_${status}`);
    return null;
  }
  ws.send({ type: "hello", ...(token ? { token } : {}) });
  const m = await ws.next(
    (m) => m.type === "welcome" || m.type === "error",
    10000,
  );
  count(m.type === "welcome" ? "welcome" : m.code);
  if (m.type !== "welcome") {
    ws.close();
    return null;
  }
  return { ws, token: m.token || token, id: m.person.id };
}

const attacks = {
  none: () => [],
  slowloris: () => {
    const one = (n) =>
      loop(async () => {
        const sock = await connectFrom(port, addr(n));
        sock.on("error", () => {});
        sock.write("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
        const drip = setInterval(() => sock.write("a"), 1000);
        await new Promise((r) => sock.on("close", r));
        clearInterval(drip);
        count("closed_by_server");
      });
    return Array.from({ length: 70 * 32 }, (_, i) => one(i % 70));
  },
  silent: () => {
    const one = (n) =>
      loop(async () => {
        const { status, ws } = await openWebSocket(port, {
          localAddress: addr(n),
        });
        if (status !== 101) {
          count(`http_${status}`);
          return sleep(1000); // refused: try again a second later, every one of them
        }
        count("opened");
        await ws.closed;
        count("closed_by_server");
      });
    return Array.from({ length: 40 * 110 }, (_, i) => one(i % 40));
  },
  joins: async () => {
    // Tables to join: 1,000, made by 100 other identities from addresses of their own.
    const ids = [];
    for (let n = 0; n < 100; n++) {
      const c = await greeted(100 + n);
      if (!c) continue;
      for (let k = 0; k < 10; k++) {
        c.ws.send({ type: "create_group", game: "shogi", rid: `c${k}` });
        const m = await c.ws.next(
          (m) => m.type === "group" || m.rid === `c${k}`,
        );
        if (m.type === "group") ids.push(m.group.id);
      }
    }
    const first = await greeted(0);
    const conns = [first];
    for (let n = 1; n < 10; n++)
      conns.push((await greeted(n, first.token)) ?? first);
    let i = 0;
    return conns.map((c, k) =>
      loop(async () => {
        const id = ids[i++ % ids.length];
        c.ws.send({ type: "join_group", group: id, rid: "j" });
        const m = await c.ws.next(
          (m) => m.rid === "j" || (m.type === "group" && m.group.id === id),
        );
        count(
          m.type === "group"
            ? "joined"
            : `${m.code}${m.params?.reason ? ":" + m.params.reason : ""}`,
        );
        c.ws.send({ type: "set_name", name: `Joiner ${k} ${i}`, rid: "n" });
        const r = await c.ws.next((m) => m.type === "welcome" || m.rid === "n");
        count(
          r.type === "welcome" ? "renamed" : `${r.code}:${r.params?.reason}`,
        );
        await sleep(50);
      }),
    );
  },
  members: (player) => {
    // Each stranger follows `moved` to the hall that plays the table, as a page does.
    const one = (n) =>
      loop(async () => {
        const id = player.group()?.id;
        if (!id) return sleep(100);
        let path = "/ws";
        for (let hop = 0; hop < 3; hop++) {
          const { status, ws } = await openWebSocket(port, {
            localAddress: addr(n),
            path,
          });
          if (status !== 101) return sleep(500);
          ws.send({ type: "hello" });
          await ws.next((m) => m.type === "welcome");
          ws.send({ type: "join_group", group: id, rid: "j" });
          const m = await ws.next((m) => m.rid === "j" || m.type === "group");
          count(m.type === "group" ? "joined" : m.code);
          if (m.code === "moved") {
            ws.close();
            path = `/ws?group=${id}&shard=${m.params.shard}`;
            continue;
          }
          await ws.closed;
          return;
        }
      });
    return Array.from({ length: 60 }, (_, n) => one(n));
  },
  reconnect: async () => {
    const first = await greeted(0);
    const one = (n) =>
      loop(async () => {
        const c = await greeted(n, first.token);
        c?.ws.close();
      });
    return Array.from({ length: 20 }, (_, n) => one(1 + n));
  },
  // New identities through the trusted proxy (the server runs with --trusted-proxy 127.0.0.1),
  // each request carrying a forged X-Forwarded-For line before the one the proxy appends (as
  // HAProxy's `option forwardfor` does): the attacker's own address is the last.
  forwarded: () => {
    let forged = 0;
    const one = (n) =>
      loop(async () => {
        forged++;
        const { status, ws } = await openWebSocket(port, {
          localAddress: "127.0.0.1",
          headers: {
            "X-Forwarded-For": [
              `10.${(forged >> 16) & 255}.${(forged >> 8) & 255}.${forged & 255}`,
              addr(n),
            ],
          },
        });
        if (status !== 101) {
          count(`http_${status}`);
          await sleep(20);
          return;
        }
        ws.send({ type: "hello" });
        const m = await ws.next(
          (m) => m.type === "welcome" || m.type === "error",
          10000,
        );
        count(m.type === "welcome" ? "new_identity" : m.code);
        ws.close();
        if (m.type !== "welcome") await sleep(20);
      });
    return Array.from({ length: 4 }, (_, n) => one(n));
  },
  // DNS rebinding: upgrades that name the attacker's host and origin, from 40 addresses.
  rebinding: () => {
    const one = (n) =>
      loop(async () => {
        const { status, ws } = await openWebSocket(port, {
          localAddress: addr(n),
          headers: {
            Host: `evil.example:${port}`,
            Origin: `http://evil.example:${port}`,
          },
        });
        count(status === 101 ? "upgraded" : `http_${status}`);
        if (ws) {
          ws.send({ type: "hello" });
          await ws
            .next((m) => m.type === "welcome" || m.type === "error", 2000)
            .catch(() => {});
          ws.close();
        }
        await sleep(50);
      });
    return Array.from({ length: 40 }, (_, n) => one(n));
  },
  // Moves that claim a version far ahead of the group's (2^52), at the attackers' own tables.
  version: async () => {
    const conns = [];
    for (let n = 0; n < 10; n++) {
      const c = await greeted(n);
      if (!c) continue;
      c.ws.send({ type: "create_group", game: "hasami", rid: "c" });
      const g = await c.ws.next((m) => m.type === "group", 5000);
      c.ws.send({ type: "start", group: g.group.id });
      await c.ws.next((m) => m.type === "group" && m.group.table.status === "playing", 5000);
      conns.push({ ...c, id: g.group.id });
    }
    return conns.map((c) =>
      loop(async () => {
        c.ws.send({ type: "move", group: c.id, move: "9i9h", version: 2 ** 52, rid: "v" });
        const m = await c.ws.next((m) => m.rid === "v", 1000).catch(() => null);
        count(m ? m.code : "not_refused");
        await sleep(50);
      }),
    );
  },
  // Plain TCP connections opened and closed as fast as possible from 20 addresses.
  connections: () => {
    const one = (n) =>
      loop(async () => {
        const sock = await connectFrom(port, addr(n));
        sock.on("error", () => {});
        count("opened");
        sock.destroy();
      });
    return Array.from({ length: 20 }, (_, n) => one(n));
  },
  names: async () => {
    const names = [
      "\u200b\u200b\u200b",
      "\u3164",
      "Guest 4f2a",
      "P\u0430ypal",
      "a\u2028b",
      "CPU 8",
    ];
    const conns = [];
    for (let n = 0; n < 8; n++) conns.push(await greeted(n));
    let i = 0;
    return conns.filter(Boolean).map((c) =>
      loop(async () => {
        c.ws.send({
          type: "set_name",
          name: names[i++ % names.length],
          rid: "n",
        });
        const m = await c.ws.next((m) => m.rid === "n" || m.type === "welcome");
        count(
          m.type === "welcome" ? "renamed" : `${m.code}:${m.params?.reason}`,
        );
        await sleep(60);
      }),
    );
  },
};

// The player's process: plays for the given time, tells its table to the attackers, and
// reports its round trips.
if (opt("role", "") === "player") {
  const player = await startPlayer(port);
  const told = setInterval(() => {
    const g = player.group();
    if (g) process.send({ group: g.id });
  }, 100);
  // Newcomers, one a second from an address of their own: do they get the page's /healthz and
  // a WebSocket that says welcome, within 5 s?
  const visitors = { tried: 0, got_in: 0 };
  let v = 0;
  const visiting = setInterval(async () => {
    const address = `127.0.250.${10 + (v++ % 200)}`;
    visitors.tried++;
    try {
      const sock = await connectFrom(port, address);
      sock.on("error", () => {});
      sock.write(
        "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      );
      let reply = "";
      sock.on("data", (d) => (reply += d));
      await Promise.race([
        new Promise((r) => sock.on("close", r)),
        sleep(5000),
      ]);
      sock.destroy();
      if (!reply.startsWith("HTTP/1.1 200")) return;
      const { status, ws } = await openWebSocket(port, {
        localAddress: address,
      });
      if (status !== 101) return;
      ws.send({ type: "hello" });
      const m = await ws.next(
        (m) => m.type === "welcome" || m.type === "error",
        5000,
      );
      if (m.type === "welcome") visitors.got_in++;
      ws.close();
    } catch {
      // counted as not in
    }
  }, 1000);
  await sleep(seconds * 1000 + 300);
  clearInterval(told);
  clearInterval(visiting);
  await sleep(200);
  process.send({ rtts: player.rtts, errors: player.errors, visitors });
  player.close();
  process.exit(0);
}

if (!attacks[attack]) {
  console.error(`unknown attack ${attack}: ${Object.keys(attacks).join(" ")}`);
  process.exit(2);
}
const child = fork(
  new URL(import.meta.url).pathname,
  [String(port), "--role", "player", "--seconds", String(seconds)],
  { execArgv: ["--no-warnings", "--experimental-websocket"] },
);
let table = null;
const report = new Promise((resolve) =>
  child.on("message", (m) => {
    if (m.group) table = m.group;
    if (m.rtts) resolve(m);
  }),
);
await sleep(300);
const running = await attacks[attack]({
  group: () => (table ? { id: table } : null),
});
const result = await report;
stopping = true;
const sorted = [...result.rtts].sort((a, b) => a - b);
const f = (x) => x.toFixed(1);
console.log(`attack ${attack} seconds ${seconds}`);
console.log(
  `player moves ${sorted.length} rtt_ms p50 ${f(percentile(sorted, 50))} p99 ${f(percentile(sorted, 99))} max ${f(sorted.at(-1) ?? NaN)}`,
);
console.log(`player slowest_ms ${sorted.slice(-5).map(f).join(" ")}`);
console.log(`attack got ${JSON.stringify(got)}`);
console.log(`player errors ${JSON.stringify(result.errors)}`);
console.log(
  `visitors got_in ${result.visitors.got_in} of ${result.visitors.tried}`,
);
void running;
process.exit(0);

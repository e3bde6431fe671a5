// The CPU's capacity on a running server: N people, each alone against the CPU at a level
// and each from a loopback address of their own, answering after a think time of their own,
// while two people play each other at another table (in a process of their own, so that the
// crowd's work here does not delay them). Prints one line:
//   people N level L think_ms T cpu_wait_ms p50 X p99 Y max Z waits W refused R pair_rtt_ms p50 A p99 B moves M
// The CPU wait is the time from a person's move (or start) to the state where it is their turn
// again; the pair's round trip is the time from a move to the state that holds it.
//
//   node scripts/bench/cpu_capacity.mjs PORT --people N [--level 8] [--think-ms 0]
//        [--seconds 30] [--warmup-seconds 5]
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuPlayer, humanPair, percentile } from '../lib/cpu_players.mjs';

const args = process.argv.slice(2);
const port = Number(args[0]);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};

if (args.includes('--pair')) {
  // The child: the pair plays until told to stop, then reports its round trips.
  const pair = await humanPair({ port, address: '127.0.3.1', thinkMs: 500 });
  process.on('message', async (m) => {
    if (m === 'reset') pair.trips.length = 0;
    if (m === 'stop') {
      await pair.stop();
      process.send({ trips: pair.trips.map((t) => t.ms) });
    }
  });
  process.send('ready');
} else {
  const people = Number(opt('people', 0));
  const level = Number(opt('level', 8));
  const thinkMs = Number(opt('think-ms', 0));
  const seconds = Number(opt('seconds', 30));
  const warmup = Number(opt('warmup-seconds', 5));
  if (!port) {
    console.error('usage: cpu_capacity.mjs PORT --people N [--level 8] [--think-ms 0] [--seconds 30]');
    process.exit(2);
  }
  const child = fork(new URL(import.meta.url).pathname, [String(port), '--pair']);
  await new Promise((r) => child.once('message', r));
  const crowd = await Promise.all(Array.from({ length: people }, (_, k) => cpuPlayer({
    port, address: `127.0.${1 + Math.floor(k / 200)}.${10 + (k % 200)}`, level, thinkMs,
    seed: 1 + k, name: `Crowd ${k}`,
  })));
  await sleep(warmup * 1000);
  const from = performance.now();
  child.send('reset');
  await sleep(seconds * 1000);
  const waits = crowd.flatMap((p) => p.waits.filter((w) => w.at >= from).map((w) => w.ms));
  const refused = crowd.filter((p) => p.refused.length > 0).length;
  await Promise.all(crowd.map((p) => p.stop()));
  child.send('stop');
  const { trips } = await new Promise((r) => child.once('message', r));
  const f = (x) => (Number.isNaN(x) ? 'NaN' : x.toFixed(1));
  console.log(`people ${people} level ${level} think_ms ${thinkMs} cpu_wait_ms p50 ${f(percentile(waits, 50))}` +
    ` p99 ${f(percentile(waits, 99))} max ${f(percentile(waits, 100))} waits ${waits.length}` +
    ` refused ${refused} pair_rtt_ms p50 ${f(percentile(trips, 50))} p99 ${f(percentile(trips, 99))}` +
    ` moves ${trips.length}`);
  process.exit(0);
}

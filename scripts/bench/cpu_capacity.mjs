// The CPU's capacity on a running server: N people, each alone against the CPU at a level
// and each from a loopback address of their own, answering after a think time of their own,
// while two people play each other at another table (in a process of their own, so that the
// crowd's work here does not delay them). Prints one line:
//   people N level L think_ms T cpu_wait_ms p50 X p99 Y max Z waits W refused R pair_rtt_ms p50 A p99 B moves M
// then, for the edges of docs/performance.md ("The CPU's bound at its edges"), one line per
// group of people (`group NAME people N cpu_wait_ms p50 X p99 Y max Z waits W over_bound O
// refused R`), every wait of an admitted table counted, including one still open at the end.
// The CPU wait is the time from a person's move (or start) to the state where it is their turn
// again; the pair's round trip is the time from a move to the state that holds it.
//
//   node scripts/bench/cpu_capacity.mjs PORT --people N [--level 8] [--think-ms 0]
//        [--seconds 30] [--warmup-seconds 5]
//        [--crowd-behind-one N]       N more people, all from one address (a school's router)
//        [--late N --late-after-s S]  N more people, each from an address of their own, who
//                                     arrive S seconds into the measured time
//        [--pause-pid PID --pause-after-s S]  SIGSTOP that process (a CPU worker) S seconds
//                                     into the measured time (SIGCONT at the end); the waits
//                                     counted are those after it (group `after_pause`)
// With --warmup-seconds 0 the people start together as the measured time starts: their first
// searches count (people starting at once).
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { cpuPlayer, humanPair, percentile } from '../lib/cpu_players.mjs';

const BOUND_MS = 3000;  // the server's default reply bound (--cpu-bound-ms)
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
  const behindOne = Number(opt('crowd-behind-one', 0));
  const late = Number(opt('late', 0));
  const lateAfter = Number(opt('late-after-s', 10));
  const pausePid = Number(opt('pause-pid', 0));
  const pauseAfter = Number(opt('pause-after-s', 5));
  if (!port) {
    console.error('usage: cpu_capacity.mjs PORT --people N [--level 8] [--think-ms 0] [--seconds 30]');
    process.exit(2);
  }
  const child = fork(new URL(import.meta.url).pathname, [String(port), '--pair']);
  await new Promise((r) => child.once('message', r));
  const join = (count, address, seed0, name) => Promise.all(Array.from({ length: count }, (_, k) =>
    cpuPlayer({ port, address: address(k), level, thinkMs, seed: seed0 + k, name: `${name} ${k}` })));
  const groups = {};
  groups.crowd = await join(people, (k) => `127.0.${1 + Math.floor(k / 200)}.${10 + (k % 200)}`, 1, 'Crowd');
  if (behindOne) groups.behind_one = await join(behindOne, () => '127.0.5.1', 1001, 'School');
  await sleep(warmup * 1000);
  const from = performance.now();
  child.send('reset');
  const timers = [];
  let pausedAt = null;
  if (pausePid) {
    timers.push(sleep(pauseAfter * 1000).then(() => {
      pausedAt = performance.now();
      process.kill(pausePid, 'SIGSTOP');
    }));
  }
  if (late) {
    timers.push(sleep(lateAfter * 1000).then(async () => {
      groups.late = await join(late, (k) => `127.0.6.${10 + k}`, 2001, 'Late');
    }));
  }
  await sleep(seconds * 1000);
  await Promise.all(timers);
  if (pausePid) process.kill(pausePid, 'SIGCONT');
  // Every wait in the measured time, and each wait of an admitted table still open at its end
  // (a table that stopped moving counts as its whole wait; a start still refused does not).
  const waitsOf = (list, since) => list.flatMap((p) => [
    ...p.waits.filter((w) => w.at >= since).map((w) => w.ms),
    ...(p.waits.length > 0 && p.pendingMs() > 0 ? [p.pendingMs()] : []),
  ]);
  const everyone = Object.values(groups).flat();
  const waits = everyone.flatMap((p) => p.waits.filter((w) => w.at >= from).map((w) => w.ms));
  const refused = everyone.filter((p) => p.refused.length > 0).length;
  const lines = [];
  const f = (x) => (Number.isNaN(x) ? 'NaN' : x.toFixed(1));
  const describe = (name, list, since) => {
    const w = waitsOf(list, since);
    lines.push(`group ${name} people ${list.length} cpu_wait_ms p50 ${f(percentile(w, 50))}` +
      ` p99 ${f(percentile(w, 99))} max ${f(percentile(w, 100))} waits ${w.length}` +
      ` over_bound ${w.filter((x) => x > BOUND_MS).length}` +
      ` refused ${list.filter((p) => p.refused.length > 0).length}`);
  };
  for (const [name, list] of Object.entries(groups)) describe(name, list, from);
  if (pausedAt !== null) describe('after_pause', everyone, pausedAt);
  await Promise.all(everyone.map((p) => p.stop()));
  child.send('stop');
  const { trips } = await new Promise((r) => child.once('message', r));
  console.log(`people ${everyone.length} level ${level} think_ms ${thinkMs} cpu_wait_ms p50 ${f(percentile(waits, 50))}` +
    ` p99 ${f(percentile(waits, 99))} max ${f(percentile(waits, 100))} waits ${waits.length}` +
    ` refused ${refused} pair_rtt_ms p50 ${f(percentile(trips, 50))} p99 ${f(percentile(trips, 99))}` +
    ` moves ${trips.length}`);
  for (const line of lines) console.log(line);
  process.exit(0);
}

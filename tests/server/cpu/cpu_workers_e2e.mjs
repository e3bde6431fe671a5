// CPU worker processes (docs/cpu.md, "Worker processes"), with a real PostgreSQL: a server with
// one search thread of its own and a worker with two take eight people's level-8 searches; the
// worker takes most of them; it is killed in the middle of searches, and every CPU answer
// still comes within the reply bound and every game goes on; a worker started again takes
// searches again; it hangs (SIGSTOP: connected, its rows locked, answering nothing), and every
// answer still comes within the bound; it comes back (SIGCONT) and takes searches again.
// Started by cpu_workers_test.sh (KAISHO_PG_URI).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpuPlayer } from '../../../scripts/lib/cpu_players.mjs';
import { BIN, eventually, sleep, startServer } from '../e2e/server_process.mjs';

const BOUND_MS = 3000;
const URI = process.env.KAISHO_PG_URI;

function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function startWorker(t) {
  // At the process's own priority, as the server's searches here (see below).
  const proc = spawn(BIN, ['cpu-worker', '--db', URI, '--threads', '2', '--nice', '0'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => { out += d; });
  proc.stderr.on('data', (d) => { out += d; });
  t.after(() => proc.kill('SIGKILL'));
  return { proc, log: () => out };
}

test('a worker killed, then another hung, in the middle of searches: every CPU answer within the bound, every game goes on', async (t) => {
  assert.ok(URI, 'KAISHO_PG_URI');
  const worker = startWorker(t);
  assert.ok(await eventually(() => worker.log().includes('is running')), worker.log());
  // Searches at the process's own priority: on a machine busy with other work (a build on
  // every core), nice-19 searches would hardly run, and their deadlines are polled every 1,024
  // nodes. The policy is what this test checks; the priority, cpu_test and the benchmark.
  const s = await startServer(URI, ['--cpu-ms', '1200', '--cpu-threads', '1', '--cpu-nice', '0',
    '--max-connections-per-address', '1000', '--address-messages-per-second', '1000']);
  t.after(() => s.proc.kill('SIGKILL'));
  const people = await Promise.all(Array.from({ length: 8 }, (_, k) => cpuPlayer({
    port: s.port, address: `127.0.0.${70 + k}`, level: 8, thinkMs: 0, seed: 10 + k })));
  const answers = () => people.reduce((n, p) => n + p.waits.length, 0);

  // With the worker: it takes most searches (two threads against the server's one).
  const before = cpuSeconds(worker.proc.pid);
  await sleep(5000);
  const workerSeconds = cpuSeconds(worker.proc.pid) - before;
  assert.ok(workerSeconds > 1, `the worker searched: ${workerSeconds.toFixed(1)} CPU seconds in 5 s`);

  // Killed in the middle of searches (eight tables answering at once keep it busy).
  const killedAt = performance.now();
  worker.proc.kill('SIGKILL');
  const atKill = answers();
  await sleep(6000);
  const after = people.flatMap((p) => p.waits.filter((w) => w.at > killedAt).map((w) => w.ms));
  if (process.env.KAISHO_VERBOSE) console.log('after the kill:', after.map((x) => x.toFixed(0)).join(' '));
  assert.ok(Math.max(...after) <= BOUND_MS,
    `every CPU answer within ${BOUND_MS} ms after the kill: ${after.map((x) => x.toFixed(0)).join(' ')}`);
  for (const [k, p] of people.entries())
    assert.ok(p.waits.filter((w) => w.at > killedAt).length >= 2, `person ${k}'s game goes on`);
  assert.ok(answers() > atKill);

  // A worker started again takes searches again.
  const again = startWorker(t);
  assert.ok(await eventually(() => again.log().includes('is running')), again.log());
  const from = cpuSeconds(again.proc.pid);
  await sleep(4000);
  assert.ok(cpuSeconds(again.proc.pid) - from > 1, 'the new worker searches');
  const lastWaits = people.flatMap((p) => p.waits.slice(-3).map((w) => w.ms));
  assert.ok(Math.max(...lastWaits) <= BOUND_MS, `answers within the bound: ${lastWaits.map((x) => x.toFixed(0)).join(' ')}`);

  // Hung (SIGSTOP) in the middle of searches: its sessions stay connected and its rows locked,
  // but it answers nothing. It loses its share and its searches come back within the bound
  // (before its heartbeat, replies took up to 31.5 s, until the database ended its sessions).
  const hungAt = performance.now();
  again.proc.kill('SIGSTOP');
  await sleep(8000);
  const whileHung = people.flatMap((p) => p.waits.filter((w) => w.at > hungAt).map((w) => w.ms));
  const open = people.map((p) => p.pendingMs());
  if (process.env.KAISHO_VERBOSE) console.log('while hung:', whileHung.map((x) => x.toFixed(0)).join(' '));
  assert.ok(Math.max(...whileHung, ...open) <= BOUND_MS,
    `every CPU answer within ${BOUND_MS} ms while the worker hangs: ${whileHung.map((x) => x.toFixed(0)).join(' ')}; open ${open.map((x) => x.toFixed(0)).join(' ')}`);
  for (const [k, p] of people.entries())
    assert.ok(p.waits.filter((w) => w.at > hungAt).length >= 2, `person ${k}'s game goes on while the worker hangs`);
  // It comes back and takes searches again.
  again.proc.kill('SIGCONT');
  const back = cpuSeconds(again.proc.pid);
  await sleep(4000);
  assert.ok(cpuSeconds(again.proc.pid) - back > 1, 'the worker that came back searches');
  const afterBack = people.flatMap((p) => p.waits.slice(-3).map((w) => w.ms));
  assert.ok(Math.max(...afterBack) <= BOUND_MS, `answers within the bound: ${afterBack.map((x) => x.toFixed(0)).join(' ')}`);
  await Promise.all(people.map((p) => p.stop()));
  assert.deepEqual(people.flatMap((p) => p.errors).map((e) => e.code), []);
});

// A `kaisho serve` process for the end-to-end tests (KAISHO_BIN), on a free port of 127.0.0.1,
// and the waiting helpers they share.
import { spawn } from 'node:child_process';

export const BIN = process.env.KAISHO_BIN ?? 'build/kaisho';
// Deadlines for a reply are failure limits, not windows: a slow build (ThreadSanitizer) or a
// busy machine stretches them with KAISHO_TIME_SCALE.
export const SCALE = Number(process.env.KAISHO_TIME_SCALE ?? 1);
export const within = (ms) => ms * SCALE;
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` until it holds, for at most `ms` (scaled); true if it held. */
export async function eventually(check, ms = 15000) {
  for (const end = Date.now() + within(ms); Date.now() < end;) {
    if (await check()) return true;
    await sleep(50);
  }
  return !!(await check());
}

// Every test client of the ordinary tests comes from 127.0.0.1: the per-address limits are
// raised for them. The abuse tests keep them (`oneAddressManyPeople: false`).
const ONE_ADDRESS_MANY_PEOPLE = ['--new-persons-per-address', '1000000', '--groups-per-address',
  '1000000', '--groups-per-person', '1000000', '--max-http-connections-per-address', '100000',
  '--websocket-opens-per-address', '100000', '--connections-per-address', '100000'];

/**
 * Starts the server on database `db` with `extra` arguments; resolves to {proc, port, log()}
 * once it listens. With `nofile`, it runs with that few file descriptors (ulimit -n).
 */
export function startServer(db, extra = [], { nofile, oneAddressManyPeople = true } = {}) {
  return new Promise((resolve, reject) => {
    const [cmd, pre] = nofile ? ['sh', ['-c', `ulimit -n ${nofile} && exec "$0" "$@"`, BIN]] : [BIN, []];
    const proc = spawn(cmd, [...pre, 'serve', '--port', '0', '--address', '127.0.0.1', '--db', db,
      '--away-grace-ms', '300', '--stand-in-pace-ms', '0', '--cpu-ms', '200', '--test-hooks',
      // One hall unless a test asks for more (these clients do not follow `moved`).
      ...(extra.includes('--halls') ? [] : ['--halls', '1']),
      ...(oneAddressManyPeople ? ONE_ADDRESS_MANY_PEOPLE : []), ...extra],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error('server did not start: ' + out)), within(20000));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/localhost:(\d+)\//);
      if (m) { clearTimeout(timer); resolve({ proc, port: Number(m[1]), log: () => out }); }
    });
    proc.stderr.on('data', (d) => { out += d; });
    proc.on('exit', (code) => reject(new Error('server exited ' + code + ': ' + out)));
  });
}

// People who play the CPU, and two people who play each other, as load on a real server:
// for the CPU capacity benchmark (scripts/bench/cpu_capacity.mjs) and the CPU load tests
// (tests/server/cpu/). Each person has a WebSocket of their own from a loopback address of
// their choice (the server's CPU pool shares itself out by address).
import { percentile as percentileOfSorted } from './bench_player.mjs';
import { openWebSocket } from './raw_websocket.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The p-th percentile (0..100) of `values`, or NaN when there are none. */
export function percentile(values, p) {
  return percentileOfSorted([...values].sort((a, b) => a - b), p);
}

/** A greeted person's WebSocket (`path` names a group to reach the hall that plays it). */
async function greeted(port, address, name, path = '/ws') {
  const { status, ws } = await openWebSocket(port, { localAddress: address, path });
  if (status !== 101) throw new Error(`WebSocket refused (${status}) from ${address}`);
  ws.send({ type: 'hello', name });
  const welcome = await ws.next((m) => m.type === 'welcome' || m.type === 'error', 30000);
  if (welcome.type !== 'welcome') throw new Error(`hello refused: ${welcome.code}`);
  return ws;
}

/** A small seeded generator: the same person plays the same moves run after run. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return () => ((s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32);
}

/**
 * One person alone against the CPU at `level` in `game`, from `address`: moves after
 * `thinkMs`, starts a new game when one ends, until stop(). Each CPU wait (from sending a
 * move, or starting, to the state where it is this person's turn again) goes to `waits` with
 * the time it ended. A start the server refuses is counted in `refused` (with its error).
 */
export async function cpuPlayer({ port, address = '127.0.0.1', level = 8, thinkMs = 0,
  game = 'shogi', seed = 1, name = 'Solo' }) {
  const ws = await greeted(port, address, name);
  const me = { waits: [], refused: [], errors: [], games: 0, stopped: false, ws };
  ws.send({ type: 'create_group', game });
  const created = await ws.next((m) => m.type === 'group' || m.type === 'error', 30000);
  if (created.type !== 'group') throw new Error(`create_group refused: ${created.code}`);
  const id = created.group.id;
  ws.send({ type: 'settings', group: id, cpu_level: level });
  const pick = random(seed);
  let asked = performance.now();  // when the CPU was last waited for
  let waiting = true;
  let version = 0;
  let moved = -1;  // moves played when this person last moved
  ws.send({ type: 'start', group: id });
  me.done = (async () => {
    while (!me.stopped) {
      let m;
      try { m = await ws.next(() => true, 600000); } catch { break; }
      if (m.type === 'error') {
        if (m.code === 'cpu_busy') {
          // Refused: asks again a second later; the wait counts from the start that is taken.
          me.refused.push(m);
          await sleep(1000);
          asked = performance.now();
          if (!me.stopped) ws.send({ type: 'start', group: id });
        }
        else me.errors.push(m);
        continue;
      }
      if (m.type !== 'group' || m.group.id !== id || m.group.version <= version) continue;
      version = m.group.version;
      const table = m.group.table;
      if (table.status !== 'playing') {
        if (table.status === 'finished' && waiting !== 'restart') {
          me.games++;
          waiting = 'restart';
          moved = -1;
          await sleep(thinkMs);
          asked = performance.now();
          if (!me.stopped) ws.send({ type: 'start', group: id });
        }
        continue;
      }
      const g = table.game;
      const mine = table.your_seats.includes(g.to_move);
      if (!mine || g.moves.length === moved) continue;
      if (waiting) me.waits.push({ ms: performance.now() - asked, at: performance.now() });
      waiting = false;
      await sleep(thinkMs);
      if (me.stopped) break;
      const legal = g.legal_moves;
      moved = g.moves.length;
      asked = performance.now();
      waiting = true;
      ws.send({ type: 'move', group: id, move: legal[Math.floor(pick() * legal.length)], version });
    }
  })();
  // How long the CPU has been waited for now (0 while it is this person's turn to think).
  me.pendingMs = () => (waiting ? performance.now() - asked : 0);
  me.stop = () => { me.stopped = true; ws.close(); return me.done; };
  return me;
}

/**
 * Two people at one table playing each other from `address`, each moving after `thinkMs`:
 * every round trip (a move sent until the state holding it comes back) goes to `trips`.
 */
export async function humanPair({ port, address = '127.0.0.1', thinkMs = 500, game = 'shogi',
  seed = 7 }) {
  const a = await greeted(port, address, 'Pair A');
  const pair = { trips: [], stopped: false, games: 0 };
  a.send({ type: 'create_group', game });
  const id = (await a.next((m) => m.type === 'group', 30000)).group.id;
  // The second player comes by the table's link, as a friend would, and follows `moved` to
  // the hall that plays it, as the page does (docs/protocol.md).
  let b = await greeted(port, address, 'Pair B');
  b.send({ type: 'join_group', group: id });
  let joined = await b.next((m) => m.type === 'group' || m.type === 'error', 30000);
  if (joined.type === 'error' && joined.code === 'moved') {
    b.close();
    b = await greeted(port, address, 'Pair B', `/ws?group=${id}&shard=${joined.params.shard}`);
    b.send({ type: 'join_group', group: id });
    joined = await b.next((m) => m.type === 'group' || m.type === 'error', 30000);
  }
  if (joined.type !== 'group') throw new Error(`join refused: ${joined.code}`);
  const pick = random(seed);
  const play = async (ws, starter) => {
    let version = 0;
    let sent = null;  // {plies, at}
    if (starter) ws.send({ type: 'start', group: id });
    while (!pair.stopped) {
      let m;
      try { m = await ws.next(() => true, 600000); } catch { break; }
      if (m.type !== 'group' || m.group.version <= version) continue;
      version = m.group.version;
      const table = m.group.table;
      if (table.status === 'finished' && starter) {
        pair.games++;
        ws.send({ type: 'start', group: id });
        continue;
      }
      if (table.status !== 'playing') continue;
      const g = table.game;
      if (sent && g.moves.length > sent.plies) {
        pair.trips.push({ ms: performance.now() - sent.at, at: performance.now() });
        sent = null;
      }
      if (!table.your_seats.includes(g.to_move) || sent) continue;
      await sleep(thinkMs);
      if (pair.stopped) break;
      sent = { plies: g.moves.length, at: performance.now() };
      ws.send({ type: 'move', group: id, move: g.legal_moves[Math.floor(pick() * g.legal_moves.length)], version });
    }
  };
  pair.done = Promise.all([play(a, true), play(b, false)]);
  pair.stop = () => { pair.stopped = true; a.close(); b.close(); return pair.done; };
  return pair;
}

// What a move costs each member on the wire (issue: "a move that costs bytes, not
// kilobytes"): a client that asks for patches and permessage-deflate (as the web page does)
// against one that takes whole uncompressed states (as older clients do), at the same tables.
// Frames are counted as they arrive, header included (scripts/lib/raw_websocket.mjs).
// Prints one line per game: `bytes_per_move GAME whole W patches P largest L` (docs/performance.md).
// Run: KAISHO_BIN=build/kaisho node --test tests/server/e2e/move_bytes_e2e.mjs
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openWebSocket } from '../../../scripts/lib/raw_websocket.mjs';
import { startServer, within } from './server_process.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kaisho-bytes-'));
let server;
after(() => {
  server?.proc.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

// The client side of group_patch (web/src/net/patch.ts), enough to follow a table.
function applyOps(state, ops) {
  const doc = structuredClone(state);
  for (const op of ops) {
    const path = op.path.split('/').slice(1).map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    const last = path.pop();
    let parent = doc;
    for (const t of path) parent = parent[t];
    if (Array.isArray(parent) && last === '-') parent.push(op.value);
    else if (op.op === 'remove') delete parent[last];
    else parent[last] = op.value;
  }
  const game = doc.table.game;
  if (game && typeof game.legal_moves === 'string')
    game.legal_moves = game.legal_moves.split(' ').filter(Boolean)
      .flatMap((g) => g.slice(2).split(',').map((rest) => g.slice(0, 2) + rest));
  return doc;
}

/** A member: `patches` asks for group_patch and offers permessage-deflate. */
async function member(port, patches) {
  const { ws } = await openWebSocket(port, { deflate: patches });
  ws.send({ type: 'hello', ...(patches ? { patches: true } : {}) });
  await ws.next((m) => m.type === 'welcome', within(15000));
  const m = { ws, state: null, playing: false, bytes: 0, moveMessages: [], seen: 0, syncs: 0 };
  // Follows the table from every state message, counting what each costs.
  m.take = () => {
    for (;;) {
      const i = ws.messages.findIndex((x) => x.type === 'group' || x.type === 'group_patch');
      if (i < 0) return;
      const msg = ws.messages.splice(i, 1)[0];
      // As the page does: a patch of no use (nothing held yet, or older) is dropped; one from
      // another version than the one held asks for the whole state.
      if (msg.type === 'group') {
        if (m.state && msg.group.version < m.state.version) continue;
        m.state = msg.group;
      } else {
        if (!m.state || msg.version <= m.state.version) continue;
        if (msg.base !== m.state.version) {
          m.syncs += 1;
          ws.send({ type: 'sync', group: m.state.id, version: m.state.version });
          continue;
        }
        m.state = applyOps(m.state, msg.ops);
        m.state.table.your_seats = msg.your_seats;
      }
      const moves = m.state.table.game?.moves.length ?? 0;
      // What following the game costs: every state after the first one held during it.
      if (m.playing) m.bytes += msg.wireBytes;
      m.playing = m.state.table.status !== 'idle';
      if (moves > m.seen) m.moveMessages.push(msg.wireBytes);
      m.seen = moves;
    }
  };
  m.until = async (pred, ms = 20000) => {
    const end = Date.now() + within(ms);
    for (;;) {
      m.take();
      if (m.state && pred(m.state)) return m.state;
      if (Date.now() > end) throw new Error('no such state: ' + JSON.stringify(m.state?.table)?.slice(0, 900) + ' ' + JSON.stringify(ws.messages).slice(0, 300));
      await ws.next(() => false, 50).catch(() => {});
    }
  };
  return m;
}

/**
 * A table of `game` whose players are `players` (members), the CPU (level 1) in any other
 * seat, watched by `watchers`; the players play their first legal move until `moves` have
 * been played or the game ends.
 */
async function playTable(game, players, watchers, moves) {
  const [first] = players;
  first.ws.send({ type: 'create_group', game });
  const g = await first.until((s) => s.game === game);
  const join = async (m) => {
    m.ws.send({ type: 'join_group', group: g.id });
    await m.until((s) => s.id === g.id);
  };
  for (const m of players.slice(1)) await join(m);
  first.ws.send({ type: 'settings', group: g.id, cpu_level: 1 });
  await first.until((s) => s.settings.cpu_level === 1);
  // The watchers come once the game has started (members present before would be seated).
  first.ws.send({ type: 'start', group: g.id });
  for (const m of players) await m.until((s) => s.table.status !== 'idle');
  for (const m of watchers) await join(m);
  for (;;) {
    const s = await first.until(() => true);
    const game = s.table.game;
    if (s.table.status !== 'playing' || game.moves.length >= moves) break;
    for (const p of players) await p.until((n) => n.version >= s.version);
    const mover = players.find((p) => p.state.table.your_seats.includes(game.to_move));
    if (mover) {
      mover.ws.send({ type: 'move', group: s.id, move: mover.state.table.game.legal_moves[0],
        version: mover.state.version });
    }
    await first.until((n) => n.version > s.version);
  }
  const end = first.state.table.game.moves.length;
  for (const m of [...players, ...watchers]) await m.until((s) => (s.table.game?.moves.length ?? 0) >= end);
  return end;
}

test('a Shogi move costs each member at most 600 bytes on the wire, and every game less than whole states', async () => {
  server = await startServer(join(dir, 'k.db'), ['--cpu-ms', '50']);
  const rows = [];
  for (const game of ['shogi', 'annan', 'hasami', 'musashi', 'yonin']) {
    const players = game === 'shogi'
      ? [await member(server.port, true), await member(server.port, true)]
      : [await member(server.port, true)];
    const whole = await member(server.port, false);
    const patched = await member(server.port, true);
    const played = await playTable(game, players, [whole, patched], 60);
    assert.ok(played >= 20, `${game}: ${played} moves`);
    const perMove = (m) => Math.round(m.bytes / played);
    const largest = Math.max(...[...players, patched].flatMap((m) => m.moveMessages));
    assert.equal(patched.syncs, 0, `${game}: a watcher never had to ask for the whole state`);
    rows.push({ game, whole: perMove(whole), patches: perMove(patched), largest });
    console.log(`bytes_per_move ${game} whole ${perMove(whole)} patches ${perMove(patched)} largest ${largest}`);
    // The watcher taking patches holds exactly what the one taking whole states holds.
    const strip = (s) => {
      const c = structuredClone(s);
      delete c.you;
      delete c.table.your_seats;
      delete c.table.game.clock;
      return c;
    };
    assert.deepEqual(strip(patched.state), strip(whole.state), `${game}: patches rebuild the state`);
    if (game === 'shogi')
      for (const m of [...players, patched])
        assert.ok(Math.max(...m.moveMessages) <= 600,
          `a Shogi move cost a member ${Math.max(...m.moveMessages)} bytes: ${m.moveMessages}`);
    assert.ok(perMove(patched) * 3 < perMove(whole), `${game}: ${perMove(patched)} against ${perMove(whole)}`);
    for (const m of [...players, whole, patched]) m.ws.close();
  }
});

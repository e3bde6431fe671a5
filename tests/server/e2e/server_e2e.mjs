// The real server on loopback with real WebSocket clients (Node's built-in WebSocket):
// groups by link, a game against the CPU, reconnection, refusals, hostile frames, and a
// SIGKILL in the middle of a game followed by a restart with nothing lost.
// Run: KAISHO_BIN=build/kaisho node --experimental-websocket --test tests/server/e2e/server_e2e.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, startServer, within } from './server_process.mjs';

function client(port) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const inbox = [];
  let waiters = [];
  let closed = false;
  let lastGroup;
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === 'group') lastGroup = m.group;
    inbox.push(m);
    waiters = waiters.filter((w) => !w(m));
  };
  ws.onclose = () => { closed = true; waiters.forEach((w) => w(null)); };
  const opened = new Promise((r, j) => { ws.onopen = r; ws.onerror = j; });
  const c = {
    ws, inbox, opened, get closed() { return closed; },
    send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
    wait(pred, ms = 15000) {
      return new Promise((res, rej) => {
        const i = inbox.findIndex(pred);
        if (i >= 0) return res(inbox.splice(i, 1)[0]);
        const t = setTimeout(() => rej(new Error('timed out; last: ' + JSON.stringify(inbox.at(-1))?.slice(0, 300))), within(ms));
        waiters.push((m) => {
          if (m === null) { clearTimeout(t); rej(new Error('connection closed')); return true; }
          if (!pred(m)) return false;
          clearTimeout(t); inbox.splice(inbox.indexOf(m), 1); res(m); return true;
        });
      });
    },
    async hello(extra = {}) {
      c.send({ type: 'hello', ...extra });
      return c.wait((m) => m.type === 'welcome');
    },
    latestGroup() { return lastGroup; },
  };
  return c;
}

// The latest group state once it satisfies pred (which may assume a game is on the table).
async function until(c, pred, ms = 15000) {
  const safe = (g) => { try { return !!pred(g); } catch { return false; } };
  const g = c.latestGroup();
  if (g && safe(g)) return g;
  await c.wait((m) => m.type === 'group' && safe(m.group), ms);
  return c.latestGroup();
}

test('the real server: groups, play, reconnection, refusals, and a SIGKILL restart', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-e2e-'));
  const db = join(dir, 'kaisho.db');
  let server = await startServer(db);
  try {
    await t.test('healthz and static file safety', async () => {
      const ok = await fetch(`http://127.0.0.1:${server.port}/healthz`);
      assert.equal(await ok.text(), 'ok\n');
      const traversal = await fetch(`http://127.0.0.1:${server.port}/..%2f..%2fetc/passwd`);
      assert.notEqual(traversal.status, 200);
    });

    const a = client(server.port); await a.opened;
    const welcomeA = await a.hello({ name: 'Aiko' });
    const b = client(server.port); await b.opened;
    await b.hello({ name: 'بشير' });
    let groupId;

    await t.test('create a group and join it by link', async () => {
      a.send({ type: 'create_group', game: 'shogi' });
      const g = await until(a, (g) => g.members.length === 1);
      groupId = g.id;
      b.send({ type: 'join_group', group: groupId });
      await until(a, (g) => g.members.length === 2);
      const gb = await until(b, (g) => g.members.length === 2);
      assert.equal(gb.members[1].name, 'بشير');
    });

    await t.test('two people play; illegal and out-of-turn moves are refused', async () => {
      a.send({ type: 'start', group: groupId });
      let g = await until(a, (g) => g.table.status === 'playing');
      assert.deepEqual(g.table.your_seats, [0]);
      b.send({ type: 'move', group: groupId, move: '3c3d', version: g.version });
      assert.equal((await b.wait((m) => m.type === 'error')).code, 'not_your_turn');
      a.send({ type: 'move', group: groupId, move: '7g7e', version: g.version });
      assert.equal((await a.wait((m) => m.type === 'error')).code, 'illegal_move');
      a.send({ type: 'move', group: groupId, move: '7g7f', version: g.version });
      g = await until(b, (g) => g.table.game.moves.length === 1);
      b.send({ type: 'move', group: groupId, move: '3c3d', version: g.version });
      await until(a, (g) => g.table.game.moves.length === 2);
    });

    await t.test('a person comes back with the same token; another token cannot act', async () => {
      a.ws.close();
      await new Promise((r) => setTimeout(r, 100));
      const a2 = client(server.port); await a2.opened;
      const w = await a2.hello({ token: welcomeA.token });
      assert.equal(w.person.id, welcomeA.person.id);
      a2.send({ type: 'sync', group: groupId, version: 0 });
      const g = await until(a2, (g) => g.table.status === 'playing');
      assert.deepEqual(g.table.your_seats, [0]);
      const m = client(server.port); await m.opened;
      await m.hello({ token: 'A'.repeat(43) });
      m.send({ type: 'join_group', group: groupId });
      await until(m, () => true);
      m.send({ type: 'move', group: groupId, move: '2g2f', version: g.version });
      assert.equal((await m.wait((x) => x.type === 'error')).code, 'not_your_seat');
      a2.send({ type: 'move', group: groupId, move: '2g2f', version: g.version });
      await until(b, (g) => g.table.game.moves.length === 3);
      m.ws.close();
      t.a2 = a2;
    });

    await t.test('the CPU plays for a player whose connection the server dropped', async () => {
      const before = (await until(b, () => true)).table.game.moves.length;
      b.send({ type: 'move', group: groupId, move: (await until(b, () => true)).table.game.legal_moves[0], version: (await until(b, () => true)).version });
      await until(b, (g) => g.table.game.moves.length === before + 1);
      // Drop Aiko's connections from the server side (a browser cannot be made to).
      await fetch(`http://127.0.0.1:${server.port}/test/drop?person=${welcomeA.person.id}`, { method: 'POST' });
      const g = await until(b, (g) => g.table.game.moves.length === before + 2, 20000);
      assert.equal(g.table.seats[0].away, true);
    });

    await t.test('oversized frames and broken messages', async () => {
      const x = client(server.port); await x.opened;
      await x.hello();
      x.send('{broken');
      assert.equal((await x.wait((m) => m.type === 'error')).code, 'bad_json');
      x.send({ type: 'nope' });
      assert.equal((await x.wait((m) => m.type === 'error')).code, 'unknown_type');
      x.send('x'.repeat(64 * 1024));
      assert.ok(await eventually(() => x.closed), 'an oversized frame closes the connection');
    });

    await t.test('SIGKILL mid-game: every acknowledged move is still there and the game goes on', async () => {
      const c = client(server.port); await c.opened;
      const w = await c.hello({ name: 'Chen' });
      c.send({ type: 'create_group', game: 'hasami' });
      let g = await until(c, (g) => g.members.length === 1);
      const id = g.id;
      c.send({ type: 'start', group: id });
      g = await until(c, (g) => g.table.status === 'playing');
      for (let i = 0; i < 5; i++) {
        await until(c, (g) => g.table.game.to_move === 0);
        g = c.latestGroup();
        const n = g.table.game.moves.length;
        c.send({ type: 'move', group: id, move: g.table.game.legal_moves[0], version: g.version });
        g = await until(c, (g) => g.table.game.moves.length > n);
      }
      const acknowledged = g.table.game.moves.slice();
      server.proc.kill('SIGKILL');
      await new Promise((r) => server.proc.on('exit', r));
      server = await startServer(db);
      const c2 = client(server.port); await c2.opened;
      await c2.hello({ token: w.token });
      c2.send({ type: 'sync', group: id, version: 0 });
      g = await until(c2, (g) => g.id === id);
      assert.deepEqual(g.table.game.moves.slice(0, acknowledged.length), acknowledged);
      g = await until(c2, (g) => g.table.game.to_move === 0);
      const n = g.table.game.moves.length;
      c2.send({ type: 'move', group: id, move: g.table.game.legal_moves[0], version: g.version });
      await until(c2, (g) => g.table.game.moves.length > n);
      c2.ws.close();
    });
    b.ws.close();
  } finally {
    server.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('per-address limits: connections beyond the cap are refused; a flood from many connections is slowed, not lost', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-limits-'));
  const server = await startServer(join(dir, 'k.db'),
    ['--max-connections-per-address', '3', '--address-messages-per-second', '20']);
  try {
    const clients = [client(server.port), client(server.port), client(server.port)];
    for (const c of clients) { await c.opened; await c.hello(); }
    // The fourth connection from the same address is refused at the upgrade.
    const fourth = client(server.port);
    await assert.rejects(fourth.opened);
    // A place frees up when one closes.
    clients[0].ws.close();
    // (Once the server has seen the close: until then the new one is still the fourth.)
    assert.ok(await eventually(async () => {
      const c = client(server.port);
      try { await c.opened; } catch { return false; }
      clients[0] = c;
      return true;
    }), 'a connection is admitted again once one has closed');
    await clients[0].hello();

    // 3 x 60 requests at once. The address may have 40 (its burst) plus 20 a second read,
    // so within the first second at most about 63 are answered (a slower machine answers
    // fewer); every one is answered in the end (history, or rate_limited from the
    // per-connection limit).
    const answered = () => clients.reduce((n, c) => n + c.inbox.filter((m) => m.type === 'history' || m.type === 'error').length, 0);
    const start = Date.now();
    for (const c of clients) for (let i = 0; i < 60; i++) c.send({ type: 'history' });
    await new Promise((r) => setTimeout(r, 1000));
    const firstSecond = answered();
    assert.ok(firstSecond <= 63 + 10, `answered in the first ${Date.now() - start} ms: ${firstSecond}`);
    await eventually(() => answered() >= 180, 20000);
    assert.equal(answered(), 180);
    for (const c of clients) c.ws.close();
  } finally {
    server.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

// The CPU time (user + system, in clock ticks) a process has used so far.
function cpuTicks(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

test('out of file descriptors, the server pauses accepting instead of spinning, and recovers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-fd-'));
  const { proc, port } = await startServer(join(dir, 'k.db'), [], { nofile: 64 });
  const sockets = [];
  try {
    // More connections than the server has descriptors: the kernel queues the rest.
    for (let i = 0; i < 120; i++) {
      const sock = net.connect(port, '127.0.0.1');
      sock.on('error', () => {});
      sockets.push(sock);
    }
    await new Promise((r) => setTimeout(r, 1000));
    const before = cpuTicks(proc.pid);
    await new Promise((r) => setTimeout(r, 2000));
    const used = cpuTicks(proc.pid) - before;
    // Spinning on accept would burn most of a core: about 200 ticks in 2 s.
    assert.ok(used < 40, `the server used ${used} ticks of CPU in 2 s while out of descriptors`);
    for (const sock of sockets) sock.destroy();
    // Once descriptors are free again, the server answers.
    let ok = false;
    for (let i = 0; i < 50 && !ok; i++) {
      try {
        ok = (await fetch(`http://127.0.0.1:${port}/healthz`)).ok;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    assert.ok(ok, 'healthz answers after the descriptors are free');
  } finally {
    for (const sock of sockets) sock.destroy();
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

// A connection to `target` that has said `hello` (with `token`, if any): its first answer
// (welcome or error), and `next(pred)`, the next message that satisfies pred.
async function greeted(port, target, opened, token = null) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${target}`);
  opened.push(ws);
  const inbox = [];
  let wake = null;
  ws.onmessage = (e) => { inbox.push(JSON.parse(e.data)); wake?.(); };
  const next = async (pred) => {
    for (const until = Date.now() + within(15000); Date.now() < until;) {
      const i = inbox.findIndex(pred);
      if (i >= 0) return inbox.splice(i, 1)[0];
      await new Promise((r) => { wake = r; setTimeout(r, 200); });
    }
    throw new Error('no such message within 15 s');
  };
  await new Promise((r, j) => { ws.onopen = r; ws.onerror = j; });
  ws.send(JSON.stringify(token ? { type: 'hello', token } : { type: 'hello' }));
  const reply = await next((m) => m.type === 'welcome' || m.type === 'error');
  return { ws, next, reply };
}

test('several halls in one process: a client is sent to the hall that plays its group, presence and names are shared', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-halls-'));
  const { proc, port } = await startServer(join(dir, 'k.db'), ['--halls', '3']);
  const opened = [];
  const person = async (token, target = '/ws') => {
    const { ws, next, reply } = await greeted(port, target, opened, token);
    return { ws, next, token: reply.token, id: reply.person.id };
  };
  try {
    const a = await person(null);
    a.ws.send(JSON.stringify({ type: 'create_group', game: 'shogi' }));
    const g = (await a.next((m) => m.type === 'group')).group;
    // B asks every hall in turn for the group: the ones that do not play it say where it is.
    let b = null;
    let holder = -1;
    let moved = 0;
    let token = null;
    for (let k = 0; k < 3; k++) {
      const tryB = await person(token, `/ws?group=${g.id}&shard=${k}`);
      token = tryB.token;
      tryB.ws.send(JSON.stringify({ type: 'join_group', group: g.id }));
      const reply = await tryB.next((m) => m.type === 'group' || m.type === 'error');
      if (reply.type === 'group') {
        assert.equal(b, null, 'only one hall plays the group');
        b = tryB;
        holder = k;
        // A's presence is known in this hall, whichever hall A's connection is on.
        assert.equal(reply.group.members.length, 2);
        assert.ok(reply.group.members.every((m) => m.present), 'both members present');
      } else {
        assert.equal(reply.code, 'moved');
        assert.match(reply.params.shard, /^[0-2]$/);
        moved++;
        tryB.ws.close();
      }
    }
    assert.ok(b, 'one hall plays the group');
    assert.equal(moved, 2, 'the two other halls sent the client on');
    // A renames themself on a hall that does not play the group: its table shows the name.
    const elsewhere = await person(a.token, `/ws?shard=${(holder + 1) % 3}`);
    elsewhere.ws.send(JSON.stringify({ type: 'set_name', name: 'Renamed elsewhere' }));
    await b.next((m) => m.type === 'group' &&
      m.group.members.some((x) => x.id === a.id && x.name === 'Renamed elsewhere'));
  } finally {
    for (const ws of opened) ws.close();
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('several halls in one process share one budget per address, and stop cleanly on SIGTERM', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-halls-'));
  // Three new people per address at once (a burst of half of 6 an hour), over three halls.
  const { proc, port } = await startServer(join(dir, 'k.db'),
    ['--halls', '3', '--new-persons-per-address', '6']);
  const opened = [];
  const hello = (shard) => greeted(port, `/ws?shard=${shard}`, opened);
  try {
    const people = [];
    for (const shard of [0, 1, 2, 0, 1, 2]) people.push(await hello(shard));
    assert.deepEqual(people.map(({ reply: m }) => m.type === 'welcome' ? 'welcome' : m.code),
      ['welcome', 'welcome', 'welcome', 'too_many_new_persons', 'too_many_new_persons',
        'too_many_new_persons'], 'the halls take from one budget');
    // A game against the CPU in play (its timers and search pending) when the server stops.
    const { ws, next } = people[0];
    ws.send(JSON.stringify({ type: 'create_group', game: 'shogi' }));
    const g = (await next((m) => m.type === 'group')).group;
    ws.send(JSON.stringify({ type: 'start', group: g.id }));
    await next((m) => m.type === 'group' && m.group.table?.status === 'playing');
    const exited = new Promise((r) => proc.on('exit', (code, signal) => r({ code, signal })));
    let out = '';
    proc.stdout.on('data', (d) => { out += d; });
    proc.stderr.on('data', (d) => { out += d; });
    proc.kill('SIGTERM');
    const { code, signal } = await exited;
    assert.equal(signal, null, out);
    assert.equal(code, 0, `the server stops cleanly: ${out}`);
    assert.match(out, /Kaisho stopped\./);
  } finally {
    for (const ws of opened) ws.close();
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a damaged group row: the server refuses that group with an error, logs why, and serves every other table', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-damaged-'));
  const db = join(dir, 'k.db');
  let server = await startServer(db);
  try {
    const a = client(server.port); await a.opened;
    const w = await a.hello({ name: 'Aiko' });
    a.send({ type: 'create_group', game: 'shogi' });
    const good = (await until(a, (g) => g.members.length === 1)).id;
    a.send({ type: 'create_group', game: 'hasami' });
    const bad = (await until(a, (g) => g.game === 'hasami')).id;
    a.send({ type: 'start', group: good });
    await until(a, (g) => g.id === good && g.table.status === 'playing');
    server.proc.kill('SIGKILL');
    await new Promise((r) => server.proc.on('exit', r));
    // The row is damaged on disk: a member that is not a person id.
    const edit = spawnSync('sqlite3', [db,
      `UPDATE groups SET data = '{"game":"shogi","members":[1]}' WHERE id = '${bad}'`]);
    assert.equal(edit.status, 0, String(edit.stderr));
    server = await startServer(db);
    let log = '';
    server.proc.stderr.on('data', (d) => { log += d; });
    const a2 = client(server.port); await a2.opened;
    await a2.hello({ token: w.token });
    a2.send({ type: 'join_group', group: bad, rid: 'j1' });
    const refused = await a2.wait((m) => m.type === 'error');
    assert.equal(refused.code, 'group_unreadable');
    assert.equal(refused.rid, 'j1');
    // One JSON line naming the group and why (docs/server.md, "Logs").
    const logged = () =>
      log
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .find((l) => l.group === bad && l.msg === 'the group cannot be read' && l.error);
    assert.ok(await eventually(() => logged() !== undefined), log);
    // The server is still up, and the other table plays on.
    assert.equal(await (await fetch(`http://127.0.0.1:${server.port}/healthz`)).text(), 'ok\n');
    a2.send({ type: 'join_group', group: good });
    const g = await until(a2, (g) => g.id === good && g.table.game?.to_move === 0);
    a2.send({ type: 'move', group: good, move: g.table.game.legal_moves[0], version: g.version });
    await until(a2, (g) => g.id === good && g.table.game.moves.length >= 1);
    a2.ws.close();
  } finally {
    server.proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

test('several halls at once: a person on each hall plays every game against the CPU, one person on every hall', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-halls-'));
  const { proc, port } = await startServer(join(dir, 'k.db'), ['--halls', '3']);
  const opened = [];
  const games = ['shogi', 'annan', 'hasami', 'musashi', 'yonin'];
  try {
    const people = [];
    for (let k = 0; k < 3; k++) people.push(await greeted(port, `/ws?shard=${k}`, opened));
    // All at once: each person makes a table of every game, starts it, and plays until it has
    // two moves (theirs and the CPU's) or has ended.
    await Promise.all(people.map(async ({ ws, next }) => {
      for (const game of games) {
        ws.send(JSON.stringify({ type: 'create_group', game }));
        let g = (await next((m) => m.type === 'group' && m.group.game === game)).group;
        const id = g.id;
        ws.send(JSON.stringify({ type: 'start', group: id }));
        for (;;) {
          g = (await next((m) => m.type === 'group' && m.group.id === id && m.group.version > g.version)).group;
          const t = g.table;
          if (t.status === 'finished' || (t.game && t.game.moves.length >= 2)) break;
          if (t.status === 'playing' && t.your_seats.includes(t.game.to_move))
            ws.send(JSON.stringify({ type: 'move', group: id, move: t.game.legal_moves[0], version: g.version }));
        }
      }
    }));
    // The first person connects to the two other halls too and renames themself there: the
    // tables on their own hall show the last name.
    const first = people[0].reply;
    const elsewhere = [];
    for (const k of [1, 2]) elsewhere.push(await greeted(port, `/ws?shard=${k}`, opened, first.token));
    elsewhere[0].ws.send(JSON.stringify({ type: 'set_name', name: 'Halls one' }));
    elsewhere[1].ws.send(JSON.stringify({ type: 'set_name', name: 'Halls two' }));
    await people[0].next((m) => m.type === 'group' && ['Halls one', 'Halls two'].includes(m.group.members[0].name));
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/healthz`)).text(), 'ok\n');
  } finally {
    for (const ws of opened) ws.close();
    proc.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

// Abuse that stays inside each limit of one address, tried from many loopback source addresses
// (127.0.0.2, 127.0.0.3, ...) against the real server, and through the real HAProxy with the
// shipped configuration (deploy/haproxy.cfg): each test reproduces one attack of the second
// hardening round (docs/reliability.md) and fails if it gets through again.
// Run: KAISHO_BIN=build/kaisho node --test tests/server/abuse/abuse_e2e.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { connectFrom, openWebSocket } from '../../../scripts/lib/raw_websocket.mjs';
import { eventually, sleep, startServer, within } from '../e2e/server_process.mjs';

const ROOT = new URL('../../../', import.meta.url).pathname;
const from = (n) => `127.0.0.${10 + n}`;  // the n-th abuser's own address

/** A server with the default limits but for `extra`, on a fresh database; stopped by `t`. */
async function server(t, extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-abuse-'));
  const s = await startServer(join(dir, 'k.db'), extra, { oneAddressManyPeople: false });
  t.after(() => { s.proc.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); });
  return s;
}

/** A WebSocket from `address` that said hello (with `token`); {ws, welcome or error}. */
async function greeted(port, address, { token, headers } = {}) {
  const { status, ws } = await openWebSocket(port, { localAddress: address, headers });
  if (status !== 101) return { status };
  ws.send({ type: 'hello', ...(token ? { token } : {}) });
  const reply = await ws.next((m) => m.type === 'welcome' || m.type === 'error', within(15000));
  return { status, ws, reply };
}

async function freePort() {
  const srv = net.createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

/** HAProxy's answer to one command on its stats socket `path`. */
async function haproxyCommand(path, command) {
  return new Promise((resolve, reject) => {
    const sock = net.connect({ path }, () => sock.end(`${command}\n`));
    let out = '';
    sock.on('data', (d) => { out += d; });
    sock.on('error', reject);
    sock.on('close', () => resolve(out));
  });
}

/**
 * HAProxy with deploy/haproxy.cfg in front of `backend` (its s1; s2, s3 stay down). Ready once
 * its own checks have marked s2 and s3 down in both backends: until then HAProxy counts them
 * up, and a request it sends there fails, which is not what these tests measure. A second
 * configuration file adds only a stats socket to ask HAProxy that.
 */
async function haproxy(t, backend) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-haproxy-'));
  const socket = join(dir, 'stats.sock');
  writeFileSync(join(dir, 'stats.cfg'), `global\n    stats socket ${socket} mode 600 level user\n`);
  const env = {
    ...process.env, KAISHO_PROXY_BIND: `127.0.0.1:${port}`, KAISHO_S1: `127.0.0.1:${backend}`,
    KAISHO_S2: `127.0.0.1:${await freePort()}`, KAISHO_S3: `127.0.0.1:${await freePort()}`,
  };
  const proc = spawn('haproxy', ['-db', '-f', join(ROOT, 'deploy/haproxy.cfg'), '-f', join(dir, 'stats.cfg')],
    { env, stdio: 'ignore' });
  t.after(() => { proc.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); });
  // `show stat` is CSV: pxname,svname,...,status (the 18th field).
  const ready = await eventually(async () => {
    try {
      const rows = (await haproxyCommand(socket, 'show stat')).split('\n').map((l) => l.split(','));
      const status = (px, sv) => rows.find((r) => r[0] === px && r[1] === sv)?.[17] ?? '';
      return ['by_group', 'spread'].every((px) => status(px, 's1').startsWith('UP')
        && status(px, 's2').startsWith('DOWN') && status(px, 's3').startsWith('DOWN'));
    } catch { return false; }
  }, 20000);
  assert.ok(ready, 'HAProxy sees s1 up and s2, s3 down');
  assert.ok((await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 'HAProxy answers through s1');
  return port;
}

test('X-Forwarded-For: the shipped proxy sends one line, its own, whatever the client sent', async (t) => {
  // Behind the proxy, a backend that says which X-Forwarded-For lines it received.
  const seen = [];
  const echo = http.createServer((req, res) => {
    if (req.url !== '/healthz') seen.push(req.headersDistinct['x-forwarded-for'] ?? []);
    res.end('ok\n');
  });
  await new Promise((r) => echo.listen(0, '127.0.0.1', r));
  t.after(() => echo.close());
  const proxy = await haproxy(t, echo.address().port);
  const sock = await connectFrom(proxy, from(1));
  sock.write(`GET /page HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 10.9.9.9\r\nX-Forwarded-For: 10.8.8.8, 10.7.7.7\r\nConnection: close\r\n\r\n`);
  await new Promise((r) => sock.on('close', r).resume());
  assert.ok(await eventually(() => seen.length > 0));
  assert.deepEqual(seen[0], [from(1)], 'one line: the address the proxy saw');
});

test('X-Forwarded-For: a forged line cannot take an address out of its limits, directly or through HAProxy', async (t) => {
  // Every connection to the server comes from a trusted proxy (127.0.0.1 here): the client's
  // address is the last value of all X-Forwarded-For lines, the one the proxy appended.
  const s = await server(t, ['--trusted-proxy', '127.0.0.1', '--max-connections-per-address', '4',
    '--new-persons-per-address', '4']);
  // Directly, as from a proxy that forwarded the client's own line: a new forged first line
  // each time, the same last one.
  const direct = [];
  for (let i = 0; i < 8; i++)
    direct.push(await greeted(s.port, '127.0.0.1', {
      headers: { 'X-Forwarded-For': [`10.0.0.${i}`, from(2)] } }));
  assert.equal(direct.filter((c) => c.status === 101).length, 4, 'four WebSockets per address');
  assert.deepEqual(direct.filter((c) => c.reply).map((c) => c.reply.type === 'welcome' ? 'welcome' : c.reply.code),
    ['welcome', 'welcome', 'too_many_new_persons', 'too_many_new_persons'], 'two new people (a burst of 4/2)');
  for (const c of direct) c.ws?.close();
  // Through the real HAProxy from another address, forging a line of its own each time.
  const proxy = await haproxy(t, s.port);
  const viaProxy = [];
  for (let i = 0; i < 8; i++)
    viaProxy.push(await greeted(proxy, from(3), { headers: { 'X-Forwarded-For': `10.1.0.${i}` } }));
  assert.equal(viaProxy.filter((c) => c.status === 101).length, 4);
  assert.equal(viaProxy.filter((c) => c.reply?.type === 'welcome').length, 2);
});

test('slowloris from many addresses: a newcomer takes the place of the oldest idle connection', async (t) => {
  const s = await server(t, ['--max-http-connections', '48', '--max-http-connections-per-address', '8']);
  // 12 addresses x 8 slow requests (a head that never ends), reopened as they are closed.
  let stop = false;
  const slow = async (n) => {
    while (!stop) {
      try {
        const sock = await connectFrom(s.port, from(n));
        sock.on('error', () => {});
        sock.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
        const drip = setInterval(() => sock.write('a'), 500);
        await new Promise((r) => sock.on('close', r));
        clearInterval(drip);
      } catch { await sleep(20); }
    }
  };
  const attackers = [];
  for (let n = 0; n < 12; n++) for (let k = 0; k < 8; k++) attackers.push(slow(n));
  t.after(() => { stop = true; });
  await sleep(500);
  // New visitors from addresses of their own get their page and their WebSocket.
  for (let v = 0; v < 6; v++) {
    const sock = await connectFrom(s.port, from(40 + v));
    sock.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    let reply = '';
    sock.on('data', (d) => { reply += d; });
    await new Promise((r) => sock.on('close', r));
    assert.match(reply, /^HTTP\/1\.1 200/, `visitor ${v} got /healthz`);
    const c = await greeted(s.port, from(50 + v));
    assert.equal(c.reply?.type, 'welcome', `visitor ${v} got a WebSocket`);
    c.ws.close();
  }
  stop = true;
});

test('silent WebSockets are closed, and a newcomer takes the place of the oldest silent one', async (t) => {
  // At a low descriptor limit, as a crowd of silent sockets would bring any server to.
  const dir = mkdtempSync(join(tmpdir(), 'kaisho-abuse-'));
  const s = await startServer(join(dir, 'k.db'), ['--max-websockets', '40',
    '--max-connections-per-address', '8', '--hello-timeout-ms', '1500'],
  { oneAddressManyPeople: false, nofile: 128 });
  t.after(() => { s.proc.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); });
  // One that never says hello is closed by the server.
  const lone = await openWebSocket(s.port, { localAddress: from(1) });
  assert.equal(lone.status, 101);
  assert.notEqual(await Promise.race([lone.ws.closed, sleep(within(20000)).then(() => 'open')]), 'open',
    'a WebSocket that never says hello is closed');
  // 12 addresses x 8 silent WebSockets (more than the descriptors allow), again and again.
  let stop = false;
  const silent = async (n) => {
    while (!stop) {
      const { ws } = await openWebSocket(s.port, { localAddress: from(n) }).catch(() => ({}));
      if (ws) await ws.closed; else await sleep(20);
    }
  };
  const attackers = [];
  for (let n = 0; n < 12; n++) for (let k = 0; k < 8; k++) attackers.push(silent(n));
  t.after(() => { stop = true; });
  await sleep(300);
  for (let v = 0; v < 5; v++) {
    const c = await greeted(s.port, from(40 + v));
    assert.equal(c.reply?.type, 'welcome', `visitor ${v} got in`);
    c.ws.close();
  }
  stop = true;
});

test('one person cannot join tables without end: joins are limited, and so are the tables one is at', async (t) => {
  const s = await server(t, ['--max-tables-per-person', '12', '--groups-per-address', '1000']);
  // Twenty strangers (from twenty addresses) each make a table.
  const ids = [];
  for (let n = 0; n < 20; n++) {
    const c = await greeted(s.port, from(n));
    c.ws.send({ type: 'create_group', game: 'shogi' });
    ids.push((await c.ws.next((m) => m.type === 'group')).group.id);
  }
  // One person, spread over five addresses, joins them all as fast as they can.
  const first = await greeted(s.port, from(30));
  const conns = [first.ws];
  for (let k = 1; k < 5; k++) conns.push((await greeted(s.port, from(30 + k), { token: first.reply.token })).ws);
  const replies = [];
  for (let i = 0; i < ids.length; i++) {
    const ws = conns[i % conns.length];
    ws.send({ type: 'join_group', group: ids[i], rid: `j${i}` });
    const m = await ws.next((m) => m.rid === `j${i}` || (m.type === 'group' && m.group.id === ids[i]));
    replies.push(m.type === 'group' ? 'joined' : m.code);
  }
  assert.equal(replies.filter((r) => r === 'joined').length, 12, `at most 12 tables at once: ${replies}`);
  assert.ok(replies.slice(12).every((r) => r === 'too_many_tables'), String(replies));
});

test('joining is limited in rate, and renaming too', async (t) => {
  const s = await server(t, ['--joins-per-person', '30', '--names-per-person', '12']);
  const ids = [];
  for (let n = 0; n < 8; n++) {
    const c = await greeted(s.port, from(n));
    c.ws.send({ type: 'create_group', game: 'hasami' });
    ids.push((await c.ws.next((m) => m.type === 'group')).group.id);
  }
  const p = await greeted(s.port, from(20));
  const codes = [];
  for (const id of ids) {
    p.ws.send({ type: 'join_group', group: id, rid: id });
    const m = await p.ws.next((m) => m.rid === id || (m.type === 'group' && m.group.id === id));
    codes.push(m.type === 'group' ? 'joined' : `${m.code}:${m.params?.reason}`);
  }
  // A burst of 30/6 = 5 joins.
  assert.deepEqual(codes.slice(0, 5), Array(5).fill('joined'));
  assert.ok(codes.slice(5).every((c) => c === 'rate_limited:joins'), String(codes));
  const names = [];
  for (let i = 0; i < 4; i++) {
    p.ws.send({ type: 'set_name', name: `Name ${i}`, rid: `n${i}` });
    const m = await p.ws.next((m) => m.type === 'welcome' || m.rid === `n${i}`);
    names.push(m.type === 'welcome' ? 'renamed' : `${m.code}:${m.params?.reason}`);
  }
  assert.deepEqual(names, ['renamed', 'renamed', 'rate_limited:names', 'rate_limited:names']);
});

test('a group has a member limit, and its first member can remove a member, who cannot come back', async (t) => {
  const s = await server(t, ['--max-members', '5']);
  const owner = await greeted(s.port, from(0));
  owner.ws.send({ type: 'create_group', game: 'shogi' });
  const id = (await owner.ws.next((m) => m.type === 'group')).group.id;
  const strangers = [];
  for (let n = 1; n <= 5; n++) {
    const c = await greeted(s.port, from(n));
    c.ws.send({ type: 'join_group', group: id, rid: 'j' });
    const m = await c.ws.next((m) => m.rid === 'j' || m.type === 'group');
    strangers.push({ ...c, got: m.type === 'group' ? 'joined' : m.code, id: c.reply.person.id });
  }
  assert.deepEqual(strangers.map((c) => c.got), ['joined', 'joined', 'joined', 'joined', 'group_full']);
  // A member who is not the first may not remove anyone.
  strangers[0].ws.send({ type: 'remove_member', group: id, person: strangers[1].id, rid: 'r' });
  assert.equal((await strangers[0].ws.next((m) => m.rid === 'r')).code, 'not_keeper');
  owner.ws.send({ type: 'remove_member', group: id, person: strangers[3].id });
  const told = await strangers[3].ws.next((m) => m.type === 'error' && m.code === 'removed');
  assert.equal(told.params.group, id);
  await owner.ws.next((m) => m.type === 'group' && m.group.members.length === 4);
  // The removed one cannot come back; the one refused before now gets in.
  strangers[3].ws.send({ type: 'join_group', group: id, rid: 'again' });
  assert.equal((await strangers[3].ws.next((m) => m.rid === 'again')).code, 'removed');
  strangers[4].ws.send({ type: 'join_group', group: id, rid: 'again' });
  await strangers[4].ws.next((m) => m.type === 'group' && m.group.members.length === 5);
});

test('DNS rebinding: a page of another domain cannot open a WebSocket, the site itself can', async (t) => {
  const s = await server(t, ['--site-origin', 'https://kaisho.test']);
  const evil = await openWebSocket(s.port, { localAddress: from(1), headers: {
    Host: `evil.example:${s.port}`, Origin: `http://evil.example:${s.port}` } });
  assert.equal(evil.status, 403, 'a foreign domain is refused even when Host says it');
  const site = await openWebSocket(s.port, { localAddress: from(2), headers: {
    Host: 'kaisho.test', Origin: 'https://kaisho.test' } });
  assert.equal(site.status, 101, 'the configured site origin');
  site.ws.close();
  const byAddress = await openWebSocket(s.port, { localAddress: from(3), headers: {
    Origin: `http://127.0.0.1:${s.port}` } });
  assert.equal(byAddress.status, 101, 'a page served by address');
  byAddress.ws.close();
});

test('reconnecting without end: one address opens WebSockets at a bounded rate, one person greets at a bounded rate', async (t) => {
  const s = await server(t, ['--websocket-opens-per-address', '5', '--hellos-per-person', '300']);
  // One address, 40 upgrades at once: a burst of 20, then 5 a second.
  const tries = await Promise.all(Array.from({ length: 40 }, () =>
    openWebSocket(s.port, { localAddress: from(1) })));
  const opened = tries.filter((x) => x.status === 101).length;
  assert.ok(opened >= 20 && opened < 30, `opened ${opened} of 40 at once`);
  for (const x of tries) x.ws?.close();
  // A stolen token from ten addresses, reconnecting as fast as it can: a burst of 300/30.
  const first = await greeted(s.port, from(2));
  const codes = [];
  for (let i = 0; i < 20; i++) {
    const c = await greeted(s.port, from(3 + (i % 10)), { token: first.reply.token });
    codes.push(c.reply?.type === 'welcome' ? 'welcome' : `${c.reply?.code}:${c.reply?.params?.reason}`);
    c.ws?.close();
  }
  assert.equal(codes.filter((c) => c === 'welcome').length, 10, String(codes));
  assert.ok(codes.slice(10).every((c) => c === 'rate_limited:hellos'), String(codes));
});

test('one address opening connections faster than any page does is closed before it is read', async (t) => {
  const s = await server(t, ['--connections-per-address', '10']);
  // 80 requests at once from one address: a burst of 30 (three times the rate) is answered.
  const replies = await Promise.all(Array.from({ length: 80 }, async () => {
    const sock = await connectFrom(s.port, from(1)).catch(() => null);
    if (!sock) return '';
    sock.on('error', () => {});
    sock.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    let reply = '';
    sock.on('data', (d) => { reply += d; });
    await new Promise((r) => sock.on('close', r));
    return reply;
  }));
  const answered = replies.filter((r) => r.startsWith('HTTP/1.1 200')).length;
  assert.ok(answered >= 30 && answered < 40, `answered ${answered} of 80`);
  // Another address is not affected.
  const other = await connectFrom(s.port, from(2));
  other.write('GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  let reply = '';
  other.on('data', (d) => { reply += d; });
  await new Promise((r) => other.on('close', r));
  assert.match(reply, /^HTTP\/1\.1 200/);
});

test('a version from the future and a compressed frame are refused', async (t) => {
  const s = await server(t);
  const c = await greeted(s.port, from(1));
  c.ws.send({ type: 'create_group', game: 'shogi' });
  const g = (await c.ws.next((m) => m.type === 'group')).group;
  c.ws.send({ type: 'start', group: g.id });
  await c.ws.next((m) => m.type === 'group' && m.group.table.status === 'playing');
  c.ws.send({ type: 'move', group: g.id, move: '7g7f', version: g.version + 1e9, rid: 'm' });
  const refused = await c.ws.next((m) => m.rid === 'm');
  assert.equal(refused.code, 'bad_message');
  // permessage-deflate was not asked for: a frame marked compressed closes with 1002.
  c.ws.send({ type: 'history' }, { rsv1: true });
  assert.equal(await c.ws.closed, 1002);
});

test('with permessage-deflate, replies come compressed and a message that inflates past the limit closes with 1009', async (t) => {
  const s = await server(t);
  const { ws } = await openWebSocket(s.port, { localAddress: from(1), deflate: true });
  assert.ok(ws.compressed, 'the server takes the offer');
  // A message is compressed on its own, its last four bytes (00 00 ff ff) left off (RFC 7692).
  const compress = (bytes) => {
    const c = zlib.deflateRawSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    return c.subarray(0, c.length - 4);
  };
  ws.send(compress(Buffer.from(JSON.stringify({ type: 'hello' }))), { rsv1: true });
  const welcome = await ws.next((m) => m.type === 'welcome', within(15000));
  assert.ok(welcome.token, 'a compressed hello is read; the welcome comes compressed');
  assert.ok(welcome.wireBytes < JSON.stringify(welcome).length);
  // 1 MB of one letter is a frame of about a kilobyte: the limit counts what it inflates to.
  const bomb = compress(Buffer.alloc(1 << 20, 'a'));
  assert.ok(bomb.length < 4096);
  ws.send(bomb, { rsv1: true });
  const code = await ws.closed;
  assert.ok(code === 1009 || code === null, `closed (${code})`);
  // The server goes on.
  const other = await greeted(s.port, from(2));
  assert.equal(other.reply.type, 'welcome');
});

test('names that display as nothing or as someone else are refused with their reason', async (t) => {
  const s = await server(t);
  const c = await greeted(s.port, from(1));
  const cases = [
    ['\u200b\u200b\u200b', 'invisible'], ['\u3164', 'invisible'], ['\u2800', 'invisible'],
    ['\u3000\u3000', 'invisible'], ['\u00ad', 'invisible'], ['Ali\u00adce', 'invisible'],
    ['a\u2028b', 'unusual'], ['tag\u{E0041}', 'unusual'], ['x\ufdd0', 'unusual'],
    ['Guest 4f2a', 'reserved'], ['CPU 8', 'reserved'], ['ｇｕｅｓｔ 12', 'reserved'],
    ['ضيف 4f2a', 'reserved'], ['الحاسوب، المستوى 3', 'reserved'],
    ['Pаypal', 'mixed_scripts'],  // a Cyrillic а among Latin letters
  ];
  for (const [name, reason] of cases) {
    c.ws.send({ type: 'set_name', name, rid: name });
    const m = await c.ws.next((m) => m.rid === name);
    assert.equal(m.code, 'bad_name', JSON.stringify(name));
    assert.equal(m.params.reason, reason, JSON.stringify(name));
  }
});

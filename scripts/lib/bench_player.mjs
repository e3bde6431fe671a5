// The well-behaved player of the abuse benchmarks: one WebSocket client from 127.0.0.1 in a
// game of Hasami Shogi against the CPU, moving a quarter of a second after its turn comes (a
// quick person's pace, well inside the per-connection message limit). Its round trip is the
// time from its `move` to the group state that shows it. Needs Node's WebSocket
// (node --experimental-websocket on Node 20).

/** Starts the player; `rtts` fills as it plays; `group()` is its table's last state. */
export async function startPlayer(port, { game: kind = "hasami" } = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const rtts = [];
  let group = null;
  let sentAt = 0;
  let sentVersion = -1;
  await new Promise((r, j) => {
    ws.onopen = r;
    ws.onerror = j;
  });
  const send = (m) => ws.send(JSON.stringify(m));
  let thinking = null;
  const errors = {};
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "welcome" && m.token) send({ type: "create_group", game: kind });
    if (m.type === "error") {
      // A refused move (it should not happen) is counted, and the player plays on.
      errors[m.code] = (errors[m.code] ?? 0) + 1;
      sentAt = 0;
      if (group) send({ type: "sync", group: group.id, version: group.version });
      return;
    }
    if (m.type !== "group") return;
    const g = m.group;
    if (!group) send({ type: "start", group: g.id });
    group = g;
    if (sentAt && g.version > sentVersion) {
      rtts.push(performance.now() - sentAt);
      sentAt = 0;
    }
    const table = g.table;
    if (table.status === "finished") send({ type: "start", group: g.id });
    const game = table.game;
    if (!sentAt && !thinking && game && table.status === "playing" && table.your_seats.includes(game.to_move)) {
      thinking = setTimeout(() => {
        thinking = null;
        // The latest state: other members may have come and gone meanwhile.
        const now = group;
        const t = now.table;
        const moves = t.game?.legal_moves ?? [];
        if (t.status !== "playing" || !t.your_seats.includes(t.game.to_move) || !moves.length)
          return;
        sentAt = performance.now();
        sentVersion = now.version;
        send({
          type: "move",
          group: now.id,
          move: moves[Math.floor(Math.random() * moves.length)],
          version: now.version,
        });
      }, 250);
    }
  };
  send({ type: "hello" });
  return { rtts, errors, group: () => group, close: () => ws.close() };
}

/** The p-th percentile of sorted numbers (NaN for none). */
export function percentile(sorted, p) {
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
    : NaN;
}

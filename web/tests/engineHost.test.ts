// The page's one engine worker shared by every user (engine/client.ts, EngineHost): the
// practice table, the referee, the analysis and a practice record each open a client on it;
// answers go to the client that asked, a closed client's requests and games go with it, and
// the worker stops a while after the last client closed. A stand-in worker answers by hand;
// the last test serves the requests with the real module, as worker.ts does.
import { readFileSync } from "node:fs";
import { loadKaishoEngine } from "@kaisho/engine-loader";
import { describe, expect, it } from "vitest";
import { ENGINE_IDLE_MS, EngineError, EngineHost, type WorkerLike } from "../src/engine/client";
import {
  CANCELLED,
  EngineGames,
  type WorkerMessage,
  type WorkerReply,
  type WorkerRequest,
  failureOf,
  serveRequest,
} from "../src/engine/protocol";

class FakeWorker implements WorkerLike {
  onmessage: ((e: { data: WorkerReply }) => void) | null = null;
  onerror: ((e: { message?: string; preventDefault(): void }) => void) | null = null;
  posted: WorkerMessage[] = [];
  terminated = false;
  postMessage(m: WorkerMessage): void {
    this.posted.push(m);
  }
  terminate(): void {
    this.terminated = true;
  }
  /** The requests posted (not the cancels). */
  get requests(): WorkerRequest[] {
    return this.posted.filter((m): m is WorkerRequest => "request" in m);
  }
  /** The cancels posted, their ids. */
  get cancelled(): number[] {
    return this.posted.flatMap((m) => ("cancel" in m ? m.cancel : []));
  }
  reply(r: WorkerReply): void {
    this.onmessage?.({ data: r });
  }
  fail(message: string): void {
    this.onerror?.({ message, preventDefault() {} });
  }
}

function host() {
  const workers: FakeWorker[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const h = new EngineHost({
    createWorker: () => {
      const w = new FakeWorker();
      workers.push(w);
      return w;
    },
    setTimer: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
  });
  /** Runs the idle timers due (not cleared). */
  const idleOver = () => {
    for (const t of timers.filter((t) => !t.cleared && t.ms === ENGINE_IDLE_MS)) {
      t.cleared = true;
      t.fn();
    }
  };
  const idleWaiting = () => timers.filter((t) => !t.cleared).length;
  return { h, workers, idleOver, idleWaiting };
}

const snapshot = {
  position: "startpos",
  toMove: "sente",
  out: [],
  inCheck: [],
  result: null,
  reason: null,
  legalMoves: [],
};

/** Settles pending promise callbacks. */
const settle = () => new Promise((ok) => setTimeout(ok, 0));

describe("the page's one engine worker", () => {
  it("serves two users with one worker, each answer going to the user that asked", async () => {
    const { h, workers } = host();
    const practice = h.open();
    const referee = h.open();
    expect(workers).toHaveLength(0); // created by the first request, not before
    const a = practice.newGame("shogi", {}, "");
    const b = referee.legalMoves(4);
    expect(workers).toHaveLength(1);
    const [ra, rb] = workers[0]!.requests;
    expect(ra!.request).toEqual({ op: "newGame", game: "shogi", options: {}, position: "" });
    expect(rb!.request).toEqual({ op: "legalMoves", handle: 4 });
    expect(ra!.id).not.toBe(rb!.id);
    // Answered out of order: each to its own.
    workers[0]!.reply({ id: rb!.id, ok: true, value: ["7g7f"] });
    workers[0]!.reply({ id: ra!.id, ok: true, value: { handle: 1, snapshot } });
    expect(await b).toEqual(["7g7f"]);
    expect(await a).toEqual({ handle: 1, snapshot });
    // A refusal is its user's too, with the module's code.
    const refused = referee.play(4, "5e5d");
    const id = workers[0]!.requests.at(-1)!.id;
    workers[0]!.reply({
      id,
      ok: false,
      error: { message: "no piece", code: "illegal_move reason=no_piece" },
    });
    await expect(refused).rejects.toMatchObject({ code: "illegal_move reason=no_piece" });
    expect(workers).toHaveLength(1);
    expect(h.userCount).toBe(2);
  });

  it("stops the worker a while after the last user closed, unless a new user comes", async () => {
    const { h, workers, idleOver, idleWaiting } = host();
    const practice = h.open();
    const record = h.open();
    void practice.legalMoves(1).catch(() => {});
    workers[0]!.reply({ id: 1, ok: true, value: [] });
    practice.close();
    expect(idleWaiting()).toBe(0); // the record still uses it
    expect(h.running).toBe(true);
    record.close();
    expect(h.userCount).toBe(0);
    expect(idleWaiting()).toBe(1);
    expect(workers[0]!.terminated).toBe(false);
    // Another user before the time is up: the same worker, the module compiled once.
    const analysis = h.open();
    expect(idleWaiting()).toBe(0);
    void analysis.state(1).catch(() => {});
    expect(workers).toHaveLength(1);
    expect(workers[0]!.requests).toHaveLength(2);
    analysis.close();
    idleOver();
    expect(workers[0]!.terminated).toBe(true);
    expect(h.running).toBe(false);
    // The next user gets a new worker.
    const next = h.open();
    void next.state(1).catch(() => {});
    expect(workers).toHaveLength(2);
    await settle();
  });

  it("a closed user's requests reject and are cancelled, its games deleted; others go on", async () => {
    const { h, workers } = host();
    const analysis = h.open();
    const referee = h.open();
    const made = analysis.newGame("shogi", {}, "");
    const w = workers[0]!;
    w.reply({ id: w.requests[0]!.id, ok: true, value: { handle: 7, snapshot } });
    await made;
    const judging = analysis.evaluate(7, { nodes: 1000 });
    const making = analysis.newGame("annan", {}, "");
    const refereeing = referee.state(3);
    const [judgeId, makeId, stateId] = w.requests.slice(1).map((r) => r.id);
    analysis.close();
    await expect(judging).rejects.toBeInstanceOf(EngineError);
    await expect(making).rejects.toThrow("the engine was stopped");
    await expect(analysis.state(7)).rejects.toThrow("the engine was stopped");
    // The worker skips what it has not started, and forgets the game the user made.
    expect(w.cancelled).toEqual([judgeId, makeId]);
    expect(w.requests.at(-1)!.request).toEqual({ op: "delete", handle: 7 });
    // The game being made when the user left is deleted once it is made.
    w.reply({ id: judgeId!, ok: false, error: { message: "cancelled", code: CANCELLED } });
    w.reply({ id: makeId!, ok: true, value: { handle: 8, snapshot } });
    expect(w.requests.at(-1)!.request).toEqual({ op: "delete", handle: 8 });
    // The other user is untouched, and the worker still runs for it.
    w.reply({ id: stateId!, ok: true, value: snapshot });
    expect(await refereeing).toEqual(snapshot);
    expect(h.running).toBe(true);
    expect(w.terminated).toBe(false);
    // A game its user is deleting as it closes is deleted (not cancelled), and not twice.
    const made2 = referee.newGame("hasami", {}, "");
    w.reply({ id: w.requests.at(-1)!.id, ok: true, value: { handle: 9, snapshot } });
    await made2;
    void referee.deleteGame(9).catch(() => {});
    const deleting = w.requests.at(-1)!.id;
    const deletes = () => w.requests.filter((r) => r.request.op === "delete").length;
    const before = deletes();
    const cancels = w.cancelled.length;
    referee.close();
    expect(deletes()).toBe(before);
    expect(w.cancelled).toHaveLength(cancels);
    expect(w.cancelled).not.toContain(deleting);
  });

  it("a worker that fails fails every user's requests; a later user gets a new worker", async () => {
    const { h, workers } = host();
    const a = h.open();
    const b = h.open();
    const pa = a.legalMoves(1);
    const pb = b.legalMoves(2);
    workers[0]!.fail("cannot load the worker");
    await expect(pa).rejects.toThrow("cannot load the worker");
    await expect(pb).rejects.toThrow("cannot load the worker");
    await expect(a.state(1)).rejects.toThrow("cannot load the worker");
    expect(workers[0]!.terminated).toBe(true);
    const c = h.open();
    const pc = c.legalMoves(1);
    expect(workers).toHaveLength(2);
    workers[1]!.reply({ id: workers[1]!.requests[0]!.id, ok: true, value: ["1a1b"] });
    expect(await pc).toEqual(["1a1b"]);
  });

  it("keeps the engine's answers: two users' games side by side in one module", async () => {
    const engine = await loadKaishoEngine(
      readFileSync(new URL("../../build-wasm/kaisho-engine.wasm", import.meta.url)),
    );
    // A worker that serves as worker.ts does, one request at a time, skipping cancelled ones.
    const games = new EngineGames(engine);
    let created = 0;
    const h = new EngineHost({
      createWorker: () => {
        created += 1;
        const cancelled = new Set<number>();
        const w: WorkerLike = {
          onmessage: null,
          onerror: null,
          postMessage(m) {
            if ("cancel" in m) return m.cancel.forEach((id) => cancelled.add(id));
            const { id, request } = m;
            queueMicrotask(() => {
              let r: WorkerReply;
              if (cancelled.delete(id))
                r = { id, ok: false, error: { message: "cancelled", code: CANCELLED } };
              else {
                try {
                  r = { id, ok: true, value: serveRequest(games, request) };
                } catch (e) {
                  r = { id, ok: false, error: failureOf(e) };
                }
              }
              w.onmessage?.({ data: r });
            });
          },
          terminate() {},
        };
        return w;
      },
    });
    const practice = h.open();
    const referee = h.open();
    const p = await practice.newGame("shogi", {}, "");
    const r = await referee.newGame("hasami", {}, "");
    expect(p.handle).not.toBe(r.handle);
    const afterP = await practice.play(p.handle, "7g7f");
    expect(afterP.toMove).toBe("gote");
    await expect(referee.play(r.handle, "9i8h")).rejects.toMatchObject({
      code: expect.stringContaining("not_straight"),
    });
    expect((await referee.state(r.handle)).legalMoves.length).toBeGreaterThan(0);
    // The practice table left: its game deleted; the referee's still there.
    practice.close();
    await settle();
    expect(() => games.get(p.handle)).toThrow();
    expect(games.get(r.handle)).toBeTruthy();
    expect((await referee.state(r.handle)).toMove).toBe("first");
    expect(created).toBe(1);
    referee.close();
    await settle();
    expect(() => games.get(r.handle)).toThrow();
  });
});

// A group's change since the state the client holds (group_patch, docs/protocol.md): JSON
// Patch operations (RFC 6902) in the subset the server sends: "add" of an object member or at
// the end of an array ("/-"), "remove" of a member, "replace". Applied to a copy; a patch that
// does not fit the state (a path that is not there) gives null, and the client asks for the
// whole state (sync).
import type { GameInfo, GroupState } from "./protocol";

export interface PatchOp {
  op: "add" | "remove" | "replace";
  path: string;
  value?: unknown;
}

type Container = Record<string, unknown> | unknown[];

function isContainer(v: unknown): v is Container {
  return typeof v === "object" && v !== null;
}

/** "/table/game/moves/-" → ["table", "game", "moves", "-"] (RFC 6901 unescaping). */
function tokens(path: string): string[] | null {
  if (path === "") return [];
  if (!path.startsWith("/")) return null;
  return path
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function applyOne(doc: unknown, op: PatchOp): { ok: boolean; doc: unknown } {
  const path = tokens(op.path);
  if (!path) return { ok: false, doc };
  if (path.length === 0) {
    // The whole document.
    return op.op === "remove" ? { ok: false, doc } : { ok: true, doc: op.value };
  }
  let parent: unknown = doc;
  for (const t of path.slice(0, -1)) {
    if (!isContainer(parent)) return { ok: false, doc };
    parent = Array.isArray(parent) ? parent[Number(t)] : parent[t];
  }
  const last = path[path.length - 1] as string;
  if (!isContainer(parent)) return { ok: false, doc };
  if (Array.isArray(parent)) {
    if (op.op === "add" && last === "-") {
      parent.push(op.value);
      return { ok: true, doc };
    }
    const i = Number(last);
    if (!Number.isInteger(i) || i < 0 || i >= parent.length) return { ok: false, doc };
    if (op.op === "replace") parent[i] = op.value;
    else if (op.op === "remove") parent.splice(i, 1);
    else parent.splice(i, 0, op.value);
    return { ok: true, doc };
  }
  if (op.op !== "add" && !(last in parent)) return { ok: false, doc };
  if (op.op === "remove") delete parent[last];
  else parent[last] = op.value;
  return { ok: true, doc };
}

/** The state after `ops`, or null when they do not fit `state`. `state` is not changed. */
export function applyPatch<T>(state: T, ops: unknown): T | null {
  if (!Array.isArray(ops)) return null;
  let doc: unknown = structuredClone(state);
  for (const op of ops as PatchOp[]) {
    if (typeof op !== "object" || op === null || typeof op.path !== "string") return null;
    if (op.op !== "add" && op.op !== "remove" && op.op !== "replace") return null;
    const r = applyOne(doc, op);
    if (!r.ok) return null;
    doc = r.doc;
  }
  return doc as T;
}

/** "7g7f,7f+ N*1b,1d" → ["7g7f", "7g7f+", "N*1b", "N*1d"] (the server's compact_moves). */
export function expandMoves(compact: string): string[] {
  const out: string[] = [];
  for (const group of compact.split(" ")) {
    if (group.length < 3) continue;
    const prefix = group.slice(0, 2);
    for (const rest of group.slice(2).split(",")) out.push(prefix + rest);
  }
  return out;
}

/**
 * The group state after a group_patch: the operations applied to the state the client holds
 * (which must be the patch's base), the member's own seats set, and the legal moves, which a
 * patch carries compact, expanded. Null when the patch does not fit.
 */
export function applyGroupPatch(
  state: GroupState,
  patch: { base: number; ops: unknown; your_seats: number[] },
): GroupState | null {
  if (patch.base !== state.version) return null;
  const next = applyPatch(state, patch.ops);
  if (!next || typeof next !== "object" || typeof next.table !== "object" || next.table === null)
    return null;
  next.table.your_seats = patch.your_seats;
  const game = next.table.game as (GameInfo & { legal_moves: string[] | string }) | undefined;
  if (game && typeof game.legal_moves === "string")
    game.legal_moves = expandMoves(game.legal_moves);
  return next;
}

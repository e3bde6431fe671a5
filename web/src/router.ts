// Routes. The invite link is a real path, /g/GROUP_ID (the server serves index.html for
// it); the other pages use the hash (/#/rules/shogi, /#/history, /#/history/GAME_ID,
// /#/settings, /#/practice/GAME, /#/practice/GAME/analysis) so that the server needs no route
// for them. `?demo=GAME` shows a board from a sample state, without a server.

import { type GameId, isGameId } from "./net/protocol";

export type Route =
  | { page: "front" }
  | { page: "group"; id: string }
  | { page: "rules"; game: GameId | null }
  | { page: "history" }
  | { page: "record"; id: number }
  | { page: "settings" }
  /** A practice game against the CPU in the page, no server needed (session/localSession.ts). */
  | { page: "practice"; game: GameId }
  /** The last finished practice game of GAME, replayed and analysed (session/practiceAnalysis.ts). */
  | { page: "practiceRecord"; game: GameId }
  | { page: "demo"; game: GameId; seat: number | null };

const GROUP_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function parseRoute(loc: { pathname: string; hash: string; search: string }): Route {
  const q = new URLSearchParams(loc.search);
  const demo = q.get("demo");
  if (demo !== null && isGameId(demo)) {
    const seatText = q.get("seat");
    const seat = seatText !== null && /^\d$/.test(seatText) ? Number(seatText) : null;
    return { page: "demo", game: demo, seat };
  }
  const fromHash = loc.hash.startsWith("#/") ? loc.hash.slice(1) : null;
  const path = fromHash ?? loc.pathname;
  const parts = path
    .split("/")
    .filter((p) => p.length > 0)
    .map((p) => safeDecode(p));
  if (parts[0] === "g" && parts[1] && GROUP_ID.test(parts[1]))
    return { page: "group", id: parts[1] };
  if (parts[0] === "settings") return { page: "settings" };
  if (parts[0] === "practice" && isGameId(parts[1]))
    return parts[2] === "analysis"
      ? { page: "practiceRecord", game: parts[1] }
      : { page: "practice", game: parts[1] };
  if (parts[0] === "rules") return { page: "rules", game: isGameId(parts[1]) ? parts[1] : null };
  if (parts[0] === "history") {
    // #/history/GAME_ID: one game's replay (the server's game ids are integers).
    if (parts[1] && /^\d{1,15}$/.test(parts[1])) return { page: "record", id: Number(parts[1]) };
    return { page: "history" };
  }
  // A hash route wins over the path; a path other than /g/… falls back to the front page.
  if (fromHash === null && loc.pathname.startsWith("/g/")) return { page: "front" };
  return { page: "front" };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The URL of a route, as put in links and in the address bar. */
export function routeUrl(r: Route): string {
  switch (r.page) {
    case "front":
      return "/";
    case "group":
      return `/g/${encodeURIComponent(r.id)}`;
    case "rules":
      return r.game ? `/#/rules/${r.game}` : "/#/rules";
    case "history":
      return "/#/history";
    case "record":
      return `/#/history/${r.id}`;
    case "settings":
      return "/#/settings";
    case "practice":
      return `/#/practice/${r.game}`;
    case "practiceRecord":
      return `/#/practice/${r.game}/analysis`;
    case "demo":
      return `/?demo=${r.game}${r.seat !== null ? `&seat=${r.seat}` : ""}`;
  }
}

/** The invite link for a group, absolute. */
export function inviteLink(origin: string, groupId: string): string {
  return `${origin}/g/${encodeURIComponent(groupId)}`;
}

export function sameRoute(a: Route, b: Route): boolean {
  return routeUrl(a) === routeUrl(b);
}

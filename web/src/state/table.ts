// What a member may do at a table, read from the group state the server sends.
import type { GroupState } from "../net/protocol";

/**
 * Whether you may change the table's settings or start its next game: between games, only
 * the people the next game would seat (docs/protocol.md); spectators see the settings.
 */
export function playsNextGame(g: GroupState): boolean {
  if (g.table.status === "playing") return false;
  return g.table.next_players ? g.table.next_players.includes(g.you) : true;
}

/**
 * The teams of a Yonin table played in pairs (format=pairs): partners sit opposite, South with
 * North and West with East (docs/games/yonin.md); null for any other table.
 */
export function pairsOf(g: GroupState): [number, number][] | null {
  if (g.game !== "yonin" || String(g.settings.options["format"] ?? "") !== "pairs") return null;
  return [
    [0, 2],
    [1, 3],
  ];
}

/** A seat's partner at a pairs table, or null. */
export function partnerOf(g: GroupState, seat: number): number | null {
  const team = pairsOf(g)?.find((t) => t.includes(seat));
  return team ? (team[0] === seat ? team[1] : team[0]) : null;
}

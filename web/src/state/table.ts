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

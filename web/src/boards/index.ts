// Chooses the board for the group's game.
import type { BoardArgs } from "./common";
import { common } from "./common";
import { makeHasamiRenderer } from "./hasami";
import { MusashiRenderer } from "./musashi";
import { parseMusashi } from "./musashiPosition";
import { graphOf, musashiThreats } from "./musashiThreats";
import { makeShogiRenderer } from "./shogi";
import type { BoardRenderer } from "./view";
import { makeYoninRenderer } from "./yonin";

export const MUSASHI_START = "F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5 f 0";

export function makeRenderer(args: BoardArgs): BoardRenderer | string {
  switch (args.group.game) {
    case "shogi":
    case "annan":
      return makeShogiRenderer(args);
    case "hasami":
      return makeHasamiRenderer(args);
    case "yonin":
      return makeYoninRenderer(args);
    case "musashi":
      return makeMusashiRenderer(args);
  }
}

function makeMusashiRenderer(args: BoardArgs): BoardRenderer | string {
  const g = args.group.table.game;
  const parsed = parseMusashi(g?.position ?? MUSASHI_START);
  if (!parsed.ok) return parsed.error;
  const board = args.group.table.board;
  if (board.kind !== "graph" || board.points.length === 0) return "no graph board";
  const c = common(args);
  const showThreats = String(args.group.settings.options["show_threats"] ?? "true") === "true";
  const over = !g || g.to_move < 0;
  const threats =
    showThreats && !over
      ? musashiThreats(graphOf(board), parsed.value, g.to_move === 0, g.legal_moves)
      : null;
  return new MusashiRenderer({
    board,
    position: parsed.value,
    turns: c.turns,
    lastMove: c.lastMove,
    threats,
    actingSeat: args.actingSeat,
    i18n: args.i18n,
    label: c.label,
  });
}

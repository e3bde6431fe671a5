// Shogi and Annan Shogi: SFEN position, kanji pieces, both hands, promotion choice.
import { type BoardArgs, common, describePiece, seatLabel } from "./common";
import { GridRenderer } from "./grid";
import { parseSfen } from "./sfen";
import type { BoardRenderer } from "./view";

export function makeShogiRenderer(args: BoardArgs): BoardRenderer | string {
  const game = args.group.table.game;
  const parsed = parseSfen(game?.position ?? "startpos");
  if (!parsed.ok) return parsed.error;
  const c = common(args);
  return new GridRenderer({
    style: "shogi",
    position: parsed.value,
    seatCount: 2,
    turns: c.turns,
    seatLabels: [0, 1].map((s) => seatLabel(args.group, s, args.i18n)),
    inCheck: c.inCheck,
    out: c.out,
    toMove: c.toMove,
    actingSeat: args.actingSeat,
    lastMove: c.lastMove,
    colourOwners: false,
    i18n: args.i18n,
    describe: (p) => describePiece(args.group, args.i18n, p),
    label: c.label,
  });
}

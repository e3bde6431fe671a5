// Yonin Shogi: four hands around the board, pieces pointing their own way, owners coloured,
// flipped kings of mated players. Position text: yoninPosition.ts (isolated).
import { type BoardArgs, common, describePiece, seatLabel } from "./common";
import { GridRenderer } from "./grid";
import { parseYonin } from "./yoninPosition";
import type { BoardRenderer } from "./view";

export const YONIN_START =
  "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 s - - ---- - 1";

export function makeYoninRenderer(args: BoardArgs): BoardRenderer | string {
  const game = args.group.table.game;
  const parsed = parseYonin(game?.position ?? YONIN_START);
  if (!parsed.ok) return parsed.error;
  const c = common(args);
  const out = new Set([...c.out, ...parsed.value.out.map((o) => o.seat)]);
  return new GridRenderer({
    style: "yonin",
    position: parsed.value,
    seatCount: 4,
    turns: c.turns,
    seatLabels: [0, 1, 2, 3].map((s) => seatLabel(args.group, s, args.i18n)),
    inCheck: c.inCheck,
    out: [...out],
    toMove: c.toMove,
    actingSeat: args.actingSeat,
    lastMove: c.lastMove,
    colourOwners: true,
    i18n: args.i18n,
    describe: (p) => describePiece(args.group, args.i18n, p),
    label: c.label,
  });
}

// Hasami Shogi: 歩 against と, capture counts instead of hands.
import { type BoardArgs, common, describePiece, seatLabel } from "./common";
import { GridRenderer } from "./grid";
import { parseHasami } from "./hasamiPosition";
import type { BoardRenderer } from "./view";

export function makeHasamiRenderer(args: BoardArgs): BoardRenderer | string {
  const game = args.group.table.game;
  const parsed = parseHasami(game?.position ?? "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1");
  if (!parsed.ok) return parsed.error;
  const c = common(args);
  return new GridRenderer({
    style: "hasami",
    position: parsed.value,
    seatCount: 2,
    turns: c.turns,
    seatLabels: [0, 1].map((s) => seatLabel(args.group, s, args.i18n)),
    inCheck: [],
    out: [],
    toMove: c.toMove,
    actingSeat: args.actingSeat,
    lastMove: c.lastMove,
    colourOwners: false,
    captures: parsed.value.captured ?? [0, 0],
    i18n: args.i18n,
    describe: (p) => describePiece(args.group, args.i18n, p),
    label: c.label,
  });
}

// Yonin played in pairs (format=pairs): which seats are partners, in the lobby's line-up and
// seats and in the game's list of players (state/table.ts pairsOf).
import type { PageContext } from "./context";
import { seatName } from "../boards/common";
import type { GroupState } from "../net/protocol";
import { partnerOf } from "../state/table";
import { h } from "../ui/dom";

/** "South and North": a pairs team by its seats. */
export function teamName(ctx: PageContext, g: GroupState, team: [number, number]): string {
  const { i18n } = ctx;
  return i18n.t("team.name", { a: seatName(g, team[0], i18n), b: seatName(g, team[1], i18n) });
}

/** " · partner: North" beside a seat of a pairs table (nothing at any other table). */
export function partnerNote(ctx: PageContext, g: GroupState, seat: number): HTMLElement | null {
  const partner = partnerOf(g, seat);
  if (partner === null) return null;
  return h("small", { class: "partner", "data-partner": partner }, [
    " · ",
    ctx.i18n.t("team.partner", { seat: seatName(g, partner, ctx.i18n) }),
  ]);
}

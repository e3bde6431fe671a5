// `?demo=GAME[&seat=N]`: a board from a sample state (src/demo/samples.json, made by
// scripts/gen-demo.mjs from the project's own rules engine), without a server. For
// previews and screenshots; moves are not sent anywhere.
import type { PageContext } from "./context";
import type { GameId, GroupState } from "../net/protocol";
import type { TableSession } from "../session/session";
import { type Store, makeNotice } from "../state/store";
import { h } from "../ui/dom";
import { renderGamePanel } from "./game";

let samples: Record<string, GroupState> | null = null;
let loading = false;

export function renderDemo(
  root: HTMLElement,
  ctx: PageContext,
  game: GameId,
  seat: number | null,
): void {
  if (!samples) {
    if (!loading) {
      loading = true;
      void import("../demo/samples.json").then((m) => {
        samples = m.default as unknown as Record<string, GroupState>;
        ctx.store.update({});
      });
    }
    root.append(h("p", {}, ["…"]));
    return;
  }
  const base = samples[game];
  if (!base) return;
  let g: GroupState = base;
  if (seat !== null && seat < base.table.seat_names.length) {
    g = { ...base, you: `p${seat}`, table: { ...base.table, your_seats: [seat] } };
  }
  if (ctx.store.state.group?.id !== g.id || ctx.store.state.group.you !== g.you) {
    ctx.store.state = { ...ctx.store.state, group: g, groupReceivedAt: performance.now() };
  }
  root.append(
    h("h1", { class: "demo-title" }, [
      ctx.i18n.t("demo.title", { game: ctx.i18n.t(`game.${game}`) }),
    ]),
  );
  renderGamePanel(root, ctx, ctx.store.state.group ?? g, { demo: true });
}

/**
 * The demo's table: a move is shown in a notice, not sent; nothing else can be done at a sample
 * board (its panel offers no resignation, leaving or next game).
 */
export function demoTable(store: Store): TableSession {
  const nothing = () => {};
  return {
    move: (text) => {
      if (!store.state.group || store.state.pending) return;
      store.update({ notice: makeNotice("info", `→ ${text}`) });
    },
    resign: nothing,
    start: nothing,
    settings: nothing,
    seat: nothing,
    leave: nothing,
    removeMember: nothing,
  };
}

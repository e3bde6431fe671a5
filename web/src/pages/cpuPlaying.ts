// Who the CPU is playing for, said above the board while a game of the hall goes on (on a phone
// the players' list is below it), and how that ends: a player away takes the seat back by
// coming back to the table; one who left, the CPU plays to the end; and on one's own page cut
// off from the server, that the CPU will play the seat if they stay away and that being back
// online gives it back. The server stands in for a seat whose person is away or left, at a
// person's pace (docs/server.md); its `cpu_playing` is true only while the CPU thinks, and also
// while it plays a timed-out move for a player who is there (the timeout note tells that one),
// so the notes follow `away` and `left`.
import type { PageContext } from "./context";
import { isOffline } from "./offline";
import type { GroupState } from "../net/protocol";
import { isLocalTable } from "../session/session";
import { h } from "../ui/dom";
import { seatPlayerName } from "../ui/names";

/** One note: the seat (null: this page's own seats, offline) and why the CPU plays it. */
export interface CpuPlaying {
  seat: number | null;
  why: "offline" | "you" | "away" | "left";
}

/** The notes for a table (`offline`: this page is cut off from the server), in seat order. */
export function cpuPlayingFor(g: GroupState, offline: boolean): CpuPlaying[] {
  if (g.table.status !== "playing" || !g.table.game || isLocalTable(g.id)) return [];
  const mine = g.table.your_seats;
  const out: CpuPlaying[] = [];
  const cutOff = offline && mine.length > 0;
  if (cutOff) out.push({ seat: null, why: "offline" });
  for (const s of g.table.seats) {
    if (s.kind !== "person" || !(s.away || s.left)) continue;
    const you = mine.includes(s.seat);
    if (you && cutOff) continue;
    out.push({ seat: s.seat, why: you ? "you" : s.left ? "left" : "away" });
  }
  return out;
}

export function cpuPlayingNotes(ctx: PageContext, g: GroupState): HTMLElement | null {
  const { i18n } = ctx;
  const notes = cpuPlayingFor(g, isOffline(ctx.store.state)).map(({ seat, why }) => {
    const gear = h("span", { "aria-hidden": "true" }, ["⚙ "]);
    if (why === "offline")
      return h("p", { class: "cpu-playing-note you offline-seat" }, [
        gear,
        i18n.t("play.offlineSeat"),
        " ",
        h(
          "button",
          { type: "button", class: "link reconnect", onclick: () => ctx.actions.reconnectNow() },
          [i18n.t("conn.retry")],
        ),
      ]);
    const s = g.table.seats.find((x) => x.seat === seat)!;
    const name = "\u2068" + seatPlayerName(g, s, i18n) + "\u2069";
    return h("p", { class: `cpu-playing-note${why === "you" ? " you" : ""}`, "data-seat": seat }, [
      gear,
      why === "you"
        ? i18n.t("play.cpuPlaying.you")
        : why === "left"
          ? i18n.t("play.cpuPlaying.left", { name })
          : i18n.t("play.cpuPlaying", { name }),
    ]);
  });
  return notes.length ? h("div", { class: "cpu-playing-notes" }, notes) : null;
}

// The game panel: players (presence, away, CPU standing in, clock), the board, status
// (whose turn, check, pending move), resignation, the result with its reason and the rating
// changes, and "next game".
import type { AppContext } from "../app";
import { makeRenderer } from "../boards";
import { seatName } from "../boards/common";
import { parseMove } from "../boards/moves";
import { indexMoves } from "../boards/moves";
import { seatEdgeFor, viewQuarterTurns } from "../boards/orientation";
import { BoardView } from "../boards/view";
import type { I18n } from "../i18n";
import type { GroupState } from "../net/protocol";
import { h, isolate, ltr } from "../ui/dom";

let cached: { key: string; view: BoardView } | null = null;

/** The board view for this group and language, kept across renders (selection, focus). */
function boardViewFor(ctx: AppContext, groupId: string, onMove: (t: string) => void): BoardView {
  const key = `${groupId}|${ctx.i18n.lang}`;
  if (!cached || cached.key !== key) cached = { key, view: new BoardView(ctx.i18n, onMove) };
  return cached.view;
}

export function viewerSeats(g: GroupState): { viewer: number | null; acting: number | null } {
  const yours = g.table.your_seats;
  const game = g.table.game;
  const toMove = game?.to_move ?? -1;
  const acting = g.table.status === "playing" && yours.includes(toMove) ? toMove : null;
  // Seen from the player's own seat; a spectator sees it from the first seat.
  const viewer = yours.length > 0 ? (yours[0] ?? null) : null;
  return { viewer, acting };
}

export function renderGamePanel(
  root: HTMLElement,
  ctx: AppContext,
  g: GroupState,
  opts: { demo?: boolean } = {},
): void {
  const { i18n, store, actions } = ctx;
  const game = g.table.game;
  const { viewer, acting } = viewerSeats(g);
  const pending = store.state.pending;
  const renderer = makeRenderer({ group: g, i18n, viewerSeat: viewer, actingSeat: acting });
  const view = boardViewFor(ctx, g.id, (t) => actions.move(t));
  const showLegal = String(g.settings.options["show_legal_moves"] ?? "true") === "true";
  const pendingMove = pending ? parseMove(pending.move) : null;
  if (typeof renderer !== "string") {
    view.update({
      renderer,
      legal: indexMoves(acting !== null ? (game?.legal_moves ?? []) : []),
      canAct: acting !== null && !pending,
      showLegal,
      dash: g.game === "musashi",
      pendingTo: pendingMove ? pendingMove.to : null,
      key: `${g.version}`,
    });
  }
  const turns = viewQuarterTurns(g.game, viewer);
  const seatCount = g.table.seat_names.length;

  const panel = h(
    "section",
    { class: `game-panel game-${g.game}`, "aria-label": i18n.t("group.gameTab") },
    [
      h("div", { class: "status-line", role: "status", "aria-live": "polite" }, [
        statusText(ctx, g, acting, !!pending),
      ]),
      h("div", { class: "table-layout" }, [
        h("div", { class: "board-wrap" }, [
          typeof renderer === "string" ? h("p", { class: "error" }, [ltr(renderer)]) : view.root,
        ]),
        h("aside", { class: "side" }, [
          playersBox(ctx, g, turns, seatCount),
          g.game === "musashi" ? musashiInfo(ctx, g) : null,
          !showLegal ? h("p", { class: "hint" }, [i18n.t("play.legalHidden")]) : null,
          resultBox(ctx, g),
          controls(ctx, g, opts.demo ?? false),
          movesBox(i18n, g),
        ]),
      ]),
    ],
  );
  root.append(panel);
}

function statusText(
  ctx: AppContext,
  g: GroupState,
  acting: number | null,
  pending: boolean,
): HTMLElement {
  const { i18n } = ctx;
  const game = g.table.game;
  if (!game) return h("span", {}, [i18n.t("play.noGame")]);
  if (game.to_move < 0 || g.table.status === "finished")
    return h("span", {}, [i18n.t("result.title")]);
  const parts: (HTMLElement | string)[] = [];
  if (pending) parts.push(h("span", { class: "pending-text" }, [i18n.t("play.sending")]));
  else if (acting !== null)
    parts.push(h("strong", { class: "your-turn" }, [i18n.t("play.yourTurn")]));
  else {
    const s = g.table.seats.find((x) => x.seat === game.to_move);
    const name = s
      ? `${seatName(g, game.to_move, i18n)} (${s.name})`
      : seatName(g, game.to_move, i18n);
    parts.push(h("span", {}, [i18n.t("play.waiting", { name: "\u2068" + name + "\u2069" })]));
  }
  if (game.in_check.length > 0) {
    const mine = game.in_check.some((s) => g.table.your_seats.includes(s));
    parts.push(
      " · ",
      h("strong", { class: "check-text" }, [
        mine
          ? i18n.t("play.check")
          : i18n.t("play.inCheck", {
              name: "\u2068" + game.in_check.map((s) => seatName(g, s, i18n)).join("، ") + "\u2069",
            }),
      ]),
    );
  }
  return h("span", {}, parts);
}

const EDGE_ARROWS = { bottom: "↓", top: "↑", left: "←", right: "→" } as const;

function playersBox(ctx: AppContext, g: GroupState, turns: number, seatCount: number): HTMLElement {
  const { i18n } = ctx;
  const game = g.table.game;
  const order = [...g.table.seats].sort(
    (a, b) =>
      edgeOrder(seatEdgeFor(g.game, a.seat, seatCount, turns)) -
      edgeOrder(seatEdgeFor(g.game, b.seat, seatCount, turns)),
  );
  return h("section", { class: "box players" }, [
    h(
      "ul",
      {},
      order.map((s) => {
        const toMove = game?.to_move === s.seat && g.table.status === "playing";
        const out = game?.out.includes(s.seat) ?? false;
        const check = game?.in_check.includes(s.seat) ?? false;
        const edge = seatEdgeFor(g.game, s.seat, seatCount, turns);
        const you = g.table.your_seats.includes(s.seat);
        return h(
          "li",
          {
            class: `player${toMove ? " to-move" : ""}${out ? " out" : ""}${you ? " you" : ""}`,
            "data-seat": s.seat,
          },
          [
            h("span", { class: "edge", "aria-hidden": "true", dir: "ltr" }, [EDGE_ARROWS[edge]]),
            h("span", { class: `seat-chip seat-${s.seat}` }, [seatName(g, s.seat, i18n)]),
            " ",
            isolate(
              s.kind === "cpu" && !s.person
                ? i18n.t("seat.cpuLevel", { n: g.settings.cpu_level })
                : s.name,
              "player-name",
            ),
            you ? h("small", {}, [` (${i18n.t("group.you")})`]) : null,
            s.kind === "person" && (s.away || !s.present)
              ? h("small", { class: "away" }, [" · ", i18n.t("group.absent")])
              : null,
            s.cpu_playing && s.kind === "person"
              ? h("small", { class: "cpu-playing" }, [" · ", i18n.t("play.cpuFor")])
              : null,
            out ? h("small", { class: "out-badge" }, [" · ", i18n.t("play.out")]) : null,
            check ? h("small", { class: "check-badge" }, [" · ", i18n.t("play.check")]) : null,
            toMove && game?.clock?.remaining_ms !== undefined
              ? clockEl(ctx, game.clock.remaining_ms)
              : null,
          ],
        );
      }),
    ),
    ...g.table.seats
      .filter((s) => s.kind === "person" && s.cpu_playing && g.table.status === "playing")
      .map((s) =>
        h("p", { class: "hint away-note" }, [
          i18n.t("play.cpuPlaying", { name: "\u2068" + s.name + "\u2069" }),
        ]),
      ),
  ]);
}

function edgeOrder(e: string): number {
  return { top: 0, left: 1, right: 2, bottom: 3 }[e] ?? 4;
}

function clockEl(ctx: AppContext, remainingMs: number): HTMLElement {
  const el = h(
    "span",
    {
      class: "clock",
      "data-remaining": remainingMs,
      "data-at": ctx.store.state.groupReceivedAt,
      "aria-label": ctx.i18n.t("play.clock"),
    },
    [],
  );
  el.appendChild(ltr(formatClock(remainingMs)));
  return el;
}

export function formatClock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Counts every shown clock down from the time its state arrived. */
export function tickClocks(now: number): void {
  for (const el of document.querySelectorAll<HTMLElement>(".clock[data-remaining]")) {
    const rem = Number(el.dataset["remaining"]) - (now - Number(el.dataset["at"]));
    const text = formatClock(rem);
    const bdi = el.querySelector("bdi");
    if (bdi && bdi.textContent !== text) bdi.textContent = text;
    el.classList.toggle("low", rem < 10_000);
  }
}

function musashiInfo(ctx: AppContext, g: GroupState): HTMLElement | null {
  const pos = g.table.game?.position;
  if (!pos) return null;
  const m = /C:(\S*)\s+[fc]\s*(\d*)/.exec(pos);
  if (!m) return null;
  const left = m[1] ? m[1].split(",").filter(Boolean).length : 0;
  const moves = m[2] ? Number(m[2]) : 0;
  return h("p", { class: "box musashi-info" }, [
    ctx.i18n.tn("play.childrenLeft", left),
    " · ",
    ctx.i18n.tn("play.childMoves", moves),
  ]);
}

export function resultBox(ctx: AppContext, g: GroupState): HTMLElement | null {
  const { i18n } = ctx;
  const r = g.table.game?.result;
  if (!r) return null;
  const name = (seat: number) => {
    const s = g.table.seats.find((x) => x.seat === seat);
    return `${seatName(g, seat, i18n)}${s ? ` (${s.name})` : ""}`;
  };
  let headline: string;
  if (r.kind === "win" && r.winner !== undefined) {
    const yours = g.table.your_seats;
    headline = yours.includes(r.winner)
      ? i18n.t("result.youWin")
      : yours.length > 0
        ? `${i18n.t("result.youLose")} — ${i18n.t("result.win", { name: "\u2068" + name(r.winner) + "\u2069" })}`
        : i18n.t("result.win", { name: "\u2068" + name(r.winner) + "\u2069" });
  } else if (r.kind === "draw") headline = i18n.t("result.draw");
  else headline = i18n.t("result.title");
  const reason = i18n.tk(
    `result.reason.${r.reason}`,
    i18n.t("result.reason.unknown", { reason: r.reason }),
  );
  const places =
    r.kind === "placement" && r.places
      ? h(
          "ol",
          { class: "places" },
          r.places
            .map((place, seat) => ({ place, seat }))
            .sort((a, b) => a.place - b.place)
            .map((p) =>
              h("li", {}, [
                i18n.t("result.place", {
                  place: p.place,
                  name: "\u2068" + name(p.seat) + "\u2069",
                }),
              ]),
            ),
        )
      : null;
  const changes = r.rating_changes.length
    ? h("table", { class: "ratings" }, [
        h("caption", {}, [i18n.t("result.rating")]),
        h(
          "tbody",
          {},
          r.rating_changes.map((c) => {
            const d = Math.round(c.after - c.before);
            return h("tr", {}, [
              h("td", {}, [isolate(name(c.seat))]),
              h("td", {}, [ltr(`${Math.round(c.before)} → ${Math.round(c.after)}`)]),
              h("td", { class: d >= 0 ? "up" : "down" }, [ltr(`${d >= 0 ? "+" : ""}${d}`)]),
            ]);
          }),
        ),
      ])
    : null;
  return h("section", { class: "box result", role: "status" }, [
    h("h3", {}, [headline]),
    h("p", { class: "reason" }, [reason]),
    r.kind === "draw" && r.reason === "repetition"
      ? h("p", { class: "hint" }, [i18n.t("result.replay")])
      : null,
    places,
    changes,
  ]);
}

let confirmResign = false;

function controls(ctx: AppContext, g: GroupState, demo: boolean): HTMLElement {
  const { i18n, actions } = ctx;
  const playing = g.table.status === "playing";
  const seated = g.table.your_seats.length > 0;
  const items: (HTMLElement | null)[] = [];
  if (playing && seated) {
    if (g.game === "yonin") items.push(h("p", { class: "hint" }, [i18n.t("play.noResign")]));
    else if (!confirmResign)
      items.push(
        h(
          "button",
          {
            type: "button",
            class: "danger resign",
            onclick: () => {
              confirmResign = true;
              ctx.store.update({});
            },
          },
          [i18n.t("play.resign")],
        ),
      );
    else
      items.push(
        h(
          "div",
          { class: "confirm", role: "alertdialog", "aria-label": i18n.t("play.resign.confirm") },
          [
            h("p", {}, [i18n.t("play.resign.confirm")]),
            h(
              "button",
              {
                type: "button",
                class: "danger resign-yes",
                onclick: () => {
                  confirmResign = false;
                  actions.resign();
                },
              },
              [i18n.t("play.resign.yes")],
            ),
            h(
              "button",
              {
                type: "button",
                onclick: () => {
                  confirmResign = false;
                  ctx.store.update({});
                },
              },
              [i18n.t("play.resign.no")],
            ),
          ],
        ),
      );
  } else confirmResign = false;
  if (g.table.status === "finished" && !demo) {
    items.push(
      h(
        "button",
        { type: "button", class: "primary big next-game", onclick: () => actions.start() },
        [i18n.t("group.next")],
      ),
    );
  }
  return h("div", { class: "controls" }, items);
}

function movesBox(i18n: I18n, g: GroupState): HTMLElement | null {
  const game = g.table.game;
  if (!game) return null;
  const moves = game.moves;
  const shown = moves.slice(-40);
  const first = moves.length - shown.length;
  return h("details", { class: "box moves", open: moves.length > 0 && window.innerWidth > 900 }, [
    h("summary", {}, [
      i18n.t("play.moves"),
      " · ",
      i18n.tn("play.moveCount", moves.length),
      " · ",
      i18n.t("play.gameNumber", { n: game.number }),
    ]),
    h(
      "ol",
      { start: first + 1, dir: "ltr", class: "move-list" },
      shown.map((m) => h("li", {}, [m])),
    ),
  ]);
}

// The game panel: whose turn it is with the running clock, right above the board; a note when
// the CPU moved for someone whose time ran out; the board; the players with their ratings,
// presence and the CPU standing in; the result with the rating change explained;
// resignation (Yonin: leaving the table); the move list in the chosen notation.
import type { PageContext } from "./context";
import { link } from "./layout";
import { cpuPlayingNotes } from "./cpuPlaying";
import { partnerNote } from "./teams";
import { makeRenderer } from "../boards";
import { seatName } from "../boards/common";
import { type MoveIndex, indexMoves, parseMove } from "../boards/moves";
import { seatEdgeFor, viewQuarterTurns } from "../boards/orientation";
import { BoardView } from "../boards/view";
import type { I18n, MsgKey } from "../i18n";
import type { GameId, GameResult, GroupState, RatingChange, SeatInfo } from "../net/protocol";
import { MOVE_STYLES, type MoveStyle } from "../state/prefs";
import { playsNextGame } from "../state/table";
import { isLocalTable } from "../session/session";
import { seatWho } from "../ui/announce";
import { confirmBox } from "../ui/confirm";
import { h, isolate, ltr } from "../ui/dom";
import { ltrText } from "../ui/errors";
import { hasNotation, moveLabel, standInAt } from "../ui/moveText";
import { seatPlayerName } from "../ui/names";
import { formatRating, notCountedRow, ratingExplanation, signed } from "../ui/ratings";
import { placeWord, resultHeadline, resultReason, seatAndName } from "../ui/resultText";

let cached: { key: string; view: BoardView } | null = null;

/** The last list of legal moves indexed (the board asks at each click). */
let lastIndexed: { list: readonly string[]; index: MoveIndex } | null = null;
function indexed(list: readonly string[]): MoveIndex {
  if (lastIndexed?.list !== list) lastIndexed = { list, index: indexMoves(list) };
  return lastIndexed.index;
}

/** The board view for this group and language, kept across renders (selection, focus). */
function boardViewFor(ctx: PageContext, groupId: string, onMove: (t: string) => void): BoardView {
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
  ctx: PageContext,
  g: GroupState,
  opts: { demo?: boolean; practice?: boolean } = {},
): void {
  const { i18n, store, actions } = ctx;
  const game = g.table.game;
  const { viewer, acting } = viewerSeats(g);
  const pending = store.state.pending;
  const renderer = makeRenderer({ group: g, i18n, viewerSeat: viewer, actingSeat: acting });
  const view = boardViewFor(ctx, g.id, (t) => actions.move(t));
  const showLegal = String(g.settings.options["show_legal_moves"] ?? "true") === "true";
  const pendingMove = pending ? parseMove(pending.move) : null;
  // Asked when the board needs them: the engine's in the page once it holds this very state
  // (a game of the hall, engine/referee.ts), else the state's.
  const legal = () => {
    const engine = acting !== null ? (ctx.referee?.legalMoves(g) ?? null) : null;
    view.root.dataset["legal"] = engine ? "engine" : "state";
    return indexed(engine ?? (acting !== null ? (game?.legal_moves ?? []) : []));
  };
  if (typeof renderer !== "string") {
    view.update({
      renderer,
      legal,
      canAct: acting !== null && !pending,
      showLegal,
      dash: g.game === "musashi",
      pendingTo: pendingMove ? pendingMove.to : null,
      key: `${g.version}`,
    });
  }
  const turns = viewQuarterTurns(g.game, viewer);
  // The squares of a 9×9 board are too small for a finger on a phone (Yonin's 33 px, beside its
  // side hands; Shogi's, Annan's and Hasami's 41 px): there the board is shown larger than the
  // screen (style.css), scrolled to the middle at first, and can be seen whole.
  const zoomable = g.game !== "musashi";
  const zoomed = zoomable && store.state.prefs.boardZoom;
  const seatCount = g.table.seat_names.length;

  const panel = h(
    "section",
    { class: `game-panel game-${g.game}`, id: "game-panel", "aria-label": i18n.t("group.gameTab") },
    [
      // Not a live region: every change is announced once, in words, by the app's announcer.
      h("div", { class: "status-line", id: "status-line" }, [
        statusText(ctx, g, acting, !!pending),
      ]),
      standInNotes(ctx, g),
      cpuPlayingNotes(ctx, g),
      awayNote(ctx, g),
      zoomable ? zoomToggle(ctx, zoomed) : null,
      h("div", { class: "table-layout" }, [
        h("div", { class: `board-wrap${zoomed ? " zoomed" : ""}`, id: "board", dir: "ltr" }, [
          typeof renderer === "string" ? h("p", { class: "error" }, [ltr(renderer)]) : view.root,
        ]),
        h("aside", { class: "side" }, [
          resultBox(ctx, g),
          analyseLink(ctx, g),
          controls(ctx, g, opts.demo ?? false, opts.practice ?? false),
          playersBox(ctx, g, turns, seatCount),
          g.game === "musashi" ? musashiInfo(ctx, g) : null,
          !showLegal ? h("p", { class: "hint" }, [i18n.t("play.legalHidden")]) : null,
          movesBox(ctx, g),
        ]),
      ]),
    ],
  );
  root.append(panel);
  if (zoomed) keepZoomScroll(panel.querySelector<HTMLElement>(".board-wrap"), g.game);
}

/** Where the zoomed board of a game was scrolled to, kept across renders (none: the middle). */
let zoomScroll: { game: GameId; left: number } | null = null;

/**
 * Scrolls a new zoomed board to where the last one of its game was (at first, its squares in
 * the middle: the coordinates and the side hands are what a swipe shows) as soon as it is laid
 * out wider than its frame, which may be a frame or more after it is drawn; then keeps where
 * the player scrolls it. A board replaced by the next render is no longer in the page: its late
 * scroll event (reading 0 there) must not move the next board to the edge.
 */
function keepZoomScroll(wrap: HTMLElement | null, game: GameId): void {
  if (!wrap) return;
  const middle = (): number => {
    const squares = wrap.querySelector(".board-frame")?.getBoundingClientRect();
    if (!squares) return (wrap.scrollWidth - wrap.clientWidth) / 2;
    const left = wrap.getBoundingClientRect().left;
    return wrap.scrollLeft + squares.left - left + (squares.width - wrap.clientWidth) / 2;
  };
  const place = (): boolean => {
    if (!wrap.isConnected || wrap.scrollWidth <= wrap.clientWidth) return false;
    wrap.scrollLeft = zoomScroll?.game === game ? zoomScroll.left : middle();
    return true;
  };
  const layout = new ResizeObserver(() => {
    if (place() || !wrap.isConnected) layout.disconnect();
  });
  layout.observe(wrap);
  if (wrap.firstElementChild) layout.observe(wrap.firstElementChild);
  wrap.addEventListener(
    "scroll",
    () => {
      if (wrap.isConnected) zoomScroll = { game, left: wrap.scrollLeft };
    },
    { passive: true },
  );
}

/** "Whole board" / "Zoom in": shown on phones only (style.css). */
function zoomToggle(ctx: PageContext, zoomed: boolean): HTMLElement {
  return h(
    "button",
    {
      type: "button",
      class: "zoom-toggle secondary",
      "aria-pressed": zoomed ? "true" : "false",
      onclick: (() => {
        zoomScroll = null;
        ctx.actions.setPrefs({ boardZoom: !zoomed });
      }) as EventListener,
    },
    [ctx.i18n.t(zoomed ? "play.zoomOut" : "play.zoomIn")],
  );
}

function statusText(
  ctx: PageContext,
  g: GroupState,
  acting: number | null,
  pending: boolean,
): HTMLElement {
  const { i18n } = ctx;
  const game = g.table.game;
  if (!game) return h("span", {}, [i18n.t("play.noGame")]);
  if (game.to_move < 0 || g.table.status === "finished")
    return h("strong", { class: "over-text" }, [resultHeadline(i18n, g, game.result)]);
  const parts: (HTMLElement | string)[] = [];
  if (pending) parts.push(h("span", { class: "pending-text" }, [i18n.t("play.sending")]));
  else if (acting !== null)
    parts.push(h("strong", { class: "your-turn" }, [i18n.t("play.yourTurn")]));
  else
    parts.push(h("span", {}, [i18n.t("play.waiting", { name: seatWho(g, game.to_move, i18n) })]));
  if (game.in_check.length > 0) {
    const mine = game.in_check.some((s) => g.table.your_seats.includes(s));
    parts.push(
      " · ",
      h("strong", { class: "check-text" }, [
        mine
          ? i18n.t("play.check")
          : i18n.t("play.inCheck", {
              name:
                "\u2068" +
                game.in_check
                  .map((s) => seatName(g, s, i18n))
                  .join(i18n.lang === "ar" ? "، " : ", ") +
                "\u2069",
            }),
      ]),
    );
  }
  // The clock of the player to move, next to whose turn it is: on screen with the board.
  if (game.clock?.remaining_ms !== undefined)
    parts.push(" ", clockEl(ctx, game.clock.remaining_ms));
  return h("span", { class: "status-parts" }, parts);
}

/**
 * The CPU moved for someone whose turn timer ran out: said to everyone, for one round of
 * moves (so the note is still there after the replies that follow at once).
 */
function standInNotes(ctx: PageContext, g: GroupState): HTMLElement | null {
  const { i18n } = ctx;
  const game = g.table.game;
  if (!game || !game.stand_ins?.length) return null;
  const recent = game.moves.length - g.table.seat_names.length;
  const notes = game.stand_ins
    .filter((s) => s.reason === "timeout" && s.ply >= recent)
    .map((s) => {
      const move = ltrText(moveLabel(game, s.ply, ctx.store.state.prefs.moveStyle));
      return h("p", { class: "stand-in-note", "data-ply": s.ply }, [
        h("span", { class: "timeout-icon", "aria-hidden": "true" }, ["⏱"]),
        " ",
        g.table.your_seats.includes(s.seat)
          ? i18n.t("announce.yourTimeout", { move })
          : i18n.t("announce.timeout", { who: seatWho(g, s.seat, i18n), move }),
      ]);
    });
  return notes.length ? h("div", { class: "stand-in-notes" }, notes) : null;
}

/** What the CPU did for the player while they were away (until their next move). */
function awayNote(ctx: PageContext, g: GroupState): HTMLElement | null {
  const note = ctx.store.state.awayNote;
  if (!note || note.game !== g.table.game?.id) return null;
  // The move kept whole, left to right, on one line ("☗同　角" must not break at its space).
  const [before, after] = note.text.split(ltrText(note.move));
  return h("p", { class: "away-report" }, [
    h("span", { "aria-hidden": "true" }, ["⚙ "]),
    before ?? note.text,
    after !== undefined ? ltr(note.move, "move-text") : null,
    after ?? null,
  ]);
}

const EDGE_ARROWS = { bottom: "↓", top: "↑", left: "←", right: "→" } as const;

function playersBox(
  ctx: PageContext,
  g: GroupState,
  turns: number,
  seatCount: number,
): HTMLElement {
  const { i18n } = ctx;
  const game = g.table.game;
  const order = [...g.table.seats].sort(
    (a, b) =>
      edgeOrder(seatEdgeFor(g.game, a.seat, seatCount, turns)) -
      edgeOrder(seatEdgeFor(g.game, b.seat, seatCount, turns)),
  );
  return h("section", { class: "box players", "aria-label": i18n.t("group.seats") }, [
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
            isolate(seatPlayerName(g, s, i18n), "player-name"),
            ratingEl(ctx, s),
            you ? h("small", {}, [` (${i18n.t("group.you")})`]) : null,
            partnerNote(ctx, g, s.seat),
            s.kind === "person" && s.left
              ? h("small", { class: "away left" }, [" · ", i18n.t("group.seat.left")])
              : s.kind === "person" && s.away
                ? h("small", { class: "away" }, [" · ", i18n.t("group.absent")])
                : null,
            s.cpu_playing && s.kind === "person"
              ? h("small", { class: "cpu-playing" }, [" · ", i18n.t("play.cpuFor")])
              : null,
            out ? h("small", { class: "out-badge" }, [" · ", i18n.t("play.out")]) : null,
            check ? h("small", { class: "check-badge" }, [" · ", i18n.t("play.check")]) : null,
          ],
        );
      }),
    ),
  ]);
}

/** "· rating 1500?" for a provisional rating, "· rating 1350" for a CPU level; explained in its title. */
export function ratingEl(ctx: PageContext, s: SeatInfo): HTMLElement | null {
  if (!s.rating) return null;
  const { i18n } = ctx;
  const title = s.rating.provisional
    ? i18n.t("rating.provisional.title")
    : s.kind === "cpu"
      ? i18n.t("rating.cpu.title")
      : i18n.tn("rating.games.title", s.rating.games);
  return h(
    "small",
    {
      class: `rating-badge${s.rating.provisional ? " provisional" : ""}`,
      title,
      "aria-label": `${i18n.t("result.rating")} ${formatRating(s.rating.value, s.rating.provisional, i18n.lang)}${s.rating.provisional ? ` (${i18n.t("rating.provisional")})` : ""}`,
    },
    // Labelled, so that "CPU level 3" and its rating do not read as two numbers in a row.
    [
      " · ",
      i18n.t("rating.short"),
      " ",
      ltr(formatRating(s.rating.value, s.rating.provisional, i18n.lang)),
    ],
  );
}

function edgeOrder(e: string): number {
  return { top: 0, left: 1, right: 2, bottom: 3 }[e] ?? 4;
}

function clockEl(ctx: PageContext, remainingMs: number): HTMLElement {
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

function musashiInfo(ctx: PageContext, g: GroupState): HTMLElement | null {
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

/**
 * After a game of the hall: its record page, where the CPU in the page analyses it. (A
 * practice game is not stored by the server: it has no record page.)
 */
function analyseLink(ctx: PageContext, g: GroupState): HTMLElement | null {
  const game = g.table.game;
  if (g.table.status !== "finished" || !game?.result || !(game.id > 0) || isLocalTable(g.id))
    return null;
  return h("p", { class: "analyse-link" }, [
    link(ctx, { page: "record", id: game.id }, ctx.i18n.t("play.analyse")),
  ]);
}

export function resultBox(ctx: PageContext, g: GroupState): HTMLElement | null {
  const { i18n } = ctx;
  const r = g.table.game?.result;
  if (!r) return null;
  const reason = resultReason(i18n, r);
  // Places are words ("1st"), in a plain list: no second numbering by the list itself.
  const places =
    r.kind === "placement" && r.places
      ? h(
          "ul",
          { class: "places" },
          r.places
            .map((place, seat) => ({ place, seat }))
            .sort((a, b) => a.place - b.place)
            .map((p) =>
              h("li", { class: g.table.your_seats.includes(p.seat) ? "you" : undefined }, [
                h("strong", { class: "place" }, [placeWord(i18n, p.place)]),
                " ",
                isolate(seatAndName(i18n, g, p.seat)),
              ]),
            ),
        )
      : null;
  const me = ctx.store.state.person?.id;
  const changes = r.rating_changes.length
    ? h("table", { class: "ratings" }, [
        h("caption", {}, [i18n.t("result.rating")]),
        h(
          "tbody",
          {},
          r.rating_changes.flatMap((c) => {
            const d = Math.round(c.after) - Math.round(c.before);
            const held = c.counted === false;
            const row = h("tr", { class: c.person === me ? "you" : undefined }, [
              h("td", {}, [isolate(seatAndName(i18n, g, c.seat))]),
              h("td", {}, [
                ltr(
                  `${formatRating(c.before, c.provisional_before ?? false, i18n.lang)} → ${formatRating(c.after, c.provisional ?? false, i18n.lang)}`,
                ),
              ]),
              h("td", { class: held ? "held" : d >= 0 ? "up" : "down" }, [
                ltr(held ? "—" : signed(d)),
              ]),
            ]);
            // Why a change was held back, on a line of its own under the player's row.
            return held
              ? [
                  row,
                  h("tr", { class: "not-counted" }, [
                    h("td", { colspan: "3" }, [notCountedRow(i18n, c)]),
                  ]),
                ]
              : [row];
          }),
        ),
      ])
    : null;
  const mine = me ? r.rating_changes.find((c) => c.person === me) : undefined;
  return h("section", { class: "box result", id: "result" }, [
    h("h3", { class: "headline" }, [resultHeadline(i18n, g, r)]),
    h("p", { class: "reason" }, [reason]),
    r.kind === "draw" && r.reason === "repetition"
      ? h("p", { class: "hint" }, [i18n.t("result.replay")])
      : null,
    places,
    changes,
    mine ? ratingNote(i18n, mine) : null,
  ]);
}

function ratingNote(i18n: I18n, c: RatingChange): HTMLElement {
  return h("p", { class: "rating-note" }, ratingExplanation(i18n, c));
}

let confirming: "resign" | "leave" | null = null;

/** `practice`: a practice game in the page, whose own panel offers a new game instead of leaving. */
function controls(ctx: PageContext, g: GroupState, demo: boolean, practice: boolean): HTMLElement {
  const { i18n, actions } = ctx;
  const playing = g.table.status === "playing";
  const seated = g.table.your_seats.length > 0;
  const items: (HTMLElement | null)[] = [];
  const rerender = () => ctx.store.update({});
  const ask = (question: string, yes: string, act: () => void, cls: string) =>
    confirmBox({
      question,
      yes,
      yesClass: cls,
      no: i18n.t("play.resign.no"),
      settle: () => (confirming = null),
      act,
      redraw: rerender,
    });
  if (playing && seated && !demo && !(practice && g.game === "yonin")) {
    if (g.game === "yonin") {
      // No resignation in Yonin Shogi: a player leaves the table and the CPU takes the seat.
      if (confirming === "leave")
        items.push(
          ask(
            i18n.t("play.leave.confirm"),
            i18n.t("play.leave.yes"),
            () => actions.leave(),
            "leave-yes",
          ),
        );
      else
        items.push(
          h(
            "button",
            {
              type: "button",
              class: "danger leave-table",
              onclick: () => {
                confirming = "leave";
                rerender();
              },
            },
            [i18n.t("play.leave")],
          ),
          h("p", { class: "hint" }, [i18n.t("play.noResign")]),
        );
    } else if (confirming === "resign")
      items.push(
        ask(
          i18n.t("play.resign.confirm"),
          i18n.t("play.resign.yes"),
          () => actions.resign(),
          "resign-yes",
        ),
      );
    else
      items.push(
        h(
          "button",
          {
            type: "button",
            class: "danger resign",
            onclick: () => {
              confirming = "resign";
              rerender();
            },
          },
          [i18n.t("play.resign")],
        ),
      );
  } else confirming = null;
  if (g.table.status === "finished" && !demo && playsNextGame(g)) {
    items.push(
      h(
        "button",
        { type: "button", class: "primary big next-game", onclick: () => actions.start() },
        [i18n.t("group.next")],
      ),
    );
  }
  items.push(soundToggle(ctx));
  return h("div", { class: "controls" }, items);
}

/** The sound on the opponent's move: off until the player turns it on. */
function soundToggle(ctx: PageContext): HTMLElement {
  const on = ctx.store.state.prefs.sound;
  return h(
    "button",
    {
      type: "button",
      class: "small sound-toggle",
      "aria-pressed": on ? "true" : "false",
      onclick: () => ctx.actions.setPrefs({ sound: !on }),
    },
    [`${ctx.i18n.t("prefs.sound")}: ${ctx.i18n.t(on ? "val.true" : "val.false")}`],
  );
}

/** The notation choice, where the moves are (also on the settings page). */
export function notationSelect(ctx: PageContext, id: string): HTMLElement {
  const { i18n } = ctx;
  const current = ctx.store.state.prefs.moveStyle;
  return h("div", { class: "field notation-field" }, [
    h("label", { for: id }, [i18n.t("prefs.notation")]),
    h(
      "select",
      {
        id,
        class: "notation-select",
        onchange: ((e: Event) =>
          ctx.actions.setPrefs({
            moveStyle: (e.target as HTMLSelectElement).value as MoveStyle,
          })) as EventListener,
      },
      MOVE_STYLES.map((s) =>
        h("option", { value: s, selected: s === current }, [
          i18n.t(`prefs.notation.${s}` as MsgKey),
        ]),
      ),
    ),
  ]);
}

function movesBox(ctx: PageContext, g: GroupState): HTMLElement | null {
  const { i18n } = ctx;
  const game = g.table.game;
  if (!game) return null;
  const style = ctx.store.state.prefs.moveStyle;
  const moves = game.moves;
  const shown = Math.min(moves.length, 60);
  const first = moves.length - shown;
  const items: HTMLElement[] = [];
  for (let i = first; i < moves.length; i++) {
    const standIn = standInAt(game.stand_ins, i);
    items.push(
      h(
        "li",
        {
          class: standIn ? `stand-in stand-in-${standIn.reason}` : undefined,
          title: standIn ? i18n.t(`moves.standIn.${standIn.reason}` as MsgKey) : undefined,
        },
        [
          moveLabel(game, i, style),
          standIn
            ? h("span", { class: "stand-in-mark" }, [
                h("span", { "aria-hidden": "true" }, [standIn.reason === "timeout" ? " ⏱" : " ⚙"]),
                h("span", { class: "visually-hidden" }, [
                  ` (${i18n.t(`moves.standIn.${standIn.reason}` as MsgKey)})`,
                ]),
              ])
            : null,
        ],
      ),
    );
  }
  // Open on a wide screen at first; then as the player left it (a render, after every move,
  // must not close the list the player opened on a phone).
  const open = movesOpen ?? (moves.length > 0 && window.innerWidth > 900);
  const box = h("details", { class: "box moves", open }, [
    h("summary", {}, [
      i18n.t("play.moves"),
      " · ",
      i18n.tn("play.moveCount", moves.length),
      " · ",
      i18n.t("play.gameNumber", { n: game.number }),
    ]),
    hasNotation(game) ? notationSelect(ctx, "moves-notation") : null,
    h("ol", { start: first + 1, dir: "ltr", class: `move-list move-list-${style}` }, items),
  ]);
  box.addEventListener("toggle", () => (movesOpen = (box as HTMLDetailsElement).open));
  return box;
}

/** Whether the player opened (true) or closed (false) the move list; null: never touched. */
let movesOpen: boolean | null = null;

// The group page (/g/GROUP_ID): before a game, the start button with the line-up the start
// will make (who sits where, the CPU in the other seats, or that you will watch), the seats,
// the game and its local rules (generated from option_schema), the turn timer, the CPU level,
// the invite link and the members. While a game is on, the game panel (game.ts) comes first.
// A link to a table that does not exist says so and offers a way on.
import type { PageContext } from "./context";
import type { I18n, MsgKey } from "../i18n";
import {
  GAME_IDS,
  type GameId,
  type GroupState,
  type OptionSpec,
  type OptionValue,
} from "../net/protocol";
import { inviteLink } from "../router";
import { pairsOf, playsNextGame } from "../state/table";
import { partnerNote, teamName } from "./teams";
import { confirmBox } from "../ui/confirm";
import { h, isolate } from "../ui/dom";
import { selectField } from "../ui/fields";
import { seatName } from "../boards/common";
import { memberName, seatPlayerName } from "../ui/names";
import { ratingEl, renderGamePanel } from "./game";
import { link, nameForm } from "./layout";
import { isOffline, offlineBox } from "./offline";

// The lobby's "Leave the table" during one's own game asks first (what leaving costs).
let confirmingLeave = false;

export function renderGroup(root: HTMLElement, ctx: PageContext, id: string): void {
  const g = ctx.store.state.group;
  const failed = ctx.store.state.groupError;
  if (failed && failed.id === id && (!g || g.id !== id)) {
    root.append(missingGroup(ctx, failed.code));
    return;
  }
  if (!g || g.id !== id) {
    // An invite link with no network: it cannot be joined now; say so, and offer practice.
    if (isOffline(ctx.store.state)) root.append(offlineBox(ctx, "group"));
    else root.append(h("p", { class: "loading", role: "status" }, [ctx.i18n.t("group.loading")]));
    return;
  }
  const playing = g.table.status !== "idle";
  if (playing) renderGamePanel(root, ctx, g);
  root.append(
    h(
      "section",
      {
        class: `lobby${playing ? " lobby-during-game" : ""}`,
        "aria-label": ctx.i18n.t("group.settingsTab"),
      },
      [
        h("h2", {}, [ctx.i18n.t(`game.${g.game}`)]),
        g.table.status === "idle" ? startBox(ctx, g) : null,
        h("div", { class: "lobby-grid" }, [
          seatsBox(ctx, g),
          settingsBox(ctx, g),
          h("div", { class: "lobby-people" }, [inviteBox(ctx, g), membersBox(ctx, g)]),
        ]),
        leaveBox(ctx, g),
      ],
    ),
  );
}

/**
 * "Leave the table". During a game one has a seat in, it first says what leaving means: the
 * CPU plays the seat, and the game counts for one's rating only if it is lost.
 */
function leaveBox(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n, actions } = ctx;
  const inGame = g.table.status === "playing" && g.table.your_seats.length > 0;
  if (!inGame) confirmingLeave = false;
  const rerender = () => ctx.store.update({});
  if (confirmingLeave)
    return confirmBox({
      question: i18n.t("play.leave.confirm"),
      yes: i18n.t("play.leave.yes"),
      yesClass: "leave-yes",
      no: i18n.t("play.resign.no"),
      boxClass: "leave-confirm",
      settle: () => (confirmingLeave = false),
      act: () => actions.leave(),
      redraw: rerender,
    });
  return h("p", {}, [
    h(
      "button",
      {
        type: "button",
        class: "link leave",
        onclick: () => {
          if (!inGame) return actions.leave();
          confirmingLeave = true;
          rerender();
          // The question takes the focus (and so comes into view); "stay" is the safe answer.
          requestAnimationFrame(() =>
            document.querySelector<HTMLElement>(".leave-confirm .keep-playing")?.focus(),
          );
        },
      },
      [i18n.t("group.leave")],
    ),
  ]);
}

/**
 * A table one cannot be at: none by that link (mistyped, or from another server), one that
 * removed you, one that is full, or one whose saved data cannot be read.
 */
function missingGroup(ctx: PageContext, code: string): HTMLElement {
  const { i18n } = ctx;
  const why = ["removed", "group_full", "group_unreadable"].includes(code) ? code : "missing";
  return h("section", { class: `empty-state missing-group shut-${why}`, role: "alert" }, [
    h("h2", {}, [i18n.t(`group.${why}.title` as MsgKey)]),
    h("p", {}, [i18n.t(`group.${why}.text` as MsgKey)]),
    h("p", { class: "missing-actions" }, [
      link(ctx, { page: "front" }, i18n.t("group.missing.home"), "button primary"),
    ]),
  ]);
}

/**
 * Before a game: the start button, and what it will do — where you sit and against whom,
 * or that you will watch because every seat is taken.
 */
function startBox(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n } = ctx;
  const mine = g.table.your_seats;
  const seatItem = (s: GroupState["table"]["seats"][number]) =>
    h("li", { class: mine.includes(s.seat) ? "you" : undefined, "data-seat": s.seat }, [
      h("span", { class: `seat-chip seat-${s.seat}` }, [seatName(g, s.seat, i18n)]),
      " ",
      isolate(mine.includes(s.seat) ? i18n.t("group.you") : seatPlayerName(g, s, i18n)),
      ratingEl(ctx, s),
    ]);
  // Yonin in pairs: the line-up is the two teams, partners together.
  const teams = pairsOf(g);
  const lineup = teams
    ? h(
        "ul",
        { class: "lineup teams", "aria-label": i18n.t("group.lineup") },
        teams.map((team, i) => {
          const ours = team.some((seat) => mine.includes(seat));
          return h("li", { class: `team team-${i}${ours ? " yours" : ""}` }, [
            h("strong", { class: "team-name" }, [
              teamName(ctx, g, team),
              ours ? h("small", {}, [` (${i18n.t("team.yours")})`]) : null,
            ]),
            h(
              "ul",
              {},
              team.flatMap((seat) => {
                const s = g.table.seats.find((x) => x.seat === seat);
                return s ? [seatItem(s)] : [];
              }),
            ),
          ]);
        }),
      )
    : h(
        "ul",
        { class: "lineup", "aria-label": i18n.t("group.lineup") },
        g.table.seats.map(seatItem),
      );
  return h("section", { class: "box start-box" }, [
    lineup,
    mine.length === 0
      ? h("p", { class: "hint spectator-note" }, [i18n.t("group.spectator")])
      : h("p", { class: "hint" }, [
          i18n.t("group.youPlay", {
            seat: mine.map((s) => seatName(g, s, i18n)).join(i18n.lang === "ar" ? "، " : ", "),
          }),
        ]),
    playsNextGame(g)
      ? h("div", { class: "start-row" }, [
          h(
            "button",
            {
              type: "button",
              class: "primary big start-game",
              onclick: () => ctx.actions.start(),
            },
            [i18n.t("group.start")],
          ),
        ])
      : h("p", { class: "hint start-by-players" }, [i18n.t("group.start.spectator")]),
  ]);
}

function inviteBox(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n } = ctx;
  const url = inviteLink(location.origin, g.id);
  const input = h("input", {
    id: "invite-link",
    type: "text",
    readonly: true,
    value: url,
    dir: "ltr",
    class: "invite-input",
  });
  const copy = h("button", { type: "button", class: "copy-invite" }, [i18n.t("group.copy")]);
  copy.addEventListener("click", () => {
    const done = () => {
      copy.textContent = i18n.t("group.copied");
      setTimeout(() => (copy.textContent = i18n.t("group.copy")), 2000);
    };
    if (navigator.clipboard?.writeText) {
      navigator.clipboard.writeText(url).then(done, () => {
        input.select();
        document.execCommand?.("copy");
        done();
      });
    } else {
      input.select();
      document.execCommand?.("copy");
      done();
    }
  });
  const share =
    typeof navigator.share === "function"
      ? h(
          "button",
          {
            type: "button",
            onclick: () => void navigator.share({ url, title: i18n.t("app.name") }).catch(() => {}),
          },
          [i18n.t("group.share")],
        )
      : null;
  return h("section", { class: "box invite" }, [
    h("label", { for: "invite-link" }, [i18n.t("group.invite")]),
    h("div", { class: "invite-row" }, [input, copy, share]),
    h("p", { class: "hint" }, [i18n.t("group.invite.help")]),
    nameForm(ctx, "lobby-name-input"),
  ]);
}

// The member the keeper is being asked about removing (by id), or null.
let confirmingRemoval: string | null = null;

/**
 * The group's keeper (its first member: the creator while they are in it) may remove another
 * member; a player of the game in progress stays until it ends. Asks first: the removed person
 * cannot come back by the link.
 */
function removeControl(ctx: PageContext, g: GroupState, m: GroupState["members"][number]) {
  const { i18n, actions } = ctx;
  const keeper = g.members[0]?.id === g.you;
  const playing = g.table.status === "playing" && g.table.seats.some((s) => s.person === m.id);
  if (!keeper || m.id === g.you || playing) return null;
  const rerender = () => ctx.store.update({});
  if (confirmingRemoval === m.id)
    return h("span", { class: "confirm remove-confirm", role: "alertdialog" }, [
      " ",
      i18n.t("group.remove.confirm", { name: "\u2068" + memberName(m, i18n) + "\u2069" }),
      " ",
      h(
        "button",
        {
          type: "button",
          class: "small danger remove-yes",
          onclick: () => {
            confirmingRemoval = null;
            actions.removeMember(m.id);
          },
        },
        [i18n.t("group.remove.yes")],
      ),
      h(
        "button",
        {
          type: "button",
          class: "small remove-no",
          onclick: () => {
            confirmingRemoval = null;
            rerender();
          },
        },
        [i18n.t("group.remove.no")],
      ),
    ]);
  return h(
    "button",
    {
      type: "button",
      class: "small link remove-member",
      "aria-label": i18n.t("group.remove.label", { name: memberName(m, i18n) }),
      onclick: () => {
        confirmingRemoval = m.id;
        rerender();
      },
    },
    [i18n.t("group.remove")],
  );
}

function membersBox(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n } = ctx;
  return h("section", { class: "box members" }, [
    h("h3", {}, [
      i18n.t("group.members"),
      " ",
      h("small", {}, [i18n.tn("group.members.count", g.members.length)]),
    ]),
    h(
      "ul",
      {},
      g.members.map((m) =>
        h("li", { class: m.present ? "present" : "absent" }, [
          h("span", { class: "presence-dot", "aria-hidden": "true" }),
          isolate(memberName(m, i18n), "member-name"),
          m.id === g.you ? h("small", {}, [` (${i18n.t("group.you")})`]) : null,
          h("small", { class: "presence" }, [
            " · ",
            i18n.t(m.present ? "group.present" : "group.absent"),
          ]),
          removeControl(ctx, g, m),
        ]),
      ),
    ),
  ]);
}

function seatsBox(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n, actions } = ctx;
  const idle = g.table.status === "idle";
  const between = g.table.status !== "playing";
  const mine = new Set(g.table.your_seats);
  return h("section", { class: "box seats" }, [
    h("h3", {}, [i18n.t(idle ? "group.seats.next" : "group.seats")]),
    h(
      "ul",
      {},
      g.table.seats.map((s) => {
        const cpu = s.kind === "cpu" || !s.person;
        const isMine = s.person === g.you || mine.has(s.seat);
        // A CPU seat, or one the automatic line-up gave someone, can be chosen before a game.
        const takeable = between && !isMine && (cpu || (idle && s.planned === true));
        return h("li", { class: `seat${isMine ? " mine" : ""}`, "data-seat": s.seat }, [
          h("strong", {}, [seatName(g, s.seat, i18n)]),
          ": ",
          isolate(seatPlayerName(g, s, i18n)),
          ratingEl(ctx, s),
          partnerNote(ctx, g, s.seat),
          cpu && between
            ? h("small", { class: "free" }, [` · ${i18n.t("group.seat.free")}`])
            : null,
          isMine ? h("small", {}, [` (${i18n.t("group.seat.yours")})`]) : null,
          idle && !cpu && s.planned
            ? h("small", { class: "planned" }, [` · ${i18n.t("group.seat.planned")}`])
            : null,
          takeable
            ? h(
                "button",
                { type: "button", class: "small take-seat", onclick: () => actions.seat(s.seat) },
                [i18n.t("group.seat.take")],
              )
            : null,
          between && isMine && !s.planned
            ? h(
                "button",
                { type: "button", class: "small link", onclick: () => actions.seat(null) },
                [i18n.t("group.seat.leave")],
              )
            : null,
        ]);
      }),
    ),
    idle ? h("p", { class: "hint" }, [i18n.t("group.seats.help")]) : null,
  ]);
}

export function optionLabel(i18n: I18n, o: OptionSpec): string {
  return i18n.tk(`opt.${o.key}`, o.key);
}

export function optionMeaning(i18n: I18n, game: GameId, o: OptionSpec): string {
  return i18n.tk(`opt.${o.key}.meaning.${game}`, i18n.tk(`opt.${o.key}.meaning`, o.meaning));
}

export function valueLabel(i18n: I18n, key: string, v: OptionValue): string {
  const s = String(v);
  if (s === "true" || s === "false") return i18n.t(`val.${s}` as MsgKey);
  const specific = `val.${key}.${s}`;
  if (i18n.has(specific)) return i18n.t(specific);
  if (/^\d+$/.test(s) && (key === "move_limit" || key === "children_limit"))
    return i18n.tn("val.moves", Number(s));
  return s;
}

function settingsBox(ctx: PageContext, g: GroupState): HTMLElement {
  const { i18n, actions } = ctx;
  const playing = g.table.status === "playing";
  const locked = playing || !playsNextGame(g);
  const fields: HTMLElement[] = [
    selectField({
      id: "set-game",
      label: i18n.t("group.game"),
      value: g.game,
      choices: GAME_IDS.map((id) => [id, i18n.t(`game.${id}`)]),
      onchange: (v) => actions.settings({ game: v as GameId }),
      disabled: locked,
    }),
    selectField({
      id: "set-timer",
      label: i18n.t("group.timer"),
      value: String(g.settings.timer),
      choices: [
        ["0", i18n.t("group.timer.0")],
        ["30", i18n.t("group.timer.30")],
        ["60", i18n.t("group.timer.60")],
      ],
      onchange: (v) => actions.settings({ timer: Number(v) as 0 | 30 | 60 }),
      disabled: locked,
    }),
    selectField({
      id: "set-cpu",
      label: i18n.t("group.cpu_level"),
      value: String(g.settings.cpu_level),
      choices: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => [String(n), String(n)]),
      onchange: (v) => actions.settings({ cpu_level: Number(v) }),
      hint: i18n.t("group.cpu_level.hint"),
      disabled: locked,
    }),
  ];
  for (const o of g.option_schema) {
    const current = g.settings.options[o.key] ?? o.default;
    fields.push(
      selectField({
        id: `opt-${o.key}`,
        label: optionLabel(i18n, o),
        value: String(current),
        choices: o.choices.map((c) => [String(c), valueLabel(i18n, o.key, c)]),
        // Option values are strings on the wire, exactly one of the schema's choices.
        onchange: (v) => actions.settings({ options: { [o.key]: v } }),
        hint: optionMeaning(i18n, g.game, o),
        disabled: locked,
      }),
    );
  }
  return h("section", { class: "box settings" }, [
    h("h3", {}, [i18n.t("group.rules")]),
    playing
      ? h("p", { class: "hint" }, [i18n.t("group.rules.between")])
      : locked
        ? h("p", { class: "hint rules-read-only" }, [i18n.t("group.rules.spectator")])
        : null,
    ...fields,
  ]);
}

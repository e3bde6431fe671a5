// The 9×9 board of Shogi, Annan Shogi, Hasami Shogi and Yonin Shogi, drawn in SVG from a
// GridPosition, rotated so the viewer's seat is at the bottom, with hands (or capture
// counts) beside the seats' edges.

import type { I18n } from "../i18n";
import type { GridPosition, HandView, PieceView } from "./model";
import { cellToSquare, squareToCell } from "./model";
import { type Edge, pieceAngle, rotateCell, seatEdge, unrotateCell } from "./orientation";
import { type PieceStyle, SEAT_COLOURS, drawPiece } from "./pieces";
import { svgEl } from "./svg";
import type { BoardContext, BoardRenderer, BuiltBoard } from "./view";
import type { Selection } from "./moves";

export interface GridBoardSpec {
  style: PieceStyle;
  position: GridPosition;
  seatCount: number;
  /** Clockwise quarter turns of the view (orientation.viewQuarterTurns). */
  turns: number;
  /** Seat labels (translated seat name + player name) for the hands. */
  seatLabels: string[];
  /** Seats in check, knocked out; the seat to move and the seat that may act now. */
  inCheck: number[];
  out: number[];
  toMove: number;
  actingSeat: number | null;
  lastMove: string[];
  /** Yonin: colour pieces by owner, since facing does not show ownership. */
  colourOwners: boolean;
  /** Hasami: show capture counts instead of hands. */
  captures?: number[];
  i18n: I18n;
  /** Accessible description of a piece ("sente silver"). */
  describe: (p: PieceView) => string;
  /** The board's accessible name. */
  label: string;
  /** Diagrams: no hand strips. */
  hideHands?: boolean;
}

const CELL = 100;
const LABEL = 34;
const HAND = 150;
/** The hands at the left and right of a four-player board: narrow, so the squares stay big. */
const SIDE_HAND = 104;
/** From one piece in hand to the next: a horizontal strip (seven kinds fit its 900 units). */
const HAND_STEP = 112;
const SIDE_HAND_STEP = 104;

export class GridRenderer implements BoardRenderer {
  constructor(private readonly spec: GridBoardSpec) {}

  build(ctx: BoardContext): BuiltBoard {
    const s = this.spec;
    const four = s.seatCount === 4;
    const hand = s.hideHands ? 0 : HAND;
    const side = s.hideHands ? 0 : SIDE_HAND;
    const left = four ? side : 0;
    const right = four ? side : 0;
    const ox = left + LABEL * 0.4;
    const oy = hand + LABEL;
    const width = ox + 9 * CELL + LABEL + right;
    const height = oy + 9 * CELL + LABEL * 0.4 + hand;
    const svg = svgEl("svg", {
      class: `board grid-board style-${s.style}`,
      viewBox: `0 0 ${width} ${height}`,
      role: "group",
      "aria-label": s.label,
      dir: "ltr",
    });
    svg.appendChild(
      svgEl("rect", {
        x: ox - 6,
        y: oy - 6,
        width: 9 * CELL + 12,
        height: 9 * CELL + 12,
        class: "board-frame",
        rx: 6,
      }),
    );

    // Coordinates along the top and the right of the screen, whatever the rotation.
    for (let i = 0; i < 9; i++) {
      const top = unrotateCell(i, 0, s.turns);
      const rightCell = unrotateCell(8, i, s.turns);
      const topSq = cellToSquare(top.col, top.row);
      const rightSq = cellToSquare(rightCell.col, rightCell.row);
      const even = s.turns % 2 === 0;
      svg.appendChild(
        svgEl(
          "text",
          { x: ox + i * CELL + CELL / 2, y: oy - 12, class: "coord", "text-anchor": "middle" },
          [even ? topSq[0]! : topSq[1]!],
        ),
      );
      svg.appendChild(
        svgEl(
          "text",
          {
            x: ox + 9 * CELL + LABEL / 2,
            y: oy + i * CELL + CELL / 2,
            class: "coord",
            "text-anchor": "middle",
            "dominant-baseline": "middle",
          },
          [even ? rightSq[1]! : rightSq[0]!],
        ),
      );
    }

    const cells = new Map<string, SVGGElement>();
    const centres = new Map<string, { x: number; y: number }>();
    const pieces = new Map<string, SVGGElement>();
    const checkedKings = new Set<string>();
    for (const [sq, p] of s.position.squares) {
      if (p.letter === "K" && !p.flipped && s.inCheck.includes(p.owner)) checkedKings.add(sq);
    }
    const sel = ctx.selection;
    const pendingSq = ctx.pendingTo;

    for (let row = 0; row < 9; row++) {
      for (let col = 0; col < 9; col++) {
        const sq = cellToSquare(col, row);
        const scr = rotateCell(col, row, s.turns);
        const x = ox + scr.col * CELL;
        const y = oy + scr.row * CELL;
        const p = s.position.squares.get(sq);
        const dest = ctx.destinations.get(sq);
        const classes = ["sq"];
        if (s.lastMove.includes(sq)) classes.push("last");
        if (sel?.kind === "square" && sel.square === sq) classes.push("selected");
        if (checkedKings.has(sq)) classes.push("check");
        if (pendingSq === sq) classes.push("pending");
        if (dest && ctx.showLegal) classes.push("target");
        let aria = s.i18n.t("aria.square", {
          square: sq,
          piece: p ? s.describe(p) : s.i18n.t("play.emptySquare"),
        });
        if (dest && ctx.showLegal) aria += `, ${s.i18n.t("play.legalTarget")}`;
        if (sel?.kind === "square" && sel.square === sq) aria += `, ${s.i18n.t("play.selected")}`;
        const g = svgEl("g", {
          class: classes.join(" "),
          "data-sq": sq,
          role: "button",
          "aria-label": aria,
          transform: `translate(${x} ${y})`,
        });
        g.appendChild(svgEl("rect", { width: CELL, height: CELL, class: "sq-bg" }));
        if (p) {
          const angle = pieceAngle(p.facing, s.seatCount, s.turns);
          const colour = s.colourOwners
            ? p.owner >= 0
              ? SEAT_COLOURS[p.owner]
              : "#777"
            : undefined;
          const pg = drawPiece(p, s.style, angle, colour ? { ownerColour: colour } : {});
          const wrap = svgEl(
            "g",
            { transform: `translate(${CELL / 2} ${CELL / 2})`, class: "piece-wrap" },
            [pg],
          );
          g.appendChild(wrap);
          pieces.set(sq, wrap);
        }
        if (dest && ctx.showLegal) {
          g.appendChild(
            p
              ? svgEl("circle", {
                  cx: CELL / 2,
                  cy: CELL / 2,
                  r: CELL * 0.46,
                  class: "target-ring",
                })
              : svgEl("circle", {
                  cx: CELL / 2,
                  cy: CELL / 2,
                  r: CELL * 0.13,
                  class: "target-dot",
                }),
          );
        }
        cells.set(sq, g);
        centres.set(sq, { x: x + CELL / 2, y: y + CELL / 2 });
      }
    }
    // Grid lines on top of the square backgrounds, under nothing interactive.
    const lines = svgEl("g", { class: "grid-lines", "pointer-events": "none" });
    for (let i = 0; i <= 9; i++) {
      lines.appendChild(
        svgEl("line", { x1: ox + i * CELL, y1: oy, x2: ox + i * CELL, y2: oy + 9 * CELL }),
      );
      lines.appendChild(
        svgEl("line", { x1: ox, y1: oy + i * CELL, x2: ox + 9 * CELL, y2: oy + i * CELL }),
      );
    }
    // Star points (hoshi) at the corners of the central 3×3 block.
    for (const [c, r] of [
      [3, 3],
      [6, 3],
      [3, 6],
      [6, 6],
    ] as const) {
      lines.appendChild(
        svgEl("circle", { cx: ox + c * CELL, cy: oy + r * CELL, r: 6, class: "hoshi" }),
      );
    }
    const board = svgEl("g", { class: "cells" }, [...cells.values()]);
    svg.appendChild(board);
    svg.appendChild(lines);

    // Hands / capture counts by each seat's edge.
    const hands: BuiltBoard["hands"] = [];
    const area = { ox, oy, size: 9 * CELL, width, height };
    for (let seat = 0; seat < (s.hideHands ? 0 : s.seatCount); seat++) {
      const edge = seatEdge(seat, s.seatCount, s.turns);
      const hand = s.position.hands.find((h) => h.seat === seat) ?? null;
      svg.appendChild(this.drawHandArea(seat, edge, hand, area, ctx, hands));
    }
    return {
      svg,
      cells,
      centres,
      hands,
      pieceAt: (name) => pieces.get(name) ?? null,
      ownPieceAt: (name) => {
        const p = s.position.squares.get(name);
        return !!p && s.actingSeat !== null && p.owner === s.actingSeat && !p.flipped;
      },
      promotionPictures: (from, plain) => this.promotionPictures(from, plain),
    };
  }

  private drawHandArea(
    seat: number,
    edge: Edge,
    hand: HandView | null,
    area: { ox: number; oy: number; size: number; width: number; height: number },
    ctx: BoardContext,
    out: BuiltBoard["hands"],
  ): SVGGElement {
    const s = this.spec;
    const horizontal = edge === "top" || edge === "bottom";
    const g = svgEl("g", {
      class: `hand hand-${edge}${s.toMove === seat ? " to-move" : ""}${s.out.includes(seat) ? " out" : ""}`,
    });
    // Strip rectangle.
    let x: number, y: number, w: number, h: number;
    if (edge === "bottom") [x, y, w, h] = [area.ox, area.oy + area.size + 14, area.size, HAND - 24];
    else if (edge === "top") [x, y, w, h] = [area.ox, 6, area.size, HAND - 24];
    else if (edge === "left") [x, y, w, h] = [2, area.oy, SIDE_HAND - 8, area.size];
    else [x, y, w, h] = [area.width - SIDE_HAND + 6, area.oy, SIDE_HAND - 8, area.size];
    g.appendChild(svgEl("rect", { x, y, width: w, height: h, rx: 10, class: "hand-bg" }));
    const colour = s.colourOwners ? SEAT_COLOURS[seat] : undefined;
    if (colour)
      g.appendChild(
        svgEl("rect", {
          x,
          y,
          width: horizontal ? 10 : w,
          height: horizontal ? h : 10,
          rx: 4,
          fill: colour,
        }),
      );
    // Label: seat (+ name). Kept short; full names are in the player list beside the board.
    const label = s.seatLabels[seat] ?? "";
    if (horizontal) {
      // Written in the page's direction from the strip's starting edge (Arabic: the right);
      // on a four-player board, in the strip's middle: its zoomed board (a phone) is scrolled
      // to the middle, where a label from an edge would be cut off mid-word.
      const rtl = s.i18n.dir === "rtl";
      const middle = s.seatCount === 4;
      g.appendChild(
        svgEl(
          "text",
          {
            x: middle ? x + w / 2 : rtl ? x + w - 18 : x + 18,
            y: y + 30,
            "text-anchor": middle ? "middle" : "start",
            class: "hand-label",
            direction: rtl ? "rtl" : "ltr",
          },
          [label],
        ),
      );
    } else {
      // Narrow strip: the seat and the player's name on two short lines.
      const [seatText, nameText] = label.split(" · ");
      g.appendChild(
        svgEl("text", { x: x + w / 2, y: y + 36, "text-anchor": "middle", class: "hand-label" }, [
          seatText ?? "",
        ]),
      );
      if (nameText) {
        g.appendChild(
          svgEl(
            "text",
            {
              x: x + w / 2,
              y: y + 66,
              "text-anchor": "middle",
              class: "hand-label name",
              textLength: nameText.length > 8 ? w - 12 : undefined,
              lengthAdjust: "spacingAndGlyphs",
            },
            [nameText],
          ),
        );
      }
    }

    if (s.captures) {
      const n = s.captures[seat] ?? 0;
      const text = s.i18n.tn("play.captured", n);
      // Across the strip from the label, which starts at the page's starting edge.
      const cx = horizontal ? x + w * (s.i18n.dir === "rtl" ? 0.25 : 0.75) : x + w / 2;
      const cy = horizontal ? y + 22 : y + 60;
      g.appendChild(
        svgEl(
          "text",
          {
            x: cx,
            y: cy,
            "text-anchor": "middle",
            direction: "ltr",
            class: "hand-count-text",
          },
          [text],
        ),
      );
      // The captured enemy pieces, small, in a row.
      for (let i = 0; i < n; i++) {
        const px = horizontal ? x + 50 + i * 62 : x + w / 2;
        const py = horizontal ? y + h - 40 : y + 130 + i * 62;
        const piece = drawPiece(
          { letter: "P", promoted: false, owner: 1 - seat, facing: 1 - seat },
          "hasami",
          pieceAngle(1 - seat, s.seatCount, s.turns),
          { size: 0.6 },
        );
        g.appendChild(svgEl("g", { transform: `translate(${px} ${py})` }, [piece]));
      }
      return g;
    }
    const pieces = hand?.pieces ?? [];
    if (pieces.length === 0) {
      const ex = horizontal ? x + w / 2 : x + w / 2;
      const ey = horizontal ? y + h / 2 + 14 : y + h / 2;
      g.appendChild(
        svgEl("text", { x: ex, y: ey, "text-anchor": "middle", class: "hand-empty" }, [
          s.i18n.t("play.handEmpty"),
        ]),
      );
    }
    // Each piece in hand is a target as large as a square or more (44 px on a phone: a
    // horizontal strip's 110 units are 45 px at the 41 px squares of a 390 px screen, and a
    // Yonin side strip's 100 units 47 px on its zoomed board), wider than the piece drawn.
    const step = horizontal ? HAND_STEP : SIDE_HAND_STEP;
    const hit = horizontal ? { w: 110, h: 110 } : { w: 100, h: 104 };
    pieces.forEach((hp, i) => {
      const px = horizontal ? x + 60 + i * step : x + w / 2;
      const py = horizontal ? y + h / 2 + 12 : y + 130 + i * step;
      const sel = ctx.selection;
      const selected = sel?.kind === "hand" && sel.piece === hp.letter && sel.seat === seat;
      const canDrop = s.actingSeat === seat;
      const pv: PieceView = { letter: hp.letter, promoted: false, owner: seat, facing: seat };
      const angle = pieceAngle(seat, s.seatCount, s.turns);
      const hg = svgEl("g", {
        class: `hand-piece${selected ? " selected" : ""}${canDrop ? " can-drop" : ""}`,
        transform: `translate(${px} ${py})`,
        "data-hand": `${seat}:${hp.letter}`,
        role: canDrop ? "button" : "img",
        "aria-label": s.i18n.t("aria.handPiece", {
          owner: s.seatLabels[seat] ?? "",
          piece: s.i18n.t(`piece.${hp.letter}` as "piece.P"),
          n: hp.count,
        }),
      });
      hg.appendChild(
        svgEl("rect", {
          x: -hit.w / 2,
          y: -hit.h / 2,
          width: hit.w,
          height: hit.h,
          fill: "transparent",
          class: "hand-hit",
        }),
      );
      hg.appendChild(
        svgEl("rect", { x: -44, y: -46, width: 88, height: 92, rx: 8, class: "hand-slot" }),
      );
      hg.appendChild(
        drawPiece(pv, s.style, angle, {
          size: 0.78,
          ...(s.colourOwners ? { ownerColour: SEAT_COLOURS[seat] ?? "#777" } : {}),
        }),
      );
      if (hp.count > 1) {
        hg.appendChild(svgEl("circle", { cx: 30, cy: -30, r: 17, class: "count-badge" }));
        hg.appendChild(
          svgEl(
            "text",
            {
              x: 30,
              y: -29,
              "text-anchor": "middle",
              "dominant-baseline": "middle",
              class: "count-text",
            },
            [String(hp.count)],
          ),
        );
      }
      g.appendChild(hg);
      if (canDrop) out.push({ seat, piece: hp.letter, el: hg });
    });
    return g;
  }

  private promotionPictures(
    from: Selection,
    _plain: string,
  ): { plain: SVGSVGElement; promoted: SVGSVGElement } | null {
    if (from.kind !== "square") return null;
    const p = this.spec.position.squares.get(from.square);
    if (!p) return null;
    const angle = pieceAngle(p.facing, this.spec.seatCount, this.spec.turns);
    const pic = (promoted: boolean) =>
      svgEl("svg", { viewBox: "-50 -50 100 100", width: 56, height: 56, "aria-hidden": "true" }, [
        drawPiece({ ...p, promoted }, this.spec.style, angle),
      ]);
    return { plain: pic(false), promoted: pic(true) };
  }
}

export { squareToCell };

// Juroku Musashi: the point-and-line board from table.board (kind graph), the father and
// the children, threats (musashiThreats.ts), rotated so the viewer's side is at the bottom.

import type { I18n } from "../i18n";
import type { BoardInfo } from "../net/protocol";
import type { MusashiPosition } from "./musashiPosition";
import type { Threats } from "./musashiThreats";
import { rotatePoint } from "./orientation";
import { drawMusashiPiece } from "./pieces";
import { svgEl } from "./svg";
import type { BoardContext, BoardRenderer, BuiltBoard } from "./view";

export interface MusashiBoardSpec {
  board: BoardInfo;
  position: MusashiPosition;
  turns: number;
  lastMove: string[];
  threats: Threats | null;
  actingSeat: number | null; // 0 = father, 1 = children
  i18n: I18n;
  label: string;
}

const UNIT = 130;
const PAD = 80;

export class MusashiRenderer implements BoardRenderer {
  constructor(private readonly spec: MusashiBoardSpec) {}

  build(ctx: BoardContext): BuiltBoard {
    const s = this.spec;
    const pts = s.board.points;
    const box = {
      minX: Math.min(...pts.map((p) => p.x)),
      maxX: Math.max(...pts.map((p) => p.x)),
      minY: Math.min(...pts.map((p) => p.y)),
      maxY: Math.max(...pts.map((p) => p.y)),
    };
    const turned = pts.map((p) => rotatePoint(p.x, p.y, s.turns, box));
    const minX = Math.min(...turned.map((p) => p.x));
    const minY = Math.min(...turned.map((p) => p.y));
    const maxX = Math.max(...turned.map((p) => p.x));
    const maxY = Math.max(...turned.map((p) => p.y));
    const X = (i: number) => PAD + ((turned[i]?.x ?? 0) - minX) * UNIT;
    const Y = (i: number) => PAD + ((turned[i]?.y ?? 0) - minY) * UNIT;
    const width = 2 * PAD + (maxX - minX) * UNIT;
    const height = 2 * PAD + (maxY - minY) * UNIT;
    const svg = svgEl("svg", {
      class: "board graph-board",
      viewBox: `0 0 ${width} ${height}`,
      role: "group",
      "aria-label": s.label,
      dir: "ltr",
    });
    svg.appendChild(
      svgEl("rect", {
        x: 8,
        y: 8,
        width: width - 16,
        height: height - 16,
        rx: 14,
        class: "board-frame",
      }),
    );
    const lines = svgEl("g", { class: "graph-lines", "pointer-events": "none" });
    for (const [i, j] of s.board.lines ?? []) {
      lines.appendChild(svgEl("line", { x1: X(i), y1: Y(i), x2: X(j), y2: Y(j) }));
    }
    svg.appendChild(lines);

    const cells = new Map<string, SVGGElement>();
    const centres = new Map<string, { x: number; y: number }>();
    const pieces = new Map<string, SVGGElement>();
    const sel = ctx.selection;
    pts.forEach((p, i) => {
      const name = p.name;
      const x = X(i);
      const y = Y(i);
      const isFather = s.position.father === name;
      const isChild = s.position.children.has(name);
      const dest = ctx.destinations.get(name);
      const cls = ["pt"];
      if (s.lastMove.includes(name)) cls.push("last");
      if (sel?.kind === "square" && sel.square === name) cls.push("selected");
      if (dest && ctx.showLegal) cls.push("target");
      if (ctx.pendingTo === name) cls.push("pending");
      const pieceName = isFather
        ? s.i18n.t("piece.father")
        : isChild
          ? s.i18n.t("piece.child")
          : s.i18n.t("play.emptySquare");
      let aria = s.i18n.t("aria.square", { square: name, piece: pieceName });
      const threatened = isChild && s.threats?.threatened.has(name);
      if (threatened) aria += `, ${s.i18n.t("play.threatened")}`;
      const count = s.threats?.captureCounts.get(name);
      if (count) aria += `, ${s.i18n.tn("play.capturesHere", count)}`;
      if (dest && ctx.showLegal) aria += `, ${s.i18n.t("play.legalTarget")}`;
      const g = svgEl("g", {
        class: cls.join(" "),
        "data-sq": name,
        role: "button",
        "aria-label": aria,
        transform: `translate(${x} ${y})`,
      });
      g.appendChild(svgEl("circle", { r: UNIT * 0.42, class: "pt-hit" }));
      g.appendChild(svgEl("circle", { r: 7, class: "pt-dot" }));
      g.appendChild(
        svgEl(
          "text",
          { x: UNIT * 0.3, y: UNIT * 0.36, class: "pt-name", "text-anchor": "middle" },
          [name],
        ),
      );
      if (isFather || isChild) {
        const pg = drawMusashiPiece(isFather ? "father" : "child", UNIT * 0.26);
        g.appendChild(pg);
        pieces.set(name, pg);
      }
      if (threatened) g.appendChild(svgEl("circle", { r: UNIT * 0.36, class: "threat-ring" }));
      if (dest && ctx.showLegal)
        g.appendChild(svgEl("circle", { r: UNIT * 0.12, class: "target-dot" }));
      if (count) {
        g.appendChild(
          svgEl("circle", { cx: -UNIT * 0.26, cy: -UNIT * 0.26, r: 20, class: "capture-badge" }),
        );
        g.appendChild(
          svgEl(
            "text",
            {
              x: -UNIT * 0.26,
              y: -UNIT * 0.26 + 1,
              "text-anchor": "middle",
              "dominant-baseline": "middle",
              class: "capture-badge-text",
            },
            [`×${count}`],
          ),
        );
      }
      cells.set(name, g);
      centres.set(name, { x, y });
    });
    svg.appendChild(svgEl("g", { class: "cells" }, [...cells.values()]));
    return {
      svg,
      cells,
      centres,
      hands: [],
      pieceAt: (n) => pieces.get(n) ?? null,
      ownPieceAt: (n) =>
        s.actingSeat === 0
          ? s.position.father === n
          : s.actingSeat === 1
            ? s.position.children.has(n)
            : false,
    };
  }
}

// How pieces look: kanji on a pentagon (shogi family), discs for Musashi.
import { svgEl } from "./svg";
import type { PieceView } from "./model";

const KANJI: Record<string, string> = {
  K: "玉",
  R: "飛",
  B: "角",
  G: "金",
  S: "銀",
  N: "桂",
  L: "香",
  P: "歩",
};
const PROMOTED_KANJI: Record<string, string> = {
  R: "龍",
  B: "馬",
  S: "全",
  N: "圭",
  L: "杏",
  P: "と",
};

export type PieceStyle = "shogi" | "hasami" | "yonin";

/** The character drawn on a piece. Gote's king is 王, sente's 玉; Hasami: 歩 against と. */
export function pieceKanji(p: PieceView, style: PieceStyle): string {
  if (style === "hasami") return p.owner === 0 ? "歩" : "と";
  if (p.promoted) return PROMOTED_KANJI[p.letter] ?? p.letter;
  if (p.letter === "K") return style === "shogi" && p.owner === 1 ? "王" : "玉";
  return KANJI[p.letter] ?? p.letter;
}

/** Relative size of a piece, as in a real set (king largest, pawn smallest). */
export function pieceScale(letter: string): number {
  switch (letter) {
    case "K":
      return 1;
    case "R":
    case "B":
      return 0.97;
    case "G":
    case "S":
      return 0.93;
    case "N":
    case "L":
      return 0.9;
    default:
      return 0.86;
  }
}

/** Owner colours for four-player games, where a piece's facing does not show its owner. */
export const SEAT_COLOURS = ["#1f5fbf", "#1d8a4a", "#b3261e", "#7b3fa6"];

/**
 * A piece centred on (0,0) in a 100×100 cell, pointing up, rotated by `angle` degrees.
 * `ownerColour`: a band marking the owner (Yonin).
 */
export function drawPiece(
  p: PieceView,
  style: PieceStyle,
  angle: number,
  opts: { ownerColour?: string; size?: number } = {},
): SVGGElement {
  const s = (opts.size ?? 1) * pieceScale(p.letter);
  const w = 38 * s;
  const top = -44 * s;
  const shoulder = -28 * s;
  const bottom = 42 * s;
  const path = `M0 ${top} L${w * 0.78} ${shoulder} L${w} ${bottom} L${-w} ${bottom} L${-w * 0.78} ${shoulder} Z`;
  const g = svgEl("g", {
    class: `piece${p.promoted ? " promoted" : ""}${p.flipped ? " flipped" : ""}`,
    transform: `rotate(${p.flipped ? angle + 180 : angle})`,
  });
  g.appendChild(
    svgEl("path", {
      d: path,
      class: "piece-body",
      fill: p.owner === -1 ? "#d9d4c7" : "#f4d9a0",
      stroke: opts.ownerColour ?? "#6b4a1e",
      "stroke-width": opts.ownerColour ? 5 : 2.2,
      "stroke-linejoin": "round",
    }),
  );
  const ch = pieceKanji(p, style);
  g.appendChild(
    svgEl(
      "text",
      {
        x: 0,
        y: 6 * s,
        "text-anchor": "middle",
        "dominant-baseline": "middle",
        "font-size": 46 * s,
        class: "piece-text",
        fill: p.promoted ? "#c0201a" : "#1a1a1a",
      },
      [ch],
    ),
  );
  return g;
}

/** Musashi: the father (large dark disc, 親) or a child (light disc, 子). */
export function drawMusashiPiece(kind: "father" | "child", r: number): SVGGElement {
  const g = svgEl("g", { class: `mpiece ${kind}` });
  const father = kind === "father";
  g.appendChild(
    svgEl("circle", {
      r: father ? r * 1.15 : r,
      fill: father ? "#3b2a1a" : "#f4d9a0",
      stroke: father ? "#f4d9a0" : "#6b4a1e",
      "stroke-width": father ? 3 : 2,
    }),
  );
  g.appendChild(
    svgEl(
      "text",
      {
        "text-anchor": "middle",
        "dominant-baseline": "central",
        "font-size": father ? r * 1.25 : r * 1.05,
        fill: father ? "#f4d9a0" : "#1a1a1a",
        class: "piece-text",
      },
      [father ? "親" : "子"],
    ),
  );
  return g;
}

// Small static boards for the rules pages, drawn with the same renderers as the game.
import { GridRenderer } from "../boards/grid";
import type { GridPosition, PieceView } from "../boards/model";
import { MusashiRenderer } from "../boards/musashi";
import { parseMusashi } from "../boards/musashiPosition";
import { graphOf, musashiThreats } from "../boards/musashiThreats";
import { parseHasami } from "../boards/hasamiPosition";
import { parseSfen } from "../boards/sfen";
import { parseYonin } from "../boards/yoninPosition";
import { YONIN_START } from "../boards/yonin";
import type { Destination, Selection } from "../boards/moves";
import type { I18n, MsgKey } from "../i18n";
import type { PieceStyle } from "../boards/pieces";
import type { DiagramId } from "./content";
import { musashiBoard } from "./musashiGeometry";

function dests(names: string[]): Map<string, Destination> {
  return new Map(names.map((n) => [n, { plain: n }]));
}

function grid(
  i18n: I18n,
  position: GridPosition,
  style: PieceStyle,
  seatCount: number,
  opts: {
    marks?: string[];
    selection?: Selection | null;
    captures?: number[];
    seatKeys?: string[];
  } = {},
): SVGSVGElement {
  const seatKeys =
    opts.seatKeys ??
    (seatCount === 4
      ? ["south", "west", "north", "east"]
      : style === "hasami"
        ? ["first", "second"]
        : ["sente", "gote"]);
  const r = new GridRenderer({
    style,
    position,
    seatCount,
    turns: 0,
    seatLabels: seatKeys.map((k) => i18n.t(`seat.${k}` as MsgKey)),
    inCheck: [],
    out: [],
    toMove: -1,
    actingSeat: null,
    lastMove: [],
    colourOwners: seatCount === 4,
    ...(opts.captures ? { captures: opts.captures } : {}),
    i18n,
    describe: (p: PieceView) => i18n.t(`piece.${p.promoted ? "+" : ""}${p.letter}` as MsgKey),
    label: "",
    hideHands: !opts.captures,
  });
  return r.build({
    selection: opts.selection ?? null,
    destinations: dests(opts.marks ?? []),
    showLegal: true,
    pendingTo: null,
  }).svg;
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

export function drawDiagram(id: DiagramId, i18n: I18n): SVGSVGElement {
  let svg: SVGSVGElement;
  switch (id) {
    case "shogi-start":
      svg = grid(i18n, ok(parseSfen("startpos")), "shogi", 2);
      break;
    case "shogi-promotion":
      svg = grid(i18n, ok(parseSfen("4k4/9/9/5S3/9/9/9/9/4K4 b - 1")), "shogi", 2, {
        marks: ["5c", "4c", "3c", "5e", "3e"],
        selection: { kind: "square", square: "4d" },
      });
      break;
    case "annan-backing":
      svg = grid(i18n, ok(parseSfen("4k4/9/9/9/4S4/2P1R4/2B6/9/4K4 b - 1")), "shogi", 2, {
        marks: ["5d", "5c", "5b", "6e", "7e", "8e", "9e", "4e", "3e", "2e", "1e"],
        selection: { kind: "square", square: "5e" },
      });
      break;
    case "hasami-sandwich":
      svg = grid(i18n, ok(parseHasami("9/9/9/9/4ppP2/9/3P5/9/9 b 0-0 1")), "hasami", 2, {
        marks: ["6e"],
        selection: { kind: "square", square: "6g" },
      });
      break;
    case "hasami-corner":
      svg = grid(i18n, ok(parseHasami("pP7/9/9/9/P8/9/9/9/9 b 0-0 1")), "hasami", 2, {
        marks: ["9b"],
        selection: { kind: "square", square: "9e" },
      });
      break;
    case "yonin-start":
      svg = grid(i18n, ok(parseYonin(YONIN_START)), "yonin", 4);
      break;
    case "musashi-start":
    case "musashi-capture": {
      const board = musashiBoard(33);
      const text =
        id === "musashi-start"
          ? "F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5 f 0"
          : "F:c4 C:a1,b3,d3,e5,e1 f 3";
      const pos = ok(parseMusashi(text));
      const capture = id === "musashi-capture";
      const r = new MusashiRenderer({
        board,
        position: pos,
        turns: 0,
        lastMove: [],
        threats: capture ? musashiThreats(graphOf(board), pos, true, ["c4-c3"]) : null,
        actingSeat: null,
        i18n,
        label: "",
      });
      svg = r.build({
        selection: capture ? { kind: "square", square: "c4" } : null,
        destinations: dests(capture ? ["c3"] : []),
        showLegal: true,
        pendingTo: null,
      }).svg;
      break;
    }
  }
  // A picture, not a control.
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("diagram");
  for (const el of svg.querySelectorAll("[role]")) el.removeAttribute("role");
  for (const el of svg.querySelectorAll("[tabindex]")) el.removeAttribute("tabindex");
  return svg;
}

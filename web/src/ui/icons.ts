// Small pictures of each game for the front page.
import { svgEl } from "../boards/svg";
import { drawMusashiPiece, drawPiece } from "../boards/pieces";
import type { GameId } from "../net/protocol";

export function gameIcon(game: GameId): SVGSVGElement {
  const svg = svgEl("svg", { viewBox: "0 0 120 80", class: "game-icon", "aria-hidden": "true" });
  svg.appendChild(svgEl("rect", { x: 2, y: 2, width: 116, height: 76, rx: 10, class: "icon-bg" }));
  const put = (g: SVGGElement, x: number, y: number, s = 1) =>
    svg.appendChild(svgEl("g", { transform: `translate(${x} ${y}) scale(${s})` }, [g]));
  const P = (letter: string, owner: number, facing = owner, promoted = false) => ({
    letter,
    owner,
    facing,
    promoted,
  });
  switch (game) {
    case "shogi":
      put(drawPiece(P("K", 0), "shogi", 0), 40, 42, 0.55);
      put(drawPiece(P("R", 1), "shogi", 180), 80, 38, 0.5);
      break;
    case "annan":
      put(drawPiece(P("S", 0), "shogi", 0), 60, 24, 0.42);
      put(drawPiece(P("R", 0), "shogi", 0), 60, 60, 0.42);
      break;
    case "hasami":
      put(drawPiece(P("P", 0), "hasami", 0), 28, 40, 0.42);
      put(drawPiece(P("P", 1), "hasami", 180), 60, 40, 0.42);
      put(drawPiece(P("P", 0), "hasami", 0), 92, 40, 0.42);
      break;
    case "musashi": {
      for (const [x1, y1, x2, y2] of [
        [20, 15, 100, 15],
        [20, 65, 100, 65],
        [20, 15, 20, 65],
        [100, 15, 100, 65],
        [20, 15, 100, 65],
        [20, 65, 100, 15],
        [60, 15, 60, 65],
        [20, 40, 100, 40],
      ]) {
        svg.appendChild(svgEl("line", { x1, y1, x2, y2, class: "icon-line" }));
      }
      put(drawMusashiPiece("father", 12), 60, 40);
      put(drawMusashiPiece("child", 10), 20, 40);
      put(drawMusashiPiece("child", 10), 100, 40);
      break;
    }
    case "yonin":
      put(drawPiece(P("K", 0), "yonin", 0), 60, 62, 0.34);
      put(drawPiece(P("K", 1), "yonin", 90), 30, 40, 0.34);
      put(drawPiece(P("K", 2), "yonin", 180), 60, 18, 0.34);
      put(drawPiece(P("K", 3), "yonin", 270), 90, 40, 0.34);
      break;
  }
  return svg;
}

// The Musashi board as the server describes it (table.board, kind graph), rebuilt from
// spec/musashi.md for the rules pages and the offline demo. Points are in the server's
// order: a1..a5, b1..b5, ..., e1..e5, then f2 f3 f4, g1..g5; x = column, y = 5 - row.
import type { BoardInfo } from "../net/protocol";

const SQUARE_DIAGONALS =
  "a1-b2 c1-b2 c1-d2 e1-d2 b2-a3 b2-c3 d2-c3 d2-e3 a3-b4 c3-b4 c3-d4 e3-d4 b4-a5 b4-c5 d4-c5 d4-e5";
const SECHIN =
  "e3-f2 e3-f3 e3-f4 f2-f3 f3-f4 f2-g1 f4-g5 f3-g3 f2-g2 f4-g4 f2-g3 f4-g3 g1-g2 g2-g3 g3-g4 g4-g5";

export function musashiBoard(points: 33 | 25 = 33): BoardInfo {
  const names: string[] = [];
  const pts: { name: string; x: number; y: number }[] = [];
  for (let c = 0; c < 5; c++) {
    for (let r = 1; r <= 5; r++) {
      const name = `${"abcde"[c]}${r}`;
      names.push(name);
      pts.push({ name, x: c, y: 5 - r });
    }
  }
  if (points === 33) {
    for (const r of [2, 3, 4]) pts.push({ name: `f${r}`, x: 5, y: 5 - r });
    for (let r = 1; r <= 5; r++) pts.push({ name: `g${r}`, x: 6, y: 5 - r });
  }
  const index = new Map(pts.map((p, i) => [p.name, i] as const));
  const lines: [number, number][] = [];
  const add = (a: string, b: string) => {
    const i = index.get(a);
    const j = index.get(b);
    if (i !== undefined && j !== undefined) lines.push([i, j]);
  };
  for (let c = 0; c < 5; c++) {
    for (let r = 1; r <= 5; r++) {
      const p = `${"abcde"[c]}${r}`;
      if (c < 4) add(p, `${"abcde"[c + 1]}${r}`);
      if (r < 5) add(p, `${"abcde"[c]}${r + 1}`);
    }
  }
  for (const l of SQUARE_DIAGONALS.split(" ")) {
    const [a, b] = l.split("-");
    add(a!, b!);
  }
  if (points === 33) {
    for (const l of SECHIN.split(" ")) {
      const [a, b] = l.split("-");
      add(a!, b!);
    }
  }
  return { kind: "graph", points: pts, lines };
}

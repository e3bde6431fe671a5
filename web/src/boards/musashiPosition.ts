// Juroku Musashi position text: `F:c3 C:a1,a2,... f|c COUNT` (docs/notation.md).
import type { ParseResult } from "./model";

export interface MusashiPosition {
  father: string;
  children: Set<string>;
  toMove: "father" | "children";
  childMoves: number;
}

export function parseMusashi(text: string): ParseResult<MusashiPosition> {
  const f = text.trim().split(/\s+/);
  if (f.length < 3) return { ok: false, error: "expected F:… C:… side [count]" };
  const fa = f[0] ?? "";
  const ch = f[1] ?? "";
  if (!fa.startsWith("F:") || !/^[a-g][1-5]$/.test(fa.slice(2)))
    return { ok: false, error: "the first field must be F:POINT" };
  if (!ch.startsWith("C:")) return { ok: false, error: "the second field must be C:POINTS" };
  const list = ch.slice(2) === "" ? [] : ch.slice(2).split(",");
  for (const p of list)
    if (!/^[a-g][1-5]$/.test(p)) return { ok: false, error: `bad point '${p}'` };
  if (f[2] !== "f" && f[2] !== "c") return { ok: false, error: "side must be f or c" };
  return {
    ok: true,
    value: {
      father: fa.slice(2),
      children: new Set(list),
      toMove: f[2] === "f" ? "father" : "children",
      childMoves: f[3] ? Number(f[3]) : 0,
    },
  };
}

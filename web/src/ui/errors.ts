// Errors in the reader's language. The server sends a code and, for a refused move, the
// reason as a code with parameters (docs/protocol.md); its English `message` is for logs and
// is never shown. Squares, points and move text stay left to right inside Arabic sentences.
import type { I18n, MsgKey } from "../i18n";

/** Move text, squares and points: isolated left to right (LRI … PDI) inside any sentence. */
export function ltrText(s: string): string {
  return `\u2066${s}\u2069`;
}

/** The message key of a piece id of docs/protocol.md (pawn … dragon, father, child). */
const PIECE_KEYS: Record<string, MsgKey> = {
  pawn: "piece.P",
  lance: "piece.L",
  knight: "piece.N",
  silver: "piece.S",
  gold: "piece.G",
  bishop: "piece.B",
  rook: "piece.R",
  king: "piece.K",
  promoted_pawn: "piece.+P",
  promoted_lance: "piece.+L",
  promoted_knight: "piece.+N",
  promoted_silver: "piece.+S",
  horse: "piece.+B",
  dragon: "piece.+R",
  father: "piece.father",
  child: "piece.child",
};

export function pieceWord(id: string, i18n: I18n): string {
  const key = PIECE_KEYS[id];
  return key ? i18n.t(key) : id;
}

/** A seat name of the protocol (sente, south, father, ...) in the reader's language. */
export function seatWord(id: string, i18n: I18n): string {
  return i18n.tk(`seat.${id}`, id);
}

const SQUARE_PARAMS = new Set(["square", "from", "to", "move"]);
const SEAT_PARAMS = new Set(["owner", "turn", "seat"]);

/** The parameters of a reason, each written for the reader. */
function readableParams(params: Record<string, string>, i18n: I18n): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    if (SQUARE_PARAMS.has(k)) out[k] = ltrText(v);
    else if (SEAT_PARAMS.has(k)) out[k] = seatWord(v, i18n);
    else if (k === "piece") out[k] = pieceWord(v, i18n);
    else out[k] = v;
  }
  // nifu: "file 5" / "rank e", with the line left to right.
  if (params["axis"] && params["line"] !== undefined)
    out["line"] = i18n.t(params["axis"] === "rank" ? "illegal.rank" : "illegal.file", {
      line: ltrText(params["line"]),
    });
  return out;
}

/** Why a move was refused, from the reason code of an `illegal_move` error. */
export function illegalReason(params: Record<string, string> | undefined, i18n: I18n): string {
  const reason = params?.["reason"] ?? "not_allowed";
  const filled = readableParams(params ?? {}, i18n);
  return i18n.tk(`illegal.${reason}`, i18n.t("illegal.not_allowed"), filled);
}

/** The text of any error the server sends, in the reader's language; said once. */
export function errorText(
  code: string,
  params: Record<string, string> | undefined,
  i18n: I18n,
): string {
  if (code === "illegal_move")
    return i18n.t("err.illegal_move", { why: illegalReason(params, i18n) });
  // A refusal that says why (bad_name: too_long, direction, ...) has its own sentence.
  const specific = `err.${code}.${params?.["reason"] ?? ""}`;
  if (params?.["reason"] && i18n.has(specific)) return i18n.t(specific, params);
  return i18n.tk(`err.${code}`, i18n.t("err.generic", { code: ltrText(code) }), params);
}

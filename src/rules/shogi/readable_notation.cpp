// Japanese and Western move text from a record.
//
// Japanese (棋譜の表記), as the Japan Shogi Association writes it — JSA, "棋譜の表記方法",
// https://www.shogi.or.jp/faq/kihuhyouki.html — and as lishogi shows it:
//  - ☗/☖ for the side that moves, then the destination as a full-width file digit and a kanji
//    rank digit (７六), or 同 and a full-width space (同　) when it is the destination of the move
//    just before (the mark stays in front: ☖同　銀), then the piece that moves: 歩 香 桂 銀 金 角
//    飛 玉 と 成香 成桂 成銀 馬 龍. 玉 is written for both kings (as KIF and lishogi do); 龍, not
//    竜. In Annan the piece named is the piece that moves, by its own kind, not the movement it
//    borrows.
//  - Telling pieces apart, only when another piece of the same kind (same promoted state) can
//    legally reach the destination (JSA: nothing is added when only one can). JSA: 右/左 = the
//    piece on the right/left as the mover sees it; 上 = moves up one rank or more, 寄 = moves
//    sideways, 引 = moves down. The order, from the JSA page and Wikipedia's 棋譜 article
//    (section 「右」「左」「直」): the movement 上/寄/引 first; when that does not decide,
//    右/左/直; when neither alone decides, both (左上). 直 (straight up) is used for gold, silver
//    and the gold-moving promoted pieces only, and always instead of 右/左 for a piece that moves
//    straight up (ameblo.jp/ryota1033/entry-12860363373: golds on 6五 6六 5六 to 5五 are
//    寄, 左上, 直). For 馬 and 龍 (and 角, 飛) 直 is never used, and 右/左 say where the piece
//    stands relative to the other one (Wikipedia: dragons on 1三 and 2二 to 2四 are 龍右, 龍左).
//    Note: lishogi writes 直 for a gold-like piece moving straight up even when 上 alone would
//    decide (5三 to 5二 with another gold on 4二: lishogi 金直, JSA order 金上); we follow the
//    JSA order, as tsshogi (ShogiHome) does. 成/不成 are never used to tell pieces apart (ameblo,
//    same page: ▲5四銀右引不成).
//    Made precise for any number of pieces (Annan can bring many pieces of a kind to one
//    square): 上/寄/引 select the pieces that move that way; 右 (左) selects the piece standing
//    strictly furthest right (left), as the mover sees it, among all the candidates or, when
//    combined with 上/寄/引, among those that move that way; 直 selects the piece directly
//    behind the destination. For standard Shogi this reproduces the JSA writing (gold-like
//    pieces stand at most one file from the destination, so "furthest right" is "right of the
//    destination"). Every choice is checked to select exactly the piece that moved; when no
//    JSA modifier can (only possible in Annan), the origin is written as KIF does, in
//    parentheses after the move: ５五歩(67).
//  - 打 on a drop only when a piece of that kind on the board could also legally move to that
//    square (the JSA page says 打 is written only in that case, never otherwise; lishogi does the
//    same): ☗５五角打, otherwise ☗５五角.
//  - 成 when the move promotes; 不成 when the same move could have promoted (its promoting form
//    is legal) but does not; nothing when promotion was not possible.
//
// Western (Hodges), as lishogi's western notation (shogiops src/notation/western.ts), with the
// squares written as the project's USI squares (7f), as lishogi's "western engine" style
// (shogiops src/notation/westernEngine.ts, `P-7f`):
// piece letter P L N S G B R K, promoted +P +L +N +S +B +R; the origin square only when another
// piece of the same kind (same promoted state) can legally move to the destination, written
// before the separator (G6i-5h); `-` for a move, `x` for a capture, `*` for a drop (P*5e);
// `+` after the destination when the move promotes, `=` when it could promote but does not.
#include "rules/shogi/readable_notation.hpp"

#include <algorithm>
#include <optional>

#include "core/text.hpp"
#include "rules/shogi/notation.hpp"

namespace kaisho::shogi {

namespace {

const char* const kJapanesePiece[kPieceTypeCount] = {
    "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
const char* const kWideDigit[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
const char* const kKanjiDigit[10] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

// --- which legal moves compete with m ---

// The origins of the legal board moves of a piece of type t to `to` (each origin once: a
// promoting and a non-promoting move from one square are one piece).
std::vector<Square> origins_to(const Position& pos, const MoveList& legal, PieceType t, Square to) {
  std::vector<Square> out;
  for (Move m : legal) {
    if (m.is_drop() || m.to() != to || type_of(pos.at(m.from())) != t) continue;
    if (std::find(out.begin(), out.end(), m.from()) == out.end()) out.push_back(m.from());
  }
  return out;
}

bool contains(const MoveList& legal, Move m) {
  return std::find(legal.begin(), legal.end(), m) != legal.end();
}

// Whether m does not promote although its promoting form is legal (成 could have been chosen).
bool declines_promotion(const MoveList& legal, Move m) {
  return !m.is_drop() && !m.promotes() && contains(legal, Move::normal(m.from(), m.to(), true));
}

// --- Japanese: 右 左 直 上 寄 引 ---

enum class Vertical { Any, Up, Sideways, Down };
enum class Horizontal { Any, Right, Left, Straight };

// How a move from `from` to `to` goes for colour us: up = toward the opponent.
Vertical vertical_of(Color us, Square from, Square to) {
  int forward = rank_of(from) - rank_of(to);  // sente moves up toward rank 1
  if (us == kWhite) forward = -forward;
  return forward > 0 ? Vertical::Up : forward < 0 ? Vertical::Down : Vertical::Sideways;
}

// Larger is further right as colour us sees the board (sente's right is file 1).
int rightness(Color us, Square sq) {
  return us == kBlack ? -file_of(sq) : file_of(sq);
}

// Whether the piece on c is selected by the modifier (h, v) among the candidates (see the top
// of the file for what each word selects).
bool selects(Horizontal h, Vertical v, Square c, const std::vector<Square>& candidates, Square to,
             Color us) {
  if (v != Vertical::Any && vertical_of(us, c, to) != v) return false;
  switch (h) {
    case Horizontal::Any:
      return true;
    case Horizontal::Straight:
      return file_of(c) == file_of(to) && vertical_of(us, c, to) == Vertical::Up;
    case Horizontal::Right:
    case Horizontal::Left:
      for (Square o : candidates) {
        if (o == c || (v != Vertical::Any && vertical_of(us, o, to) != v)) continue;
        const bool beyond = h == Horizontal::Right ? rightness(us, o) >= rightness(us, c)
                                                   : rightness(us, o) <= rightness(us, c);
        if (beyond) return false;
      }
      return true;
  }
  return false;
}

bool may_write_straight(PieceType t) {
  switch (t) {
    case kSilver:
    case kGold:
    case kProPawn:
    case kProLance:
    case kProKnight:
    case kProSilver:
      return true;
    default:
      return false;
  }
}

std::string vertical_word(Vertical v) {
  switch (v) {
    case Vertical::Up:
      return "上";
    case Vertical::Sideways:
      return "寄";
    case Vertical::Down:
      return "引";
    case Vertical::Any:
      break;
  }
  return "";
}

std::string horizontal_word(Horizontal h) {
  switch (h) {
    case Horizontal::Right:
      return "右";
    case Horizontal::Left:
      return "左";
    case Horizontal::Straight:
      return "直";
    case Horizontal::Any:
      break;
  }
  return "";
}

// The JSA words that single out the piece on `from` among the candidates (which include it),
// or nullopt if none do.
std::optional<std::string> japanese_modifier(PieceType t, Color us, Square from, Square to,
                                             const std::vector<Square>& candidates) {
  if (candidates.size() <= 1) return std::string();
  auto unique = [&](Horizontal h, Vertical v) {
    int selected = 0;
    for (Square c : candidates)
      if (selects(h, v, c, candidates, to, us)) ++selected;
    return selected == 1 && selects(h, v, from, candidates, to, us);
  };
  const Vertical v = vertical_of(us, from, to);
  // 1. The movement alone.
  if (unique(Horizontal::Any, v)) return vertical_word(v);
  // 2. The position alone: 直 for a gold-like piece or silver moving straight up, else 右/左.
  const bool straight = may_write_straight(t) && file_of(from) == file_of(to) && v == Vertical::Up;
  if (straight) {
    if (unique(Horizontal::Straight, Vertical::Any)) return std::string("直");
    return std::nullopt;
  }
  for (Horizontal h : {Horizontal::Right, Horizontal::Left})
    if (unique(h, Vertical::Any)) return horizontal_word(h);
  // 3. Both.
  for (Horizontal h : {Horizontal::Right, Horizontal::Left})
    if (unique(h, v)) return horizontal_word(h) + vertical_word(v);
  return std::nullopt;
}

std::string japanese_square(Square sq) {
  return std::string(kWideDigit[file_of(sq)]) + kKanjiDigit[rank_of(sq)];
}

std::string japanese(const Position& pos, const MoveList& legal, Move m, Square previous_to) {
  const Color us = pos.side_to_move();
  const Square to = m.to();
  std::string out = us == kBlack ? "☗" : "☖";
  out += to == previous_to ? std::string("同　") : japanese_square(to);
  if (m.is_drop()) {
    out += kJapanesePiece[m.dropped()];
    if (!origins_to(pos, legal, m.dropped(), to).empty()) out += "打";
    return out;
  }
  const PieceType t = type_of(pos.at(m.from()));
  out += kJapanesePiece[t];
  const auto modifier = japanese_modifier(t, us, m.from(), to, origins_to(pos, legal, t, to));
  if (modifier) out += *modifier;
  if (m.promotes())
    out += "成";
  else if (declines_promotion(legal, m))
    out += "不成";
  if (!modifier) {
    // As KIF writes the origin: half-width file and rank digits.
    out += '(';
    out += static_cast<char>('0' + file_of(m.from()));
    out += static_cast<char>('0' + rank_of(m.from()));
    out += ')';
  }
  return out;
}

// --- Western ---

std::string western_piece(PieceType t) {
  std::string s;
  if (is_promoted(t)) s += '+';
  s += piece_letter(t);
  return s;
}

std::string western(const Position& pos, const MoveList& legal, Move m) {
  if (m.is_drop()) return western_piece(m.dropped()) + "*" + square_name(m.to());
  const PieceType t = type_of(pos.at(m.from()));
  std::string out = western_piece(t);
  if (origins_to(pos, legal, t, m.to()).size() > 1) out += square_name(m.from());
  out += pos.at(m.to()) != kNoPiece ? 'x' : '-';
  out += square_name(m.to());
  if (m.promotes())
    out += '+';
  else if (declines_promotion(legal, m))
    out += '=';
  return out;
}

std::string format(const Position& pos, const MoveList& legal, Move m, MoveStyle style,
                   Square previous_to) {
  return style == MoveStyle::Japanese ? japanese(pos, legal, m, previous_to)
                                      : western(pos, legal, m);
}

// What do_move needs of a move that is not checked for legality (see the header).
std::string replay_problem(const Position& pos, Move m) {
  const Color us = pos.side_to_move();
  const Piece target = pos.at(m.to());
  if (m.is_drop()) {
    if (!pos.hand(us).count[m.dropped()]) return "there is no such piece in hand";
    if (target != kNoPiece) return "the square is not empty";
    return "";
  }
  const Piece p = pos.at(m.from());
  if (p == kNoPiece || color_of(p) != us) return "the side to move has no piece on the origin";
  if (m.from() == m.to()) return "the origin is the destination";
  if (target != kNoPiece && (color_of(target) == us || type_of(target) == kKing))
    return "the destination holds a piece that cannot be captured";
  if (m.promotes() && !can_promote(type_of(p))) return "that piece cannot promote";
  return "";
}

template <Variant V>
Result<std::vector<std::string>> readable_moves_of(std::string_view start_sfen,
                                                   const std::vector<std::string>& usi_moves,
                                                   MoveStyle style, size_t first,
                                                   const RuleSettings& rules) {
  if (first > usi_moves.size()) {
    return make_error("first move index " + std::to_string(first) + " is past the end of a " +
                      std::to_string(usi_moves.size()) + "-move record");
  }
  auto start = parse_sfen(start_sfen, V, rules);
  if (!start) return start.error();
  Position pos = std::move(start.value());
  std::vector<std::string> out;
  out.reserve(usi_moves.size() - first);
  Square previous_to = -1;
  MoveList legal;
  for (size_t i = 0; i < usi_moves.size(); ++i) {
    const std::string where =
        "move " + std::to_string(i + 1) + " (" + text::quote(usi_moves[i]) + ")";
    auto parsed = parse_usi(usi_moves[i]);
    if (!parsed) return make_error("illegal_move", where + ": " + parsed.error().message);
    const Move m = parsed.value();
    if (i < first) {
      const std::string problem = replay_problem(pos, m);
      if (!problem.empty())
        return make_error("illegal_move", where + " cannot be played: " + problem);
    } else {
      legal.clear();
      generate_legal<V>(pos, rules, legal);
      if (!contains(legal, m)) {
        return make_error("illegal_move", where + " is not legal for " +
                                              std::string(color_name(pos.side_to_move())) + " in " +
                                              to_sfen(pos));
      }
      out.push_back(format(pos, legal, m, style, previous_to));
    }
    pos.do_move(m);
    previous_to = m.to();
  }
  return out;
}

}  // namespace

Result<MoveStyle> parse_move_style(std::string_view text) {
  if (text == "japanese") return MoveStyle::Japanese;
  if (text == "western") return MoveStyle::Western;
  return make_error("unknown move style " + text::quote(text) +
                    " (expected \"japanese\" or \"western\")");
}

std::string_view move_style_name(MoveStyle style) {
  return style == MoveStyle::Japanese ? "japanese" : "western";
}

Result<std::vector<std::string>> readable_moves(Variant variant, std::string_view start_sfen,
                                                const std::vector<std::string>& usi_moves,
                                                MoveStyle style, size_t first,
                                                const RuleSettings& rules) {
  return variant == Variant::Annan
             ? readable_moves_of<Variant::Annan>(start_sfen, usi_moves, style, first, rules)
             : readable_moves_of<Variant::Shogi>(start_sfen, usi_moves, style, first, rules);
}

template <Variant V>
std::string readable_move(const Position& pos, const RuleSettings& rules, Move m, MoveStyle style,
                          Square previous_to) {
  MoveList legal;
  generate_legal<V>(pos, rules, legal);
  return format(pos, legal, m, style, previous_to);
}

template std::string readable_move<Variant::Shogi>(const Position&, const RuleSettings&, Move,
                                                   MoveStyle, Square);
template std::string readable_move<Variant::Annan>(const Position&, const RuleSettings&, Move,
                                                   MoveStyle, Square);

}  // namespace kaisho::shogi

#include "rules/shogi/notation.hpp"

#include <algorithm>
#include <cctype>

#include "core/text.hpp"

namespace kaisho::shogi {

namespace {

constexpr int kSetCount[kHandTypeCount + 1] = {0, 18, 4, 4, 4, 2, 2, 4, 2};

Error sfen_error(std::string what) {
  return make_error("bad SFEN: " + std::move(what));
}

}  // namespace

std::string_view color_name(Color c) {
  return c == kBlack ? "sente" : "gote";
}

Result<Position> parse_sfen(std::string_view text, Variant variant, const RuleSettings& rules) {
  auto fields = text::split_ws(text);
  if (fields.size() < 3 || fields.size() > 4) {
    return sfen_error("expected 3 or 4 fields (board, side, hand, move number), got " +
                      std::to_string(fields.size()));
  }
  Position pos;
  // Board: ranks a..i separated by '/', each from file 9 to file 1.
  auto ranks = text::split(fields[0], '/');
  if (ranks.size() != 9)
    return sfen_error("board must have 9 ranks, got " + std::to_string(ranks.size()));
  int count[2][kHandTypeCount + 1] = {};
  for (int r = 0; r < 9; ++r) {
    std::string_view row = ranks[r];
    int file = 9;
    bool promoted = false;
    for (size_t i = 0; i < row.size(); ++i) {
      char ch = row[i];
      const std::string where = "rank " + std::string(1, static_cast<char>('a' + r));
      if (ch >= '1' && ch <= '9') {
        if (promoted) return sfen_error("'+' must be followed by a piece letter in " + where);
        file -= ch - '0';
        if (file < 0) return sfen_error(where + " has more than 9 squares");
        continue;
      }
      if (ch == '+') {
        if (promoted) return sfen_error("'++' in " + where);
        promoted = true;
        continue;
      }
      auto type =
          piece_from_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
      if (!type)
        return sfen_error("unknown piece letter " + text::quote(std::string(1, ch)) + " in " +
                          where);
      if (file < 1) return sfen_error(where + " has more than 9 squares");
      PieceType t = *type;
      if (promoted) {
        if (!can_promote(t))
          return sfen_error("'+" + std::string(1, ch) + "': a " + std::string(piece_name(t)) +
                            " cannot be promoted");
        t = promote(t);
        promoted = false;
      }
      Color c = std::isupper(static_cast<unsigned char>(ch)) ? kBlack : kWhite;
      pos.put(make_square(file, r + 1), make_piece(c, t));
      count[c][unpromote(t)]++;
      --file;
    }
    if (promoted)
      return sfen_error("'+' at the end of rank " + std::string(1, static_cast<char>('a' + r)));
    if (file != 0) {
      return sfen_error("rank " + std::string(1, static_cast<char>('a' + r)) + " has " +
                        std::to_string(9 - file) + " squares, not 9");
    }
  }
  // Side to move.
  if (fields[1] == "b")
    pos.set_side_to_move(kBlack);
  else if (fields[1] == "w")
    pos.set_side_to_move(kWhite);
  else
    return sfen_error("side to move must be 'b' or 'w', got " + text::quote(fields[1]));
  // Hands.
  if (fields[2] != "-") {
    std::string_view h = fields[2];
    bool seen[2][kHandTypeCount + 1] = {};
    size_t i = 0;
    while (i < h.size()) {
      int n = 0;
      size_t digits = 0;
      while (i < h.size() && std::isdigit(static_cast<unsigned char>(h[i]))) {
        n = n * 10 + (h[i] - '0');
        ++i;
        if (++digits > 2) return sfen_error("hand count too large in " + text::quote(h));
      }
      if (i >= h.size()) return sfen_error("hand " + text::quote(h) + " ends with a number");
      if (digits == 0) n = 1;
      if (n < 1) return sfen_error("hand count must be at least 1 in " + text::quote(h));
      char ch = h[i++];
      auto type =
          piece_from_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(ch))));
      if (!type)
        return sfen_error("unknown piece letter " + text::quote(std::string(1, ch)) + " in hand");
      if (*type == kKing) return sfen_error("a king cannot be in hand");
      Color c = std::isupper(static_cast<unsigned char>(ch)) ? kBlack : kWhite;
      if (seen[c][*type]) return sfen_error("hand lists " + std::string(1, ch) + " twice");
      seen[c][*type] = true;
      if (n > kSetCount[*type])
        return sfen_error("hand holds " + std::to_string(n) + " of " + std::string(1, ch));
      pos.set_hand(c, *type, n);
      count[c][*type] += n;
    }
  }
  // Move number.
  int move_number = 1;
  if (fields.size() == 4) {
    auto n = text::parse_int(fields[3]);
    if (!n || *n < 1)
      return sfen_error("move number must be a positive integer, got " + text::quote(fields[3]));
    move_number = *n;
  }
  pos.set_game_ply(move_number - 1);

  // What the rules could never produce.
  for (int c = 0; c < 2; ++c) {
    if (count[c][kKing] != 1) {
      return sfen_error(std::string(color_name(static_cast<Color>(c))) +
                        " must have exactly one king, has " + std::to_string(count[c][kKing]));
    }
  }
  for (int t = kPawn; t <= kKing; ++t) {
    int total = count[0][t] + count[1][t];
    if (total > kSetCount[t]) {
      return sfen_error(std::to_string(total) + " " +
                        std::string(piece_name(static_cast<PieceType>(t))) + "s, but the set has " +
                        std::to_string(kSetCount[t]));
    }
  }
  const bool dead_allowed = variant == Variant::Annan && rules.annan_allow_if_backed;
  for (Square sq = 0; sq < kSquareCount; ++sq) {
    Piece p = pos.at(sq);
    if (p == kNoPiece) continue;
    if (!dead_allowed && dead_squares(type_of(p), color_of(p)).test(sq)) {
      return sfen_error("the " + std::string(color_name(color_of(p))) + " " +
                        std::string(piece_name(type_of(p))) + " on " + square_name(sq) +
                        " could never move");
    }
  }
  if (variant == Variant::Shogi) {
    for (int c = 0; c < 2; ++c) {
      for (int file = 1; file <= 9; ++file) {
        Bitboard pawns = pos.pieces(static_cast<Color>(c), Movement::Pawn) & kTables.file[file];
        if (pawns.more_than_one()) {
          return sfen_error(std::string(color_name(static_cast<Color>(c))) +
                            " has two unpromoted pawns on file " + std::to_string(file) +
                            " (nifu)");
        }
      }
    }
  }
  pos.reset_history();
  const bool not_to_move_in_check = variant == Variant::Shogi
                                        ? mover_king_attacked<Variant::Shogi>(pos)
                                        : mover_king_attacked<Variant::Annan>(pos);
  if (not_to_move_in_check) {
    return sfen_error(std::string(color_name(~pos.side_to_move())) +
                      " is in check but it is not their move");
  }
  return pos;
}

std::string to_sfen(const Position& pos) {
  std::string s;
  for (int rank = 1; rank <= 9; ++rank) {
    int empty = 0;
    for (int file = 9; file >= 1; --file) {
      Piece p = pos.at(make_square(file, rank));
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      PieceType t = type_of(p);
      if (is_promoted(t)) s += '+';
      char letter = piece_letter(t);
      s += color_of(p) == kBlack ? letter : static_cast<char>(std::tolower(letter));
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank < 9) s += '/';
  }
  s += pos.side_to_move() == kBlack ? " b " : " w ";
  std::string hand;
  constexpr PieceType order[] = {kRook, kBishop, kGold, kSilver, kKnight, kLance, kPawn};
  for (int c = 0; c < 2; ++c) {
    for (PieceType t : order) {
      int n = pos.hand(static_cast<Color>(c)).count[t];
      if (!n) continue;
      if (n > 1) hand += std::to_string(n);
      char letter = piece_letter(t);
      hand += c == kBlack ? letter : static_cast<char>(std::tolower(letter));
    }
  }
  s += hand.empty() ? "-" : hand;
  s += ' ';
  s += std::to_string(pos.game_ply() + 1);
  return s;
}

std::string to_usi(Move m) {
  if (m.is_drop()) return std::string(1, piece_letter(m.dropped())) + "*" + square_name(m.to());
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.promotes()) s += '+';
  return s;
}

Result<Move> parse_usi(std::string_view text) {
  auto bad = [&](const std::string& why) {
    return make_error("bad move " + text::quote(text) + ": " + why);
  };
  if (text.size() == 4 && text[1] == '*') {
    auto type = piece_from_letter(text[0]);
    if (!type || *type == kKing) return bad("a drop starts with one of P L N S G B R");
    auto to = parse_square(text.substr(2));
    if (!to) return bad("no square " + text::quote(text.substr(2)));
    return Move::drop(*type, *to);
  }
  if (text.size() != 4 && !(text.size() == 5 && text[4] == '+')) {
    return bad("expected a move like 7g7f, 8h2b+ or P*5e");
  }
  auto from = parse_square(text.substr(0, 2));
  if (!from) return bad("no square " + text::quote(text.substr(0, 2)));
  auto to = parse_square(text.substr(2, 2));
  if (!to) return bad("no square " + text::quote(text.substr(2, 2)));
  if (*from == *to) return bad("a move must change square");
  return Move::normal(*from, *to, text.size() == 5);
}

namespace {

static_assert(kPawn == 1 && kLance == 2 && kKnight == 3 && kSilver == 4 && kBishop == 5 &&
                  kRook == 6 && kGold == 7 && kKing == 8 && kProPawn == 9 && kHorse == 13 &&
                  kDragon == 14,
              "rules::kPieceIds is indexed by PieceType");

std::string piece_id(PieceType t) {
  return std::string(rules::kPieceIds[t]);
}

}  // namespace

template <Variant V>
rules::IllegalMove explain_illegal(const Position& pos, const RuleSettings& settings, Move m) {
  using rules::refuse;
  MoveList legal;
  generate_legal<V>(pos, settings, legal);
  if (std::find(legal.begin(), legal.end(), m) != legal.end()) return rules::legal_move();
  const Color us = pos.side_to_move();
  const Square to = m.to();
  const std::string to_name = square_name(to);
  const bool in_check_now = in_check<V>(pos);
  auto check_reason = [&] {
    return in_check_now ? refuse("check_not_answered", "it does not answer the check on your king")
                        : refuse("leaves_king_in_check", "it would leave your king in check");
  };
  if (m.is_drop()) {
    const PieceType t = m.dropped();
    const std::string name(piece_name(t));
    if (!pos.hand(us).count[t])
      return refuse("not_in_hand", "you have no " + name + " in hand", {{"piece", piece_id(t)}});
    if (pos.at(to) != kNoPiece) {
      return refuse("occupied", "a piece can only be dropped on an empty square",
                    {{"square", to_name}});
    }
    if (dead_squares(t, us).test(to)) {
      return refuse("dead_drop", "a " + name + " dropped on " + to_name + " could never move",
                    {{"piece", piece_id(t)}, {"square", to_name}});
    }
    if (t == kPawn && (pos.pieces(us, Movement::Pawn) & kTables.file[file_of(to)]).any()) {
      const std::string file = std::to_string(file_of(to));
      return refuse("nifu", "you already have an unpromoted pawn on file " + file + " (nifu)",
                    {{"square", to_name}, {"axis", "file"}, {"line", file}});
    }
    Position& scratch = const_cast<Position&>(pos);
    scratch.do_move(m);
    bool own_king_attacked = mover_king_attacked<V>(scratch);
    scratch.undo_move();
    if (own_king_attacked) return check_reason();
    if (t == kPawn)
      return refuse("pawn_drop_mate", "a pawn drop may not give checkmate (uchifuzume)");
    return refuse("not_allowed", "this drop is not allowed");
  }
  const Square from = m.from();
  const std::string from_name = square_name(from);
  const Piece p = pos.at(from);
  if (p == kNoPiece)
    return refuse("no_piece", "there is no piece on " + from_name, {{"square", from_name}});
  if (color_of(p) != us) {
    return refuse("not_your_piece", "the piece on " + from_name + " is not yours",
                  {{"square", from_name},
                   {"owner", std::string(color_name(color_of(p)))},
                   {"turn", std::string(color_name(us))}});
  }
  const PieceType t = type_of(p);
  const std::string name(piece_name(t));
  const Piece target = pos.at(to);
  if (target != kNoPiece && color_of(target) == us)
    return refuse("own_piece", "you cannot capture your own piece", {{"square", to_name}});
  Bitboard reach = attacks_of(movement_at<V>(pos, from), facing_of(us), from, pos.occupied());
  if (!reach.test(to)) {
    return refuse("cannot_reach", "the " + name + " on " + from_name + " cannot move to " + to_name,
                  {{"piece", piece_id(t)}, {"from", from_name}, {"to", to_name}});
  }
  if (m.promotes()) {
    if (!can_promote(t))
      return refuse("cannot_promote", "a " + name + " cannot promote", {{"piece", piece_id(t)}});
    if (!promotion_zone(us).test(from) && !promotion_zone(us).test(to)) {
      return refuse("promotion_zone",
                    "promotion needs a move into, within or out of the promotion zone");
    }
  } else if (can_promote(t) && dead_squares(t, us).test(to)) {
    return refuse("must_promote",
                  "the " + name + " must promote on " + to_name + " (it could never move again)",
                  {{"piece", piece_id(t)}, {"square", to_name}});
  }
  return check_reason();
}

template rules::IllegalMove explain_illegal<Variant::Shogi>(const Position&, const RuleSettings&,
                                                            Move);
template rules::IllegalMove explain_illegal<Variant::Annan>(const Position&, const RuleSettings&,
                                                            Move);

}  // namespace kaisho::shogi

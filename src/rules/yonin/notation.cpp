#include "rules/yonin/notation.hpp"

#include <cctype>

#include "core/text.hpp"

namespace kaisho::yonin {

namespace {

Error bad(std::string what) {
  return make_error("bad Yonin position: " + std::move(what));
}

// 0..3 for s w n e, kOwnerless for x, -1 otherwise.
int seat_from_letter(char c) {
  switch (c) {
    case 's':
      return 0;
    case 'w':
      return 1;
    case 'n':
      return 2;
    case 'e':
      return 3;
    case 'x':
      return kOwnerless;
    default:
      return -1;
  }
}

std::string rank_name(int rank) {
  return std::string("rank ") + static_cast<char>('a' + rank - 1);
}
std::string seat_str(Seat s) {
  return std::string(seat_name(s));
}
std::string piece_str(PieceType t) {
  return std::string(piece_name(t));
}

// A piece letter that is not a Yonin piece gets its own message.
std::string foreign_piece_message(char upper) {
  switch (upper) {
    case 'B':
      return "Yonin Shogi has no bishop";
    case 'N':
      return "Yonin Shogi has no knight";
    case 'L':
      return "Yonin Shogi has no lance";
    default:
      return "unknown piece letter " + text::quote(std::string(1, upper));
  }
}

// The raw fields of the text before the position is built.
struct Parsed {
  Seat to_move = 0;
  Hand hands[kSeatCount];
  Seat out_seats[kSeatCount] = {kNoSeat, kNoSeat, kNoSeat, kNoSeat};  // in order of going out
  Seat out_maters[kSeatCount] = {kNoSeat, kNoSeat, kNoSeat, kNoSeat};
  int out_count = 0;
  Seat last_checker[kSeatCount] = {kNoSeat, kNoSeat, kNoSeat, kNoSeat};
  Seat last_mover = kNoSeat;
  int move_number = 1;
};

// Board: ranks a..i separated by '/', each from file 9 to file 1.
Status parse_board(std::string_view board, Position& pos, int count[kPieceTypeCount],
                   int kings[kSeatCount]) {
  auto ranks = text::split(board, '/');
  if (ranks.size() != 9)
    return bad("the board must have 9 ranks separated by '/', got " + std::to_string(ranks.size()));
  for (int r = 1; r <= 9; ++r) {
    const std::string_view row = ranks[r - 1];
    const std::string where = rank_name(r);
    int file = 9;
    size_t i = 0;
    while (i < row.size()) {
      char ch = row[i];
      if (ch >= '1' && ch <= '9') {
        file -= ch - '0';
        if (file < 0) return bad(where + " has more than 9 squares");
        ++i;
        continue;
      }
      bool promoted = false;
      if (ch == '+') {
        promoted = true;
        if (++i >= row.size()) return bad("'+' at the end of " + where);
        ch = row[i];
      }
      if (!std::isupper(static_cast<unsigned char>(ch))) {
        return bad("expected a digit or a piece letter (K R G S P, upper case) in " + where +
                   ", got " + text::quote(std::string(1, ch)));
      }
      auto type = piece_from_letter(ch);
      if (!type || !is_yonin_type(*type))
        return bad(foreign_piece_message(ch) + " (in " + where + ")");
      ++i;
      if (file < 1) return bad(where + " has more than 9 squares");
      const Square sq = make_square(file, r);
      PieceType t = *type;
      if (promoted) {
        if (!can_promote(t))
          return bad("'+" + std::string(1, ch) + "' on " + square_name(sq) + ": a " + piece_str(t) +
                     " cannot be promoted");
        t = promote(t);
      }
      if (i >= row.size() || seat_from_letter(row[i]) < 0) {
        return bad("the piece on " + square_name(sq) +
                   " needs an owner letter after its piece letter (s, w, n, e or x for ownerless)");
      }
      const int owner = seat_from_letter(row[i++]);
      Facing facing = owner == kOwnerless ? Facing::Up : home_facing(owner);
      bool facing_given = false;
      if (i < row.size() && std::islower(static_cast<unsigned char>(row[i]))) {
        const int fs = seat_from_letter(row[i]);
        if (fs < 0 || fs == kOwnerless) {
          return bad("the facing of the piece on " + square_name(sq) +
                     " must be a seat letter (s, w, n or e), got " +
                     text::quote(std::string(1, row[i])));
        }
        facing = home_facing(fs);
        facing_given = true;
        ++i;
      }
      if (owner == kOwnerless && !facing_given) {
        return bad("the ownerless piece on " + square_name(sq) +
                   " needs a facing letter after 'x' (the seat whose way it faces)");
      }
      if (t == kKing) {
        if (owner == kOwnerless)
          return bad("the king on " + square_name(sq) + " must have an owner");
        if (facing != home_facing(owner))
          return bad("the king on " + square_name(sq) + " must face its owner's way");
        ++kings[owner];
      }
      pos.put(sq, make_piece(t, owner, facing));
      ++count[unpromote(t)];
      --file;
    }
    if (file != 0) return bad(where + " has " + std::to_string(9 - file) + " squares, not 9");
  }
  return ok_status();
}

Status parse_hands(std::string_view h, Parsed& out, int count[kPieceTypeCount]) {
  if (h == "-") return ok_status();
  bool seen[kSeatCount][kHandTypeCount] = {};
  size_t i = 0;
  while (i < h.size()) {
    int n = 0;
    size_t digits = 0;
    while (i < h.size() && std::isdigit(static_cast<unsigned char>(h[i]))) {
      n = n * 10 + (h[i] - '0');
      ++i;
      if (++digits > 2) return bad("hand count too large in " + text::quote(h));
    }
    if (digits == 0) n = 1;
    if (n < 1) return bad("hand count must be at least 1 in " + text::quote(h));
    if (i >= h.size()) return bad("hands " + text::quote(h) + " end with a number");
    const char ch = h[i++];
    if (!std::isupper(static_cast<unsigned char>(ch)))
      return bad("expected a piece letter (R G S P) in the hands, got " +
                 text::quote(std::string(1, ch)));
    auto type = piece_from_letter(ch);
    if (type && *type == kKing) return bad("a king cannot be in hand");
    if (!type || !is_yonin_type(*type)) return bad(foreign_piece_message(ch) + " (in the hands)");
    if (i >= h.size() || seat_from_letter(h[i]) < 0 || seat_from_letter(h[i]) == kOwnerless) {
      return bad("the hand entry for " + std::string(1, ch) +
                 " needs a seat letter after it (s, w, n or e)");
    }
    const Seat s = seat_from_letter(h[i++]);
    if (seen[s][*type])
      return bad("the hands list " + std::string(1, ch) + " of " + seat_str(s) + " twice");
    seen[s][*type] = true;
    if (n > set_count(*type))
      return bad(seat_str(s) + "'s hand holds " + std::to_string(n) + " " + piece_str(*type) + "s");
    out.hands[s].count[*type] = static_cast<uint8_t>(n);
    count[*type] += n;
  }
  return ok_status();
}

Status parse_out(std::string_view field, Parsed& out) {
  if (field == "-") return ok_status();
  for (std::string_view entry : text::split(field, ',')) {
    const int s = entry.size() == 2 ? seat_from_letter(entry[0]) : -1;
    const bool nobody = entry.size() == 2 && entry[1] == '-';
    const int m = nobody ? kNoSeat : entry.size() == 2 ? seat_from_letter(entry[1]) : -1;
    if (s < 0 || s == kOwnerless || (!nobody && (m < 0 || m == kOwnerless))) {
      return bad(
          "each out entry is the seat out and the seat that mated it (or '-'), e.g. 'ns', got " +
          text::quote(entry));
    }
    if (m == s) return bad(seat_str(s) + " cannot have mated themself");
    for (int k = 0; k < out.out_count; ++k)
      if (out.out_seats[k] == s) return bad(seat_str(s) + " is listed out twice");
    if (out.out_count == kSeatCount - 1) return bad("at most three players can be out");
    out.out_seats[out.out_count] = s;
    out.out_maters[out.out_count] = m;
    ++out.out_count;
  }
  return ok_status();
}

Status parse_seat_fields(const std::vector<std::string_view>& fields, Parsed& out) {
  const std::string_view mover = fields[1];
  if (mover.size() != 1 || seat_from_letter(mover[0]) < 0 ||
      seat_from_letter(mover[0]) == kOwnerless)
    return bad("the player to move must be s, w, n or e, got " + text::quote(mover));
  out.to_move = seat_from_letter(mover[0]);
  const std::string_view checkers = fields[4];
  if (checkers.size() != kSeatCount) {
    return bad(
        "the last checkers are 4 letters, one per seat s w n e (a seat letter or '-'), got " +
        text::quote(checkers));
  }
  for (Seat s = 0; s < kSeatCount; ++s) {
    if (checkers[s] == '-') continue;
    const int c = seat_from_letter(checkers[s]);
    if (c < 0 || c == kOwnerless)
      return bad("unknown seat letter " + text::quote(std::string(1, checkers[s])) +
                 " in the last checkers");
    if (c == s) return bad(seat_str(s) + " cannot have given check to themself");
    out.last_checker[s] = c;
  }
  const std::string_view last = fields[5];
  if (last != "-") {
    if (last.size() != 1 || seat_from_letter(last[0]) < 0 ||
        seat_from_letter(last[0]) == kOwnerless)
      return bad("the last mover must be s, w, n, e or '-', got " + text::quote(last));
    out.last_mover = seat_from_letter(last[0]);
  }
  auto n = text::parse_int(fields[6]);
  if (!n || *n < 1)
    return bad("the move number must be a positive integer, got " + text::quote(fields[6]));
  out.move_number = *n;
  return ok_status();
}

// What the text says that no game could reach, judged before the position is built.
Status check_material_and_outs(const Position& pos, const Parsed& p, const Settings& settings,
                               const int count[kPieceTypeCount], const int kings[kSeatCount]) {
  for (Seat s = 0; s < kSeatCount; ++s) {
    if (kings[s] != 1)
      return bad(seat_str(s) + " must have exactly one king, has " + std::to_string(kings[s]));
  }
  for (PieceType t : {kRook, kGold, kSilver, kPawn}) {
    if (count[t] > set_count(t)) {
      return bad(std::to_string(count[t]) + " " + piece_str(t) +
                 "s (promoted or not, on the board and in hand), but the set has " +
                 std::to_string(set_count(t)));
    }
  }
  for (Square sq = 0; sq < kSquareCount; ++sq) {
    const Piece pc = pos.at(sq);
    if (type_of(pc) == kPawn && last_row(facing_of(pc)).test(sq))
      return bad("the unpromoted pawn on " + square_name(sq) + " could never move");
  }
  // Pawns never leave their line and a facing belongs to one seat, so no two unpromoted pawns
  // of one facing ever share a line, whoever owns them now.
  for (int fi = 0; fi < kFacingCount; ++fi) {
    const Facing f = static_cast<Facing>(fi);
    const Bitboard pawns = pos.by_movement(Movement::Pawn) & pos.by_facing(f);
    for (Square sq : squares(pawns)) {
      if ((pawns & pawn_line(sq, f)).more_than_one()) {
        return bad("two unpromoted pawns facing " + seat_str(static_cast<Seat>(fi)) +
                   "'s way on the " +
                   ((f == Facing::Up || f == Facing::Down) ? "file " + std::to_string(file_of(sq))
                                                           : rank_name(rank_of(sq))) +
                   " (nifu)");
      }
    }
  }
  const int max_out = outs_that_end(settings);
  if (p.out_count > max_out) {
    return bad(std::to_string(p.out_count) + " players out, but " +
               (settings.rules.pairs ? std::string("pairs end at the first mate")
                : settings.end_at_last
                    ? std::string("at most three can be out")
                    : std::string("the game ends when two are out (end=two_out)")));
  }
  bool nobody_credited = false;
  for (int k = 0; k < p.out_count; ++k) {
    const Seat s = p.out_seats[k], m = p.out_maters[k];
    if (m == kNoSeat) nobody_credited = true;
    for (int j = 0; j < k; ++j)
      if (p.out_seats[j] == m)
        return bad(seat_str(m) + " mated " + seat_str(s) + " after being knocked out");
    if ((pos.pieces_of(s) & ~pos.kings()).any())
      return bad(seat_str(s) + " is out but owns pieces on the board besides the flipped king");
    if (!p.hands[s].empty()) return bad(seat_str(s) + " is out but has pieces in hand");
    if (p.to_move == s) return bad(seat_str(s) + " is out and cannot be the player to move");
    if (p.last_checker[s] != kNoSeat) return bad(seat_str(s) + " is out but has a last checker");
  }
  if (pos.pieces_of(kOwnerless).any()) {
    const bool possible = p.out_count > 0 && (settings.rules.ownerless || nobody_credited);
    if (!possible) {
      return bad("ownerless pieces need a player out and out_pieces=ownerless (the piece on " +
                 square_name(pos.pieces_of(kOwnerless).lsb()) + ")");
    }
  }
  for (Seat s = 0; s < kSeatCount; ++s) {
    const Seat c = p.last_checker[s];
    for (int k = 0; k < p.out_count; ++k)
      if (c != kNoSeat && p.out_seats[k] == c)
        return bad(seat_str(c) + " is out and cannot be the last checker of " + seat_str(s));
  }
  if ((p.last_mover == kNoSeat) != (p.move_number == 1)) {
    return bad(p.last_mover == kNoSeat
                   ? "a last mover is needed after the first move (move number " +
                         std::to_string(p.move_number) + ")"
                   : "there is no last mover before the first move (move number 1)");
  }
  if (p.move_number == 1 && p.out_count > 0) return bad("nobody can be out before the first move");
  return ok_status();
}

// What the built position shows that no game could reach: checks without a checker,
// checks the rules would have answered first.
Status check_checks(Position& pos, const Parsed& p) {
  for (Seat a = 0; a < kSeatCount; ++a) {
    for (Seat b = a + 1; b < kSeatCount; ++b) {
      if (pos.is_live(a) && pos.is_live(b) &&
          kTables.king[pos.king_square(a)].test(pos.king_square(b))) {
        return bad("the kings of " + seat_str(a) + " and " + seat_str(b) +
                   " stand next to each other");
      }
    }
  }
  bool anyone_in_check = false;
  for (Seat s = 0; s < kSeatCount; ++s) {
    if (pos.is_out(s)) continue;
    const bool checked = pos.in_check(s);
    anyone_in_check |= checked;
    if (checked && p.last_checker[s] == kNoSeat) {
      return bad(seat_str(s) + " is in check (from " + square_name(pos.checkers(s).lsb()) +
                 ") but the last checkers field names nobody who gave it");
    }
    if (!checked && p.last_checker[s] != kNoSeat)
      return bad(seat_str(s) + " is not in check but has a last checker (" +
                 seat_str(p.last_checker[s]) + ")");
  }
  const Seat last = p.last_mover;
  if (last != kNoSeat && pos.is_live(last) && pos.in_check(last))
    return bad(seat_str(last) + " made the last move and cannot be in check");
  if (anyone_in_check) {
    if (!pos.in_check(p.to_move))
      return bad(seat_str(p.to_move) +
                 " is to move, but a player in check would move first (check priority)");
    if (last != kNoSeat && pos.is_live(last)) {
      for (int i = 1; i < kSeatCount; ++i) {
        const Seat s = clockwise(last, i);
        if (pos.is_live(s) && pos.in_check(s)) {
          if (s != p.to_move) {
            return bad(seat_str(p.to_move) + " is to move, but " + seat_str(s) +
                       " is the nearest player in check clockwise from the last mover " +
                       seat_str(last) + " (check priority)");
          }
          break;
        }
      }
    }
  }
  if (last == kNoSeat && !has_legal_move(pos, p.to_move))
    return bad(seat_str(p.to_move) + " has no legal move before anyone has moved");
  return ok_status();
}

}  // namespace

char seat_letter(Seat s) {
  if (s == kNoSeat) return '-';
  return "swnex"[s];
}

std::string_view seat_name(Seat s) {
  switch (s) {
    case 0:
      return "south";
    case 1:
      return "west";
    case 2:
      return "north";
    case 3:
      return "east";
    case kOwnerless:
      return "ownerless";
    default:
      return "nobody";
  }
}

Result<Position> parse_position(std::string_view text, const Settings& settings) {
  const auto fields = text::split_ws(text);
  if (fields.size() != 7) {
    return bad(
        "expected 7 fields (board, player to move, hands, out, last checkers, last mover, move "
        "number), got " +
        std::to_string(fields.size()));
  }
  Position pos(settings.rules);
  int count[kPieceTypeCount] = {};
  int kings[kSeatCount] = {};
  Parsed p;
  if (Status s = parse_board(fields[0], pos, count, kings); !s) return s.error();
  if (Status s = parse_seat_fields(fields, p); !s) return s.error();
  if (Status s = parse_hands(fields[2], p, count); !s) return s.error();
  if (Status s = parse_out(fields[3], p); !s) return s.error();
  if (Status s = check_material_and_outs(pos, p, settings, count, kings); !s) return s.error();

  pos.set_to_move(p.to_move);
  for (Seat s = 0; s < kSeatCount; ++s) {
    for (PieceType t : kHandTypes) pos.set_hand(s, t, p.hands[s].count[t]);
    pos.set_last_checker(s, p.last_checker[s]);
  }
  for (int k = 0; k < p.out_count; ++k) pos.set_out(p.out_seats[k], k + 1, p.out_maters[k]);
  pos.set_last_mover(p.last_mover);
  pos.set_game_ply(p.move_number - 1);
  pos.reset_history();
  if (Status s = check_checks(pos, p); !s) return s.error();
  return pos;
}

std::string to_text(const Position& pos) {
  std::string s;
  for (int rank = 1; rank <= 9; ++rank) {
    int empty = 0;
    for (int file = 9; file >= 1; --file) {
      const Piece p = pos.at(make_square(file, rank));
      if (p == kNoPiece) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      const PieceType t = type_of(p);
      if (is_promoted(t)) s += '+';
      s += piece_letter(unpromote(t));
      const int owner = owner_of(p);
      s += seat_letter(owner);
      if (owner == kOwnerless || facing_of(p) != home_facing(owner))
        s += seat_letter(index_of(facing_of(p)));
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (rank < 9) s += '/';
  }
  s += ' ';
  s += seat_letter(pos.to_move());
  s += ' ';
  std::string hands;
  for (Seat seat = 0; seat < kSeatCount; ++seat) {
    for (PieceType t : kHandTypes) {
      const int n = pos.hand(seat).count[t];
      if (!n) continue;
      if (n > 1) hands += std::to_string(n);
      hands += piece_letter(t);
      hands += seat_letter(seat);
    }
  }
  s += hands.empty() ? "-" : hands;
  s += ' ';
  std::string outs;
  for (int order = 1; order <= pos.out_count(); ++order) {
    for (Seat seat = 0; seat < kSeatCount; ++seat) {
      if (pos.out_order(seat) != order) continue;
      if (!outs.empty()) outs += ',';
      outs += seat_letter(seat);
      outs += seat_letter(pos.mated_by(seat));
    }
  }
  s += outs.empty() ? "-" : outs;
  s += ' ';
  for (Seat seat = 0; seat < kSeatCount; ++seat) s += seat_letter(pos.last_checker(seat));
  s += ' ';
  s += seat_letter(pos.last_mover());
  s += ' ';
  s += std::to_string(pos.game_ply() + 1);
  return s;
}

std::string move_text(Move m) {
  if (m.is_drop()) return std::string(1, piece_letter(m.dropped())) + "*" + square_name(m.to());
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.promotes()) s += '+';
  return s;
}

Result<Move> parse_move(std::string_view text) {
  auto bad_move = [&](const std::string& why) {
    return make_error("bad move " + text::quote(text) + ": " + why);
  };
  if (text.size() == 4 && text[1] == '*') {
    auto type = piece_from_letter(text[0]);
    if (type && *type == kKing) return bad_move("a king cannot be dropped");
    if (!type || !is_yonin_type(*type)) {
      if (type) return bad_move(foreign_piece_message(text[0]));
      return bad_move("a drop starts with one of R G S P");
    }
    auto to = parse_square(text.substr(2));
    if (!to) return bad_move("no square " + text::quote(text.substr(2)));
    return Move::drop(*type, *to);
  }
  if (text.size() != 4 && !(text.size() == 5 && text[4] == '+'))
    return bad_move("expected a move like 7g7f, 7g7f+ or P*5e");
  auto from = parse_square(text.substr(0, 2));
  if (!from) return bad_move("no square " + text::quote(text.substr(0, 2)));
  auto to = parse_square(text.substr(2, 2));
  if (!to) return bad_move("no square " + text::quote(text.substr(2, 2)));
  if (*from == *to) return bad_move("a move must change square");
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

rules::IllegalMove explain_illegal(Position& pos, Move m) {
  using rules::refuse;
  MoveList legal;
  generate_full(pos, legal);
  if (legal.contains(m)) return rules::legal_move();
  const Seat us = pos.to_move();
  const Square to = m.to();
  const std::string to_name = square_name(to);
  if (m.is_drop()) {
    const PieceType t = m.dropped();
    if (!pos.hand(us).count[t]) {
      return refuse("not_in_hand", "you have no " + piece_str(t) + " in hand",
                    {{"piece", piece_id(t)}});
    }
    if (pos.at(to) != kNoPiece) {
      return refuse("occupied", "a piece can only be dropped on an empty square",
                    {{"square", to_name}});
    }
    if (t == kPawn) {
      const Facing f = home_facing(us);
      if (last_row(f).test(to)) {
        return refuse("dead_drop", "a pawn dropped on " + to_name + " could never move",
                      {{"piece", piece_id(t)}, {"square", to_name}});
      }
      if (nifu_lines(pos, us).test(to)) {
        const bool file_line = f == Facing::Up || f == Facing::Down;
        const std::string line =
            file_line ? "file " + std::to_string(file_of(to)) : rank_name(rank_of(to));
        return refuse(
            "nifu", "you already have an unpromoted pawn facing your way on " + line + " (nifu)",
            {{"square", to_name},
             {"axis", file_line ? "file" : "rank"},
             {"line", file_line ? std::to_string(file_of(to))
                                : std::string(1, static_cast<char>('a' + rank_of(to) - 1))}});
      }
      if (in_front_of_flipped_kings(pos, us).test(to)) {
        return refuse("drop_before_flipped_king",
                      "a pawn dropped on " + to_name +
                          " would stand in front of a flipped king and could never move",
                      {{"piece", piece_id(t)}, {"square", to_name}});
      }
    }
  } else {
    const Square from = m.from();
    const std::string from_name = square_name(from);
    const Piece p = pos.at(from);
    if (p == kNoPiece)
      return refuse("no_piece", "there is no piece on " + from_name, {{"square", from_name}});
    const int owner = owner_of(p);
    const PieceType t = type_of(p);
    if (t == kKing && pos.is_out(owner)) {
      return refuse("flipped_king",
                    "the king on " + from_name + " is flipped (" + seat_str(owner) +
                        " is out): it can never move",
                    {{"square", from_name}, {"owner", seat_str(owner)}});
    }
    if (owner == kOwnerless) {
      return refuse("ownerless_piece",
                    "the " + piece_str(t) + " on " + from_name +
                        " has no owner since its player was knocked out: it never moves",
                    {{"piece", piece_id(t)}, {"square", from_name}});
    }
    if (owner != us) {
      return refuse("not_your_piece",
                    "the " + piece_str(t) + " on " + from_name + " belongs to " + seat_str(owner) +
                        ", and it is " + seat_str(us) + "'s turn",
                    {{"square", from_name},
                     {"owner", seat_str(owner)},
                     {"turn", seat_str(us)},
                     {"piece", piece_id(t)}});
    }
    const Piece target = pos.at(to);
    if (target != kNoPiece) {
      if (owner_of(target) == us)
        return refuse("own_piece", "you cannot capture your own piece", {{"square", to_name}});
      if (type_of(target) == kKing) {
        return pos.is_out(owner_of(target))
                   ? refuse("capture_flipped_king", "a flipped king cannot be captured",
                            {{"square", to_name}})
                   : refuse("capture_king", "kings are never captured: a check must be answered",
                            {{"square", to_name}});
      }
      if (pos.rules().pairs && owner_of(target) == partner_of(us)) {
        return refuse("partner_piece", "you cannot capture your partner's piece",
                      {{"square", to_name}});
      }
    }
    if (!attacks_of(movement_of(t), facing_of(p), from, pos.occupied()).test(to)) {
      return refuse("cannot_reach",
                    "the " + piece_str(t) + " on " + from_name + " cannot move to " + to_name,
                    {{"piece", piece_id(t)}, {"from", from_name}, {"to", to_name}});
    }
    if (m.promotes()) {
      if (!can_promote(t)) {
        return is_promoted(t)
                   ? refuse("already_promoted",
                            "the " + piece_str(t) + " on " + from_name + " is already promoted",
                            {{"piece", piece_id(t)}, {"square", from_name}})
                   : refuse("cannot_promote", "a " + piece_str(t) + " cannot promote",
                            {{"piece", piece_id(t)}});
      }
      const Bitboard zone = promotion_zone(facing_of(p));
      if (!zone.test(from) && !zone.test(to)) {
        return refuse("promotion_zone",
                      "promotion needs a move into, within or out of the three farthest rows in "
                      "the direction the piece faces");
      }
    } else if (t == kPawn && last_row(facing_of(p)).test(to)) {
      return refuse("must_promote",
                    "the pawn must promote on " + to_name + " (it could never move again)",
                    {{"piece", piece_id(t)}, {"square", to_name}});
    }
  }
  // The move obeys the piece rules: play it and look.
  const bool checked_before = pos.in_check(us);
  const Seat partner = partner_of(us);
  const bool partner_checked_before = pos.in_check(partner);
  const Seat victim = m.is_drop() && m.dropped() == kPawn ? pawn_drop_target(pos, us, to) : kNoSeat;
  rules::IllegalMove why;
  pos.do_move(m, us);
  if (pos.in_check(us)) {
    why = checked_before ? refuse("check_not_answered", "it does not answer the check on your king")
                         : refuse("leaves_king_in_check", "it would leave your king in check");
  } else if (pos.rules().pairs && pos.is_live(partner) && !partner_checked_before &&
             pos.in_check(partner)) {
    why = refuse("checks_partner",
                 "it would give check to your partner's king (" + seat_str(partner) + ")",
                 {{"seat", seat_str(partner)}});
  } else if (victim != kNoSeat && !has_legal_move(pos, victim)) {
    why = refuse("pawn_drop_mate",
                 "a pawn drop may not checkmate (uchifuzume): " + seat_str(victim) +
                     " would have no legal move",
                 {{"seat", seat_str(victim)}});
  }
  pos.undo();
  if (!why.legal()) return why;
  if (is_perpetual_check_move(pos, m)) {
    return refuse("perpetual_check",
                  "you have given check with every move since this position first occurred: you "
                  "may not bring it about a fourth time (perpetual check)");
  }
  return refuse("not_allowed", "this move is not allowed");
}

}  // namespace kaisho::yonin

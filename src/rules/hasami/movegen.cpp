#include "rules/hasami/movegen.hpp"

namespace kaisho::hasami {

using shogi_family::kTables;
using shogi_family::square_name;

namespace {

// The seat names of the game ("first", "second"), for the params of a refusal.
std::string seat_id(Color c) {
  return c == kBlack ? "first" : "second";
}

}  // namespace

Bitboard destinations(const Position& pos, Square sq) {
  const Bitboard occ = pos.occupied();
  // rook_attacks includes the first blocker on each ray; a piece cannot move onto it.
  return shogi_family::rook_attacks(sq, occ) & ~occ;
}

void generate_moves(const Position& pos, MoveList& list) {
  const Bitboard occ = pos.occupied();
  for (Square from : shogi_family::squares(pos.pieces(pos.side_to_move()))) {
    for (Square to : shogi_family::squares(shogi_family::rook_attacks(from, occ) & ~occ))
      list.add(Move(from, to));
  }
}

int count_moves(const Position& pos) {
  const Bitboard occ = pos.occupied();
  int n = 0;
  for (Square from : shogi_family::squares(pos.pieces(pos.side_to_move())))
    n += (shogi_family::rook_attacks(from, occ) & ~occ).count();
  return n;
}

bool has_legal_move(const Position& pos) {
  const Bitboard occ = pos.occupied();
  for (Square from : shogi_family::squares(pos.pieces(pos.side_to_move())))
    if ((shogi_family::rook_attacks(from, occ) & ~occ).any()) return true;
  return false;
}

rules::IllegalMove explain_illegal(const Position& pos, Move m) {
  using rules::refuse;
  const Square from = m.from(), to = m.to();
  const std::string from_name = square_name(from), to_name = square_name(to);
  const int owner = pos.color_at(from);
  if (owner < 0) return refuse("no_piece", "no piece on " + from_name, {{"square", from_name}});
  if (owner != pos.side_to_move()) {
    return refuse("not_your_piece", "not your piece",
                  {{"square", from_name},
                   {"owner", seat_id(static_cast<Color>(owner))},
                   {"turn", seat_id(pos.side_to_move())}});
  }
  if (from == to) return refuse("zero_move", "a piece must move at least one square");
  if (shogi_family::file_of(from) != shogi_family::file_of(to) &&
      shogi_family::rank_of(from) != shogi_family::rank_of(to)) {
    return refuse("not_straight", "pieces move in straight lines",
                  {{"from", from_name}, {"to", to_name}});
  }
  const Bitboard blockers = kTables.between[from][to] & pos.occupied();
  if (blockers.any()) {
    // The first piece met on the way from `from`.
    const std::string first = square_name(from < to ? blockers.lsb() : blockers.msb());
    return refuse("blocked", "the path is blocked at " + first, {{"square", first}});
  }
  if (pos.color_at(to) >= 0)
    return refuse("occupied", to_name + " is occupied", {{"square", to_name}});
  return rules::legal_move();
}

}  // namespace kaisho::hasami

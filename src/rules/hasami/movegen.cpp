#include "rules/hasami/movegen.hpp"

namespace kaisho::hasami {

using shogi_family::kTables;
using shogi_family::square_name;

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

std::string explain_illegal(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  const int owner = pos.color_at(from);
  if (owner < 0) return "no piece on " + square_name(from);
  if (owner != pos.side_to_move()) return "not your piece";
  if (from == to) return "a piece must move at least one square";
  if (shogi_family::file_of(from) != shogi_family::file_of(to) &&
      shogi_family::rank_of(from) != shogi_family::rank_of(to)) {
    return "pieces move in straight lines";
  }
  const Bitboard blockers = kTables.between[from][to] & pos.occupied();
  if (blockers.any()) {
    // The first piece met on the way from `from`.
    const Square first = from < to ? blockers.lsb() : blockers.msb();
    return "the path is blocked at " + square_name(first);
  }
  if (pos.color_at(to) >= 0) return square_name(to) + " is occupied";
  return "";
}

}  // namespace kaisho::hasami

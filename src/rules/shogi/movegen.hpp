#pragma once
// Legal moves of Shogi and Annan Shogi. The variant is a template parameter so that plain
// Shogi's generator is compiled without any trace of Annan's backing rule.
#include "rules/shogi/position.hpp"

namespace kaisho::shogi {

enum class Variant { Shogi, Annan };

// Rule settings that change which moves are legal.
struct RuleSettings {
  // Annan "dead_piece": allow a pawn/lance/knight to stand where its own type could never
  // move again if its backing there gives it a move (true), or forbid it as in Shogi.
  bool annan_allow_if_backed = true;
};

// The pieces of one colour grouped by the movement they have in the position: in Shogi a
// piece's own, in Annan the movement of the friendly piece directly behind it, if any.
struct MovementSets {
  Bitboard of[2][10];
  Bitboard get(Color c, Movement m) const { return of[c][static_cast<int>(m)]; }
};
template <Variant V>
MovementSets movement_sets(const Position& pos);

// The square directly behind sq for a piece of colour c (toward c's camp), or -1.
inline Square square_behind(Square sq, Color c) {
  int rank = rank_of(sq) + (c == kBlack ? 1 : -1);
  return rank >= 1 && rank <= 9 ? make_square(file_of(sq), rank) : -1;
}

// The movement the piece on sq has (Annan: its backer's if it is backed).
template <Variant V>
Movement movement_at(const Position& pos, Square sq);

// Pieces of colour c that attack sq, given the occupancy.
template <Variant V>
Bitboard attackers_to(const Position& pos, Color c, Square sq, Bitboard occ);

template <Variant V>
bool in_check(const Position& pos) {
  Color us = pos.side_to_move();
  return attackers_to<V>(pos, ~us, pos.king_square(us), pos.occupied()).any();
}
// Whether the side that just moved left its own king attacked.
template <Variant V>
bool mover_king_attacked(const Position& pos) {
  Color them = ~pos.side_to_move();
  return attackers_to<V>(pos, pos.side_to_move(), pos.king_square(them), pos.occupied()).any();
}

template <Variant V>
void generate_legal(const Position& pos, const RuleSettings& rules, MoveList& list);

// Legal captures only, or every legal move when in check (for the search's quiescence).
template <Variant V>
void generate_captures(const Position& pos, const RuleSettings& rules, MoveList& list);

template <Variant V>
bool has_legal_move(const Position& pos, const RuleSettings& rules);

// Plain perft from pos (no game-over tests besides "no legal move"); the last ply is counted
// in bulk. The GameState's perft adds repetition and the move limit.
template <Variant V>
uint64_t perft_plain(Position& pos, const RuleSettings& rules, int depth);

}  // namespace kaisho::shogi

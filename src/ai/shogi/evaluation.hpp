#pragma once
// Static evaluation of a Shogi or Annan position, in centipawns from the side to move.
#include "ai/shogi/placement_sums.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai::shogi_search {

using namespace kaisho::shogi;

// Board values by piece type (index PieceType), and hand values (pieces in hand are a little
// more flexible than on the board).
int piece_value(PieceType t);
int hand_value(PieceType t);

template <Variant V>
int evaluate(const Position& pos);
// Shogi: the learned weights of eval_weights.cpp over the features of eval_features.hpp.
template <>
int evaluate<Variant::Shogi>(const Position& pos);
// The same, given the position's placement sums (placement_sums(pos), or kept by the search).
int evaluate_shogi(const Position& pos, const PlacementSums& placement);
// Annan: material, king safety and the value of borrowed movement, set by hand.
template <>
int evaluate<Variant::Annan>(const Position& pos);

}  // namespace kaisho::ai::shogi_search

#pragma once
// Static evaluation of a Shogi or Annan position, in centipawns from the side to move.
// Material on the board and in hand, king safety (defenders beside the king, attacked
// squares around it, the opponent's pieces in hand), for Shogi the placement of each piece
// by its distance to both kings and the mobility of rooks and bishops, and for Annan the
// value of the movement each piece borrows from its backing.
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai::shogi_search {

using namespace kaisho::shogi;

// Board values by piece type (index PieceType), and hand values (pieces in hand are a little
// more flexible than on the board).
int piece_value(PieceType t);
int hand_value(PieceType t);

template <Variant V>
int evaluate(const Position& pos);

}  // namespace kaisho::ai::shogi_search

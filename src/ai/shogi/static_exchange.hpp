#pragma once
// Static exchange evaluation (plain Shogi): what a move wins or loses on its target square
// when both sides then recapture there with their least valuable attacker, each free to stop.
// Used by the search to order and prune captures and to prune quiet moves and drops that only
// hand a piece to the opponent.
#include "rules/shogi/position.hpp"

namespace kaisho::ai::shogi_search {

using namespace kaisho::shogi;

// What taking a piece of type t is worth: it leaves the board and goes to the taker's hand.
int exchange_value(PieceType t);

// The material the side to move wins by m (a capture, a quiet move or a drop) and the
// exchange on m.to() that may follow: 0 for a move to a square the opponent cannot take on,
// minus the piece's exchange value when it is simply lost. A promotion's gain is not
// counted. m must be pseudo-legal in pos.
int see(const Position& pos, Move m);

}  // namespace kaisho::ai::shogi_search

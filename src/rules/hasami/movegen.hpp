#pragma once
// Legal moves of Hasami Shogi: a piece of the side to move slides like a rook over empty
// squares and stops on an empty square. There are no other moves (no drops, no passing);
// whether the game is already over is the GameState's business, not the generator's.
#include "rules/api/illegal_move.hpp"
#include "rules/hasami/position.hpp"

namespace kaisho::hasami {

// Empty squares the piece on sq can move to.
Bitboard destinations(const Position& pos, Square sq);

void generate_moves(const Position& pos, MoveList& list);
// The number of legal moves, without listing them (bulk counting for perft).
int count_moves(const Position& pos);
bool has_legal_move(const Position& pos);

// Why m is not a legal move for the side to move: a reason code with its params and a short
// English phrase such as "no piece on 9i" (rules/api/illegal_move.hpp); legal() if it is legal.
rules::IllegalMove explain_illegal(const Position& pos, Move m);

}  // namespace kaisho::hasami

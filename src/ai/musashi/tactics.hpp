#pragma once
// Juroku Musashi tactics for the search: the rules' verdict at a node, the father's
// capturing moves and the children's trapping moves.
#include "rules/musashi/end.hpp"

namespace kaisho::ai::musashi_search {

using namespace kaisho::musashi;

// The verdict of the rules at a node, from the side to move's view, given how many legal
// moves the side to move has there (the repetition ban counted). Equivalent to
// musashi::evaluate() (tested against it): the father's target; with the father to move,
// trapped and then the children's move limit; with the children to move, the limit and
// then having no move.
enum class NodeEnd { None, MoverLost, MoverWon };
NodeEnd node_end(const Position& pos, const EndRules& rules, int legal_moves);

// The father's moves that capture (father to move).
void generate_captures(const Position& pos, MoveList& list);

// The children's moves that leave the father without a move (children to move), among
// `legal` (their legal moves).
void select_traps(const Position& pos, const MoveList& legal, MoveList& out);

}  // namespace kaisho::ai::musashi_search

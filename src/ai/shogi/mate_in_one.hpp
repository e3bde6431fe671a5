#pragma once
// A fast test for a mate in one move of the side to move (plain Shogi), used by the search at
// quiescence and interior nodes: quiescence has no drops, so without it the horizon cannot
// see a drop that mates.
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai::shogi_search {

using namespace kaisho::shogi;

// A move of the side to move that checkmates, or a null Move. Only moves whose own piece
// gives check are tried (drops other than a pawn's, which may not mate, and board moves
// landing where the piece, promoted or not, attacks the king); a mate by discovered check is
// not looked for. Every move returned is legal and mates. `pos` is restored before returning.
Move find_mate_in_one(Position& pos, const RuleSettings& rules);

}  // namespace kaisho::ai::shogi_search

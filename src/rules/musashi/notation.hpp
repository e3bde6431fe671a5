#pragma once
// Position text ("F:c3 C:a1,a2,... f 0") and move text ("c3-c4") of spec/notation.md, with
// validation: the parser accepts only positions the rules could describe on the chosen board
// and says precisely what is wrong otherwise.
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "rules/musashi/position.hpp"

namespace kaisho::musashi {

// Parses "F:POINT C:POINT,POINT,... SIDE COUNT": the father's point, the children's points
// (any order, possibly none), the side to move `f` or `c`, and the number of moves the
// children have made, which may not exceed children_limit (0 = no limit).
Result<Position> parse_position(std::string_view text, const Board& board, int children_limit);
// The position text, children sorted by name.
std::string position_text(const Position& pos);

std::string move_text(Move m);
// Reads "FROM-TO" with both points on the board; legality is not judged here.
Result<Move> parse_move(std::string_view text, const Board& board);

}  // namespace kaisho::musashi

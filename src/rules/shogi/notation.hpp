#pragma once
// SFEN positions and USI moves (spec/notation.md), with validation: the parser accepts only
// positions the rules could describe and says precisely what is wrong otherwise.
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "rules/api/illegal_move.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::shogi {

// Parses SFEN ("board side hand [move-number]"). The history of the result is empty.
Result<Position> parse_sfen(std::string_view text, Variant variant, const RuleSettings& rules);
std::string to_sfen(const Position& pos);

std::string to_usi(Move m);
// Reads USI move syntax ("7g7f", "8h2b+", "P*5e"); legality is not judged here.
Result<Move> parse_usi(std::string_view text);

// Why a well-formed move is not legal in pos: a reason code with its params and the English
// sentence (rules/api/illegal_move.hpp); legal() if it is legal.
template <Variant V>
rules::IllegalMove explain_illegal(const Position& pos, const RuleSettings& rules, Move m);

std::string_view color_name(Color c);

}  // namespace kaisho::shogi

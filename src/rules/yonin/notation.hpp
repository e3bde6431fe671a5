#pragma once
// The Yonin Shogi position text (docs/games/yonin.md) and move text (`7g7f`, `7g7f+`,
// `P*5e`), with validation: the parser accepts only positions the rules could produce and
// says precisely what is wrong otherwise; and the reasons an illegal move is refused.
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "rules/api/illegal_move.hpp"
#include "rules/yonin/flow.hpp"

namespace kaisho::yonin {

// Seven fields: BOARD TO-MOVE HANDS OUT LAST-CHECKERS LAST-MOVER MOVE-NUMBER. The history of
// the result is empty. The settings take part in the validation (how many players may be
// out, whether ownerless pieces can exist).
Result<Position> parse_position(std::string_view text, const Settings& settings);
std::string to_text(const Position& pos);

std::string move_text(Move m);
// Reads the move syntax; legality is not judged here.
Result<Move> parse_move(std::string_view text);

// Why a well-formed move is not legal for the player to move: a reason code with its params
// and the English sentence (rules/api/illegal_move.hpp); legal() if it is legal (every rule,
// the perpetual checker's forbidden move included).
rules::IllegalMove explain_illegal(Position& pos, Move m);

char seat_letter(Seat s);            // 's', 'w', 'n', 'e'; 'x' for kOwnerless
std::string_view seat_name(Seat s);  // "south", ...; "nobody" for kNoSeat

}  // namespace kaisho::yonin

#pragma once
// Hasami Shogi text (spec/notation.md): positions such as
// "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1" (board from rank a, files 9..1; side to move;
// pieces captured by the first and by the second player; move number) and moves such as
// "9i9e". The parser accepts only positions a game could reach as far as the text can show
// and says precisely what is wrong otherwise.
#include <string>
#include <string_view>

#include "core/result.hpp"
#include "rules/hasami/position.hpp"

namespace kaisho::hasami {

inline constexpr std::string_view kStartPosition = "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1";

// Parses position text. Beyond the syntax it requires: at most nine pieces a side; for each
// side, pieces on the board plus pieces the opponent captured make nine; a move number of
// at least 1 whose parity matches the side to move (the first player moves on odd numbers,
// as the first player always starts). The history of the result is empty.
Result<Position> parse_position(std::string_view text);
std::string position_text(const Position& pos);

std::string move_text(Move m);
// Reads move syntax ("9i9e"); legality is not judged here.
Result<Move> parse_move(std::string_view text);

// "first player" / "second player", for messages.
std::string_view player_name(Color c);

}  // namespace kaisho::hasami

#pragma once
// The 9×9 board of the shogi-family games (Shogi, Annan, Hasami, Yonin) as the common
// interface describes boards: 81 squares named 9a..1i, file 9 at the left and rank a at the
// top as the first player sees it.
#include "rules/api/board_geometry.hpp"

namespace kaisho::shogi_family {

rules::BoardGeometry nine_by_nine_board();

}  // namespace kaisho::shogi_family

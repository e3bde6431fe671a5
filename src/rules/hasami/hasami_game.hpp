#pragma once
// Hasami Shogi behind the common game interface: id "hasami", seats {"first", "second"}
// (seat 0 is the first player, 'b', whose pieces start on rank i).
#include "rules/api/game.hpp"

namespace kaisho::hasami {

const rules::Game& hasami_game();

}  // namespace kaisho::hasami

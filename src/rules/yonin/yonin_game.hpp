#pragma once
// Yonin Shogi behind the common game interface.
#include "rules/api/game.hpp"

namespace kaisho::yonin {

const rules::Game& yonin_game();

}  // namespace kaisho::yonin

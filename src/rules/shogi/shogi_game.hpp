#pragma once
// Shogi and Annan Shogi behind the common game interface.
#include "rules/api/game.hpp"

namespace kaisho::shogi {

const rules::Game& shogi_game();
const rules::Game& annan_game();

}  // namespace kaisho::shogi

#pragma once
// The one place that names every game. Everything else finds games through it.
#include <string_view>
#include <vector>

#include "rules/api/game.hpp"

namespace kaisho::rules {

// All games, in the order the site lists them.
const std::vector<const Game*>& all_games();
// The game with this id, or nullptr.
const Game* find_game(std::string_view id);

}  // namespace kaisho::rules

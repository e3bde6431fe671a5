#pragma once
// Juroku Musashi behind the common game interface. Seat 0 plays the father, seat 1 the
// children; the option "start" says which of them moves first.
#include "rules/api/game.hpp"

namespace kaisho::musashi {

const rules::Game& musashi_game();

}  // namespace kaisho::musashi

#pragma once
// The Yonin Shogi CPU: paranoid alpha-beta (docs/cpu-yonin.md). The seat to move at the root
// maximises its value, in pairs together with its partner; every other seat is assumed to
// minimise it. Who moves at each node is whoever the rules say (check priority, knock-outs),
// so turns are not a fixed rotation. Iterative deepening, a transposition table, capture
// quiescence, killer and history ordering, late-move reductions; the rules' own move
// generation and flow decide every legal move, knock-out and end.
#include <memory>

#include "ai/searcher.hpp"

namespace kaisho::ai {

std::unique_ptr<Searcher> make_yonin_searcher();

}  // namespace kaisho::ai

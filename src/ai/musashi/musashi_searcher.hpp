#pragma once
// Iterative-deepening principal-variation alpha-beta for Juroku Musashi, playing either
// role: transposition table, quiescence on the father's captures and the children's
// trapping moves, late-move reductions for the children's many quiet moves, killer and
// history ordering, win-distance scores, the children's repetition ban kept along the
// search path, and the rules' ends (target, trap, stuck, move limit) at every node.
#include <memory>

#include "ai/searcher.hpp"

namespace kaisho::ai {

std::unique_ptr<Searcher> make_musashi_searcher();

}  // namespace kaisho::ai

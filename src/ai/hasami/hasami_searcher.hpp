#pragma once
// Iterative-deepening principal-variation alpha-beta for Hasami Shogi: transposition table,
// quiescence on captures, late-move reductions, killer and history ordering, win-distance
// scores, and the rules' ends (win condition, no legal move, repetition, move limit) at
// every node.
#include <memory>

#include "ai/searcher.hpp"

namespace kaisho::ai {

std::unique_ptr<Searcher> make_hasami_searcher();

}  // namespace kaisho::ai

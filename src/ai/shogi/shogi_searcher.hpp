#pragma once
// Iterative-deepening principal-variation alpha-beta for Shogi and Annan Shogi, with a
// transposition table, null-move pruning, reverse futility, futility and late-move pruning
// at shallow depths, logarithmic late-move reductions, check extension, quiescence on
// captures (Shogi: pruned by static exchange evaluation and a delta margin; all evasions
// when in check), killer and history move ordering, mate-distance scores and repetition
// treated as a draw.
#include <memory>

#include "ai/searcher.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai {

std::unique_ptr<Searcher> make_shogi_searcher(kaisho::shogi::Variant variant);

}  // namespace kaisho::ai

#pragma once
// Iterative-deepening principal-variation alpha-beta for Shogi and Annan Shogi, with a
// transposition table, quiescence on captures (all evasions when in check), check
// extension, late-move reductions, killer and history move ordering, mate-distance scores
// and repetition treated as a draw.
#include <memory>

#include "ai/searcher.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai {

std::unique_ptr<Searcher> make_shogi_searcher(kaisho::shogi::Variant variant);

}  // namespace kaisho::ai

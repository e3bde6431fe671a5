#pragma once
// A checkmate search (plain Shogi): depth-first proof-number search (df-pn) over the moves
// that give check and every reply to them. It proves long forced mates (tsume) that the
// alpha-beta search cannot reach in its time, for `go mate` and for the CPU's own move.
#include <cstdint>
#include <vector>

#include "ai/search_budget.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai::shogi_search {

using namespace kaisho::shogi;

struct MateSearchResult {
  // The mating line (the attacker's moves and the defender's replies, ending in mate), empty
  // when no mate was proven within the limits. Every move of it is legal, every attacker's
  // move gives check, and the line ends in a position with no legal reply.
  std::vector<Move> line;
  bool disproven = false;  // the search proved that no mate by checks exists
};

// Looks for a forced mate by the side to move (which must not be in check): every one of its
// moves a check, every legal reply of the opponent answered. Each position expanded counts
// one node of `budget`; the search gives up when the budget is exhausted or its table holds
// kMaxMateEntries positions. A repetition counts as the defender's escape (perpetual check
// loses in Shogi; a position of the game's history counts too), and lines are cut at
// kMaxMatePlies.
constexpr int kMaxMatePlies = 64;
constexpr size_t kMaxMateEntries = 4'000'000;
MateSearchResult find_mate(const Position& pos, const RuleSettings& rules, SearchBudget& budget);

}  // namespace kaisho::ai::shogi_search

#pragma once
// When a Juroku Musashi game ends, and who wins.
#include "rules/api/outcome.hpp"
#include "rules/musashi/movegen.hpp"

namespace kaisho::musashi {

// The local rules that decide the end of the game.
struct EndRules {
  // The father wins when this many children or fewer remain: 6 with target "10" (ten
  // captured), 10 with target "6".
  int target_remaining = 6;
  // The father wins when the children have made this many moves without trapping him;
  // 0 means no limit.
  int children_limit = 100;
};

// The outcome of a position reached in play (or set up as the start of a record), given the
// children's repetition record up to it. In play the checks fall as the rules place them:
// after a father's move the target and then the children's having no legal move; after a
// children's move the trap and then the move limit, so a trapping move wins even as the
// children's last allowed move. A position set up by hand is judged by the same checks.
rules::Outcome evaluate(const Position& pos, const RepetitionRecord& record, const EndRules& rules);

// Whether the father's target or the children's move limit has been reached. A position is
// over or without legal moves exactly when this holds or the side to move has no legal move
// (the other ends, trapped and children_stuck, are "no legal move"), which is perft's fast
// test.
inline bool target_or_limit_reached(const Position& pos, const EndRules& rules) {
  return pos.child_count() <= rules.target_remaining ||
         (rules.children_limit > 0 && pos.children_moves() >= rules.children_limit);
}

}  // namespace kaisho::musashi

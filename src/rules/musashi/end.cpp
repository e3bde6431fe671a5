#include "rules/musashi/end.hpp"

namespace kaisho::musashi {

rules::Outcome evaluate(const Position& pos, const RepetitionRecord& record,
                        const EndRules& rules) {
  constexpr int kFather = static_cast<int>(Side::Father);
  constexpr int kChildren = static_cast<int>(Side::Children);
  // In play the child count only falls on a father's move, so this fires right after the
  // move that reached the target (a set-up position is judged the same way).
  if (pos.child_count() <= rules.target_remaining) return rules::Outcome::win(kFather, "captures");
  const bool limit_reached =
      rules.children_limit > 0 && pos.children_moves() >= rules.children_limit;
  if (pos.side_to_move() == Side::Father) {
    if (father_trapped(pos)) return rules::Outcome::win(kChildren, "trapped");
    if (limit_reached) return rules::Outcome::win(kFather, "move_limit");
  } else {
    if (limit_reached) return rules::Outcome::win(kFather, "move_limit");
    if (!has_legal_move(pos, record)) return rules::Outcome::win(kFather, "children_stuck");
  }
  return rules::Outcome();
}

}  // namespace kaisho::musashi

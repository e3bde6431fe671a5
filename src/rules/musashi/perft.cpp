#include "rules/musashi/perft.hpp"

namespace kaisho::musashi {

uint64_t perft(Position& pos, RepetitionRecord& record, const EndRules& rules, int depth) {
  if (depth <= 0) return 1;
  // Over, or no legal move (see target_or_limit_reached): no moves either way.
  if (target_or_limit_reached(pos, rules)) return 0;
  if (depth == 1) return static_cast<uint64_t>(count_legal(pos, record));
  MoveList list;
  generate_legal(pos, record, list);
  uint64_t total = 0;
  const bool children = pos.side_to_move() == Side::Children;
  for (Move m : list) {
    const Position::Undo undo = pos.do_move(m);
    if (children) record.add(pos);
    total += perft(pos, record, rules, depth - 1);
    if (children) record.remove_last();
    pos.undo_move(m, undo);
  }
  return total;
}

}  // namespace kaisho::musashi

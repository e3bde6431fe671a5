#include "ai/musashi/tactics.hpp"

namespace kaisho::ai::musashi_search {

NodeEnd node_end(const Position& pos, const EndRules& rules, int legal_moves) {
  const bool father_to_move = pos.side_to_move() == Side::Father;
  if (pos.child_count() <= rules.target_remaining)
    return father_to_move ? NodeEnd::MoverWon : NodeEnd::MoverLost;
  const bool limit_reached =
      rules.children_limit > 0 && pos.children_moves() >= rules.children_limit;
  if (father_to_move) {
    if (legal_moves == 0) return NodeEnd::MoverLost;  // trapped
    if (limit_reached) return NodeEnd::MoverWon;
  } else if (limit_reached || legal_moves == 0) {
    return NodeEnd::MoverLost;  // out of moves, or stuck
  }
  return NodeEnd::None;
}

void generate_captures(const Position& pos, MoveList& list) {
  const Board& board = pos.board();
  for (PointSet d = father_destinations(pos); d; d &= d - 1) {
    const Point to = lowest(d);
    if (board.captures(to, pos.children())) list.add(Move::make(pos.father(), to));
  }
}

void select_traps(const Position& pos, const MoveList& legal, MoveList& out) {
  // Only the father's last exit can be closed in one move, by a child that was not itself
  // guarding another of his exits.
  const PointSet exits = father_destinations(pos);
  if (count(exits) != 1) return;
  const PointSet around = pos.board().neighbours(pos.father());
  for (Move m : legal)
    if (bit(m.to) == exits && !(around & bit(m.from))) out.add(m);
}

}  // namespace kaisho::ai::musashi_search

#include "rules/musashi/movegen.hpp"

namespace kaisho::musashi {

namespace {

void add_steps(Point from, PointSet targets, MoveList& list) {
  for (; targets; targets &= targets - 1) list.add(Move::make(from, lowest(targets)));
}

}  // namespace

void generate_legal(const Position& pos, const RepetitionRecord& record, MoveList& list) {
  list.clear();
  if (pos.side_to_move() == Side::Father) {
    add_steps(pos.father(), father_destinations(pos), list);
    return;
  }
  MoveList banned;
  record.banned_moves(pos, banned);
  const PointSet empty = pos.empty();
  const Board& board = pos.board();
  for (PointSet s = pos.children(); s; s &= s - 1) {
    const Point from = lowest(s);
    PointSet targets = board.neighbours(from) & empty;
    for (Move m : banned)
      if (m.from == from) targets &= ~bit(m.to);
    add_steps(from, targets, list);
  }
}

int count_legal(const Position& pos, const RepetitionRecord& record) {
  if (pos.side_to_move() == Side::Father) return count(father_destinations(pos));
  const PointSet empty = pos.empty();
  const Board& board = pos.board();
  int n = 0;
  for (PointSet s = pos.children(); s; s &= s - 1) n += count(board.neighbours(lowest(s)) & empty);
  // Every banned move is one of the steps counted above.
  MoveList banned;
  record.banned_moves(pos, banned);
  return n - banned.size();
}

bool has_legal_move(const Position& pos, const RepetitionRecord& record) {
  return count_legal(pos, record) > 0;
}

rules::IllegalMove explain_illegal(const Position& pos, const RepetitionRecord& record, Move m) {
  using rules::refuse;
  const std::string from(point_name(m.from));
  const std::string to(point_name(m.to));
  const bool father_turn = pos.side_to_move() == Side::Father;
  if (m.from == pos.father()) {
    if (!father_turn) {
      return refuse("not_your_piece", from + " holds the father, but it is the children's turn",
                    {{"square", from}, {"owner", "father"}, {"turn", "children"}});
    }
  } else if (pos.children() & bit(m.from)) {
    if (father_turn) {
      return refuse("not_your_piece", from + " holds a child, but it is the father's turn",
                    {{"square", from}, {"owner", "children"}, {"turn", "father"}});
    }
  } else {
    return refuse("no_piece", "there is no piece on " + from, {{"square", from}});
  }
  if (!pos.board().joined(m.from, m.to)) {
    return refuse("no_line", "no line joins " + from + " to " + to, {{"from", from}, {"to", to}});
  }
  if (m.to == pos.father()) {
    return refuse("occupied", to + " is occupied by the father",
                  {{"square", to}, {"piece", "father"}});
  }
  if (pos.children() & bit(m.to)) {
    return refuse("occupied", to + " is occupied by a child", {{"square", to}, {"piece", "child"}});
  }
  if (!father_turn) {
    const PointSet after = pos.children() ^ bit(m.from) ^ bit(m.to);
    if (record.contains(pos.father(), after)) {
      return refuse("repetition",
                    "it would repeat an earlier position (the children may not repeat a position)");
    }
  }
  return rules::legal_move();
}

PointSet threatened_children(const Position& pos) {
  PointSet threatened = 0;
  for (PointSet d = father_destinations(pos); d; d &= d - 1)
    threatened |= pos.board().captures(lowest(d), pos.children());
  return threatened;
}

}  // namespace kaisho::musashi

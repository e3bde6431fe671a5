#pragma once
// The children's repetition record: the positions the children may not bring about again.
// It holds the position after each children's move, plus the position the record starts
// from when the father is to move there. Every recorded position has the father to move, so
// an entry is the father's point and the children's points; entries are compared exactly
// (no hash collisions).
#include <vector>

#include "rules/musashi/position.hpp"

namespace kaisho::musashi {

class RepetitionRecord {
 public:
  // Records pos, which must have the father to move.
  void add(const Position& pos) { entries_.push_back({pos.children(), pos.father()}); }
  void remove_last() { entries_.pop_back(); }
  int size() const { return static_cast<int>(entries_.size()); }

  bool contains(Point father, PointSet children) const {
    const int n = count(children);
    for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
      // Captures are final, so the number of children never grows along the record: once an
      // entry has more children than asked for, every earlier one has too.
      if (count(it->children) != n) break;
      if (it->children == children && it->father == father) return true;
    }
    return false;
  }

  // Adds to out the children's moves in pos (children to move) that would repeat a recorded
  // position; each such move is one step of one child to an empty neighbouring point.
  void banned_moves(const Position& pos, MoveList& out) const {
    const PointSet now = pos.children();
    const int n = count(now);
    for (auto it = entries_.rbegin(); it != entries_.rend(); ++it) {
      if (count(it->children) != n) break;
      if (it->father != pos.father()) continue;
      const PointSet diff = it->children ^ now;
      if (count(diff) != 2) continue;
      const Point from = lowest(diff & now);
      const Point to = lowest(diff & it->children);
      const Move m = Move::make(from, to);
      if (pos.board().joined(from, to) && !out.contains(m)) out.add(m);
    }
  }

 private:
  struct Entry {
    PointSet children;
    Point father;
  };
  std::vector<Entry> entries_;
};

}  // namespace kaisho::musashi

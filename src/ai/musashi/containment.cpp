#include "ai/musashi/containment.hpp"

namespace kaisho::ai::musashi_search {

Region father_region(const Position& pos) {
  const Board& board = pos.board();
  const PointSet empty = pos.empty();
  Region r;
  r.layers[0] = bit(pos.father());
  PointSet seen = r.layers[0];
  for (int d = 1; d <= kMaxPoints; ++d) {
    PointSet next = 0;
    for (PointSet s = r.layers[static_cast<size_t>(d - 1)]; s; s &= s - 1)
      next |= board.neighbours(lowest(s));
    next &= empty & ~seen;
    if (!next) break;
    r.layers[static_cast<size_t>(d)] = next;
    r.depth = d;
    seen |= next;
  }
  r.points = seen & ~bit(pos.father());
  return r;
}

CaptureThreats capture_threats(const Position& pos, const Region& region) {
  const Board& board = pos.board();
  CaptureThreats t;
  for (int d = 1; d <= 3 && d <= region.depth; ++d) {
    for (PointSet s = region.layers[static_cast<size_t>(d)]; s; s &= s - 1) {
      const int taken = count(board.captures(lowest(s), pos.children()));
      if (!taken) continue;
      t.at[d] += taken;
      if (d != 1) continue;
      ++t.points;
      if (taken > t.largest) {
        t.second = t.largest;
        t.largest = taken;
      } else if (taken > t.second) {
        t.second = taken;
      }
    }
  }
  return t;
}

}  // namespace kaisho::ai::musashi_search

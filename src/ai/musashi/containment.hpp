#pragma once
// How well the children contain the father: the empty points he can walk to (a flood fill
// from his point over empty points, by distance), and the children he could capture on
// the way.
#include <array>

#include "rules/musashi/position.hpp"

namespace kaisho::ai::musashi_search {

using namespace kaisho::musashi;

struct Region {
  // layers[d]: the empty points first reached in d steps (layers[0] is the father's point);
  // the fill stops at depth `depth`.
  std::array<PointSet, kMaxPoints + 1> layers{};
  int depth = 0;
  PointSet points = 0;  // every reachable empty point (not the father's)
  int size() const { return count(points); }
};
Region father_region(const Position& pos);

// For the points at distance 1, 2 and 3 in the region: the children the father would
// capture by arriving there, summed over the points of that layer (threat[d]), and at
// distance 1 the number of capturing points and the two largest captures.
struct CaptureThreats {
  int at[4] = {0, 0, 0, 0};  // at[d]: children capturable on arrival, summed over layer d
  int points = 0;            // capturing points next to the father
  int largest = 0;
  int second = 0;
};
CaptureThreats capture_threats(const Position& pos, const Region& region);

}  // namespace kaisho::ai::musashi_search

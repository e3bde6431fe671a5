#pragma once
// The Juroku Musashi board as a graph: points, the lines joining neighbouring points, and for
// each point the straight lines through it (pairs of neighbours with the point exactly
// midway), which is where the father captures. Built once for each board shape.
#include <array>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/musashi/types.hpp"

namespace kaisho::musashi {

enum class Shape {
  Sechin33,  // the 5x5 square with the sechin triangle on the right (default)
  Square25,  // the square alone, as in Edo-period drawings
};

class Board {
 public:
  // The board of a shape; the object lives for the whole program.
  static const Board& get(Shape shape);

  Shape shape() const { return shape_; }
  int point_count() const { return point_count_; }  // 33 or 25; the points are 0..count-1
  PointSet all() const { return all_; }
  bool has(Point p) const { return p >= 0 && p < point_count_; }

  // Points joined to p by a line.
  PointSet neighbours(Point p) const { return neighbours_[static_cast<size_t>(p)]; }
  bool joined(Point a, Point b) const { return (neighbours(a) & bit(b)) != 0; }
  // The straight lines through p: each entry holds the two neighbours a, b of p with p
  // exactly midway between them (at most four).
  int straight_count(Point p) const { return straight_count_[static_cast<size_t>(p)]; }
  PointSet straight(Point p, int i) const {
    return straight_[static_cast<size_t>(p)][static_cast<size_t>(i)];
  }
  // The children the father captures by arriving on p: both children of every straight line
  // through p that has a child on each side.
  PointSet captures(Point p, PointSet children) const {
    PointSet taken = 0;
    const auto& pairs = straight_[static_cast<size_t>(p)];
    for (int i = 0; i < straight_count(p); ++i) {
      const PointSet pair = pairs[static_cast<size_t>(i)];
      if ((children & pair) == pair) taken |= pair;
    }
    return taken;
  }

  // Every line once, as (lower index, higher index), in a fixed order.
  const std::vector<std::pair<Point, Point>>& lines() const { return lines_; }

 private:
  explicit Board(Shape shape);

  Shape shape_;
  int point_count_ = 0;
  PointSet all_ = 0;
  std::array<PointSet, kMaxPoints> neighbours_{};
  std::array<std::array<PointSet, 4>, kMaxPoints> straight_{};
  std::array<int, kMaxPoints> straight_count_{};
  std::vector<std::pair<Point, Point>> lines_;
};

// The name of any of the 33 points ("a1".."g5").
std::string_view point_name(Point p);
// The point with this name among the 33, or kNoPoint (whether it is on a given board is
// Board::has's question).
Point point_from_name(std::string_view name);
// Drawing coordinates: x to the right (column a = 0 .. g = 6), y downwards (row 5 = 0 ..
// row 1 = 4), one unit between neighbouring rows and columns; a5 is (0, 0), e3 (4, 2).
int point_x(Point p);
int point_y(Point p);

}  // namespace kaisho::musashi

#include "rules/musashi/board.hpp"

#include <cassert>

namespace kaisho::musashi {

namespace {

// Column (0 = a .. 6 = g) and row (1..5) of each point index.
struct Coord {
  int column;
  int row;
};

constexpr std::array<Coord, kMaxPoints> kCoords = [] {
  std::array<Coord, kMaxPoints> c{};
  for (int col = 0; col < 5; ++col)
    for (int row = 1; row <= 5; ++row) c[static_cast<size_t>(col * 5 + row - 1)] = {col, row};
  c[25] = {5, 2};
  c[26] = {5, 3};
  c[27] = {5, 4};
  for (int row = 1; row <= 5; ++row) c[static_cast<size_t>(27 + row)] = {6, row};
  return c;
}();

constexpr std::array<std::string_view, kMaxPoints> kNames = {
    "a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "b5", "c1",
    "c2", "c3", "c4", "c5", "d1", "d2", "d3", "d4", "d5", "e1", "e2",
    "e3", "e4", "e5", "f2", "f3", "f4", "g1", "g2", "g3", "g4", "g5"};

Point at(std::string_view name) {
  const Point p = point_from_name(name);
  assert(p != kNoPoint);
  return p;
}

// The sixteen alquerque diagonals of the square (musashi.md lists them).
constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kSquareDiagonals = {{
    {"a1", "b2"},
    {"c1", "b2"},
    {"c1", "d2"},
    {"e1", "d2"},
    {"b2", "a3"},
    {"b2", "c3"},
    {"d2", "c3"},
    {"d2", "e3"},
    {"a3", "b4"},
    {"c3", "b4"},
    {"c3", "d4"},
    {"e3", "d4"},
    {"b4", "a5"},
    {"b4", "c5"},
    {"d4", "c5"},
    {"d4", "e5"},
}};

// The sixteen lines of the sechin (musashi.md lists them); it meets the square only at e3.
constexpr std::array<std::pair<std::string_view, std::string_view>, 16> kSechinLines = {{
    {"e3", "f2"},
    {"e3", "f3"},
    {"e3", "f4"},
    {"f2", "f3"},
    {"f3", "f4"},
    {"f2", "g1"},
    {"f4", "g5"},
    {"f3", "g3"},
    {"f2", "g2"},
    {"f4", "g4"},
    {"f2", "g3"},
    {"f4", "g3"},
    {"g1", "g2"},
    {"g2", "g3"},
    {"g3", "g4"},
    {"g4", "g5"},
}};

}  // namespace

std::string_view point_name(Point p) {
  return p >= 0 && p < kMaxPoints ? kNames[static_cast<size_t>(p)] : std::string_view("??");
}

Point point_from_name(std::string_view name) {
  for (Point p = 0; p < kMaxPoints; ++p)
    if (kNames[static_cast<size_t>(p)] == name) return p;
  return kNoPoint;
}

int point_x(Point p) {
  return kCoords[static_cast<size_t>(p)].column;
}
int point_y(Point p) {
  return 5 - kCoords[static_cast<size_t>(p)].row;
}

Board::Board(Shape shape) : shape_(shape) {
  point_count_ = shape == Shape::Sechin33 ? 33 : 25;
  all_ = (PointSet{1} << point_count_) - 1;

  auto join = [this](Point a, Point b) {
    assert(has(a) && has(b) && a != b && !joined(a, b));
    neighbours_[static_cast<size_t>(a)] |= bit(b);
    neighbours_[static_cast<size_t>(b)] |= bit(a);
    lines_.emplace_back(a < b ? a : b, a < b ? b : a);
  };
  // Orthogonal lines of the square: each point to its upper and its right neighbour.
  for (int col = 0; col < 5; ++col) {
    for (int row = 1; row <= 5; ++row) {
      const Point p = col * 5 + row - 1;
      if (row < 5) join(p, p + 1);
      if (col < 4) join(p, p + 5);
    }
  }
  for (const auto& [a, b] : kSquareDiagonals) join(at(a), at(b));
  if (shape == Shape::Sechin33)
    for (const auto& [a, b] : kSechinLines) join(at(a), at(b));

  // Straight lines through p: neighbours a < b with p exactly midway (p's drawing
  // coordinates are the mean of theirs, so the three lie on one straight line).
  for (Point p = 0; p < point_count_; ++p) {
    const PointSet nb = neighbours(p);
    for (Point a = 0; a < point_count_; ++a) {
      if (!(nb & bit(a))) continue;
      for (Point b = a + 1; b < point_count_; ++b) {
        if (!(nb & bit(b))) continue;
        if (point_x(a) + point_x(b) == 2 * point_x(p) &&
            point_y(a) + point_y(b) == 2 * point_y(p)) {
          auto& n = straight_count_[static_cast<size_t>(p)];
          assert(n < 4);
          straight_[static_cast<size_t>(p)][static_cast<size_t>(n++)] = bit(a) | bit(b);
        }
      }
    }
  }
}

const Board& Board::get(Shape shape) {
  static const Board sechin(Shape::Sechin33);
  static const Board square(Shape::Square25);
  return shape == Shape::Sechin33 ? sechin : square;
}

}  // namespace kaisho::musashi

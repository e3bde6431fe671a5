#pragma once
// What a board looks like, for drawing it: a grid of squares, or a graph of points and lines
// (Juroku Musashi). Nothing in the common interface assumes a rectangle.
#include <string>
#include <utility>
#include <vector>

namespace kaisho::rules {

struct BoardPoint {
  std::string name;  // as in notation: "5e", "c3"
  double x = 0;      // drawing coordinates, x to the right, y downwards, as the first
  double y = 0;      //   seat sees the board; one unit between neighbouring points
};

struct BoardGeometry {
  enum class Kind { Grid, Graph };
  Kind kind = Kind::Grid;
  int columns = 0;  // Grid: squares across and down
  int rows = 0;
  std::vector<BoardPoint> points;          // Grid: row by row from the top left
  std::vector<std::pair<int, int>> lines;  // Graph: indices into points
};

}  // namespace kaisho::rules

#include "rules/shogi_family/board_geometry.hpp"

#include "rules/shogi_family/square.hpp"

namespace kaisho::shogi_family {

rules::BoardGeometry nine_by_nine_board() {
  rules::BoardGeometry g;
  g.kind = rules::BoardGeometry::Kind::Grid;
  g.columns = 9;
  g.rows = 9;
  for (int rank = 1; rank <= 9; ++rank)
    for (int file = 9; file >= 1; --file)
      g.points.push_back({square_name(make_square(file, rank)), static_cast<double>(9 - file),
                          static_cast<double>(rank - 1)});
  return g;
}

}  // namespace kaisho::shogi_family

#include "rules/musashi/notation.hpp"

#include "core/text.hpp"

namespace kaisho::musashi {

namespace {

Error position_error(std::string what) {
  return make_error("bad position: " + std::move(what));
}

std::string board_label(const Board& board) {
  return board.shape() == Shape::Sechin33 ? "the 33-point board"
                                          : "the 25-point board (it has no sechin)";
}

// A point name that exists on board, or why not.
Result<Point> read_point(std::string_view name, const Board& board) {
  const Point p = point_from_name(name);
  if (p == kNoPoint) {
    return make_error("no point named " + text::quote(name) +
                      " (points are a1..e5 and the sechin f2, f3, f4, g1..g5)");
  }
  if (!board.has(p))
    return make_error("there is no point " + std::string(name) + " on " + board_label(board));
  return p;
}

}  // namespace

Result<Position> parse_position(std::string_view text, const Board& board, int children_limit) {
  const auto fields = text::split_ws(text);
  if (fields.size() != 4) {
    return position_error("expected 4 fields (F:father C:children side count), got " +
                          std::to_string(fields.size()));
  }
  // Father.
  if (fields[0].substr(0, 2) != "F:")
    return position_error("the first field must be the father, F:POINT, got " +
                          text::quote(fields[0]));
  const std::string_view father_field = fields[0].substr(2);
  if (father_field.empty()) return position_error("no father: F: must name his point");
  const auto fathers = text::split(father_field, ',');
  if (fathers.size() != 1) {
    return position_error("there is exactly one father, got " + std::to_string(fathers.size()) +
                          " in " + text::quote(fields[0]));
  }
  auto father = read_point(fathers[0], board);
  if (!father) return position_error("father: " + father.error().message);
  // Children.
  if (fields[1].substr(0, 2) != "C:") {
    return position_error("the second field must be the children, C:POINT,POINT,..., got " +
                          text::quote(fields[1]));
  }
  PointSet children = 0;
  const std::string_view children_field = fields[1].substr(2);
  if (!children_field.empty()) {
    const auto names = text::split(children_field, ',');
    if (names.size() > 16) {
      return position_error("there are at most 16 children, got " + std::to_string(names.size()));
    }
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i].empty()) {
        return position_error("child " + std::to_string(i + 1) + " of " + text::quote(fields[1]) +
                              " is an empty name");
      }
      auto p = read_point(names[i], board);
      if (!p) return position_error("child " + std::to_string(i + 1) + ": " + p.error().message);
      if (children & bit(*p)) return position_error("two children on " + std::string(names[i]));
      if (*p == *father) {
        return position_error("the father and a child are both on " + std::string(names[i]));
      }
      children |= bit(*p);
    }
  }
  // Side to move.
  Side side;
  if (fields[2] == "f")
    side = Side::Father;
  else if (fields[2] == "c")
    side = Side::Children;
  else
    return position_error("side to move must be 'f' (father) or 'c' (children), got " +
                          text::quote(fields[2]));
  // Children's move count.
  const auto moves = text::parse_int(fields[3]);
  if (!moves) {
    return position_error("the children's move count must be a non-negative integer, got " +
                          text::quote(fields[3]));
  }
  if (children_limit > 0 && *moves > children_limit) {
    return position_error("the children have made " + std::to_string(*moves) +
                          " moves, more than the limit of " + std::to_string(children_limit));
  }
  return Position(board, *father, children, side, *moves);
}

std::string position_text(const Position& pos) {
  std::string out = "F:";
  out += point_name(pos.father());
  out += " C:";
  bool first = true;
  for (PointSet s = pos.children(); s; s &= s - 1) {
    if (!first) out += ',';
    first = false;
    out += point_name(lowest(s));
  }
  out += pos.side_to_move() == Side::Father ? " f " : " c ";
  out += std::to_string(pos.children_moves());
  return out;
}

std::string move_text(Move m) {
  std::string out(point_name(m.from));
  out += '-';
  out += point_name(m.to);
  return out;
}

Result<Move> parse_move(std::string_view text, const Board& board) {
  const auto parts = text::split(text, '-');
  if (parts.size() != 2 || parts[0].empty() || parts[1].empty()) {
    return make_error("a move is written FROM-TO, like c3-c4; got " + text::quote(text));
  }
  auto from = read_point(parts[0], board);
  if (!from) return make_error("move " + text::quote(text) + ": " + from.error().message);
  auto to = read_point(parts[1], board);
  if (!to) return make_error("move " + text::quote(text) + ": " + to.error().message);
  return Move::make(*from, *to);
}

}  // namespace kaisho::musashi

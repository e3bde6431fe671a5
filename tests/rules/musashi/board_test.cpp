// The board graphs: points, lines, straight lines through points, drawing coordinates.
#include <cmath>

#include "musashi_test_util.hpp"
#include "rules/registry/registry.hpp"

namespace kaisho::musashi {
namespace {

using testing::names;

std::set<std::pair<std::string, std::string>> line_names(const Board& board) {
  std::set<std::pair<std::string, std::string>> out;
  for (const auto& [a, b] : board.lines()) {
    std::string x(point_name(a)), y(point_name(b));
    out.emplace(std::min(x, y), std::max(x, y));
  }
  return out;
}

// The lines exactly as musashi.md lists them, built here independently of the engine.
std::set<std::pair<std::string, std::string>> spec_lines(bool sechin) {
  std::set<std::pair<std::string, std::string>> out;
  auto add = [&](std::string a, std::string b) { out.emplace(std::min(a, b), std::max(a, b)); };
  const std::string cols = "abcde";
  for (int c = 0; c < 5; ++c) {
    for (int r = 1; r <= 5; ++r) {
      const std::string p = cols[c] + std::to_string(r);
      if (r < 5) add(p, cols[c] + std::to_string(r + 1));
      if (c < 4) add(p, cols[c + 1] + std::to_string(r));
    }
  }
  for (auto [a, b] : {std::pair{"a1", "b2"},
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
                      {"d4", "e5"}})
    add(a, b);
  if (sechin) {
    for (auto [a, b] : {std::pair{"e3", "f2"},
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
                        {"g4", "g5"}})
      add(a, b);
  }
  return out;
}

// The straight lines through the named point, each written "a-b".
std::set<std::string> straight_lines(const Board& board, std::string_view point) {
  const Point p = point_from_name(point);
  std::set<std::string> out;
  for (int i = 0; i < board.straight_count(p); ++i) {
    const auto pair = names(board.straight(p, i));
    out.insert(*pair.begin() + "-" + *pair.rbegin());
  }
  return out;
}

TEST(MusashiBoard, SechinBoardHas33PointsAnd72Lines) {
  const Board& board = Board::get(Shape::Sechin33);
  EXPECT_EQ(board.point_count(), 33);
  EXPECT_EQ(board.lines().size(), 72u);
  EXPECT_EQ(line_names(board), spec_lines(true));
}

TEST(MusashiBoard, SquareBoardHas25PointsAnd56Lines) {
  const Board& board = Board::get(Shape::Square25);
  EXPECT_EQ(board.point_count(), 25);
  EXPECT_EQ(board.lines().size(), 56u);
  EXPECT_EQ(line_names(board), spec_lines(false));
  EXPECT_FALSE(board.has(point_from_name("f3")));
  EXPECT_FALSE(board.has(point_from_name("g5")));
}

TEST(MusashiBoard, PointNamesRoundTripInNameOrder) {
  for (Point p = 0; p < kMaxPoints; ++p) {
    EXPECT_EQ(point_from_name(point_name(p)), p);
    if (p > 0) {
      EXPECT_LT(point_name(p - 1), point_name(p));
    }
  }
  EXPECT_EQ(point_from_name("f1"), kNoPoint);
  EXPECT_EQ(point_from_name("h3"), kNoPoint);
  EXPECT_EQ(point_from_name("C3"), kNoPoint);
}

TEST(MusashiBoard, DiagonalsOnlyWhereColumnPlusRowIsEven) {
  const Board& board = Board::get(Shape::Square25);
  EXPECT_TRUE(board.joined(point_from_name("c3"), point_from_name("b2")));
  EXPECT_FALSE(board.joined(point_from_name("c4"), point_from_name("b3")));
  EXPECT_FALSE(board.joined(point_from_name("b3"), point_from_name("a2")));
  EXPECT_EQ(count(board.neighbours(point_from_name("c3"))), 8);
  EXPECT_EQ(count(board.neighbours(point_from_name("c4"))), 4);
  EXPECT_EQ(count(board.neighbours(point_from_name("a1"))), 3);
  EXPECT_EQ(count(board.neighbours(point_from_name("a2"))), 3);
}

TEST(MusashiBoard, StraightLinesThroughE3IntoTheSechin) {
  EXPECT_EQ(straight_lines(Board::get(Shape::Sechin33), "e3"),
            (std::set<std::string>{"d3-f3", "d2-f4", "d4-f2", "e2-e4"}));
  EXPECT_EQ(count(Board::get(Shape::Sechin33).neighbours(point_from_name("e3"))), 8);
}

TEST(MusashiBoard, SquareBoardE3KeepsOnlyE2E4) {
  EXPECT_EQ(straight_lines(Board::get(Shape::Square25), "e3"), (std::set<std::string>{"e2-e4"}));
  EXPECT_EQ(count(Board::get(Shape::Square25).neighbours(point_from_name("e3"))), 5);
}

TEST(MusashiBoard, StraightLinesInsideTheSechin) {
  const Board& board = Board::get(Shape::Sechin33);
  EXPECT_EQ(straight_lines(board, "f3"), (std::set<std::string>{"e3-g3", "f2-f4"}));
  EXPECT_EQ(straight_lines(board, "f2"), (std::set<std::string>{"e3-g1"}));
  EXPECT_EQ(straight_lines(board, "f4"), (std::set<std::string>{"e3-g5"}));
  EXPECT_EQ(straight_lines(board, "g2"), (std::set<std::string>{"g1-g3"}));
  EXPECT_EQ(straight_lines(board, "g3"), (std::set<std::string>{"g2-g4"}));
  EXPECT_EQ(straight_lines(board, "g4"), (std::set<std::string>{"g3-g5"}));
  EXPECT_TRUE(straight_lines(board, "g1").empty());
  EXPECT_TRUE(straight_lines(board, "g5").empty());
}

TEST(MusashiBoard, StraightLinesInTheSquare) {
  const Board& board = Board::get(Shape::Sechin33);
  EXPECT_EQ(straight_lines(board, "c3"),
            (std::set<std::string>{"b2-d4", "b3-d3", "b4-d2", "c2-c4"}));
  EXPECT_EQ(straight_lines(board, "b2"),
            (std::set<std::string>{"a1-c3", "a2-c2", "a3-c1", "b1-b3"}));
  EXPECT_EQ(straight_lines(board, "c4"), (std::set<std::string>{"b4-d4", "c3-c5"}));
  EXPECT_EQ(straight_lines(board, "a3"), (std::set<std::string>{"a2-a4"}));
  EXPECT_EQ(straight_lines(board, "c1"), (std::set<std::string>{"b1-d1"}));
  for (const char* corner : {"a1", "a5", "e1", "e5"})
    EXPECT_TRUE(straight_lines(board, corner).empty());
}

TEST(MusashiBoard, GeometryIsAGraphWithDrawingCoordinates) {
  const rules::Game& game = musashi_game();
  for (const char* shape : {"33", "25"}) {
    const rules::BoardGeometry g = game.board(testing::options({{"board", shape}}));
    const Board& board = Board::get(std::string(shape) == "33" ? Shape::Sechin33 : Shape::Square25);
    EXPECT_EQ(g.kind, rules::BoardGeometry::Kind::Graph);
    ASSERT_EQ(g.points.size(), static_cast<size_t>(board.point_count()));
    EXPECT_EQ(g.lines.size(), board.lines().size());
    for (const auto& [a, b] : g.lines) {
      ASSERT_TRUE(a >= 0 && b >= 0 && a < static_cast<int>(g.points.size()) &&
                  b < static_cast<int>(g.points.size()));
      // Neighbouring points are one unit apart, or one unit each way along a diagonal.
      const double dx = std::abs(g.points[a].x - g.points[b].x);
      const double dy = std::abs(g.points[a].y - g.points[b].y);
      EXPECT_TRUE(dx <= 1 && dy <= 1 && dx + dy > 0) << g.points[a].name << "-" << g.points[b].name;
    }
  }
  const rules::BoardGeometry g = game.board(testing::options());
  auto find = [&](std::string_view name) {
    for (const auto& p : g.points)
      if (p.name == name) return std::pair{p.x, p.y};
    ADD_FAILURE() << name;
    return std::pair{-1.0, -1.0};
  };
  EXPECT_EQ(find("a5"), (std::pair{0.0, 0.0}));
  EXPECT_EQ(find("a1"), (std::pair{0.0, 4.0}));
  EXPECT_EQ(find("e3"), (std::pair{4.0, 2.0}));
  EXPECT_EQ(find("f2"), (std::pair{5.0, 3.0}));
  EXPECT_EQ(find("f4"), (std::pair{5.0, 1.0}));
  EXPECT_EQ(find("g1"), (std::pair{6.0, 4.0}));
  EXPECT_EQ(find("g5"), (std::pair{6.0, 0.0}));
}

TEST(MusashiGame, IsRegisteredWithItsSeats) {
  EXPECT_EQ(rules::find_game("musashi"), &musashi_game());
  const rules::Game& game = musashi_game();
  EXPECT_EQ(game.name(), "Juroku Musashi");
  EXPECT_EQ(game.seat_count(), 2);
  EXPECT_EQ(game.seat_names(), (std::vector<std::string>{"father", "children"}));
}

TEST(MusashiGame, OptionKeysAndValuesFollowTheNotation) {
  std::vector<std::pair<std::string, std::vector<std::string>>> schema;
  for (const auto& spec : musashi_game().option_schema())
    schema.emplace_back(spec.key, spec.choices);
  const std::vector<std::pair<std::string, std::vector<std::string>>> expected = {
      {"start", {"father", "children"}},
      {"target", {"10", "6"}},
      {"children_limit", {"100", "150", "200", "0"}},
      {"board", {"33", "25"}},
      {"swap_roles", {"true", "false"}},
      {"show_threats", {"true", "false"}},
      {"show_legal_moves", {"true", "false"}},
  };
  EXPECT_EQ(schema, expected);
  EXPECT_FALSE(musashi_game().make_options({{"board", "32"}}).ok());
}

}  // namespace
}  // namespace kaisho::musashi

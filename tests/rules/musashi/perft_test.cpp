// Perft from the start position.
#include <map>

#include "musashi_test_util.hpp"

namespace kaisho::musashi {
namespace {

uint64_t perft(int depth, const testing::Overrides& overrides = {}) {
  auto state = testing::load("startpos", overrides);
  return state ? state->perft(depth, nullptr) : 0;
}

// Counts of an independent implementation of the spec (the brief of this engine).
TEST(MusashiPerft, StartFatherFirstOnTheSechinBoard) {
  const uint64_t expected[] = {1, 8, 186, 685, 16243};
  for (int depth = 0; depth <= 4; ++depth) EXPECT_EQ(perft(depth), expected[depth]) << depth;
}

// Counts cross-checked with a separate brute-force script written from musashi.md (plain
// sets, copy-make, the record as a list of positions).
TEST(MusashiPerft, DeeperAndOtherSettings) {
  EXPECT_EQ(perft(5), 80736u);
  const uint64_t children_first[] = {27, 192, 4640, 15899, 396184};
  const uint64_t square_father[] = {8, 168, 616, 13572, 64296};
  const uint64_t square_children[] = {24, 168, 3688, 12480, 287908};
  for (int depth = 1; depth <= 5; ++depth) {
    EXPECT_EQ(perft(depth, {{"start", "children"}}), children_first[depth - 1]) << depth;
    EXPECT_EQ(perft(depth, {{"board", "25"}}), square_father[depth - 1]) << depth;
    EXPECT_EQ(perft(depth, {{"board", "25"}, {"start", "children"}}), square_children[depth - 1])
        << depth;
  }
}

TEST(MusashiPerft, DivideSumsToTheTotal) {
  auto state = testing::load("startpos");
  ASSERT_TRUE(state);
  std::map<std::string, uint64_t> lines;
  rules::DivideFn collect = [&](const std::string& m, uint64_t n) { lines[m] = n; };
  EXPECT_EQ(state->perft(3, &collect), 685u);
  EXPECT_EQ(lines.size(), 8u);
  uint64_t sum = 0;
  for (const auto& [m, n] : lines) sum += n;
  EXPECT_EQ(sum, 685u);
  auto next = state->clone();
  ASSERT_TRUE(next->play("c3-b2").ok());
  EXPECT_EQ(lines["c3-b2"], next->perft(2, nullptr));
}

TEST(MusashiPerft, EndsHaveNoMoves) {
  // The father's target reached one ply ahead: the capturing move leads nowhere.
  auto state = testing::load("F:c3 C:a1,a2,b1,b4,c1,d1,d4,e1 f 0");
  ASSERT_TRUE(state);
  std::map<std::string, uint64_t> lines;
  rules::DivideFn collect = [&](const std::string& m, uint64_t n) { lines[m] = n; };
  state->perft(2, &collect);
  EXPECT_EQ(lines["c3-c4"], 0u);
  EXPECT_GT(lines["c3-c2"], 0u);
  // The move limit: after the children's 100th move nothing follows.
  auto limit = testing::load("F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1 c 99");
  ASSERT_TRUE(limit);
  EXPECT_EQ(limit->perft(1, nullptr), limit->legal_moves().size());
  EXPECT_EQ(limit->perft(2, nullptr), 0u);
}

}  // namespace
}  // namespace kaisho::musashi

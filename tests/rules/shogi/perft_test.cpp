// Published perft counts (positions after exactly N legal moves).
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

uint64_t perft(std::string_view game, std::string_view position, int depth) {
  auto s = load(game, position);
  return s ? s->perft(depth, nullptr) : 0;
}

TEST(ShogiPerft, StartPositionDepths1To5) {
  const uint64_t expected[] = {30, 900, 25470, 719731, 19861490};
  for (int d = 1; d <= 5; ++d) EXPECT_EQ(perft("shogi", "startpos", d), expected[d - 1]) << d;
}

TEST(ShogiPerft, MatsuriPositionDepths1To3) {
  const char* matsuri = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
  const uint64_t expected[] = {207, 28684, 4809015};
  for (int d = 1; d <= 3; ++d) EXPECT_EQ(perft("shogi", matsuri, d), expected[d - 1]) << d;
}

TEST(ShogiPerft, PawnDropMatePositionDepths1To4) {
  const char* position = "7lk/9/8S/9/9/9/9/7L1/8K b P 1";
  const uint64_t expected[] = {85, 639, 10786, 167089};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft("shogi", position, d), expected[d - 1]) << d;
}

// lishogi's rules library (an independent implementation) from the traditional Annan start.
TEST(AnnanPerft, TraditionalStartDepths1To4) {
  const char* start = "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1";
  const uint64_t expected[] = {28, 784, 22726, 658600};
  for (int d = 1; d <= 4; ++d) EXPECT_EQ(perft("annan", start, d), expected[d - 1]) << d;
}

TEST(ShogiPerft, DepthZeroIsOneAndDivideSumsToTotal) {
  auto s = load("shogi", "startpos");
  EXPECT_EQ(s->perft(0, nullptr), 1u);
  uint64_t sum = 0;
  int lines = 0;
  rules::DivideFn f = [&](const std::string&, uint64_t n) {
    sum += n;
    ++lines;
  };
  EXPECT_EQ(s->perft(3, &f), 25470u);
  EXPECT_EQ(sum, 25470u);
  EXPECT_EQ(lines, 30);
}

TEST(ShogiPerft, FinishedGameHasNoMoves) {
  // Gote is checkmated by the gold drop: nothing below it.
  auto s = load("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b G 1 moves G*1b");
  ASSERT_TRUE(s->outcome().over());
  EXPECT_EQ(s->perft(1, nullptr), 0u);
  EXPECT_EQ(s->perft(0, nullptr), 1u);
}

}  // namespace
}  // namespace kaisho::testing

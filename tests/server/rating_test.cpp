// Glicko-2 against Glickman's worked example, and the platform's ways of rating a game;
// expected values computed by hand from the paper's formulas (an independent script).
#include <gtest/gtest.h>

#include "server/rating/table_rating.hpp"

namespace kaisho::rating {
namespace {

TEST(Glicko2, GlickmansWorkedExample) {
  Rating r = update({1500, 200, 0.06},
                    {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}});
  EXPECT_NEAR(r.rating, 1464.06, 0.01);
  EXPECT_NEAR(r.deviation, 151.52, 0.01);
  EXPECT_NEAR(r.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, NoGamesOnlyWidensTheDeviation) {
  Rating r = update({1500, 200, 0.06}, {});
  EXPECT_EQ(r.rating, 1500);
  EXPECT_NEAR(r.deviation, 200.271, 0.001);  // sqrt(200^2 + (0.06 * 173.7178)^2)
}

TEST(TableRating, WinAgainstAFixedCpuLevel) {
  auto after = rate_table({{1500, 350, 0.06}, {500, 50, 0.06}}, {false, true},
                          [](size_t a, size_t) { return a == 0 ? 1.0 : 0.0; });
  EXPECT_NEAR(after[0].rating, 1502.33, 0.01);
  EXPECT_NEAR(after[0].deviation, 347.84, 0.01);
  EXPECT_EQ(after[1].rating, 500);  // the CPU is never updated
}

TEST(TableRating, DrawCountsHalf) {
  auto after = rate_table({{1500, 350, 0.06}, {1500, 350, 0.06}}, {false, false},
                          [](size_t, size_t) { return 0.5; });
  EXPECT_NEAR(after[0].rating, 1500.0, 1e-6);
  EXPECT_NEAR(after[0].deviation, 290.32, 0.01);
  EXPECT_NEAR(after[1].deviation, 290.32, 0.01);
}

TEST(TableRating, FourPlayersByPlacementEachPairingWeighsAThird) {
  std::vector<Rating> before = {
      {1500, 350, 0.06}, {1600, 200, 0.06}, {1000, 50, 0.06}, {1400, 300, 0.06}};
  const int places[] = {1, 2, 3, 4};
  auto after = rate_table(before, {false, false, true, false}, [&](size_t a, size_t b) {
    return places[a] < places[b] ? 1.0 : places[a] == places[b] ? 0.5 : 0.0;
  });
  EXPECT_NEAR(after[0].rating, 1638.75, 0.01);
  EXPECT_NEAR(after[0].deviation, 289.15, 0.01);
  EXPECT_NEAR(after[1].rating, 1589.79, 0.01);
  EXPECT_NEAR(after[3].rating, 1218.34, 0.01);
  EXPECT_EQ(after[2].rating, 1000);
}

}  // namespace
}  // namespace kaisho::rating

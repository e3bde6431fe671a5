// The per-ply bookkeeping shared by the alpha-beta searches: history statistics stay within
// their bound and follow recent results, and a cutoff rewards its move over the others tried.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>

#include "ai/search_stack.hpp"

namespace kaisho::testing {
namespace {

TEST(SearchStack, AHistoryStatisticStaysWithinItsBound) {
  int16_t h = 0;
  for (int i = 0; i < 1000; ++i) ai::update_history(h, 1600);
  EXPECT_LE(h, ai::kHistoryMax);
  EXPECT_GT(h, ai::kHistoryMax - 1600);
  for (int i = 0; i < 1000; ++i) ai::update_history(h, -1600);
  EXPECT_GE(h, -ai::kHistoryMax);
  EXPECT_LT(h, -ai::kHistoryMax + 1600);
}

// Near the bound a bonus in the same direction barely moves the statistic, one against it
// moves it by more than its own size: recent results outweigh a long run of old ones.
TEST(SearchStack, AHistoryStatisticFollowsRecentResults) {
  int16_t h = 0;
  for (int i = 0; i < 1000; ++i) ai::update_history(h, 1600);
  const int16_t saturated = h;
  ai::update_history(h, 1600);
  EXPECT_LE(h - saturated, 10);
  ai::update_history(h, -1600);
  EXPECT_LE(h, saturated - 3000);
}

// At a cutoff the move that cut gains, each other quiet move tried before it loses as much,
// the amount grows with depth to a cap, and only the first 64 moves tried are kept.
TEST(SearchStack, ACutoffRewardsItsMoveAndPenalisesTheQuietMovesTriedBeforeIt) {
  ai::TriedQuiets<int> tried;
  for (int m = 1; m <= 70; ++m) tried.add(m);
  std::map<int, int> amounts;
  tried.reward_cutoff(3, 4, [&](int m, int amount) { amounts[m] += amount; });
  EXPECT_EQ(amounts.size(), 64u);
  EXPECT_EQ(amounts[3], 16 * 4 * 4);
  EXPECT_EQ(amounts[1], -16 * 4 * 4);
  EXPECT_EQ(amounts[64], -16 * 4 * 4);
  EXPECT_EQ(amounts.count(65), 0u);

  std::map<int, int> deep;
  tried.reward_cutoff(70, 30, [&](int m, int amount) { deep[m] += amount; });
  EXPECT_EQ(deep[70], 1600) << "a move beyond the kept ones is still rewarded";
  EXPECT_EQ(deep[1], -1600);
}

}  // namespace
}  // namespace kaisho::testing

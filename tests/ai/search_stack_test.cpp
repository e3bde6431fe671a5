// The per-ply bookkeeping shared by the alpha-beta searches: history statistics stay within
// their bound and follow recent results.
#include <gtest/gtest.h>

#include <cstdint>

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

}  // namespace
}  // namespace kaisho::testing

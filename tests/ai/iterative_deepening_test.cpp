// When iterative deepening stops: against a clock it starts no iteration once half the
// budget is spent; a move's own allowance (byoyomi, the server's CPU budget) is used whole.
// How aspiration windows end: with the move and score a full window finds. Which moves the
// test for a forced loss (RootHooks::loses_by_force) keeps from being played.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ai/iterative_deepening.hpp"

namespace kaisho::testing {
namespace {

// Iterative deepening over the root moves `moves`, whose searches `score(move, alpha, beta,
// depth)` stand for the game's; no lines, texts or mates. What each test varies is the
// scores, the plan and the limits.
// `lost`, when given, is the hook that tests a move for a forced loss.
ai::SearchResult deepen_over(std::vector<int> moves, std::function<int(int, int, int, int)> score,
                             const ai::RootPlan& plan, const ai::SearchLimits& limits,
                             std::function<bool(int)> lost = nullptr) {
  ai::RootHooks<int> hooks;
  hooks.loses_by_force = std::move(lost);
  hooks.enter = hooks.leave = [](int) {};
  hooks.score = std::move(score);
  hooks.append_line = [](std::vector<int>&) {};
  hooks.text = [](int m) { return std::to_string(m); };
  hooks.mate_in = [](int) { return 0; };
  ai::SearchBudget budget;
  ai::StopFlag stop{false};
  budget.start(limits, stop);
  Rng rng(1);
  return ai::deepen<int>(hooks, plan, moves, limits, budget, rng, nullptr);
}

// A plan of up to `max_depth` iterations in which no score counts as decided.
ai::RootPlan plan_to_depth(int max_depth) {
  ai::RootPlan plan;
  plan.max_depth = max_depth;
  plan.decided_bound = 1000;
  plan.decided_depth = [](int) { return 100; };
  return plan;
}

// Two root moves (one would end deepening at once: nothing to choose); the first one's
// search at depth d takes d * 200 ms, the second's none: iterations end at 200, 600 and
// 1200 ms. With a 1000 ms budget, the second ends past half of it.
struct DeepeningRun {
  int completed_depth;
  std::chrono::milliseconds elapsed;
};

DeepeningRun deepen_with(bool fixed_time) {
  ai::SearchLimits limits;
  limits.time_ms = 1000;
  limits.fixed_time = fixed_time;
  const auto start = std::chrono::steady_clock::now();
  const ai::SearchResult result = deepen_over(
      {7, 8},
      [](int move, int, int, int depth) {
        if (move == 7) std::this_thread::sleep_for(std::chrono::milliseconds(200 * depth));
        return move == 7 ? 10 : 0;
      },
      plan_to_depth(10), limits);
  return {result.info.depth, std::chrono::duration_cast<std::chrono::milliseconds>(
                                 std::chrono::steady_clock::now() - start)};
}

TEST(IterativeDeepening, AgainstAClockNoIterationStartsPastHalfTheBudget) {
  const DeepeningRun run = deepen_with(false);
  EXPECT_EQ(run.completed_depth, 2);
  EXPECT_LT(run.elapsed, std::chrono::milliseconds(1000));
}

// The third iteration starts and runs into the deadline; its first move (the best so far)
// was searched, so the partial iteration counts, but it is not complete.
TEST(IterativeDeepening, AFixedTimePerMoveIsUsedToTheEnd) {
  const DeepeningRun run = deepen_with(true);
  EXPECT_EQ(run.completed_depth, 2);
  EXPECT_GE(run.elapsed, std::chrono::milliseconds(1000));
}

// Two root moves whose scores (the same in every window, as a fail-soft search returns them)
// are 0 and -10 up to depth 4 and `at_five` from depth 5; the windows each search was given.
struct AspirationRun {
  int best_move;
  int score;
  std::vector<std::pair<int, int>> windows_at_five;
};

AspirationRun aspirate(std::pair<int, int> at_five) {
  AspirationRun run;
  ai::RootPlan plan = plan_to_depth(5);
  plan.aspiration_window = 50;
  const ai::SearchResult result = deepen_over(
      {1, 2},
      [&](int move, int alpha, int beta, int depth) {
        if (depth < 5) return move == 1 ? 0 : -10;
        run.windows_at_five.emplace_back(alpha, beta);
        return move == 1 ? at_five.first : at_five.second;
      },
      plan, ai::SearchLimits{});
  run.best_move = std::stoi(result.best_move);
  run.score = result.info.score;
  return run;
}

TEST(IterativeDeepening, AScoreAboveTheAspirationWindowIsSearchedAgainAndChosen) {
  const AspirationRun run = aspirate({0, 300});
  EXPECT_EQ(run.best_move, 2);
  EXPECT_EQ(run.score, 300);
  ASSERT_FALSE(run.windows_at_five.empty());
  EXPECT_EQ(run.windows_at_five.front(), std::make_pair(-50, 50));
  EXPECT_GT(run.windows_at_five.back().second, 300);  // the last search's window holds it
}

TEST(IterativeDeepening, AScoreBelowTheAspirationWindowIsSearchedAgainWithALowerFloor) {
  const AspirationRun run = aspirate({-500, -400});
  EXPECT_EQ(run.best_move, 2);
  EXPECT_EQ(run.score, -400);
  ASSERT_FALSE(run.windows_at_five.empty());
  EXPECT_EQ(run.windows_at_five.front(), std::make_pair(-50, 50));
  EXPECT_LT(run.windows_at_five.back().first, -400);
}

// Three root moves scored 30, 20 and 10 at every depth (the first best); `lost_moves` are
// those the test for a forced loss proves lost. Returns the move played and how often each
// move was tested.
struct LossTestRun {
  int played;
  std::vector<int> tests_of;  // by move 1..3 (index 0 unused)
};

LossTestRun play_with_lost(std::vector<int> lost_moves, int scale = 10) {
  LossTestRun run{0, std::vector<int>(4, 0)};
  const ai::SearchResult result = deepen_over(
      {1, 2, 3}, [&](int move, int, int, int) { return (4 - move) * scale; }, plan_to_depth(6),
      ai::SearchLimits{},
      [&](int move) {
        ++run.tests_of[static_cast<size_t>(move)];
        return std::find(lost_moves.begin(), lost_moves.end(), move) != lost_moves.end();
      });
  run.played = std::stoi(result.best_move);
  return run;
}

TEST(IterativeDeepening, AMoveProvenLostIsNotPlayedWhileAnotherRemains) {
  EXPECT_EQ(play_with_lost({}).played, 1);
  EXPECT_EQ(play_with_lost({1}).played, 2);
  EXPECT_EQ(play_with_lost({1, 2}).played, 3);
}

TEST(IterativeDeepening, EachRootMoveIsTestedForAForcedLossAtMostOnce) {
  const LossTestRun run = play_with_lost({1});
  EXPECT_EQ(run.tests_of[1], 1);
  EXPECT_EQ(run.tests_of[2], 1);
  EXPECT_EQ(run.tests_of[3], 0);  // never the search's choice
}

// With one move left there is nothing to choose: it is played untested, lost or not.
TEST(IterativeDeepening, TheLastMoveLeftIsPlayedWithoutATestForAForcedLoss) {
  const LossTestRun run = play_with_lost({1, 2, 3});
  EXPECT_EQ(run.played, 3);
  EXPECT_EQ(run.tests_of[3], 0);
}

// A score beyond the plan's decided bound (a mate the search sees) is not tested.
TEST(IterativeDeepening, ADecidedScoreIsNotTestedForAForcedLoss) {
  const LossTestRun run = play_with_lost({1}, 2000);
  EXPECT_EQ(run.played, 1);
  EXPECT_EQ(run.tests_of[1], 0);
}

}  // namespace
}  // namespace kaisho::testing

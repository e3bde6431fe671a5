// The CPU pool's policy (CpuSchedule) driven step by step with a clock of the test's own:
// deadlines, fairness between addresses, less time rather than a longer queue, the floor,
// cancellation and admission (docs/cpu.md, "Under load").
#include "server/cpu/cpu_schedule.hpp"

#include <gtest/gtest.h>

namespace kaisho::server::cpu {
namespace {

ScheduleConfig two_workers() {
  ScheduleConfig c;
  c.workers = 2;
  c.bound_ms = 3000;
  c.target_ms = 2500;
  c.full_ms = 1200;
  c.floor_share = 0.125;
  return c;
}

TEST(CpuSchedule, AloneASearchGetsItsLevelsWholeTime) {
  CpuSchedule s(two_workers());
  s.add(1, "10.0.0.1", "t1", "shogi", 8, false, 0);
  auto a = s.next(0);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->id, 1u);
  EXPECT_DOUBLE_EQ(a->share, 1.0);
  EXPECT_EQ(a->time_ms, 1200);
  EXPECT_FALSE(s.next(0)) << "nothing else waits";
}

TEST(CpuSchedule, EarliestDeadlineFirstAStandInForAPlayerOutOfTimeGoesBeforeATableThatCanWait) {
  CpuSchedule s(two_workers());
  s.add(1, "10.0.0.1", "t1", "shogi", 8, false, 0);
  s.add(2, "10.0.0.1", "t2", "shogi", 8, false, 10);
  s.add(3, "10.0.0.1", "t3", "shogi", 8, true, 20);  // out of time: half the bound
  EXPECT_EQ(s.next(30)->id, 3u);
  EXPECT_EQ(s.next(30)->id, 1u);
  EXPECT_EQ(s.next(30)->id, 2u);
}

TEST(CpuSchedule, UnderLoadEachSearchGetsLessTimeRatherThanALongerQueue) {
  CpuSchedule s(two_workers());
  for (CpuJobId id = 1; id <= 32; ++id)
    s.add(id, "10.0.0.1", "t" + std::to_string(id), "shogi", 8, false, 0);
  auto a = s.next(0);
  // 32 searches of 1.2 s on 2 workers within 2.5 s: 2 * 2500 / (32 * 1200) of each.
  EXPECT_NEAR(a->share, 2.0 * 2500 / (32 * 1200), 1e-9);
  EXPECT_EQ(a->time_ms, 156);
  // The queue's last search still ends within the bound: 16 rounds of 156 ms.
  EXPECT_LT(16 * a->time_ms, 2500 + 1);
}

TEST(CpuSchedule, AQuietMomentDoesNotGiveOneSearchTheTimeTheOtherTablesWillNeed) {
  CpuSchedule s(two_workers());
  // 32 tables asked a moment ago (their people are thinking now); one asks again.
  for (CpuJobId id = 1; id <= 32; ++id) {
    s.add(id, "A", "t" + std::to_string(id), "shogi", 8, false, 0);
    auto a = s.next(0);
    s.finished(a->id, a->time_ms, false);
  }
  s.add(33, "A", "t1", "shogi", 8, false, 3000);
  EXPECT_EQ(s.next(3000)->time_ms, 156) << "as if the 32 asked at once";
  // Ten seconds after the others' last search, the table is alone again.
  s.finished(33, 156, false);
  s.add(34, "A", "t1", "shogi", 8, false, 13'500);
  EXPECT_EQ(s.next(13'500)->time_ms, 1200);
}

TEST(CpuSchedule, NeverLessThanTheFloorShareOfALevel) {
  CpuSchedule s(two_workers());
  for (CpuJobId id = 1; id <= 500; ++id)
    s.add(id, "10.0.0.1", "t" + std::to_string(id), "shogi", 8, false, 0);
  auto a = s.next(0);
  EXPECT_DOUBLE_EQ(a->share, 0.125);
  EXPECT_EQ(a->time_ms, 150);
}

TEST(CpuSchedule, ASearchThatWaitedGetsNoMoreThanItsDeadlineLeaves) {
  CpuSchedule s(two_workers());
  s.add(1, "10.0.0.1", "t1", "shogi", 8, false, 0);
  // Alone, but 2.2 s after its request: 3000 - 500 (the network's part) - 2200 = 300 ms left.
  auto a = s.next(2200);
  EXPECT_EQ(a->time_ms, 300);
}

TEST(CpuSchedule, AfterALossOfWorkersTheSearchesThatWaitedLongestStillMeetTheirDeadlines) {
  ScheduleConfig config = two_workers();
  config.workers = 3;  // two of them at a worker process that is about to die
  CpuSchedule s(config);
  for (CpuJobId id = 1; id <= 8; ++id)
    s.add(id, "A", "t" + std::to_string(id), "shogi", 8, false, 0);
  s.set_workers(1);
  // 2 s later one thread is left for 8 searches whose deadlines are 1 s away (500 ms after
  // the network's part): each gets the floor, so that all 8 end in time (8 x 150 = 1.2 s is
  // the best one thread can do; by load alone each would get 2500 / 8 / 1200 of its time).
  auto a = s.next(2000);
  EXPECT_EQ(a->time_ms, 150);
  // Without a search waiting that close to its deadline, the load sets the share.
  CpuSchedule calm(config);
  for (CpuJobId id = 1; id <= 8; ++id)
    calm.add(id, "A", "t" + std::to_string(id), "shogi", 8, false, 0);
  calm.set_workers(1);
  EXPECT_EQ(calm.next(0)->time_ms, 313);
}

TEST(CpuSchedule, ASearchTakenBackFromADeadWorkerKeepsItsDeadlineAndItsOwnersTurn) {
  CpuSchedule s(two_workers());
  s.add(1, "A", "a", "shogi", 8, false, 0);
  for (CpuJobId id = 2; id <= 4; ++id)
    s.add(id, "B", "b" + std::to_string(id), "shogi", 8, false, 100);
  auto sent = s.next(200);  // A's search goes to a worker process, which dies
  ASSERT_EQ(sent->id, 1u);
  s.take_back(1);
  EXPECT_EQ(s.running(), 0u);
  auto again = s.next(900);
  EXPECT_EQ(again->id, 1u) << "A's turn was given back: it goes before B's searches";
  EXPECT_EQ(again->deadline_ms, 3000) << "the deadline it had";
}

TEST(CpuSchedule, OneAddressGetsNoMoreThanItsShareHoweverManyTablesItHolds) {
  CpuSchedule s(two_workers());
  CpuJobId id = 0;
  for (int k = 0; k < 30; ++k)
    s.add(++id, "10.0.0.66", "t" + std::to_string(k), "shogi", 8, false, 0);
  // The attacker's first two run and are used up; then a player arrives from elsewhere.
  auto a1 = s.next(0), a2 = s.next(0);
  s.finished(a1->id, a1->time_ms, false);
  s.finished(a2->id, a2->time_ms, false);
  s.add(++id, "10.0.0.7", "p", "shogi", 8, false, 300);
  auto next = s.next(300);
  EXPECT_EQ(next->id, id) << "the player goes before the attacker's 28 earlier requests";
}

TEST(CpuSchedule, OwnersTakeTurnsWhenBothHaveUsedThePool) {
  CpuSchedule s(two_workers());
  CpuJobId id = 0;
  for (int k = 0; k < 10; ++k) s.add(++id, "A", "a" + std::to_string(k), "shogi", 8, false, 0);
  for (int k = 0; k < 10; ++k) s.add(++id, "B", "b" + std::to_string(k), "shogi", 8, false, 5);
  // One search at a time: each owner's turn comes after its last search's allotment, so the
  // time each is given stays within a search (and the floor's quantum) of the other's.
  int64_t a = 0, b = 0, longest = 0;
  int64_t now = 10;
  for (int k = 0; k < 12; ++k) {
    auto next = s.next(now);
    (next->id <= 10 ? a : b) += next->time_ms;
    longest = std::max(longest, next->time_ms);
    EXPECT_LE(std::abs(a - b), longest + 150) << "after " << k + 1 << " searches";
    now += next->time_ms;
    s.finished(next->id, next->time_ms, false);
  }
  EXPECT_GT(a, 0);
  EXPECT_GT(b, 0);
}

TEST(CpuSchedule, ACancelledSearchNeverRunsAndTakesNoTime) {
  CpuSchedule s(two_workers());
  s.add(1, "A", "t1", "shogi", 8, false, 0);
  s.add(2, "A", "t2", "shogi", 8, false, 0);
  EXPECT_TRUE(s.cancel_waiting(1));
  EXPECT_EQ(s.waiting(), 1u);
  auto a = s.next(2);
  EXPECT_EQ(a->id, 2u);
  EXPECT_DOUBLE_EQ(a->share, 1.0) << "the cancelled search is no longer counted in the load";
  EXPECT_FALSE(s.cancel_waiting(2)) << "a running search is stopped by the pool, not here";
  s.finished(2, 5, true);
  EXPECT_EQ(s.running(), 0u);
  EXPECT_EQ(s.waiting(), 0u);
}

TEST(CpuSchedule, LearnsWhatALevelCostsFromTheSearchesThatRan) {
  CpuSchedule s(two_workers());
  EXPECT_DOUBLE_EQ(s.cost_ms("shogi", 3), 300) << "a guess: a quarter of the full time";
  s.add(1, "A", "t1", "shogi", 3, false, 0);
  auto a = s.next(0);
  s.finished(a->id, 40, false);
  EXPECT_DOUBLE_EQ(s.cost_ms("shogi", 3), 40);
  s.add(2, "A", "t2", "shogi", 3, false, 50);
  s.next(50);
  s.finished(2, 1, true);
  EXPECT_DOUBLE_EQ(s.cost_ms("shogi", 3), 40) << "a stopped search teaches nothing";
}

TEST(CpuSchedule, NewGamesAreAdmittedOnlyWhileTheFloorsFitWithTheLevelAvailableOtherwise) {
  CpuSchedule s(two_workers());
  // One address alone has the whole pool: 2 * 2500 ms of searches at 150 ms (level 8's floor),
  // each table counted as if all asked at once, from its admission.
  for (int k = 0; k < 33; ++k)
    ASSERT_TRUE(s.admit("A", "t" + std::to_string(k), "shogi", 8, 0).admitted) << k;
  CpuAdmission refused = s.admit("A", "t33", "shogi", 8, 0);
  EXPECT_FALSE(refused.admitted);
  EXPECT_EQ(refused.level_available, 6) << "a level that stops at its node cap still fits";
  EXPECT_TRUE(s.admit("A", "t5", "shogi", 8, 100).admitted)
      << "a table already counted starts its next game";
  // Another address is admitted: the pool is split between the two.
  EXPECT_TRUE(s.admit("B", "u0", "shogi", 8, 0).admitted);
}

TEST(CpuSchedule, ATableCountsForAWindowAfterItsLastSearch) {
  CpuSchedule s(two_workers());
  for (int k = 0; k < 33; ++k)
    s.add(static_cast<CpuJobId>(k + 1), "A", "t" + std::to_string(k), "shogi", 8, false, 0);
  for (CpuJobId id = 1; id <= 33; ++id) s.cancel_waiting(id);
  EXPECT_FALSE(s.admit("A", "new", "shogi", 8, 1000).admitted) << "its tables will ask again";
  EXPECT_TRUE(s.admit("A", "new", "shogi", 8, 12'000).admitted) << "they did not";
}

}  // namespace
}  // namespace kaisho::server::cpu

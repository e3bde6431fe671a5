// The CPU pool's policy (CpuSchedule) driven step by step with a clock of the test's own:
// deadlines, fairness between addresses, less time rather than a longer queue, the floor,
// running searches cut short as the load grows or for a deadline, cancellation, admission
// that keeps every admitted table's bound, and what each table's searches got (docs/cpu.md,
// "Under load").
#include "server/cpu/cpu_schedule.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <vector>

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
  // Another address is not admitted at level 8 while A's tables fill the pool: they were
  // promised their bound. A level whose floor still fits is offered.
  CpuAdmission other = s.admit("B", "u0", "shogi", 8, 0);
  EXPECT_FALSE(other.admitted);
  EXPECT_EQ(other.level_available, 6);
  // Once A's tables are quiet (their window passed), B has the pool.
  EXPECT_TRUE(s.admit("B", "u0", "shogi", 8, 12'000).admitted);
}

TEST(CpuSchedule, ATableCountsForAWindowAfterItsLastSearch) {
  CpuSchedule s(two_workers());
  for (int k = 0; k < 33; ++k)
    s.add(static_cast<CpuJobId>(k + 1), "A", "t" + std::to_string(k), "shogi", 8, false, 0);
  for (CpuJobId id = 1; id <= 33; ++id) s.cancel_waiting(id);
  EXPECT_FALSE(s.admit("A", "new", "shogi", 8, 1000).admitted) << "its tables will ask again";
  EXPECT_TRUE(s.admit("A", "new", "shogi", 8, 12'000).admitted) << "they did not";
}

// The pool's threads, in the test's own time: each free thread takes the next search and runs
// it for its allotted time, or until it is cut short (revise); `arrive` adds searches (and
// admits their tables) at their times. Returns each search's reply time (its end minus its
// arrival), by id.
struct Arrival {
  int64_t at_ms = 0;
  std::string owner;
  std::string table;
  int level = 8;
  bool admit = false;  // a new game first: admitted (or not: then it does not ask)
};
std::map<CpuJobId, int64_t> run_pool(CpuSchedule& s, int threads, std::vector<Arrival> arrive,
                                     bool revise) {
  std::map<CpuJobId, int64_t> arrived, reply;
  struct Thread {
    CpuJobId job = 0;
    int64_t started = 0;
    int64_t until = 0;
    bool cut = false;
  };
  std::vector<Thread> pool(static_cast<size_t>(threads));
  std::sort(arrive.begin(), arrive.end(),
            [](const Arrival& a, const Arrival& b) { return a.at_ms < b.at_ms; });
  size_t next_arrival = 0;
  CpuJobId id = 0;
  int64_t now = arrive.empty() ? 0 : arrive.front().at_ms;
  const auto apply = [&](int64_t t) {
    if (!revise) return;
    for (const Revision& r : s.revise(t))
      for (Thread& th : pool)
        if (th.job == r.id && r.stop_at_ms < th.until) {
          th.until = r.stop_at_ms;
          th.cut = true;
        }
  };
  for (;;) {
    // Arrivals now.
    while (next_arrival < arrive.size() && arrive[next_arrival].at_ms <= now) {
      const Arrival& a = arrive[next_arrival++];
      if (a.admit) {
        if (!s.admit(a.owner, a.table, "shogi", a.level, now).admitted) continue;
        apply(now);
      }
      s.add(++id, a.owner, a.table, "shogi", a.level, false, now);
      arrived[id] = now;
      apply(now);
    }
    // Searches that end now.
    for (Thread& th : pool)
      if (th.job && th.until <= now) {
        s.finished(th.job, now - th.started, th.cut, true, 0);
        reply[th.job] = now - arrived[th.job];
        th.job = 0;
      }
    // Free threads take the next searches.
    for (Thread& th : pool) {
      if (th.job) continue;
      auto a = s.next(now);
      if (!a) break;
      th = {a->id, now, now + a->time_ms, false};
    }
    int64_t later = std::numeric_limits<int64_t>::max();
    for (const Thread& th : pool)
      if (th.job) later = std::min(later, th.until);
    if (next_arrival < arrive.size()) later = std::min(later, arrive[next_arrival].at_ms);
    if (later == std::numeric_limits<int64_t>::max()) break;
    now = std::max(now, later);
  }
  return reply;
}

int64_t longest(const std::map<CpuJobId, int64_t>& replies) {
  int64_t m = 0;
  for (const auto& [id, ms] : replies) m = std::max(m, ms);
  return m;
}

TEST(CpuSchedule, TablesAdmittedEarlierKeepTheirBoundWhenManyAddressesArriveLater) {
  // A school behind one router: 30 level-8 tables. Then 16 people arrive, each from an address
  // of their own, each asking for level 8.
  CpuSchedule s(two_workers());
  std::vector<Arrival> asks;
  for (int k = 0; k < 30; ++k) {
    ASSERT_TRUE(s.admit("school", "s" + std::to_string(k), "shogi", 8, 0).admitted) << k;
    asks.push_back({1000, "school", "s" + std::to_string(k)});
  }
  int admitted = 0;
  for (int k = 0; k < 16; ++k) {
    const std::string owner = "10.0.1." + std::to_string(k);
    CpuAdmission a = s.admit(owner, "n" + std::to_string(k), "shogi", 8, 100);
    if (!a.admitted) {
      EXPECT_LT(a.level_available, 8) << "refused at level 8, a lower level or none offered";
      continue;
    }
    ++admitted;
    asks.push_back({1000, owner, "n" + std::to_string(k)});
  }
  EXPECT_EQ(admitted, 3) << "the pool holds 33 level-8 floors: 30 + 3";
  // Every admitted table asks at once: every reply within the bound.
  const auto replies = run_pool(s, 2, asks, true);
  EXPECT_EQ(replies.size(), asks.size());
  EXPECT_LE(longest(replies), two_workers().bound_ms);
}

TEST(CpuSchedule, PeopleStartingTogetherAreAllAnsweredWithinTheBound) {
  // 32 people start a level-8 game a millisecond apart; each table is admitted, then asks.
  // The first searches start before the others are counted: they are held to the share the
  // load that follows gives them.
  CpuSchedule s(two_workers());
  std::vector<Arrival> asks;
  for (int k = 0; k < 32; ++k)
    asks.push_back({k, "10.0.2." + std::to_string(k), "t" + std::to_string(k), 8, true});
  const auto replies = run_pool(s, 2, asks, true);
  ASSERT_EQ(replies.size(), 32u);
  EXPECT_LE(longest(replies), two_workers().bound_ms);
  // Without holding the first searches to the load's share, the last replies come late: the
  // first two take their whole 1.2 s.
  CpuSchedule unrevised(two_workers());
  EXPECT_GT(longest(run_pool(unrevised, 2, asks, false)), two_workers().bound_ms);
}

TEST(CpuSchedule, ASearchThatStartedAloneIsCutToTheShareOfTheLoadThatArrives) {
  CpuSchedule s(two_workers());
  s.add(1, "A", "a", "shogi", 8, false, 0);
  ASSERT_EQ(s.next(0)->time_ms, 1200);
  EXPECT_TRUE(s.revise(5).empty()) << "alone, it keeps its time";
  for (int k = 0; k < 31; ++k)
    ASSERT_TRUE(s.admit("B" + std::to_string(k), "b" + std::to_string(k), "shogi", 8, 10).admitted);
  auto cut = s.revise(10);
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_EQ(cut[0].id, 1u);
  EXPECT_EQ(cut[0].stop_at_ms, 156) << "32 tables on 2 workers: 2 * 2500 / 32 of 1.2 s each";
  EXPECT_TRUE(s.revise(20).empty()) << "listed once";
}

TEST(CpuSchedule, ASearchThatWouldMissItsDeadlineHasOneRunningSearchCutForItJustInTime) {
  ScheduleConfig config = two_workers();
  config.full_ms = 2400;
  CpuSchedule s(config);
  s.add(1, "A", "a", "shogi", 8, false, 0);  // on the pool's own thread
  s.add(2, "B", "b", "shogi", 8, false, 0);  // at a worker process: cannot be cut here
  ASSERT_EQ(s.next(0)->time_ms, 2400);
  ASSERT_EQ(s.next(0)->time_ms, 2400);
  s.sent_away(2);
  // A stand-in for a player out of time: its deadline is 1.5 s away.
  s.add(3, "C", "c", "shogi", 8, true, 500);
  auto cut = s.revise(500);
  // The load alone would end A's search at 1667 ms (3 tables of 2.4 s on 2 threads); C must
  // start by 2000 - 500 (the network's part) - 300 (its floor) = 1200 ms.
  ASSERT_EQ(cut.size(), 1u);
  EXPECT_EQ(cut[0].id, 1u);
  EXPECT_EQ(cut[0].stop_at_ms, 1200);
}

TEST(CpuSchedule, ASearchTakenBackFromAWorkerThatStoppedAnsweringCutsNoSearchThatCanEndInTime) {
  ScheduleConfig config = two_workers();
  config.workers = 4;  // two threads of the pool's own, two at a worker process
  CpuSchedule s(config);
  for (CpuJobId id = 1; id <= 4; ++id) {
    s.add(id, "A" + std::to_string(id), "t" + std::to_string(id), "shogi", 8, false, 0);
    ASSERT_EQ(s.next(0)->time_ms, 1200);
  }
  s.sent_away(3);
  s.sent_away(4);
  // The worker process stops answering: its two searches come back, its threads are gone.
  s.set_workers(2);
  s.take_back(3);
  s.take_back(4);
  EXPECT_TRUE(s.revise(300).empty())
      << "the pool's own searches end at 1.2 s, and 3 and 4 still meet their deadlines after them";
  EXPECT_FALSE(s.next(300, true)) << "searched here, not sent to a worker process again";
  auto a = s.next(1200);
  ASSERT_TRUE(a);
  EXPECT_EQ(a->deadline_ms, 3000);
  EXPECT_LE(1200 + a->time_ms, 2500);
}

TEST(CpuSchedule, WhatATablesSearchesGotIsItsGeometricMeanShareTakenOnce) {
  CpuSchedule s(two_workers());
  EXPECT_EQ(s.take_played("t").searches, 0);
  EXPECT_DOUBLE_EQ(s.take_played("t").share, 1.0) << "no search: its whole strength";
  s.add(1, "A", "t", "shogi", 8, false, 0);
  s.next(0);
  s.finished(1, 1200, false);  // its whole share
  s.add(2, "A", "t", "shogi", 8, false, 2000);
  s.next(2000);
  s.finished(2, 300, true, true, 0.25);  // cut short, a quarter of its time
  s.add(3, "A", "t", "shogi", 8, false, 3000);
  s.next(3000);
  s.finished(3, 10, true);  // cancelled: not played
  const CpuPlayed p = s.take_played("t");
  EXPECT_EQ(p.searches, 2);
  EXPECT_NEAR(p.share, 0.5, 1e-9);
  EXPECT_EQ(s.take_played("t").searches, 0) << "taken";
}

TEST(CpuSchedule, AResultIsRatedAgainstTheStrengthTheCpuPlayedAt) {
  for (int level = 1; level <= 8; ++level) {
    EXPECT_DOUBLE_EQ(ai::level_rating_at_share(level, 1.0), ai::level_rating(level));
    EXPECT_DOUBLE_EQ(ai::level_rating_at_share(level, 0.125), ai::level_rating_at_floor(level));
    EXPECT_DOUBLE_EQ(ai::level_rating_at_share(level, 0.01), ai::level_rating_at_floor(level))
        << "below the floor, the floor's (what was measured)";
    // Half-way in the logarithm of the share, half-way between the two.
    EXPECT_NEAR(ai::level_rating_at_share(level, 1 / std::sqrt(8.0)),
                (ai::level_rating(level) + ai::level_rating_at_floor(level)) / 2.0, 1e-9);
    for (double share = 1.0; share > 0.1; share *= 0.8) {
      EXPECT_LE(ai::level_rating_at_share(level, share * 0.8),
                ai::level_rating_at_share(level, share));
      if (level > 1) {  // every level is scaled by the same share: their order holds
        EXPECT_GT(ai::level_rating_at_share(level, share),
                  ai::level_rating_at_share(level - 1, share));
      }
    }
  }
  // Level 8 at its floor lost to level 7 at full strength: it is not rated above it.
  EXPECT_LT(ai::level_rating_at_floor(8), ai::level_rating(7));
}

}  // namespace
}  // namespace kaisho::server::cpu

// The CPU pool with real threads and real searches: every request is answered with a legal
// move on the hall's executor, a cancelled search is never answered and frees its thread at
// once, a client that goes cancels what it waited for, the search threads run below the
// process's priority, a running search is cut short when the load that follows needs it (and
// only then: not when a search comes back from a worker process that stopped answering), and
// a worker process on this machine adds no core. No test here depends on the machine's speed:
// a search that must be stopped is given a minute.
#include "server/cpu/cpu_pool.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <thread>

#include "core/metrics.hpp"
#include "rules/registry/registry.hpp"

namespace kaisho::server::cpu {
namespace {

// A hall's executor as the test's own queue: the test thread runs what the pool posts.
class QueueScheduler final : public Scheduler {
 public:
  int64_t now_ms() override { return 0; }
  void post(std::function<void()> fn) override {
    {
      std::lock_guard lock(mutex_);
      posted_.push_back(std::move(fn));
    }
    cv_.notify_all();
  }
  TimerId after(int64_t, std::function<void()>) override { return 0; }
  void cancel(TimerId) override {}
  // Runs what was posted until `done` holds (a minute at most: a failure, not a slow machine).
  template <class Done>
  bool run_until(Done done) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock lock(mutex_);
        if (!cv_.wait_until(lock, end, [&] { return !posted_.empty() || done(); })) return false;
        if (posted_.empty()) return true;
        fn = std::move(posted_.front());
        posted_.pop_front();
      }
      fn();
      if (done()) return true;
    }
  }
  size_t queued() {
    std::lock_guard lock(mutex_);
    return posted_.size();
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> posted_;
};

CpuRequest shogi_request(int level, int64_t time_ms, const std::string& owner = "10.0.0.1") {
  const rules::Game& game = *rules::find_game("shogi");
  CpuRequest r;
  r.game = &game;
  r.state = game.new_game(rules::Options::defaults(game.option_schema())).value()->clone();
  r.limits.level = level;
  r.limits.time_ms = time_ms;
  r.owner = owner;
  r.table = "t";
  r.cpu_seat = true;
  return r;
}

PoolConfig pool_of(int workers) {
  PoolConfig c;
  c.schedule.workers = workers;
  c.schedule.full_ms = 200;
  return c;
}

TEST(CpuPool, EveryRequestIsAnsweredWithALegalMoveOnTheHallsExecutor) {
  CpuPool pool(pool_of(2));
  QueueScheduler hall;
  auto client = pool.client(hall);
  const auto legal = shogi_request(1, 50).state->legal_moves();
  std::vector<std::string> moves;
  for (int k = 0; k < 6; ++k)
    client->request(shogi_request(1 + k, 50), [&](std::string m) { moves.push_back(m); });
  ASSERT_TRUE(hall.run_until([&] { return moves.size() == 6; }));
  for (const auto& m : moves) EXPECT_NE(std::find(legal.begin(), legal.end(), m), legal.end()) << m;
}

TEST(CpuPool, ACancelledSearchIsNeverAnsweredAndFreesItsThreadAtOnce) {
  CpuPool pool(pool_of(1));
  QueueScheduler hall;
  auto client = pool.client(hall);
  int answers_of_cancelled = 0;
  // A search of a minute on the only thread, and one waiting behind it: both cancelled.
  const CpuJobId running =
      client->request(shogi_request(8, 60'000), [&](std::string) { ++answers_of_cancelled; });
  const CpuJobId waiting =
      client->request(shogi_request(8, 60'000), [&](std::string) { ++answers_of_cancelled; });
  while (pool.figures().running == 0) std::this_thread::yield();
  client->cancel(running);
  client->cancel(waiting);
  // The thread is free again: a new search is answered (it could not be within the minute
  // if the first one still ran).
  bool answered = false;
  client->request(shogi_request(1, 50), [&](std::string) { answered = true; });
  ASSERT_TRUE(hall.run_until([&] { return answered; }));
  EXPECT_EQ(answers_of_cancelled, 0);
  EXPECT_EQ(pool.figures().waiting + pool.figures().running, 0u);
}

TEST(CpuPool, AnAnswerPostedBeforeItsCancelIsDropped) {
  CpuPool pool(pool_of(1));
  QueueScheduler hall;
  auto client = pool.client(hall);
  bool called = false;
  const CpuJobId id = client->request(shogi_request(1, 20), [&](std::string) { called = true; });
  // Wait until the answer sits in the hall's queue, then cancel before the hall runs it.
  while (hall.queued() == 0) std::this_thread::yield();
  client->cancel(id);
  hall.run_until([&] { return hall.queued() == 0; });
  EXPECT_FALSE(called);
}

TEST(CpuPool, AClientThatGoesCancelsWhatItWaitedFor) {
  CpuPool pool(pool_of(1));
  QueueScheduler hall;
  {
    auto client = pool.client(hall);
    client->request(shogi_request(8, 60'000), [](std::string) { FAIL() << "answered"; });
    client->request(shogi_request(8, 60'000), [](std::string) { FAIL() << "answered"; });
    while (pool.figures().running == 0) std::this_thread::yield();
  }
  auto other = pool.client(hall);
  bool answered = false;
  other->request(shogi_request(1, 50), [&](std::string) { answered = true; });
  ASSERT_TRUE(hall.run_until([&] { return answered; }));
}

// Linux: each thread's niceness is field 19 of /proc/self/task/TID/stat.
int threads_with_nice(int nice) {
  int n = 0;
  for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
    std::ifstream stat(task.path() / "stat");
    std::string text((std::istreambuf_iterator<char>(stat)), {});
    std::istringstream fields(text.substr(text.rfind(')') + 2));
    std::string field;
    for (int k = 3; k <= 19 && fields >> field; ++k) {
      if (k == 19 && std::stoi(field) == nice) ++n;
    }
  }
  return n;
}

TEST(CpuPool, SearchThreadsRunBelowTheNetworkAndTheHalls) {
  if (getpriority(PRIO_PROCESS, 0) >= 19) GTEST_SKIP() << "the test itself runs at nice 19";
  const int before = threads_with_nice(19);
  PoolConfig config = pool_of(3);
  config.nice = 19;
  CpuPool pool(config);
  QueueScheduler hall;
  auto client = pool.client(hall);
  int answers = 0;
  for (int k = 0; k < 3; ++k)
    client->request(shogi_request(1, 20), [&](std::string) { ++answers; });
  ASSERT_TRUE(hall.run_until([&] { return answers == 3; }));  // every thread has started
  EXPECT_EQ(threads_with_nice(19) - before, 3);
}

// The pool's metrics as the process's registry holds them (docs/cpu.md, "Metrics").
uint64_t observed(const std::string& histogram, int level) {
  return metrics::global()
      .histogram(histogram, "", metrics::latency_bounds(), {{"level", std::to_string(level)}})
      .count();
}
double counted(const std::string& counter, const metrics::Labels& labels = {}) {
  return metrics::global().counter(counter, "", labels).value();
}
double gauge(const std::string& name) {
  return metrics::global().gauge(name, "").value();
}

TEST(CpuPool, ItsMetricsCountEveryWaitAndReplyByLevelTheQueueRefusalsAndTheLoadShare) {
  PoolConfig config = pool_of(1);
  config.schedule.table_window_ms = 600'000;  // the tables admitted below count all along
  CpuPool pool(config);
  QueueScheduler hall;
  auto client = pool.client(hall);
  const uint64_t waits = observed("kaisho_cpu_wait_seconds", 5);
  const uint64_t replies = observed("kaisho_cpu_reply_seconds", 5);
  int answered = 0;
  for (int k = 0; k < 3; ++k)
    client->request(shogi_request(5, 50, "10.0.0." + std::to_string(k)),
                    [&](std::string) { ++answered; });
  ASSERT_TRUE(hall.run_until([&] { return answered == 3; }));
  EXPECT_EQ(observed("kaisho_cpu_wait_seconds", 5) - waits, 3u);
  EXPECT_EQ(observed("kaisho_cpu_reply_seconds", 5) - replies, 3u);

  // One search runs a minute on the only thread; the next waits.
  const uint64_t replies_8 = observed("kaisho_cpu_reply_seconds", 8);
  const CpuJobId running = client->request(shogi_request(8, 60'000), [](std::string) {});
  while (pool.figures().running == 0) std::this_thread::yield();
  const CpuJobId waiting = client->request(shogi_request(8, 60'000), [](std::string) {});
  EXPECT_EQ(gauge("kaisho_cpu_searches_queued"), 1.0);
  client->cancel(waiting);
  EXPECT_EQ(gauge("kaisho_cpu_searches_queued"), 0.0);
  client->cancel(running);
  while (pool.figures().running > 0) std::this_thread::yield();
  EXPECT_EQ(observed("kaisho_cpu_reply_seconds", 8), replies_8) << "a cancelled search has none";

  // Tables admitted until one is refused: the refusal is counted, and the share a search
  // starting now gets is below 1.
  const double refusals = counted("kaisho_cpu_refusals_total", {{"reason", "lower_level"}}) +
                          counted("kaisho_cpu_refusals_total", {{"reason", "full"}});
  int admitted = 0;
  while (admitted < 100'000 &&
         client->admit("10.0.5.1", "r" + std::to_string(admitted), "shogi", 8).admitted)
    ++admitted;
  ASSERT_LT(admitted, 100'000);
  EXPECT_EQ(counted("kaisho_cpu_refusals_total", {{"reason", "lower_level"}}) +
                counted("kaisho_cpu_refusals_total", {{"reason", "full"}}) - refusals,
            1.0);
  EXPECT_LT(gauge("kaisho_cpu_load_share"), 1.0);
  EXPECT_GE(gauge("kaisho_cpu_load_share"), config.schedule.floor_share);
}

TEST(CpuPool, AWorkerProcessOnThisMachineAddsNoCore) {
  EXPECT_EQ(counted_threads(2, 2, 2, 0), 4) << "a worker elsewhere adds its threads";
  EXPECT_EQ(counted_threads(2, 2, 2, 2), 2) << "one here shares the two cores";
  EXPECT_EQ(counted_threads(2, 8, 4, 4), 6) << "up to the machine's cores";
  EXPECT_EQ(counted_threads(1, 2, 3, 1), 4) << "one here, two elsewhere";
  EXPECT_EQ(counted_threads(2, 2, 0, 0), 2);
}

// Long searches on one thread, with a bound far away, so that the cuts tested are the load's.
PoolConfig slow_pool() {
  PoolConfig c;
  c.schedule.workers = 1;
  c.schedule.bound_ms = 600'000;
  c.schedule.target_ms = 500'000;
  c.schedule.full_ms = 60'000;
  c.schedule.floor_share = 0.01;
  c.nice = 0;
  return c;
}

TEST(CpuPool, ASearchThatStartedAloneIsCutShortWhenManyTablesArriveAndItsMoveIsPlayed) {
  CpuPool pool(slow_pool());
  QueueScheduler hall;
  auto client = pool.client(hall);
  std::string move;
  client->request(shogi_request(8, 60'000), [&](std::string m) { move = m; });
  while (pool.figures().running == 0) std::this_thread::yield();
  // 500 tables start: a search of each table at once would need 500 minutes of this thread.
  for (int k = 0; k < 500; ++k)
    ASSERT_TRUE(
        client->admit("10.0.9." + std::to_string(k), "u" + std::to_string(k), "shogi", 8).admitted);
  // Its share is now a five-hundredth of its minute (under its floor: a hundredth, 0.6 s).
  ASSERT_TRUE(hall.run_until([&] { return !move.empty(); })) << "not cut short within a minute";
  const auto legal = shogi_request(1, 50).state->legal_moves();
  EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end()) << move;
  EXPECT_EQ(pool.figures().cut, 1u);
  const CpuPlayed played = client->take_played("t");
  EXPECT_EQ(played.searches, 1);
  EXPECT_LE(played.share, 0.05) << "what its search got: about a hundredth of its time";
}

// A worker process as the pool's dispatcher sees it, driven by the test.
class FakeWorkers final : public WorkerQueue {
 public:
  std::atomic<int> threads{1};
  int capacity() override { return threads.load(); }
  std::vector<CpuJobId> stalled() override {
    std::lock_guard lock(mutex_);
    std::vector<CpuJobId> out;
    out.swap(stalled_);
    return out;
  }
  Status send(CpuJobId id, const CpuJob&, int64_t) override {
    std::lock_guard lock(mutex_);
    sent_.insert(id);
    return ok_status();
  }
  void forget(CpuJobId) override {}
  std::vector<std::pair<CpuJobId, std::string>> answers(int ms) override {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(ms, 5)));
    return {};
  }
  bool sent(CpuJobId id) {
    std::lock_guard lock(mutex_);
    return sent_.contains(id);
  }
  // The worker stops answering (hung): its threads are no longer counted, its searches stall.
  void hang(CpuJobId held) {
    std::lock_guard lock(mutex_);
    threads = 0;
    stalled_.push_back(held);
  }

 private:
  std::mutex mutex_;
  std::set<CpuJobId> sent_;
  std::vector<CpuJobId> stalled_;
};

TEST(CpuPool, ASearchTakenBackFromAHungWorkerDoesNotStopTheSearchesThatCanStillEndInTime) {
  CpuPool pool(slow_pool());
  auto workers = std::make_unique<FakeWorkers>();
  FakeWorkers& fake = *workers;
  pool.use_workers(std::move(workers));
  QueueScheduler hall;
  auto client = pool.client(hall);
  const double taken_back = counted("kaisho_cpu_searches_taken_back_total");
  int answers = 0;
  // One search on the pool's own thread, one sent to the worker process.
  const CpuJobId here =
      client->request(shogi_request(8, 60'000, "10.0.0.1"), [&](std::string) { ++answers; });
  while (pool.figures().running == 0) std::this_thread::yield();
  const CpuJobId there =
      client->request(shogi_request(8, 60'000, "10.0.0.2"), [&](std::string) { ++answers; });
  while (!fake.sent(there)) std::this_thread::yield();
  fake.hang(there);
  while (pool.figures().rescued == 0) std::this_thread::yield();
  EXPECT_EQ(counted("kaisho_cpu_searches_taken_back_total") - taken_back, 1.0);
  // Both fit in the time left before their deadlines: the pool's own search goes on.
  std::this_thread::sleep_for(std::chrono::seconds(1));
  EXPECT_EQ(hall.queued(), 0u) << "the search on the pool's own thread was stopped";
  EXPECT_EQ(pool.figures().cut, 0u);
  EXPECT_EQ(pool.figures().threads, 1) << "the hung worker's thread is not counted";
  client->cancel(here);
  client->cancel(there);
  EXPECT_EQ(answers, 0);
}

}  // namespace
}  // namespace kaisho::server::cpu

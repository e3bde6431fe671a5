// The CPU pool with real threads and real searches: every request is answered with a legal
// move on the hall's executor, a cancelled search is never answered and frees its thread at
// once, a client that goes cancels what it waited for, and the search threads run below the
// process's priority. No test here depends on the machine's speed: a search that must be
// stopped is given a minute.
#include "server/cpu/cpu_pool.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <condition_variable>
#include <deque>
#include <filesystem>
#include <fstream>
#include <mutex>

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

}  // namespace
}  // namespace kaisho::server::cpu

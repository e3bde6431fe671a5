// The CPU workers' queue on a real PostgreSQL (KAISHO_PG_URI; cpu_worker_queue_test.sh starts a
// throwaway one), with a worker (`run_cpu_worker`) on threads of this process and game servers'
// queues (`open_worker_queue`), as docs/cpu.md, "Worker processes", describes them: the servers
// sharing the workers share their threads out; a search cancelled while a worker thinks about
// it (or whose server stops) stops there and frees the worker's thread; a job's local rules and
// history reach the worker. No test here depends on the machine's speed: what must be stopped is
// given a minute.
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <map>
#include <random>
#include <thread>

#include "rules/registry/registry.hpp"
#include "server/cpu/cpu_job.hpp"
#include "server/cpu/cpu_worker.hpp"
#include "server/cpu/worker_queue.hpp"
#include "server/store/store.hpp"

namespace kaisho::server::cpu {
namespace {

using Clock = std::chrono::steady_clock;

const char* uri() {
  return std::getenv("KAISHO_PG_URI");
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

// Until `done` holds, looking every 50 ms (a minute at most: a failure, not a slow machine).
template <class Done>
bool eventually(Done done, std::chrono::seconds within = std::chrono::seconds(60)) {
  const auto end = Clock::now() + within;
  while (!done()) {
    if (Clock::now() > end) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

// `kaisho cpu-worker --threads N`, on threads of this process.
class Worker {
 public:
  explicit Worker(int threads) {
    config_.db = uri();
    config_.name = "test-worker";
    config_.threads = threads;
    thread_ = std::thread([this] { status_ = run_cpu_worker(config_, stop_); });
  }
  ~Worker() {
    stop_.store(true);
    thread_.join();
  }

 private:
  WorkerConfig config_;
  std::atomic<bool> stop_{false};
  Status status_ = ok_status();
  std::thread thread_;
};

std::unique_ptr<WorkerQueue> queue_of(const std::string& server) {
  auto q = open_worker_queue(uri(), server);
  EXPECT_TRUE(q) << (q ? "" : q.error().message);
  return q ? std::move(q.value()) : nullptr;
}

int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch())
      .count();
}

CpuJob shogi_job(int level, int64_t time_ms, const std::string& options = "",
                 const std::string& moves = "") {
  const rules::Game& game = *rules::find_game("shogi");
  CpuJob job;
  job.game = "shogi";
  job.options = options;
  job.start = game.new_game(rules::Options::defaults(game.option_schema())).value()->start_text();
  job.moves = moves;
  job.level = level;
  job.time_ms = time_ms;
  job.share = 1.0;
  job.seed = 7;
  return job;
}

class CpuWorkerQueue : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!uri()) GTEST_SKIP() << "KAISHO_PG_URI is not set (cpu_worker_queue_test.sh sets it)";
    ASSERT_TRUE(empty_postgres_store_for_tests(uri()));
    db_ = PQconnectdb(uri());
    ASSERT_EQ(PQstatus(db_), CONNECTION_OK) << PQerrorMessage(db_);
  }
  void TearDown() override {
    if (db_) PQfinish(db_);
  }
  // A number the test's own session reads.
  long long count(const std::string& sql) {
    PGresult* r = PQexec(db_, sql.c_str());
    const long long n = PQresultStatus(r) == PGRES_TUPLES_OK ? std::atoll(PQgetvalue(r, 0, 0)) : -1;
    EXPECT_EQ(PQresultStatus(r), PGRES_TUPLES_OK) << PQresultErrorMessage(r);
    PQclear(r);
    return n;
  }
  // Whether a worker holds the row of `job` (locked: a statement of ours skips it).
  bool searched(CpuJobId job) {
    const std::string where = " FROM cpu_jobs WHERE job = " + std::to_string(job);
    return count("SELECT count(*)" + where + " AND move IS NULL") == 1 &&
           count("SELECT count(*) FROM (SELECT id" + where + " FOR UPDATE SKIP LOCKED) s") == 0;
  }

  PGconn* db_ = nullptr;
};

TEST(WorkerShare, TheWorkersThreadsAreSharedOutTheRemainderToTheFirst) {
  EXPECT_EQ(share_of_workers(5, 1, 0), 5) << "alone: every thread";
  EXPECT_EQ(share_of_workers(5, 2, 0), 3);
  EXPECT_EQ(share_of_workers(5, 2, 1), 2);
  EXPECT_EQ(share_of_workers(2, 3, 0) + share_of_workers(2, 3, 1) + share_of_workers(2, 3, 2), 2);
  EXPECT_EQ(share_of_workers(2, 3, 2), 0) << "fewer threads than servers: the last has none";
  EXPECT_EQ(share_of_workers(0, 2, 0), 0);
}

TEST_F(CpuWorkerQueue, GameServersSharingTheWorkersSplitTheirThreads) {
  Worker worker(3);
  auto s1 = queue_of("s1");
  ASSERT_TRUE(s1);
  ASSERT_TRUE(eventually([&] { return s1->capacity() == 3; })) << s1->capacity();

  // A second server: the three threads are split, the remainder to the first by name.
  auto s2 = queue_of("s2");
  ASSERT_TRUE(s2);
  ASSERT_TRUE(eventually([&] { return s2->capacity() == 1 && s1->capacity() == 2; }))
      << s1->capacity() << " + " << s2->capacity();
  for (int k = 0; k < 5; ++k) {  // and it stays so
    std::this_thread::sleep_for(std::chrono::milliseconds(250));
    EXPECT_EQ(s1->capacity() + s2->capacity(), 3);
  }
  {
    auto s0 = queue_of("s0");
    ASSERT_TRUE(s0);
    ASSERT_TRUE(eventually([&] {
      return s0->capacity() == 1 && s1->capacity() == 1 && s2->capacity() == 1;
    })) << s0->capacity()
        << " + " << s1->capacity() << " + " << s2->capacity();
  }  // s0 goes: its session closes

  // One goes: the other has every thread again at once (its session closed).
  s2.reset();
  ASSERT_TRUE(eventually([&] { return s1->capacity() == 3; }, std::chrono::seconds(5)))
      << s1->capacity();
}

TEST_F(CpuWorkerQueue, ASearchCancelledWhileAWorkerThinksStopsThereAndFreesItsThread) {
  Worker worker(1);
  auto q = queue_of("s1");
  ASSERT_TRUE(q);
  ASSERT_TRUE(eventually([&] { return q->capacity() == 1; }));

  // A search of a minute on the worker's only thread.
  constexpr int64_t kLongMs = 60'000;
  ASSERT_TRUE(q->send(1, shogi_job(8, kLongMs), steady_ms() + kLongMs));
  ASSERT_TRUE(eventually([&] { return searched(1); })) << "the worker takes it";
  const auto taken = Clock::now();
  q->forget(1);
  ASSERT_TRUE(q->send(2, shogi_job(1, 100), steady_ms() + 3000));

  // The second is answered by the same thread, so the first search ended: well before its
  // minute (not waiting longer than 45 s for it).
  std::map<CpuJobId, std::string> answers;
  while (!answers.count(2) && seconds_since(taken) < 45)
    for (auto& [id, move] : q->answers(200)) answers[id] = move;
  ASSERT_TRUE(answers.count(2)) << "the worker's thread is still searching the cancelled search "
                                << seconds_since(taken) << " s later";
  std::cout << "the next search was answered " << seconds_since(taken)
            << " s after the cancelled one was taken\n";
  EXPECT_FALSE(answers.count(1)) << "the cancelled search is not answered";
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE job = 1"), 0) << "its row went";
}

TEST_F(CpuWorkerQueue, AServerThatStopsStopsItsSearchesAtTheWorkers) {
  Worker worker(1);
  auto gone = queue_of("s1");
  ASSERT_TRUE(gone);
  ASSERT_TRUE(eventually([&] { return gone->capacity() == 1; }));
  constexpr int64_t kLongMs = 60'000;
  ASSERT_TRUE(gone->send(1, shogi_job(8, kLongMs), steady_ms() + kLongMs));
  ASSERT_TRUE(eventually([&] { return searched(1); })) << "the worker takes it";
  const auto taken = Clock::now();
  gone.reset();

  // Another server's search is answered by the worker's only thread.
  auto q = queue_of("s2");
  ASSERT_TRUE(q);
  ASSERT_TRUE(q->send(1, shogi_job(1, 100), steady_ms() + 3000));
  std::map<CpuJobId, std::string> answers;
  while (!answers.count(1) && seconds_since(taken) < 45)
    for (auto& [id, move] : q->answers(200)) answers[id] = move;
  ASSERT_TRUE(answers.count(1)) << "the worker's thread is still searching for a server gone "
                                << seconds_since(taken) << " s later";
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE server = 's1'"), 0) << "its rows went";
}

TEST_F(CpuWorkerQueue, ARowForgottenWhileAWorkerHeldItGoesWhenThatWorkerDies) {
  auto q = queue_of("s1");
  ASSERT_TRUE(q);
  ASSERT_TRUE(q->send(1, shogi_job(8, 60'000), steady_ms() + 60'000));
  // A worker (this test's session) takes the row, then dies without a word.
  PGconn* worker = PQconnectdb(uri());
  ASSERT_EQ(PQstatus(worker), CONNECTION_OK);
  PQclear(PQexec(worker, "BEGIN"));
  PGresult* taken = PQexec(worker, "SELECT id FROM cpu_jobs WHERE job = 1 FOR UPDATE");
  EXPECT_EQ(PQntuples(taken), 1);
  PQclear(taken);
  q->forget(1);
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE job = 1"), 1) << "held: it stays";
  PQfinish(worker);
  // Gone before any other worker takes it (none here would), at the server's next look.
  EXPECT_TRUE(eventually([&] {
    q->capacity();
    return count("SELECT count(*) FROM cpu_jobs WHERE job = 1") == 0;
  }));
}

// Legal moves of a Shogi game under `options`, chosen by a seeded generator, none ending it.
std::vector<std::string> shogi_moves(const std::string& options, int plies) {
  auto position = position_of(shogi_job(1, 1, options));
  EXPECT_TRUE(position);
  auto& state = *position.value().state;
  std::mt19937 random(12345);
  std::vector<std::string> moves;
  while (static_cast<int>(moves.size()) < plies) {
    auto legal = state.legal_moves();
    std::sort(legal.begin(), legal.end());
    std::shuffle(legal.begin(), legal.end(), random);
    bool played = false;
    for (const auto& m : legal) {
      auto next = state.clone();
      if (!next->play(m) || next->outcome().over()) continue;
      EXPECT_TRUE(state.play(m));
      moves.push_back(m);
      played = true;
      break;
    }
    if (!played) {
      ADD_FAILURE() << "no move that goes on after " << moves.size();
      break;
    }
  }
  return moves;
}

std::string joined(const std::vector<std::string>& moves, size_t n) {
  std::string out;
  for (size_t k = 0; k < n; ++k) out += (k ? " " : "") + moves[k];
  return out;
}

TEST_F(CpuWorkerQueue, AJobsLocalRulesAndHistoryReachTheWorker) {
  Worker worker(2);
  auto q = queue_of("s1");
  ASSERT_TRUE(q);
  ASSERT_TRUE(eventually([&] { return q->capacity() == 2; }));

  const auto moves = shogi_moves("move_limit=0\n", 150);
  ASSERT_EQ(moves.size(), 150u);
  // The kings step out and back: the start position again after every four moves, its fourth
  // time (a draw by repetition) after twelve.
  const std::string shuffle = "5i5h 5a5b 5h5i 5b5a";
  const std::string shuffles2 = shuffle + " " + shuffle;
  const std::string shuffles3 = shuffles2 + " " + shuffle;
  struct Case {
    const char* what;
    CpuJob job;
    bool over;  // under the job's rules: the worker has no move to give ("-")
  };
  const std::vector<Case> cases = {
      {"150 moves, move_limit=150: a draw",
       shogi_job(1, 100, "move_limit=150\n", joined(moves, 150)), true},
      {"149 moves, move_limit=150: goes on",
       shogi_job(1, 100, "move_limit=150\n", joined(moves, 149)), false},
      {"150 moves, no limit: goes on", shogi_job(1, 100, "move_limit=0\n", joined(moves, 150)),
       false},
      {"the start position a fourth time: a draw", shogi_job(1, 100, "", shuffles3), true},
      {"the start position a third time: goes on", shogi_job(1, 100, "", shuffles2), false},
  };
  for (size_t k = 0; k < cases.size(); ++k) {
    auto position = position_of(cases[k].job);
    ASSERT_TRUE(position) << cases[k].what;
    ASSERT_EQ(position.value().state->outcome().over(), cases[k].over)
        << cases[k].what << ": the test's own rules";
    ASSERT_TRUE(q->send(k + 1, cases[k].job, steady_ms() + 3000));
  }
  std::map<CpuJobId, std::string> answers;
  ASSERT_TRUE(eventually([&] {
    for (auto& [id, move] : q->answers(100)) answers[id] = move;
    return answers.size() == cases.size();
  })) << answers.size();
  for (size_t k = 0; k < cases.size(); ++k) {
    const std::string& move = answers[k + 1];
    if (cases[k].over) {
      EXPECT_EQ(move, "-") << cases[k].what;
    } else {
      const auto legal = position_of(cases[k].job).value().state->legal_moves();
      EXPECT_NE(std::find(legal.begin(), legal.end(), move), legal.end())
          << cases[k].what << ": " << move;
    }
  }
}

}  // namespace
}  // namespace kaisho::server::cpu

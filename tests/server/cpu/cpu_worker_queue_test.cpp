// The CPU workers' queue on a real PostgreSQL (KAISHO_PG_URI; cpu_worker_queue_test.sh starts a
// throwaway one), with a worker (`run_cpu_worker`) on threads of this process and game servers'
// queues (`open_worker_queue`), as docs/cpu.md, "Worker processes", describes them: the servers
// sharing the workers share their threads out; a search cancelled while a worker thinks about
// it (or whose server stops) stops there and frees the worker's thread; a job's local rules and
// history reach the worker; a server restarted under its name never receives its previous
// life's answers, and the rows of a life that is gone are deleted, never a live one's; a worker
// that stops answering (SIGSTOP) loses its share and its searches are taken back, while one
// that searches long keeps both (its heartbeat); an answer to a row taken back is never given
// for the search sent again. No test here depends on the machine's speed: what must be stopped
// is given a minute.
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
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

// `kaisho cpu-worker --threads N` in a process of its own, which the test can pause (SIGSTOP).
class ForkedWorker {
 public:
  explicit ForkedWorker(int threads) {
    pid_ = fork();
    if (pid_ == 0) {
      static std::atomic<bool> never{false};
      WorkerConfig config;
      config.db = uri();
      config.name = "forked-worker";
      config.threads = threads;
      _exit(run_cpu_worker(config, never) ? 0 : 1);
    }
  }
  ~ForkedWorker() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    waitpid(pid_, nullptr, 0);
  }
  bool started() const { return pid_ > 0; }
  void pause() { kill(pid_, SIGSTOP); }
  void resume() { kill(pid_, SIGCONT); }

 private:
  pid_t pid_ = -1;
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
  // A statement of the test's own session (a worker's answer, written by hand).
  void run(const std::string& sql) {
    PGresult* r = PQexec(db_, sql.c_str());
    EXPECT_EQ(PQresultStatus(r), PGRES_COMMAND_OK) << sql << ": " << PQresultErrorMessage(r);
    PQclear(r);
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

// A game server's queue that does `what` and then crashes: its process ends without a word (no
// destructor runs; the database closes its session when it notices).
void crashed_queue(const std::string& server, const std::function<bool(WorkerQueue&)>& what) {
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    auto q = open_worker_queue(uri(), server);
    _exit(q && what(*q.value()) ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the queue that crashed failed";
}

TEST_F(CpuWorkerQueue, AServerRestartedUnderItsNameIsNeverGivenItsPreviousLifesAnswers) {
  // Its previous life sent job 1 (the start position) and crashed; a worker that had taken
  // the search answers it after the crash.
  crashed_queue("s", [](WorkerQueue& q) {
    return static_cast<bool>(q.send(1, shogi_job(1, 100), steady_ms() + 60'000));
  });
  run("UPDATE cpu_jobs SET move = '1g1f', answered_by = 'w' WHERE job = 1");

  // Restarted under the same name, it sends another position as job 1.
  auto q = queue_of("s");
  ASSERT_TRUE(q);
  const std::string moves = "2g2f 8c8d";
  ASSERT_TRUE(q->send(1, shogi_job(1, 100, "", moves), steady_ms() + 60'000));
  std::vector<std::pair<CpuJobId, std::string>> answers;
  for (int k = 0; k < 5; ++k)
    for (auto& a : q->answers(200)) answers.push_back(a);
  for (const auto& [id, move] : answers)
    ADD_FAILURE() << "job " << id << " received " << move << ", which nobody answered in this life";

  // Its own answer comes, and only it.
  run("UPDATE cpu_jobs SET move = '7g7f', answered_by = 'w' WHERE job = 1 AND moves = '" + moves +
      "'");
  ASSERT_TRUE(eventually([&] {
    for (auto& a : q->answers(100)) answers.push_back(a);
    return !answers.empty();
  }));
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_EQ(answers[0], std::make_pair(CpuJobId{1}, std::string("7g7f")));
}

TEST_F(CpuWorkerQueue, AQueueThatStopsDeletesOnlyItsOwnLifesRows) {
  // A server's new life starts while its old one is still stopping.
  auto old_life = queue_of("s");
  auto new_life = queue_of("s");
  ASSERT_TRUE(old_life && new_life);
  ASSERT_TRUE(old_life->send(1, shogi_job(1, 100, "", "7g7f"), steady_ms() + 60'000));
  ASSERT_TRUE(new_life->send(1, shogi_job(1, 100, "", "2g2f"), steady_ms() + 60'000));
  old_life.reset();
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE moves = '7g7f'"), 0) << "its own row went";
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE moves = '2g2f'"), 1)
      << "the new life's row stays";
}

TEST_F(CpuWorkerQueue,
       TheRowsOfALifeThatIsGoneAreDeletedOnceTheirDeadlineIsLongPastNeverALiveOnes) {
  const int64_t long_ago = steady_ms() - 10 * 60'000;
  // A life of "s" that crashed long after its searches' deadlines: one answered after it died,
  // one waiting, one a worker still holds.
  crashed_queue("s", [&](WorkerQueue& q) {
    return q.send(1, shogi_job(1, 100, "", "1g1f"), long_ago) &&
           q.send(2, shogi_job(1, 100, "", "2g2f"), long_ago) &&
           q.send(3, shogi_job(1, 100, "", "3g3f"), long_ago);
  });
  run("UPDATE cpu_jobs SET move = '8c8d' WHERE moves = '1g1f'");
  PGconn* worker = PQconnectdb(uri());
  ASSERT_EQ(PQstatus(worker), CONNECTION_OK);
  PQclear(PQexec(worker, "BEGIN"));
  PGresult* taken = PQexec(worker, "SELECT id FROM cpu_jobs WHERE moves = '3g3f' FOR UPDATE");
  EXPECT_EQ(PQntuples(taken), 1);
  PQclear(taken);

  // Live queues: "s" restarted, whose row's deadline is as long past (it is its own to delete),
  // and "t", which looks.
  auto s = queue_of("s");
  auto t = queue_of("t");
  ASSERT_TRUE(s && t);
  ASSERT_TRUE(s->send(1, shogi_job(1, 100, "", "5g5f"), long_ago));
  const std::string gone = "SELECT count(*) FROM cpu_jobs WHERE moves IN ('1g1f', '2g2f')";
  EXPECT_TRUE(eventually(
      [&] {
        t->capacity();
        return count(gone) == 0;
      },
      std::chrono::seconds(20)))
      << count(gone) << " rows of the life that is gone are left";
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE moves = '3g3f'"), 1)
      << "the row the worker holds stays while it holds it";
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE moves = '5g5f'"), 1)
      << "a live server's row is not another's to delete";

  // The worker answers and lets go: the row goes at the next look.
  PQclear(PQexec(worker, "UPDATE cpu_jobs SET move = '8c8d' WHERE moves = '3g3f'"));
  PQclear(PQexec(worker, "COMMIT"));
  PQfinish(worker);
  EXPECT_TRUE(eventually(
      [&] {
        t->capacity();
        return count("SELECT count(*) FROM cpu_jobs WHERE moves = '3g3f'") == 0;
      },
      std::chrono::seconds(20)));
  EXPECT_EQ(count("SELECT count(*) FROM cpu_jobs WHERE moves = '5g5f'"), 1);
}

TEST_F(CpuWorkerQueue, AWorkerThatSearchesLongKeepsItsShareAndItsSearch) {
  Worker worker(1);
  auto q = queue_of("s1");
  ASSERT_TRUE(q);
  ASSERT_TRUE(eventually([&] { return q->capacity() == 1; }));
  ASSERT_TRUE(q->send(1, shogi_job(8, 60'000), steady_ms() + 60'000));
  ASSERT_TRUE(eventually([&] { return searched(1); })) << "the worker takes it";
  // Twice the time after which a silent session counts as gone: the search's heartbeat keeps
  // its thread counted and its search its own.
  const auto from = Clock::now();
  while (seconds_since(from) < 2.0 * kStaleMs / 1000) {
    EXPECT_EQ(q->capacity(), 1) << seconds_since(from) << " s into the search";
    EXPECT_TRUE(q->stalled().empty()) << seconds_since(from) << " s into the search";
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_TRUE(searched(1));
  q->forget(1);
}

TEST_F(CpuWorkerQueue, AWorkerThatStopsAnsweringLosesItsShareAndItsSearchIsTakenBack) {
  ForkedWorker worker(1);
  ASSERT_TRUE(worker.started());
  auto q = queue_of("s1");
  ASSERT_TRUE(q);
  ASSERT_TRUE(eventually([&] { return q->capacity() == 1; }));
  ASSERT_TRUE(q->send(1, shogi_job(8, 60'000), steady_ms() + 60'000));
  ASSERT_TRUE(eventually([&] { return searched(1); })) << "the worker takes it";

  // Paused (SIGSTOP): its session stays connected and its row locked, but it answers nothing.
  // Before the heartbeat it counted until the database ended its session (30 s).
  worker.pause();
  const auto paused = Clock::now();
  std::vector<CpuJobId> stalled;
  ASSERT_TRUE(eventually(
      [&] {
        const bool gone = q->capacity() == 0;
        for (CpuJobId id : q->stalled()) stalled.push_back(id);
        return gone && !stalled.empty();
      },
      std::chrono::seconds(20)))
      << "capacity " << q->capacity() << ", " << stalled.size() << " searches stalled, "
      << seconds_since(paused) << " s after the pause";
  std::cout << "the paused worker lost its share and its search " << seconds_since(paused)
            << " s after the pause\n";
  EXPECT_EQ(stalled, std::vector<CpuJobId>{1});
  EXPECT_TRUE(q->stalled().empty()) << "each once";

  // Taken back (forgotten) and sent again; the worker comes back: it counts again, and the
  // search sent again is answered (by it, once its old search is stopped).
  q->forget(1);
  ASSERT_TRUE(q->send(1, shogi_job(1, 100), steady_ms() + 60'000));
  worker.resume();
  std::vector<std::pair<CpuJobId, std::string>> answers;
  ASSERT_TRUE(eventually([&] {
    for (auto& a : q->answers(100)) answers.push_back(a);
    return q->capacity() == 1 && !answers.empty();
  })) << q->capacity();
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_EQ(answers[0].first, 1u);
  EXPECT_NE(answers[0].second, "-");
}

TEST_F(CpuWorkerQueue, AnAnswerToARowTakenBackIsNeverGivenForTheSearchSentAgain) {
  auto q = queue_of("s1");
  ASSERT_TRUE(q);
  ASSERT_TRUE(q->send(1, shogi_job(8, 60'000), steady_ms() + 60'000));
  // A worker (this test's session) takes the row, and stops answering: the server takes the
  // search back and sends it again (a new row).
  PGconn* worker = PQconnectdb(uri());
  ASSERT_EQ(PQstatus(worker), CONNECTION_OK);
  PQclear(PQexec(worker, "BEGIN"));
  PGresult* taken = PQexec(worker, "SELECT id FROM cpu_jobs WHERE job = 1 FOR UPDATE");
  ASSERT_EQ(PQntuples(taken), 1);
  const std::string old_row = PQgetvalue(taken, 0, 0);
  PQclear(taken);
  q->forget(1);
  ASSERT_TRUE(q->send(1, shogi_job(8, 60'000), steady_ms() + 60'000));
  // The worker comes back and answers the row it held.
  PQclear(PQexec(worker, ("UPDATE cpu_jobs SET move = '3g3f' WHERE id = " + old_row).c_str()));
  PQclear(PQexec(worker, "COMMIT"));
  PQfinish(worker);
  std::vector<std::pair<CpuJobId, std::string>> answers;
  for (int k = 0; k < 5; ++k)
    for (auto& a : q->answers(100)) answers.push_back(a);
  for (const auto& [id, move] : answers)
    ADD_FAILURE() << "job " << id << " received " << move << ", the answer to the row taken back";
  // The row sent again is answered: that answer is given, once.
  run("UPDATE cpu_jobs SET move = '7g7f' WHERE job = 1 AND move IS NULL");
  ASSERT_TRUE(eventually([&] {
    for (auto& a : q->answers(100)) answers.push_back(a);
    return !answers.empty();
  }));
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_EQ(answers[0], std::make_pair(CpuJobId{1}, std::string("7g7f")));
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

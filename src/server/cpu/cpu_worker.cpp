#include "server/cpu/cpu_worker.hpp"

#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <chrono>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "ai/searcher.hpp"
#include "core/log.hpp"
#include "server/cpu/cpu_job.hpp"
#include "server/cpu/worker_queue.hpp"
#include "server/store/pg_connection.hpp"

namespace kaisho::server::cpu {

namespace {

using pg::Rows;

Rows exec(PGconn* conn, const char* sql, const std::vector<std::string>& params = {}) {
  std::vector<const char*> values;
  for (const auto& p : params) values.push_back(p.c_str());
  return Rows(PQexecParams(conn, sql, static_cast<int>(values.size()), nullptr, values.data(),
                           nullptr, nullptr, 0));
}

// A search holds its row locked inside a transaction, with a heartbeat statement every
// kHeartbeatMs: a worker whose heartbeat stops (hung, paused) has its transaction ended by the
// database after 5 s, its rows free again (the game servers took them back long before).
PGconn* connect_worker(const std::string& uri) {
  std::string error;
  PGconn* conn = pg::connect(uri, &error);
  if (!conn) {
    log::warning("cpu worker: " + error);
    return nullptr;
  }
  Rows r(PQexec(conn, "SET idle_in_transaction_session_timeout = '5s'; LISTEN kaisho_cpu_jobs"));
  // The game servers count the sessions with this name (WorkerQueue::capacity), and tell by it
  // which are on their own machine.
  Rows named =
      exec(conn, "SELECT set_config('application_name', $1, false)", {worker_session_name()});
  return conn;
}

int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A search thread's database session, shared with the heartbeat: whoever holds `mutex` may use
// `conn` (the search thread whenever it runs a statement, the heartbeat between them, while the
// thread searches or waits for work).
struct Link {
  std::mutex mutex;
  PGconn* conn = nullptr;
  int64_t last_ms = 0;  // its last statement
};

// Runs a statement on `link` (held) and notes it as its heartbeat.
Rows run(Link& link, const char* sql, const std::vector<std::string>& params = {}) {
  link.last_ms = steady_ms();
  return exec(link.conn, sql, params);
}

// The heartbeat: every session of this process that has run no statement for kHeartbeatMs runs
// one, searching or not. It stops with the process (SIGSTOP, a hang): the game servers then stop
// counting its threads and take back the searches it holds (WorkerQueue::capacity).
void heartbeat_loop(const std::atomic<bool>& stop, std::vector<std::unique_ptr<Link>>& links) {
  while (!stop.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(kHeartbeatMs / 2));
    for (auto& link : links) {
      std::lock_guard lock(link->mutex);
      if (!link->conn || PQstatus(link->conn) != CONNECTION_OK) continue;
      if (steady_ms() - link->last_ms < kHeartbeatMs) continue;
      Rows beat = run(*link, "SELECT 1");
    }
  }
}

// The rows this process's threads are searching, so that a cancel (kCancelChannel, with the
// row's id) stops the one searching it. A cancel may come before the thread that took the row
// says so: it is kept a minute for it.
class Running {
 public:
  // The thread with `stop` starts searching row `id` (its flag raised if already cancelled).
  void start(const std::string& id, ai::StopFlag& stop) {
    std::lock_guard lock(mutex_);
    stop.store(cancelled_.erase(id) > 0);
    running_[id] = &stop;
  }
  void finish(const std::string& id) {
    std::lock_guard lock(mutex_);
    running_.erase(id);
  }
  void cancel(const std::string& id) {
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(id); it != running_.end()) {
      it->second->store(true);
      return;
    }
    // Most are rows that another worker searches, or that were answered meanwhile.
    const int64_t now = steady_ms();
    for (auto c = cancelled_.begin(); c != cancelled_.end();)
      c = now - c->second > 60'000 ? cancelled_.erase(c) : std::next(c);
    cancelled_[id] = now;
  }

 private:
  std::mutex mutex_;
  std::map<std::string, ai::StopFlag*> running_;
  std::map<std::string, int64_t> cancelled_;  // with when
};

// Listens for cancelled searches (a session of its own: a search thread's session is in a
// transaction, and notifications wait for its end). Cancels sent while this session is lost
// are missed: those searches run their time, and their answers are ignored.
void cancel_loop(const WorkerConfig& config, const std::atomic<bool>& stop, Running& running) {
  PGconn* conn = nullptr;
  while (!stop.load()) {
    if (!conn || PQstatus(conn) != CONNECTION_OK) {
      if (conn) PQfinish(conn);
      std::string error;
      conn = pg::connect(config.db, &error);
      Rows listen =
          conn ? exec(conn, (std::string("LISTEN ") + kCancelChannel).c_str()) : Rows(nullptr);
      if (!listen.ok()) {
        if (conn) PQfinish(conn);
        conn = nullptr;
        std::this_thread::sleep_for(std::chrono::seconds(1));
        continue;
      }
    }
    pollfd fd{PQsocket(conn), POLLIN, 0};
    ::poll(&fd, 1, 200);
    if (!PQconsumeInput(conn)) continue;  // lost: connected again above
    while (PGnotify* n = PQnotifies(conn)) {
      running.cancel(n->extra);
      PQfreemem(n);
    }
  }
  if (conn) PQfinish(conn);
}

// One thread: take the most urgent search nobody has, think, answer; wait for a notification
// (or 200 ms) when there is none. A search cancelled meanwhile is stopped, and its row deleted.
void search_loop(const WorkerConfig& config, const std::atomic<bool>& stop, Running& running,
                 Link& link) {
  if (config.nice > 0)
    setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), config.nice);
  std::unique_ptr<ai::Searcher> searcher;
  std::string searcher_game;
  ai::StopFlag cancelled{false};
  while (!stop.load()) {
    std::unique_lock lock(link.mutex);
    if (!link.conn || PQstatus(link.conn) != CONNECTION_OK) {
      if (link.conn) PQfinish(link.conn);
      link.conn = nullptr;
      lock.unlock();
      PGconn* conn = connect_worker(config.db);
      if (!conn) {
        std::this_thread::sleep_for(std::chrono::seconds(1));
        continue;
      }
      lock.lock();
      link.conn = conn;
      link.last_ms = steady_ms();
    }
    PGconn* conn = link.conn;
    Rows begin = run(link, "BEGIN");
    Rows job = run(link,
                   "SELECT id, game, options, start, moves, level, time_ms, share, seed "
                   "FROM cpu_jobs WHERE move IS NULL ORDER BY deadline LIMIT 1 "
                   "FOR UPDATE SKIP LOCKED");
    if (!job.ok() || job.size() == 0) {
      Rows end = run(link, "COMMIT");
      lock.unlock();
      pollfd fd{PQsocket(conn), POLLIN, 0};
      ::poll(&fd, 1, 200);
      lock.lock();
      if (link.conn != conn) continue;
      PQconsumeInput(conn);
      while (PGnotify* n = PQnotifies(conn)) PQfreemem(n);
      continue;
    }
    // The search runs without the session: the heartbeat keeps it alive meanwhile.
    lock.unlock();
    const std::string row = job.text(0, 0);
    running.start(row, cancelled);
    CpuJob j;
    j.game = job.text(0, 1);
    j.options = job.text(0, 2);
    j.start = job.text(0, 3);
    j.moves = job.text(0, 4);
    j.level = static_cast<int>(job.integer(0, 5));
    j.time_ms = job.integer(0, 6);
    j.share = job.real(0, 7);
    j.seed = static_cast<uint64_t>(job.integer(0, 8));
    // "-" when there is no move to give: the game server then plays a legal move of its own.
    std::string move(1, '-');
    auto position = position_of(j);
    if (!position) {
      log::warning("cpu worker: job " + job.text(0, 0) + ": " + position.error().message);
    } else {
      if (searcher_game != j.game) {
        searcher = ai::make_searcher(j.game);
        searcher_game = j.game;
      }
      std::string best;
      if (searcher && !position.value().state->outcome().over())
        best = searcher->search(*position.value().state, limits_of(j), cancelled, {}).best_move;
      if (best.empty()) {
        auto legal = position.value().state->legal_moves();
        if (!legal.empty()) best = legal.front();
      }
      if (!best.empty()) move = std::move(best);
    }
    running.finish(row);
    lock.lock();
    if (cancelled.load()) {
      // Nobody will read it: the row goes, and the thread takes the next search at once.
      Rows gone = run(link, "DELETE FROM cpu_jobs WHERE id = $1", {row});
    } else {
      Rows answer = run(link, "UPDATE cpu_jobs SET move = $2, answered_by = $3 WHERE id = $1",
                        {row, move, config.name});
      Rows notify = run(link, "NOTIFY kaisho_cpu_answers");
    }
    Rows end = run(link, "COMMIT");
  }
  std::lock_guard lock(link.mutex);
  if (link.conn) PQfinish(link.conn);
  link.conn = nullptr;
}

}  // namespace

Status run_cpu_worker(const WorkerConfig& config, const std::atomic<bool>& stop) {
  std::string error;
  PGconn* probe = pg::connect(config.db, &error);
  if (!probe) return make_error("cpu_worker", error);
  PQfinish(probe);
  Running running;
  std::vector<std::unique_ptr<Link>> links;
  for (int i = 0; i < config.threads; ++i) links.push_back(std::make_unique<Link>());
  std::vector<std::thread> threads;
  threads.emplace_back([&config, &stop, &running] { cancel_loop(config, stop, running); });
  for (int i = 0; i < config.threads; ++i)
    threads.emplace_back([&config, &stop, &running, link = links[static_cast<size_t>(i)].get()] {
      search_loop(config, stop, running, *link);
    });
  // At the process's own priority (not the search threads' niceness): a busy machine delays
  // the searches, not the sign that the worker is alive.
  threads.emplace_back([&stop, &links] { heartbeat_loop(stop, links); });
  for (auto& t : threads) t.join();
  return ok_status();
}

}  // namespace kaisho::server::cpu

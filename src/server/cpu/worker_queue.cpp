#include "server/cpu/worker_queue.hpp"

#include <poll.h>

#include <chrono>
#include <set>

#include "core/log.hpp"
#include "server/store/pg_connection.hpp"

namespace kaisho::server::cpu {

namespace {

using pg::Rows;

int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

int64_t steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

class PostgresWorkerQueue final : public WorkerQueue {
 public:
  PostgresWorkerQueue(std::string uri, std::string server)
      : uri_(std::move(uri)), server_(std::move(server)) {}
  ~PostgresWorkerQueue() override {
    if (conn_) {
      // Whatever this server still waits for is not wanted by anyone now: the rows go, and
      // the searches the workers are making of them stop (as in forget).
      exec(
          "DELETE FROM cpu_jobs WHERE id IN (SELECT id FROM cpu_jobs WHERE server = $1 FOR "
          "UPDATE SKIP LOCKED)",
          {server_});
      exec("SELECT pg_notify($2, id::text) FROM cpu_jobs WHERE server = $1 AND move IS NULL",
           {server_, kCancelChannel});
      PQfinish(conn_);
    }
  }

  int capacity() override {
    const int64_t now = steady_ms();
    if (now - capacity_checked_ms_ < 200) return capacity_;
    capacity_checked_ms_ = now;
    // A worker's thread, and a game server's queue, is a session of the database named for
    // it: one that dies (its connection closed) is no longer counted at once. The servers'
    // queues share the workers' threads out (share_of_workers), each knowing its place in
    // their order from the same view of the sessions.
    Rows r = exec(
        "WITH queues AS (SELECT application_name COLLATE \"C\" AS name, pid FROM "
        "pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, "
        "$2)), me AS (SELECT name, pid FROM queues WHERE pid = pg_backend_pid()) "
        "SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND "
        "application_name = $1), (SELECT count(*) FROM queues), "
        "(SELECT count(*) FROM queues, me WHERE (queues.name, queues.pid) < (me.name, me.pid)), "
        "(SELECT count(*) FROM me)",
        {kWorkerApplication, kQueueApplication});
    // Not among the queues (its name not set): no part, rather than one another server has.
    capacity_ =
        r.ok() && r.size() == 1 && r.integer(0, 3) == 1
            ? share_of_workers(static_cast<int>(r.integer(0, 0)), static_cast<int>(r.integer(0, 1)),
                               static_cast<int>(r.integer(0, 2)))
            : 0;
    // Rows forgotten while a worker held them, whose worker died or stalled without deleting
    // them: they go as soon as it lets go, before another worker takes them.
    if (!held_.empty()) {
      std::string ids;
      for (const auto& id : held_) ids += (ids.empty() ? "{" : ",") + id;
      ids += "}";
      exec(
          "DELETE FROM cpu_jobs WHERE id IN (SELECT id FROM cpu_jobs WHERE id = ANY($1::bigint[]) "
          "FOR UPDATE SKIP LOCKED)",
          {ids});
      Rows left = exec("SELECT id FROM cpu_jobs WHERE id = ANY($1::bigint[])", {ids});
      if (left.ok()) {
        held_.clear();
        for (int i = 0; i < left.size(); ++i) held_.insert(left.text(i, 0));
      }
    }
    // Answers nobody took (their server forgot them) do not stay.
    exec("DELETE FROM cpu_jobs WHERE server = $1 AND deadline < $2",
         {server_, std::to_string(wall_ms() - 60'000)});
    return capacity_;
  }

  Status send(CpuJobId id, const CpuJob& job, int64_t deadline_ms) override {
    // The deadline travels in wall-clock time: the workers order by it across machines.
    const int64_t deadline = wall_ms() + (deadline_ms - steady_ms());
    Rows r = exec(
        "INSERT INTO cpu_jobs (server, job, game, options, start, moves, level, time_ms, share, "
        "seed, deadline) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        {server_, std::to_string(id), job.game, job.options, job.start, job.moves,
         std::to_string(job.level), std::to_string(job.time_ms), std::to_string(job.share),
         std::to_string(static_cast<int64_t>(job.seed & 0x7fffffffffffffffULL)),
         std::to_string(deadline)});
    if (!r.ok()) return make_error("cpu_queue", r.error());
    exec("NOTIFY kaisho_cpu_jobs", {});  // a worker that missed it looks again within 200 ms
    return ok_status();
  }

  void forget(CpuJobId id) override {
    Rows gone = exec(
        "DELETE FROM cpu_jobs WHERE id IN (SELECT id FROM cpu_jobs WHERE server = $1 AND job = $2 "
        "FOR UPDATE SKIP LOCKED)",
        {server_, std::to_string(id)});
    if (gone.ok() && gone.affected() > 0) return;
    // A worker is thinking about it (its row is locked): the workers hear which row, and the
    // one searching it stops at its next poll and deletes it.
    // Should that worker die first, the row goes when it lets go (capacity).
    Rows held = exec(
        "SELECT id, pg_notify($3, id::text) FROM cpu_jobs WHERE server = $1 AND job = $2 AND "
        "move IS NULL",
        {server_, std::to_string(id), kCancelChannel});
    for (int i = 0; held.ok() && i < held.size(); ++i) held_.insert(held.text(i, 0));
  }

  std::vector<std::pair<CpuJobId, std::string>> answers(int ms) override {
    std::vector<std::pair<CpuJobId, std::string>> out;
    if (!ready()) return out;
    // Woken by a notification, or at the end of the wait (a notification lost with a
    // connection is made up for by looking anyway).
    pollfd fd{PQsocket(conn_), POLLIN, 0};
    ::poll(&fd, 1, ms);
    PQconsumeInput(conn_);
    while (PGnotify* n = PQnotifies(conn_)) PQfreemem(n);
    Rows r = exec("DELETE FROM cpu_jobs WHERE server = $1 AND move IS NOT NULL RETURNING job, move",
                  {server_});
    if (!r.ok()) return out;
    for (int i = 0; i < r.size(); ++i)
      out.emplace_back(static_cast<CpuJobId>(r.integer(i, 0)), r.text(i, 1));
    return out;
  }

  bool ready() {
    if (conn_ && PQstatus(conn_) == CONNECTION_OK) return true;
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    const int64_t now = steady_ms();
    if (now - reconnect_tried_ms_ < 1000) return false;
    reconnect_tried_ms_ = now;
    std::string error;
    conn_ = pg::connect(uri_, &error);
    if (!conn_) {
      log::warning("cpu worker queue: " + error);
      return false;
    }
    // The session's name tells the other servers a queue shares the workers (capacity).
    Rows named = exec("SELECT set_config('application_name', $1, false)",
                      {std::string(kQueueApplication) + server_});
    Rows r(PQexec(conn_, "LISTEN kaisho_cpu_answers"));
    if (named.ok() && r.ok()) return true;
    log::warning("cpu worker queue: " + (named.ok() ? r.error() : named.error()));
    PQfinish(conn_);
    conn_ = nullptr;
    return false;
  }

 private:
  Rows exec(const std::string& sql, const std::vector<std::string>& params) {
    if (!ready()) return Rows(nullptr);
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    return Rows(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                             values.data(), nullptr, nullptr, 0));
  }

  std::string uri_;
  std::string server_;
  PGconn* conn_ = nullptr;
  int capacity_ = 0;
  std::set<std::string> held_;  // ids of rows forgotten while a worker held them
  int64_t capacity_checked_ms_ = -1'000'000;
  int64_t reconnect_tried_ms_ = -1'000'000;
};

}  // namespace

int share_of_workers(int threads, int servers, int before) {
  if (threads <= 0) return 0;
  if (servers <= 1) return threads;
  return threads / servers + (before < threads % servers ? 1 : 0);
}

Result<std::unique_ptr<WorkerQueue>> open_worker_queue(const std::string& uri,
                                                       const std::string& server_name) {
  auto queue = std::make_unique<PostgresWorkerQueue>(uri, server_name);
  if (!queue->ready()) return make_error("cpu_queue", "cannot reach " + uri);
  return std::unique_ptr<WorkerQueue>(std::move(queue));
}

}  // namespace kaisho::server::cpu

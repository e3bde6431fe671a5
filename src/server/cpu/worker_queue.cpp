#include "server/cpu/worker_queue.hpp"

#include <poll.h>

#include <chrono>

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
      // Whatever this server still waits for is not wanted by anyone now.
      exec("DELETE FROM cpu_jobs WHERE server = $1", {server_});
      PQfinish(conn_);
    }
  }

  int capacity() override {
    const int64_t now = steady_ms();
    if (now - capacity_checked_ms_ < 200) return capacity_;
    capacity_checked_ms_ = now;
    // A worker's thread is a session of the database named for it: one that dies (its
    // connection closed) is no longer counted at once.
    Rows r = exec(
        "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND datname = "
        "current_database()",
        {kWorkerApplication});
    capacity_ = r.ok() && r.size() == 1 ? static_cast<int>(r.integer(0, 0)) : 0;
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
    exec(
        "DELETE FROM cpu_jobs WHERE id IN (SELECT id FROM cpu_jobs WHERE server = $1 AND job = $2 "
        "FOR UPDATE SKIP LOCKED)",
        {server_, std::to_string(id)});
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
    Rows r(PQexec(conn_, "LISTEN kaisho_cpu_answers"));
    return r.ok();
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
  int64_t capacity_checked_ms_ = -1'000'000;
  int64_t reconnect_tried_ms_ = -1'000'000;
};

}  // namespace

Result<std::unique_ptr<WorkerQueue>> open_worker_queue(const std::string& uri,
                                                       const std::string& server_name) {
  auto queue = std::make_unique<PostgresWorkerQueue>(uri, server_name);
  if (!queue->ready()) return make_error("cpu_queue", "cannot reach " + uri);
  return std::unique_ptr<WorkerQueue>(std::move(queue));
}

}  // namespace kaisho::server::cpu

#include "server/cpu/worker_queue.hpp"

#include <poll.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
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

// A row whose deadline passed this long ago is wanted by nobody: its server took the search
// back long since (at its time and 300 ms) and forgot it. The margin also covers clocks of
// different machines (a deadline is the sending server's wall-clock time).
constexpr int64_t kUnwantedAfterMs = 60'000;

// A queue's life: random, made when it opens. A server restarted under its name is a new life:
// its rows and answers are not its previous life's, whose job ids it uses again.
std::string new_life() {
  std::random_device random;
  char text[17];
  std::snprintf(text, sizeof text, "%08x%08x", random(), random());
  return text;
}

// The queue's session name: kQueueApplication, the server's name, '/' and the life, the server's
// name cut (and made printable ASCII) so that the whole fits PostgreSQL's 63 bytes, which keep
// the life whole at the end: the other servers tell from it which lives are connected.
std::string session_name(const std::string& server, const std::string& life) {
  constexpr size_t kNameBytes = 63;
  std::string name = kQueueApplication;
  const size_t room = kNameBytes - name.size() - 1 - life.size();
  for (size_t i = 0; i < server.size() && i < room; ++i)
    name += server[i] >= 0x20 && server[i] < 0x7f ? server[i] : '?';
  return name + "/" + life;
}

class PostgresWorkerQueue final : public WorkerQueue {
 public:
  PostgresWorkerQueue(std::string uri, std::string server)
      : uri_(std::move(uri)), server_(std::move(server)), life_(new_life()) {}
  ~PostgresWorkerQueue() override {
    if (conn_) {
      // Whatever this life still waits for is not wanted by anyone now: its rows go, and the
      // searches the workers are making of them stop (as in forget). Another life of the same
      // server (restarted while this one stops) keeps its own.
      exec(
          "DELETE FROM cpu_jobs WHERE id IN (SELECT id FROM cpu_jobs WHERE life = $1 FOR "
          "UPDATE SKIP LOCKED)",
          {life_});
      exec("SELECT pg_notify($2, id::text) FROM cpu_jobs WHERE life = $1 AND move IS NULL",
           {life_, kCancelChannel});
      PQfinish(conn_);
    }
  }

  int capacity() override {
    const int64_t now = steady_ms();
    if (now - capacity_checked_ms_ < 200) return capacity_;
    capacity_checked_ms_ = now;
    // A worker's thread, and a game server's queue, is a session of the database named for
    // it: one that dies (its connection closed) is no longer counted at once, and a worker's
    // that has run no statement for kStaleMs (its process hung or paused: its heartbeat
    // stopped) is not counted either. The servers' queues share the workers' threads out
    // (share_of_workers), each knowing its place in their order from the same view of the
    // sessions.
    const std::string stale = std::to_string(kStaleMs);
    Rows r = exec(
        "WITH queues AS (SELECT application_name COLLATE \"C\" AS name, pid FROM "
        "pg_stat_activity WHERE datname = current_database() AND starts_with(application_name, "
        "$2)), me AS (SELECT name, pid FROM queues WHERE pid = pg_backend_pid()), "
        "workers AS (SELECT application_name AS name FROM pg_stat_activity WHERE datname = "
        "current_database() AND starts_with(application_name, $1) AND (state = 'active' OR "
        "query_start > clock_timestamp() - $3::int * interval '1 millisecond')) "
        "SELECT (SELECT count(*) FROM workers), (SELECT count(*) FROM queues), "
        "(SELECT count(*) FROM queues, me WHERE (queues.name, queues.pid) < (me.name, me.pid)), "
        "(SELECT count(*) FROM me), (SELECT count(*) FROM workers WHERE name = $4 AND $4 <> $1)",
        {kWorkerApplication, kQueueApplication, stale, worker_session_name()});
    // Not among the queues (its name not set): no part, rather than one another server has.
    const bool counted = r.ok() && r.size() == 1 && r.integer(0, 3) == 1;
    const int threads = counted ? static_cast<int>(r.integer(0, 0)) : 0;
    capacity_ = counted ? share_of_workers(threads, static_cast<int>(r.integer(0, 1)),
                                           static_cast<int>(r.integer(0, 2)))
                        : 0;
    // Of this server's part, the workers on this machine's share (any worker may take a row).
    colocated_ =
        threads > 0
            ? static_cast<int>((static_cast<int64_t>(capacity_) * r.integer(0, 4) + threads / 2) /
                               threads)
            : 0;
    // The rows of this life a worker holds while its session has gone silent: taken back (the
    // row's lock names the holder's transaction, which its session shows as backend_xid).
    if (!rows_.empty()) {
      Rows held = exec(
          "SELECT j.job, j.id FROM cpu_jobs j JOIN pg_stat_activity a ON a.backend_xid = j.xmax "
          "WHERE j.life = $1 AND j.move IS NULL AND a.datname = current_database() AND "
          "starts_with(a.application_name, $2) AND a.state <> 'active' AND a.query_start <= "
          "clock_timestamp() - $3::int * interval '1 millisecond'",
          {life_, kWorkerApplication, stale});
      for (int i = 0; held.ok() && i < held.size(); ++i) {
        const auto job = static_cast<CpuJobId>(held.integer(i, 0));
        if (auto it = rows_.find(job); it != rows_.end() && it->second == held.integer(i, 1))
          stalled_.push_back(job);
      }
    }
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
    // Rows nobody wants do not stay: this life's that it forgot (answered after it took the
    // search back), and any of a life whose queue's session is gone (its server died, or
    // stopped while a worker held a row), once their deadline is long past. A live server's
    // rows are never another's to delete: its session is connected (and a life without one
    // takes every search back, its capacity 0, until it connects again). A row a worker holds
    // is skipped (its answer is written to it, or it is deleted by the worker), and goes at a
    // later look.
    exec(
        "DELETE FROM cpu_jobs WHERE id IN (SELECT id FROM cpu_jobs j WHERE deadline < $2 AND "
        "(life = $1 OR NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = "
        "current_database() AND starts_with(a.application_name, $3) AND "
        "right(a.application_name, length(j.life) + 1) = '/' || j.life)) FOR UPDATE SKIP LOCKED)",
        {life_, std::to_string(wall_ms() - kUnwantedAfterMs), kQueueApplication});
    return capacity_;
  }

  int colocated() override { return colocated_; }

  std::vector<CpuJobId> stalled() override {
    std::vector<CpuJobId> out;
    out.swap(stalled_);
    for (CpuJobId job : out) rows_.erase(job);  // taken back: its answer is not wanted
    return out;
  }

  Status send(CpuJobId id, const CpuJob& job, int64_t deadline_ms) override {
    // The deadline travels in wall-clock time: the workers order by it across machines.
    const int64_t deadline = wall_ms() + (deadline_ms - steady_ms());
    Rows r = exec(
        "INSERT INTO cpu_jobs (server, life, job, game, options, start, moves, level, time_ms, "
        "share, seed, deadline) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) "
        "RETURNING id",
        {server_, life_, std::to_string(id), job.game, job.options, job.start, job.moves,
         std::to_string(job.level), std::to_string(job.time_ms), std::to_string(job.share),
         std::to_string(static_cast<int64_t>(job.seed & 0x7fffffffffffffffULL)),
         std::to_string(deadline)});
    if (!r.ok() || r.size() != 1) return make_error("cpu_queue", r.error());
    rows_[id] = r.integer(0, 0);         // the answer wanted is this row's, no earlier one's
    exec("NOTIFY kaisho_cpu_jobs", {});  // a worker that missed it looks again within 200 ms
    return ok_status();
  }

  void forget(CpuJobId id) override {
    rows_.erase(id);
    Rows gone = exec(
        "DELETE FROM cpu_jobs WHERE id IN (SELECT id FROM cpu_jobs WHERE life = $1 AND job = $2 "
        "FOR UPDATE SKIP LOCKED)",
        {life_, std::to_string(id)});
    if (gone.ok() && gone.affected() > 0) return;
    // A worker is thinking about it (its row is locked): the workers hear which row, and the
    // one searching it stops at its next poll and deletes it.
    // Should that worker die first, the row goes when it lets go (capacity).
    Rows held = exec(
        "SELECT id, pg_notify($3, id::text) FROM cpu_jobs WHERE life = $1 AND job = $2 AND "
        "move IS NULL",
        {life_, std::to_string(id), kCancelChannel});
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
    // This life's answers only: a job id of a previous life of this server is another search.
    // And the row last sent for each: an answer to a row taken back (its worker stopped
    // answering, then came back) is not the answer to the search sent again.
    Rows r =
        exec("DELETE FROM cpu_jobs WHERE life = $1 AND move IS NOT NULL RETURNING job, id, move",
             {life_});
    if (!r.ok()) return out;
    for (int i = 0; i < r.size(); ++i) {
      const auto job = static_cast<CpuJobId>(r.integer(i, 0));
      auto it = rows_.find(job);
      if (it == rows_.end() || it->second != r.integer(i, 1)) continue;
      rows_.erase(it);
      out.emplace_back(job, r.text(i, 2));
    }
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
    // The session's name tells the other servers a queue shares the workers (capacity), and
    // that its life is connected (its rows are not to be deleted).
    Rows named =
        exec("SELECT set_config('application_name', $1, false)", {session_name(server_, life_)});
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
  std::string life_;  // this queue's incarnation (new_life): its rows carry it
  PGconn* conn_ = nullptr;
  int capacity_ = 0;
  int colocated_ = 0;
  std::map<CpuJobId, long long> rows_;  // the row last sent for each search not answered yet
  std::vector<CpuJobId> stalled_;       // found by capacity(), handed out by stalled()
  std::set<std::string> held_;          // ids of rows forgotten while a worker held them
  int64_t capacity_checked_ms_ = -1'000'000;
  int64_t reconnect_tried_ms_ = -1'000'000;
};

}  // namespace

std::string machine_id() {
  static const std::string id = [] {
    std::ifstream in("/proc/sys/kernel/random/boot_id");
    std::string text;
    std::getline(in, text);
    std::string printable;
    for (char c : text)
      if (c > 0x20 && c < 0x7f) printable += c;
    return printable;
  }();
  return id;
}

std::string worker_session_name() {
  const std::string id = machine_id();
  std::string name = kWorkerApplication;
  if (!id.empty()) name += "@" + id;
  return name.substr(0, 63);
}

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

#pragma once
// Where the CPU pool sends searches when CPU worker processes are reachable: a queue table in
// the PostgreSQL database the game servers already share (docs/cpu.md, "Worker processes").
// A game server inserts a row per search and notifies `kaisho_cpu_jobs`; a worker takes the
// most urgent row with FOR UPDATE SKIP LOCKED, keeps it locked while it thinks (if it dies,
// the lock goes with its connection and the row waits again), writes the move and notifies
// `kaisho_cpu_answers`. Each worker thread is a database session named kWorkerApplication (with
// '@' and its machine's boot id: worker_session_name), which runs a statement at least every
// kHeartbeatMs, searching or not; and each game server's queue a session named
// kQueueApplication + its server name + '/' + its life: a server takes its part of the workers'
// threads whose last statement is recent (kStaleMs), shared out among the servers' queues
// connected now. A search held by a worker thread that is not (hung, paused by SIGSTOP, cut off
// from the database) is taken back by its server, and an answer to a row the server took back
// is ignored. A queue's life is random, made when it opens: its rows carry it, and it reads
// the answers of its own life only (a server restarted under its name uses its job ids again).
// The rows of a life whose session is gone are deleted by any live queue once their deadline
// is long past. A search cancelled while a worker thinks about it is notified on
// kCancelChannel (the row's id): the worker stops it and deletes the row.
//
// One thread uses a WorkerQueue (the pool's dispatcher): nothing here is thread-safe.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/result.hpp"
#include "server/cpu/cpu_job.hpp"

namespace kaisho::server::cpu {

inline constexpr const char* kWorkerApplication = "kaisho-cpu-worker";
inline constexpr const char* kQueueApplication = "kaisho-cpu-queue:";
inline constexpr const char* kCancelChannel = "kaisho_cpu_cancel";
// A worker's sessions run a statement at least this often; one silent for kStaleMs counts as
// gone: its threads are no capacity, and the searches it holds are taken back.
inline constexpr int64_t kHeartbeatMs = 250;
inline constexpr int64_t kStaleMs = 1500;

// What identifies this machine to the others on the database: its kernel's boot id (the same
// in every container on the machine, which share its cores), "" when unknown.
std::string machine_id();
// A worker thread's session name on this machine: kWorkerApplication '@' machine_id().
std::string worker_session_name();

// This server's part of the workers' `threads` when `servers` game servers share them and
// `before` of them come before it in their order (by session name, then process id): an
// equal part, the remainder one each to the first ones. Alone, every thread.
int share_of_workers(int threads, int servers, int before);

class WorkerQueue {
 public:
  virtual ~WorkerQueue() = default;
  // This server's part of the search threads of the workers connected and answering now (0:
  // none, or no database): share_of_workers among the game servers' queues connected now.
  virtual int capacity() = 0;
  // How many of that part are threads of worker processes on this machine (machine_id), as
  // the last capacity() counted them: they add no core to this machine.
  virtual int colocated() { return 0; }
  // This server's searches that a worker thread holds while it stopped answering (no
  // statement for kStaleMs), as the last capacity() found them, each once: taken back now.
  virtual std::vector<CpuJobId> stalled() { return {}; }
  // Queues a search of this server with its deadline (the pool's steady milliseconds).
  virtual Status send(CpuJobId id, const CpuJob& job, int64_t deadline_ms) = 0;
  // Its answer is not wanted: the row goes, or, if a worker is thinking about it, the worker
  // is told to stop (and deletes it). An answer to it that comes later is never given, even
  // once the search is sent again (a new row).
  virtual void forget(CpuJobId id) = 0;
  // The answers that came, waiting up to `ms` for the first: each to the row last sent for its
  // search.
  virtual std::vector<std::pair<CpuJobId, std::string>> answers(int ms) = 0;
};

// The PostgreSQL queue of the server `server_name`, a new life of it (its rows are its own).
Result<std::unique_ptr<WorkerQueue>> open_worker_queue(const std::string& uri,
                                                       const std::string& server_name);

}  // namespace kaisho::server::cpu

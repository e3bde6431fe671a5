#pragma once
// The process's CPU players: one pool of search threads for every hall, sized to the machine,
// at a low scheduling priority so that the network and the halls always come first, run by
// CpuSchedule's policy (fair between addresses, earliest deadline first, less time rather
// than a longer queue, running searches held to it as the load grows, admission). Each hall
// talks to it through a client (a CpuService) that answers on the hall's executor (docs/cpu.md,
// "Under load").
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "server/cpu/cpu_schedule.hpp"
#include "server/cpu/cpu_service.hpp"
#include "server/cpu/worker_queue.hpp"

namespace kaisho::server::cpu {

struct PoolConfig {
  ScheduleConfig schedule;  // its `workers` is the number of search threads
  int nice = 19;            // the search threads' niceness (0 = as the process)
  // The machine's cores (0: as the system says): worker processes on this machine add no core,
  // so the pool counts its own threads and theirs as no more than its threads or the cores.
  int cores = 0;
};

// The threads the pool counts: its own `own`, and `part` threads of the worker processes of
// which `here` are on this machine (sharing its `cores` with the pool's own threads).
int counted_threads(int own, int cores, int part, int here);

class CpuPool {
 public:
  explicit CpuPool(PoolConfig config);
  ~CpuPool();  // stops the running searches and joins the threads
  CpuPool(const CpuPool&) = delete;
  CpuPool& operator=(const CpuPool&) = delete;

  // Sends searches to CPU worker processes too, while any is reachable through `queue`
  // (docs/cpu.md, "Worker processes"). Call once, before the first request.
  void use_workers(std::unique_ptr<WorkerQueue> queue);

  // A hall's way in: answers are posted to `scheduler`. Destroy it on that scheduler's thread
  // (or once it is stopped) before the pool: it cancels what it still waits for.
  std::unique_ptr<CpuService> client(Scheduler& scheduler);

  struct Figures {
    size_t waiting = 0;
    size_t running = 0;
    size_t at_workers = 0;  // sent to worker processes, not answered yet
    uint64_t rescued = 0;   // taken back from a worker that did not answer in time
    uint64_t cut = 0;       // running searches cut short as the load grew, or for a deadline
    int threads = 0;        // the threads counted (own and workers')
  };
  Figures figures() const;

 private:
  friend class PoolClient;
  using Done = std::function<void(std::string move)>;  // called under mutex_
  CpuJobId submit(CpuRequest request, Done done);
  void cancel(CpuJobId id);
  void barrier();  // returns once no answer is being posted
  CpuAdmission admit(const std::string& owner, const std::string& table, std::string_view game,
                     int level);
  CpuPlayed take_played(const std::string& table);
  void work(size_t worker);
  void keep_time();          // stops the searches cut short when their time comes
  void revise(int64_t now);  // under mutex_: CpuSchedule::revise applied to the threads
  void dispatch();           // the worker processes' side: send, collect, take back
  int64_t now_ms() const;
  // Under mutex_: the metrics of the queue and the load (kaisho_cpu_*, docs/cpu.md).
  void publish(int64_t now);

  struct Pending {
    CpuRequest request;
    Done done;
    int64_t submitted_ms = 0;
    bool started = false;  // its wait was measured (a search taken back starts again)
  };
  void started(Pending& job, int64_t now);         // under mutex_: its wait, once
  void answered(const Pending& job, int64_t now);  // under mutex_: its reply time
  struct Worker {
    CpuJobId job = 0;  // running, 0 none
    bool cancelled = false;
    bool cut = false;  // stopped by the time keeper: its move is played
    int64_t started_ms = 0;
    int64_t time_ms = 0;                  // the search's own time limit
    int64_t stop_at_ms = 0;               // cut short: stopped then (0: at its own time)
    const CpuRequest* request = nullptr;  // while running
    ai::StopFlag stop{false};
  };
  struct AtWorker {  // a search sent to the worker processes
    Pending job;
    Allotment allotment;
    int64_t sent_ms = 0;
    int64_t rescue_at_ms = 0;  // not answered by then: taken back and searched here
  };

  PoolConfig config_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;           // the pool's own threads
  std::condition_variable dispatch_wake_;  // the worker processes' dispatcher
  std::condition_variable time_wake_;      // the time keeper
  CpuSchedule schedule_;
  std::map<CpuJobId, Pending> pending_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<std::thread> threads_;
  CpuJobId next_id_ = 0;
  bool stopping_ = false;
  int idle_threads_ = 0;  // own threads waiting for a search
  std::unique_ptr<WorkerQueue> queue_;
  std::map<CpuJobId, AtWorker> at_workers_;
  std::vector<CpuJobId> to_forget_;  // cancelled at the workers: rows to delete
  uint64_t rescued_ = 0;
  uint64_t cut_ = 0;
  int counted_ = 0;  // the threads counted (schedule's workers)
  std::thread dispatcher_;
  std::thread time_keeper_;
};

}  // namespace kaisho::server::cpu

#include "server/cpu/cpu_pool.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <set>

#include "ai/searcher.hpp"
#include "core/metrics.hpp"

namespace kaisho::server::cpu {

namespace {

// The pool's metrics (docs/cpu.md, "Metrics"), shared by every pool of the process.
struct Meters {
  metrics::Gauge& queued;
  metrics::Gauge& load_share;
  metrics::Counter& refused_lower;
  metrics::Counter& refused_full;
  metrics::Counter& taken_back;
  std::vector<metrics::Histogram*> wait;   // by level, 0..kMaxLevel
  std::vector<metrics::Histogram*> reply;  // by level

  static Meters& get() {
    static Meters m;
    return m;
  }
  static size_t level(int l) { return static_cast<size_t>(std::clamp(l, 0, ai::kMaxLevel)); }

 private:
  static metrics::Registry& r() { return metrics::global(); }
  Meters()
      : queued(r().gauge("kaisho_cpu_searches_queued",
                         "CPU searches waiting for a thread of the pool or a worker process")),
        load_share(r().gauge("kaisho_cpu_load_share",
                             "The share of its level's time and nodes a CPU search starting now "
                             "gets (1: all of it; the floor is 0.125)")),
        refused_lower(r().counter("kaisho_cpu_refusals_total",
                                  "Games against the CPU refused at admission (cpu_busy): a "
                                  "lower level offered, or none",
                                  {{"reason", "lower_level"}})),
        refused_full(r().counter("kaisho_cpu_refusals_total", "", {{"reason", "full"}})),
        taken_back(r().counter("kaisho_cpu_searches_taken_back_total",
                               "CPU searches taken back from a worker process that died, stopped "
                               "answering or did not answer in time")) {
    for (int l = 0; l <= ai::kMaxLevel; ++l) {
      const metrics::Labels labels{{"level", std::to_string(l)}};
      wait.push_back(&r().histogram("kaisho_cpu_wait_seconds",
                                    "A CPU search's wait from its request to its start (on a "
                                    "thread of the pool, or sent to a worker process)",
                                    metrics::latency_bounds(), labels));
      reply.push_back(&r().histogram("kaisho_cpu_reply_seconds",
                                     "A CPU move from its request to its answer (the bound: 3 s)",
                                     metrics::latency_bounds(), labels));
    }
  }
};

}  // namespace

// A hall's client. Its set of live jobs is touched on the hall's executor only (request,
// cancel, and the posted answers), so an answer that arrives after a cancel is dropped there.
class PoolClient final : public CpuService {
 public:
  PoolClient(CpuPool& pool, Scheduler& scheduler)
      : pool_(pool), state_(std::make_shared<State>(scheduler)) {}
  ~PoolClient() override {
    for (CpuJobId id : state_->live) pool_.cancel(id);
    state_->live.clear();
    // An answer is posted under the pool's lock: once it is taken here, no post to this
    // client's executor is under way, and its executor may go.
    pool_.barrier();
  }

  CpuJobId request(CpuRequest request, std::function<void(std::string)> on_move) override {
    // The id is known only once submitted, and the answer may come before submit returns.
    auto id_box = std::make_shared<CpuJobId>(0);
    const CpuJobId id = pool_.submit(
        std::move(request), [state = state_, id_box, on_move = std::move(on_move)](std::string m) {
          state->scheduler.post([state, id_box, on_move, m = std::move(m)] {
            if (state->live.erase(*id_box) == 0) return;  // cancelled meanwhile
            on_move(m);
          });
        });
    *id_box = id;
    state_->live.insert(id);
    return id;
  }

  void cancel(CpuJobId id) override {
    if (state_->live.erase(id) == 0) return;
    pool_.cancel(id);
  }

  CpuAdmission admit(const std::string& owner, const std::string& table, std::string_view game,
                     int level) override {
    return pool_.admit(owner, table, game, level);
  }

  CpuPlayed take_played(const std::string& table) override { return pool_.take_played(table); }

 private:
  struct State {
    explicit State(Scheduler& s) : scheduler(s) {}
    Scheduler& scheduler;
    std::set<CpuJobId> live;
  };
  CpuPool& pool_;
  std::shared_ptr<State> state_;
};

int counted_threads(int own, int cores, int part, int here) {
  here = std::clamp(here, 0, std::max(0, part));
  // The worker threads on this machine search on the cores the pool's own threads use: the
  // two together count as no more than the pool's threads or the cores, whichever is more.
  return std::min(own + here, std::max(own, cores)) + (part - here);
}

CpuPool::CpuPool(PoolConfig config) : config_(config), schedule_(config.schedule) {
  const int n = std::max(1, config_.schedule.workers);
  if (config_.cores <= 0) config_.cores = static_cast<int>(std::thread::hardware_concurrency());
  counted_ = n;
  for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<Worker>());
  for (int i = 0; i < n; ++i) threads_.emplace_back([this, i] { work(static_cast<size_t>(i)); });
  time_keeper_ = std::thread([this] { keep_time(); });
}

CpuPool::~CpuPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& w : workers_) w->stop.store(true);
  }
  wake_.notify_all();
  dispatch_wake_.notify_all();
  time_wake_.notify_all();
  for (auto& t : threads_) t.join();
  if (dispatcher_.joinable()) dispatcher_.join();
  time_keeper_.join();
}

void CpuPool::use_workers(std::unique_ptr<WorkerQueue> queue) {
  queue_ = std::move(queue);
  dispatcher_ = std::thread([this] { dispatch(); });
}

std::unique_ptr<CpuService> CpuPool::client(Scheduler& scheduler) {
  return std::make_unique<PoolClient>(*this, scheduler);
}

int64_t CpuPool::now_ms() const {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

CpuJobId CpuPool::submit(CpuRequest request, Done done) {
  CpuJobId id;
  {
    std::lock_guard lock(mutex_);
    id = ++next_id_;
    const int64_t now = now_ms();
    schedule_.add(id, request.owner, request.table, request.game->id(), request.limits.level,
                  request.urgent, now, request.cpu_seat);
    pending_.emplace(id, Pending{std::move(request), std::move(done), now});
    // A search that started when fewer tables asked is held to the share this load gives.
    revise(now);
    publish(now);
  }
  wake_.notify_one();
  dispatch_wake_.notify_one();
  return id;
}

void CpuPool::cancel(CpuJobId id) {
  std::lock_guard lock(mutex_);
  if (schedule_.cancel_waiting(id)) {
    pending_.erase(id);
    publish(now_ms());
    return;
  }
  if (auto it = at_workers_.find(id); it != at_workers_.end()) {
    // The row goes (unless a worker thinks about it: its answer is then ignored).
    schedule_.finished(id, 0, true);
    at_workers_.erase(it);
    to_forget_.push_back(id);
    return;
  }
  for (auto& w : workers_)
    if (w->job == id) {
      w->cancelled = true;
      w->stop.store(true);
    }
}

void CpuPool::barrier() {
  std::lock_guard lock(mutex_);
}

CpuAdmission CpuPool::admit(const std::string& owner, const std::string& table,
                            std::string_view game, int level) {
  std::lock_guard lock(mutex_);
  const int64_t now = now_ms();
  const CpuAdmission admitted = schedule_.admit(owner, table, game, level, now);
  // People starting together: the searches already running are held to the share the table
  // admitted now leaves them, before its first search asks.
  if (admitted.admitted) revise(now);
  if (!admitted.admitted)
    (admitted.level_available > 0 ? Meters::get().refused_lower : Meters::get().refused_full).add();
  publish(now);
  return admitted;
}

CpuPlayed CpuPool::take_played(const std::string& table) {
  std::lock_guard lock(mutex_);
  return schedule_.take_played(table);
}

CpuPool::Figures CpuPool::figures() const {
  std::lock_guard lock(mutex_);
  return {schedule_.waiting(), schedule_.running(), at_workers_.size(), rescued_, cut_, counted_};
}

void CpuPool::publish(int64_t now) {
  Meters& m = Meters::get();
  m.queued.set(static_cast<double>(schedule_.waiting()));
  m.load_share.set(schedule_.share_now(now));
}

void CpuPool::started(Pending& job, int64_t now) {
  if (job.started) return;
  job.started = true;
  Meters::get().wait[Meters::level(job.request.limits.level)]->observe(
      static_cast<double>(now - job.submitted_ms) / 1000.0);
}

void CpuPool::answered(const Pending& job, int64_t now) {
  Meters::get().reply[Meters::level(job.request.limits.level)]->observe(
      static_cast<double>(now - job.submitted_ms) / 1000.0);
}

void CpuPool::revise(int64_t now) {
  bool changed = false;
  for (const Revision& r : schedule_.revise(now)) {
    for (auto& w : workers_) {
      if (w->job != r.id || !w->request) continue;
      // The schedule's times are of its full time (--cpu-ms); a request's own may be shorter.
      int64_t stop = r.stop_at_ms;
      if (const int64_t full = w->request->limits.time_ms; full > 0)
        stop = std::min(
            stop, w->started_ms +
                      std::max<int64_t>(0, std::llround(static_cast<double>(full) * r.share)));
      if (stop >= w->started_ms + w->time_ms) continue;  // it ends by then on its own
      if (w->stop_at_ms == 0 || stop < w->stop_at_ms) {
        w->stop_at_ms = stop;
        changed = true;
      }
    }
  }
  if (changed) time_wake_.notify_all();
}

void CpuPool::keep_time() {
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    const int64_t now = now_ms();
    // The load's share moves with time (a table counts for a window after its last search).
    publish(now);
    int64_t next = now + 1000;
    for (auto& w : workers_) {
      if (!w->job || !w->stop_at_ms || w->stop.load()) continue;
      if (now >= w->stop_at_ms) {
        w->cut = true;
        w->stop.store(true);
        ++cut_;
      } else {
        next = std::min(next, w->stop_at_ms);
      }
    }
    time_wake_.wait_for(lock, std::chrono::milliseconds(std::max<int64_t>(1, next - now)));
  }
}

namespace {
// The searcher of the last game a thread searched (with what it learnt), made anew for another.
struct SearcherCache {
  std::unique_ptr<ai::Searcher> searcher;
  std::string game;
  ai::Searcher* of(std::string_view id) {
    if (game != id) {
      searcher = ai::make_searcher(id);
      game = std::string(id);
    }
    return searcher.get();
  }
};

// A search on the calling thread; the first legal move when there is no other.
std::string think(SearcherCache& cache, const CpuRequest& request, double share, int64_t time_ms,
                  const ai::StopFlag& stop) {
  ai::Searcher* searcher = cache.of(request.game->id());
  ai::SearchLimits limits = request.limits;
  limits.load_share = share;
  limits.time_ms = time_ms;
  limits.fixed_time = true;  // the CPU has no clock to save time for
  std::string move;
  if (searcher && !request.state->outcome().over())
    move = searcher->search(*request.state, limits, stop, {}).best_move;
  if (move.empty()) {
    // No CPU for this game (or it found nothing): any legal move keeps the game going.
    auto legal = request.state->legal_moves();
    if (!legal.empty()) move = legal.front();
  }
  return move;
}
}  // namespace

namespace {
// A share of the request's own full time (less than --cpu-ms under a short turn timer).
int64_t time_of(const CpuRequest& request, const Allotment& a) {
  const int64_t full = request.limits.time_ms;
  return full > 0 ? std::max<int64_t>(1, std::llround(static_cast<double>(full) * a.share))
                  : a.time_ms;
}

// Below the network and the halls: a search yields the core to them at once. (Linux: the
// niceness is the thread's own.)
void lower_priority(int nice) {
  if (nice > 0) setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice);
}

// How long after its allotment a worker's answer may come before the search is taken back.
constexpr int64_t kRescueGraceMs = 300;

// The CPU time the calling thread has used (Linux: its own clock).
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
}  // namespace

void CpuPool::work(size_t index) {
  lower_priority(config_.nice);
  Worker& me = *workers_[index];
  SearcherCache cache;  // kept across searches of the same game
  for (;;) {
    Pending job;
    Allotment a;
    {
      std::unique_lock lock(mutex_);
      ++idle_threads_;
      wake_.wait(lock, [&] { return stopping_ || schedule_.waiting() > 0; });
      --idle_threads_;
      if (stopping_) return;
      const int64_t now = now_ms();
      a = *schedule_.next(now);
      auto it = pending_.find(a.id);
      job = std::move(it->second);
      pending_.erase(it);
      me.job = a.id;
      me.cancelled = false;
      me.cut = false;
      me.stop.store(false);
      me.started_ms = now;
      me.time_ms = time_of(job.request, a);
      me.stop_at_ms = 0;
      me.request = &job.request;
      started(job, now);
      publish(now);
    }
    const double cpu_before = thread_cpu_ms();
    std::string move = think(cache, job.request, a.share, me.time_ms, me.stop);
    const double cpu_ms = thread_cpu_ms() - cpu_before;
    std::lock_guard lock(mutex_);
    const int64_t spent = now_ms() - me.started_ms;
    // What it got: a search that ran out of time (or was cut short) had the CPU time it
    // used, out of its level's full time; one that stopped at its node cap or depth first had
    // its whole share.
    double got = 0;
    const int64_t full =
        job.request.limits.time_ms > 0 ? job.request.limits.time_ms : schedule_.config().full_ms;
    if (me.cut || spent + 2 >= me.time_ms) got = std::max(1e-3, cpu_ms / static_cast<double>(full));
    schedule_.finished(a.id, spent, me.cancelled || me.cut, !me.cancelled, got);
    me.job = 0;
    me.request = nullptr;
    me.stop_at_ms = 0;
    if (!me.cancelled && !stopping_) {
      answered(job, now_ms());
      job.done(std::move(move));
    }
  }
}

void CpuPool::dispatch() {
  const int own = static_cast<int>(workers_.size());
  for (;;) {
    const int capacity = queue_->capacity();
    const int here = queue_->colocated();
    // Searches held by a worker that stopped answering (its heartbeat is stale: hung, paused,
    // cut off): taken back now, whatever time they had left.
    const std::vector<CpuJobId> stalled = queue_->stalled();
    std::vector<std::pair<CpuJobId, CpuJob>> to_send;
    std::vector<int64_t> deadlines;
    std::vector<CpuJobId> to_forget;
    {
      std::unique_lock lock(mutex_);
      if (stopping_) return;
      const int counted = counted_threads(own, config_.cores, capacity, here);
      const bool fewer = counted < counted_;
      counted_ = counted;
      schedule_.set_workers(counted);
      to_forget.swap(to_forget_);
      const int64_t now = now_ms();
      // A worker that died or stopped answering in the middle of a search, or no worker left:
      // the search goes back to the pool, with its deadline, for the pool's own threads; the
      // searches they are making are cut short only as much as the fewer threads and its
      // deadline need (CpuSchedule::revise), not all of them at once.
      bool taken_back = false;
      for (auto it = at_workers_.begin(); it != at_workers_.end();) {
        const bool stale = std::find(stalled.begin(), stalled.end(), it->first) != stalled.end();
        if (capacity > 0 && now < it->second.rescue_at_ms && !stale) {
          ++it;
          continue;
        }
        const CpuJobId id = it->first;
        schedule_.take_back(id);
        pending_.emplace(id, std::move(it->second.job));
        to_forget.push_back(id);
        it = at_workers_.erase(it);
        ++rescued_;
        Meters::get().taken_back.add();
        taken_back = true;
      }
      if (taken_back || fewer) revise(now);
      if (taken_back) wake_.notify_all();
      // The workers take what the pool's own idle threads do not.
      while (static_cast<int>(at_workers_.size()) < capacity &&
             schedule_.waiting() > static_cast<size_t>(idle_threads_)) {
        const std::optional<Allotment> next = schedule_.next(now, true);
        if (!next) break;  // only searches taken back from a worker wait: searched here
        const Allotment a = *next;
        schedule_.sent_away(a.id);
        auto it = pending_.find(a.id);
        AtWorker& w = at_workers_[a.id];
        w.job = std::move(it->second);
        pending_.erase(it);
        w.allotment = a;
        w.sent_ms = now;
        started(w.job, now);
        const int64_t time_ms = time_of(w.job.request, a);
        w.rescue_at_ms = now + time_ms + kRescueGraceMs;
        to_send.emplace_back(a.id, job_of(w.job.request, a.share, time_ms));
        deadlines.push_back(a.deadline_ms);
      }
      publish(now);
      if (to_send.empty() && at_workers_.empty() && to_forget.empty()) {
        // Nothing at the workers: look again when a search waits, or for workers in a while.
        dispatch_wake_.wait_for(lock, std::chrono::milliseconds(capacity > 0 ? 20 : 500));
        continue;
      }
    }
    // Forgotten first: a search taken back may be sent again at once, and its new row is not
    // the old one's to delete.
    for (CpuJobId id : to_forget) queue_->forget(id);
    for (size_t k = 0; k < to_send.size(); ++k)
      if (Status s = queue_->send(to_send[k].first, to_send[k].second, deadlines[k]); !s) {
        std::lock_guard lock(mutex_);
        if (auto it = at_workers_.find(to_send[k].first); it != at_workers_.end())
          it->second.rescue_at_ms = 0;  // not sent: back to the pool at the next turn
      }
    auto answers = queue_->answers(10);
    std::lock_guard lock(mutex_);
    for (auto& [id, move] : answers) {
      auto it = at_workers_.find(id);
      if (it == at_workers_.end()) continue;  // cancelled, or taken back meanwhile
      // Its time includes the queue's round trips: it teaches nothing about a search's cost.
      schedule_.finished(id, now_ms() - it->second.sent_ms, true, true, 0);
      if (!stopping_) {
        answered(it->second.job, now_ms());
        it->second.job.done(std::move(move));
      }
      at_workers_.erase(it);
    }
  }
}

}  // namespace kaisho::server::cpu

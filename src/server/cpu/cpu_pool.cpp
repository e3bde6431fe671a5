#include "server/cpu/cpu_pool.hpp"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <set>

#include "ai/searcher.hpp"

namespace kaisho::server::cpu {

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

 private:
  struct State {
    explicit State(Scheduler& s) : scheduler(s) {}
    Scheduler& scheduler;
    std::set<CpuJobId> live;
  };
  CpuPool& pool_;
  std::shared_ptr<State> state_;
};

CpuPool::CpuPool(PoolConfig config) : config_(config), schedule_(config.schedule) {
  const int n = std::max(1, config_.schedule.workers);
  for (int i = 0; i < n; ++i) workers_.push_back(std::make_unique<Worker>());
  for (int i = 0; i < n; ++i) threads_.emplace_back([this, i] { work(static_cast<size_t>(i)); });
}

CpuPool::~CpuPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    for (auto& w : workers_) w->stop.store(true);
  }
  wake_.notify_all();
  dispatch_wake_.notify_all();
  for (auto& t : threads_) t.join();
  if (dispatcher_.joinable()) dispatcher_.join();
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
    schedule_.add(id, request.owner, request.table, request.game->id(), request.limits.level,
                  request.urgent, now_ms());
    pending_.emplace(id, Pending{std::move(request), std::move(done)});
  }
  wake_.notify_one();
  dispatch_wake_.notify_one();
  return id;
}

void CpuPool::cancel(CpuJobId id) {
  std::lock_guard lock(mutex_);
  if (schedule_.cancel_waiting(id)) {
    pending_.erase(id);
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
  return schedule_.admit(owner, table, game, level, now_ms());
}

CpuPool::Figures CpuPool::figures() const {
  std::lock_guard lock(mutex_);
  return {schedule_.waiting(), schedule_.running(), at_workers_.size(), rescued_};
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
      a = *schedule_.next(now_ms());
      auto it = pending_.find(a.id);
      job = std::move(it->second);
      pending_.erase(it);
      me.job = a.id;
      me.cancelled = false;
      me.stop.store(false);
    }
    const int64_t started = now_ms();
    std::string move = think(cache, job.request, a.share, time_of(job.request, a), me.stop);
    std::lock_guard lock(mutex_);
    schedule_.finished(a.id, now_ms() - started, me.cancelled);
    me.job = 0;
    if (!me.cancelled && !stopping_) job.done(std::move(move));
  }
}

void CpuPool::dispatch() {
  const int own = static_cast<int>(workers_.size());
  for (;;) {
    const int capacity = queue_->capacity();
    std::vector<std::pair<CpuJobId, CpuJob>> to_send;
    std::vector<int64_t> deadlines;
    std::vector<CpuJobId> to_forget;
    {
      std::unique_lock lock(mutex_);
      if (stopping_) return;
      schedule_.set_workers(own + capacity);
      to_forget.swap(to_forget_);
      const int64_t now = now_ms();
      // A worker that died or paused in the middle of a search, or no worker left: the search
      // goes back to the pool, with its deadline, for the pool's own threads; the searches
      // they are making end now with their best move so far, to make room for it.
      bool taken_back = false;
      for (auto it = at_workers_.begin(); it != at_workers_.end();) {
        if (capacity > 0 && now < it->second.rescue_at_ms) {
          ++it;
          continue;
        }
        const CpuJobId id = it->first;
        schedule_.take_back(id);
        pending_.emplace(id, std::move(it->second.job));
        to_forget.push_back(id);
        it = at_workers_.erase(it);
        ++rescued_;
        taken_back = true;
      }
      if (taken_back) {
        for (auto& w : workers_)
          if (w->job) w->stop.store(true);
        wake_.notify_all();
      }
      // The workers take what the pool's own idle threads do not.
      while (static_cast<int>(at_workers_.size()) < capacity &&
             schedule_.waiting() > static_cast<size_t>(idle_threads_)) {
        const Allotment a = *schedule_.next(now);
        auto it = pending_.find(a.id);
        AtWorker& w = at_workers_[a.id];
        w.job = std::move(it->second);
        pending_.erase(it);
        w.allotment = a;
        w.sent_ms = now;
        const int64_t time_ms = time_of(w.job.request, a);
        w.rescue_at_ms = now + time_ms + kRescueGraceMs;
        to_send.emplace_back(a.id, job_of(w.job.request, a.share, time_ms));
        deadlines.push_back(a.deadline_ms);
      }
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
      schedule_.finished(id, now_ms() - it->second.sent_ms, true);
      if (!stopping_) it->second.job.done(std::move(move));
      at_workers_.erase(it);
    }
  }
}

}  // namespace kaisho::server::cpu

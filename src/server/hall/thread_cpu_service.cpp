#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

#include "ai/engine.hpp"
#include "server/hall/cpu_service.hpp"

namespace kaisho::server {

namespace {

class ThreadCpuService final : public CpuService {
 public:
  ThreadCpuService(Scheduler& scheduler, int threads) : scheduler_(scheduler) {
    for (int i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  ~ThreadCpuService() override {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    cv_.notify_all();
    for (auto& w : workers_) w.join();
  }
  void request(CpuRequest request, std::function<void(std::string)> on_move) override {
    {
      std::lock_guard lock(mutex_);
      queue_.push_back({std::move(request), std::move(on_move)});
    }
    cv_.notify_one();
  }

 private:
  struct Job {
    CpuRequest request;
    std::function<void(std::string)> on_move;
  };
  void work() {
    ai::Engine engine;
    for (;;) {
      Job job;
      {
        std::unique_lock lock(mutex_);
        cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
        if (stopping_) return;
        job = std::move(queue_.front());
        queue_.pop_front();
      }
      std::string move;
      if (engine.set_position(*job.request.game, *job.request.state)) {
        move = engine.think(job.request.limits).best_move;
      }
      if (move.empty()) {
        // No CPU for this game (or it found nothing): any legal move keeps the game going.
        auto legal = job.request.state->legal_moves();
        if (!legal.empty()) move = legal.front();
      }
      scheduler_.post([cb = std::move(job.on_move), move] { cb(move); });
    }
  }

  Scheduler& scheduler_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  bool stopping_ = false;
};

}  // namespace

std::unique_ptr<CpuService> make_thread_cpu_service(Scheduler& scheduler, int threads) {
  return std::make_unique<ThreadCpuService>(scheduler, threads);
}

}  // namespace kaisho::server

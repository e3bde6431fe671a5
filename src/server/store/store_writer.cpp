#include "server/store/store_writer.hpp"

#include <chrono>

#include "core/metrics.hpp"

namespace kaisho::server {

namespace {

constexpr size_t kMostWritesInOneTransaction = 512;
constexpr int64_t kPingWhenIdleMs = 1000;

metrics::Histogram& commit_seconds() {
  static auto& h = metrics::global().histogram(
      "kaisho_store_commit_seconds",
      "One transaction of the writer: every write waiting, of every hall (group commit)",
      metrics::latency_bounds());
  return h;
}

metrics::Counter& store_errors(const std::string& op) {
  return metrics::global().counter(
      "kaisho_store_errors_total",
      "Store calls that failed (the database slow or away), by what was asked", {{"op", op}});
}

}  // namespace

StoreWriter::StoreWriter(Store& store) : store_(store) {
  answered_ms_ = steady_ms();
  thread_ = std::thread([this] { run(); });
}

StoreWriter::~StoreWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

int64_t StoreWriter::steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void StoreWriter::write(std::vector<Write> writes, Scheduler& scheduler,
                        std::function<void(Outcomes)> done) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(Job{std::move(writes), {}, &scheduler, std::move(done)});
  }
  wake_.notify_one();
}

void StoreWriter::end_game(int64_t game_id, std::string game, std::vector<std::string> persons,
                           Store::EndFn decide, Fence fence, Scheduler& scheduler,
                           std::function<void(Result<std::string>)> done) {
  Job job;
  job.scheduler = &scheduler;
  job.end = [this, game_id, game = std::move(game), persons = std::move(persons),
             decide = std::move(decide), fence = std::move(fence), &scheduler,
             done = std::move(done)] {
    Result<std::string> r = store_.end_game(game_id, game, persons, decide, fence);
    if (r || r.error().code != "store") answered();
    scheduler.post([done, r = std::move(r)]() mutable { done(std::move(r)); });
  };
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void StoreWriter::keep_leases(std::string server, int64_t ttl_ms, int64_t every_ms,
                              Renewed renewed) {
  {
    std::lock_guard lock(mutex_);
    lease_server_ = std::move(server);
    lease_ttl_ms_ = ttl_ms;
    lease_every_ms_ = every_ms;
    renewed_ = std::move(renewed);
  }
  wake_.notify_one();
}

bool StoreWriter::database_answers(int64_t ms) const {
  return steady_ms() - answered_ms_.load() <= ms;
}

StoreWriter::Stats StoreWriter::stats() const {
  return {transactions_.load(), writes_.load()};
}

void StoreWriter::answered() {
  answered_ms_ = steady_ms();
}

void StoreWriter::run() {
  int64_t next_renewal = 0;
  for (;;) {
    std::vector<Job> jobs;
    bool renew = false;
    bool ping = false;
    {
      std::unique_lock lock(mutex_);
      const auto due = [&] {
        const int64_t now = steady_ms();
        return (lease_every_ms_ > 0 && now >= next_renewal) ||
               now - answered_ms_.load() >= kPingWhenIdleMs;
      };
      wake_.wait_for(lock, std::chrono::milliseconds(100),
                     [&] { return stopping_ || !queue_.empty() || due(); });
      if (!queue_.empty()) {
        // A game's end alone; otherwise every batch of writes waiting, up to a bound.
        if (queue_.front().end) {
          jobs.push_back(std::move(queue_.front()));
          queue_.pop_front();
        } else {
          size_t writes = 0;
          while (!queue_.empty() && !queue_.front().end &&
                 (jobs.empty() ||
                  writes + queue_.front().writes.size() <= kMostWritesInOneTransaction)) {
            writes += queue_.front().writes.size();
            jobs.push_back(std::move(queue_.front()));
            queue_.pop_front();
          }
        }
      } else if (stopping_) {
        return;
      }
      const int64_t now = steady_ms();
      renew = lease_every_ms_ > 0 && now >= next_renewal;
      ping = jobs.empty() && !renew && now - answered_ms_.load() >= kPingWhenIdleMs;
    }
    if (renew) {
      const int64_t started = steady_ms();
      next_renewal = started + lease_every_ms_;
      auto held = store_.renew_leases(lease_server_, lease_ttl_ms_);
      if (held) {
        answered();
        static auto& leases = metrics::global().gauge(
            "kaisho_leases_held", "Group leases this server holds (as last renewed)");
        leases.set(static_cast<double>(held->size()));
        renewed_(held.value(), started);
      } else {
        store_errors("renew").add();
      }
    }
    if (ping && store_.ping()) answered();
    if (jobs.empty()) continue;
    if (jobs.front().end) {
      jobs.front().end();
      continue;
    }
    make_writes(jobs);
  }
}

void StoreWriter::make_writes(std::vector<Job>& jobs) {
  std::vector<Write> all;
  for (auto& job : jobs)
    for (auto& w : job.writes) all.push_back(std::move(w));
  const int64_t began = steady_ms();
  Outcomes outcomes = all.empty() ? Outcomes{} : store_.write(all);
  commit_seconds().observe(static_cast<double>(steady_ms() - began) / 1000);
  const bool reached = std::any_of(outcomes.begin(), outcomes.end(), [](const auto& r) {
    return r.ok() || r.error().code != "store";
  });
  if (reached || all.empty()) answered();
  if (!reached && !all.empty()) store_errors("write").add();
  static auto& fenced = metrics::global().counter(
      "kaisho_writes_fenced_total", "Writes refused because their group's lease had moved on");
  for (const auto& o : outcomes)
    if (!o && o.error().code == "fenced") fenced.add();
  ++transactions_;
  writes_ += all.size();
  size_t at = 0;
  for (auto& job : jobs) {
    Outcomes mine(
        std::make_move_iterator(outcomes.begin() + static_cast<long>(at)),
        std::make_move_iterator(outcomes.begin() + static_cast<long>(at + job.writes.size())));
    at += job.writes.size();
    job.scheduler->post(
        [done = std::move(job.done), mine = std::move(mine)]() mutable { done(std::move(mine)); });
  }
}

}  // namespace kaisho::server

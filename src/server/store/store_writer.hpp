#pragma once
// The hall's writes, off the hall's thread: a thread of its own with a store connection of its
// own takes the writes the halls of a process hand it and makes all that are waiting in one
// transaction (group commit: one commit, one fsync, for moves of many tables), then tells each
// hall on its own executor. A move is still told to anyone only after its commit returns.
// It also keeps the server's leases (renewed on a timer) and knows whether the database
// answers (a ping when it has been idle), for /healthz.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/scheduler.hpp"
#include "server/store/store.hpp"

namespace kaisho::server {

using Outcomes = std::vector<Result<int64_t>>;

// Where the hall hands its writes: the StoreWriter's thread, or (tests) the store at once.
class WriteQueue {
 public:
  virtual ~WriteQueue() = default;
  // Makes `writes` (in one transaction, maybe with others') and posts `done` to `scheduler`
  // with one outcome per write, in order (see Store::write).
  virtual void write(std::vector<Write> writes, Scheduler& scheduler,
                     std::function<void(Outcomes)> done) = 0;
  // Ends a game (Store::end_game) and posts `done` to `scheduler` with what was stored.
  virtual void end_game(int64_t game_id, std::string game, std::vector<std::string> persons,
                        Store::EndFn decide, Fence fence, Scheduler& scheduler,
                        std::function<void(Result<std::string>)> done) = 0;
};

// Makes each write at once on the caller's thread (the hall's tests, with a fake clock).
class InlineWrites final : public WriteQueue {
 public:
  explicit InlineWrites(Store& store) : store_(store) {}
  void write(std::vector<Write> writes, Scheduler& scheduler,
             std::function<void(Outcomes)> done) override {
    auto out = store_.write(writes);
    scheduler.post(
        [done = std::move(done), out = std::move(out)]() mutable { done(std::move(out)); });
  }
  void end_game(int64_t game_id, std::string game, std::vector<std::string> persons,
                Store::EndFn decide, Fence fence, Scheduler& scheduler,
                std::function<void(Result<std::string>)> done) override {
    auto r = store_.end_game(game_id, game, persons, decide, fence);
    scheduler.post([done = std::move(done), r = std::move(r)]() mutable { done(std::move(r)); });
  }

 private:
  Store& store_;
};

class StoreWriter final : public WriteQueue {
 public:
  using Renewed = std::function<void(const std::vector<std::string>& held, int64_t started_ms)>;

  // `store` is the writer's own connection (PostgreSQL), or the one a process shares (SQLite).
  explicit StoreWriter(Store& store);
  // Makes what is queued, then stops.
  ~StoreWriter();
  StoreWriter(const StoreWriter&) = delete;
  StoreWriter& operator=(const StoreWriter&) = delete;

  // Queues `writes`; they go in one transaction with whatever else is queued then. `done` is
  // posted to `scheduler` with one outcome per write, in order (see Store::write).
  void write(std::vector<Write> writes, Scheduler& scheduler,
             std::function<void(Outcomes)> done) override;
  // Queues a game's end (a transaction of its own, after the writes queued before it);
  // `decide` runs on the writer's thread and must only read what it captured.
  void end_game(int64_t game_id, std::string game, std::vector<std::string> persons,
                Store::EndFn decide, Fence fence, Scheduler& scheduler,
                std::function<void(Result<std::string>)> done) override;
  // Renews the leases of `server` for ttl_ms every every_ms; after each renewal that succeeds,
  // `renewed` (called on the writer's thread) gets the groups still held and the steady time
  // in ms when the renewal began (a group claimed after it may be missing from the list).
  void keep_leases(std::string server, int64_t ttl_ms, int64_t every_ms, Renewed renewed);
  // Whether the database answered within the last `ms` milliseconds (any call or a ping).
  bool database_answers(int64_t ms) const;

  struct Stats {
    uint64_t transactions = 0;  // batches of writes (each one commit)
    uint64_t writes = 0;
  };
  Stats stats() const;

 private:
  struct Job {
    std::vector<Write> writes;  // a batch of writes, or
    std::function<void()> end;  // a game's end
    Scheduler* scheduler = nullptr;
    std::function<void(Outcomes)> done;
  };
  void run();
  void make_writes(std::vector<Job>& jobs);
  void answered();
  static int64_t steady_ms();

  Store& store_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::string lease_server_;
  int64_t lease_ttl_ms_ = 0;
  int64_t lease_every_ms_ = 0;
  Renewed renewed_;
  std::atomic<int64_t> answered_ms_{0};
  std::atomic<uint64_t> transactions_{0};
  std::atomic<uint64_t> writes_{0};
  std::thread thread_;
};

}  // namespace kaisho::server

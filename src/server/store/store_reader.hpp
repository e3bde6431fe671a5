#pragma once
// The hall's reads, off the hall's thread: a few threads, each with a store connection of its
// own (PostgreSQL) or the one a process shares (SQLite), take the reads the halls hand them in
// order and post each result back to the hall's executor. A database that stalls then holds up
// the reads waiting for it, never a hall's other tables. Work that only costs time (replaying a
// long game sent by a device) runs here too, for the same reason.
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "core/scheduler.hpp"
#include "server/store/store.hpp"

namespace kaisho::server {

class ReadQueue {
 public:
  virtual ~ReadQueue() = default;
  // Runs `job` with a store connection, off the caller's thread (or at once: InlineReads). A job
  // posts what it found to its hall itself (see read()).
  virtual void run(std::function<void(Store&)> job) = 0;

  // Runs `read` off the hall's thread, then `done` on `scheduler` with what it returned. `read`
  // must touch nothing of the hall's: it gets copies.
  template <class T>
  void read(Scheduler& scheduler, std::function<T(Store&)> read, std::function<void(T)> done) {
    run([&scheduler, read = std::move(read), done = std::move(done)](Store& store) {
      auto result = std::make_shared<T>(read(store));
      scheduler.post([done, result] { done(std::move(*result)); });
    });
  }
};

// Reads at once on the caller's thread, their results posted like the real queue's (the hall's
// tests, with a fake clock).
class InlineReads final : public ReadQueue {
 public:
  explicit InlineReads(Store& store) : store_(store) {}
  void run(std::function<void(Store&)> job) override { job(store_); }

 private:
  Store& store_;
};

class StoreReader final : public ReadQueue {
 public:
  // One thread per connection in `stores` (each used by its thread alone, or thread-safe).
  explicit StoreReader(std::vector<Store*> stores);
  // Stops once the job each thread is making ends; jobs not begun are dropped (their halls are
  // stopping).
  ~StoreReader();
  StoreReader(const StoreReader&) = delete;
  StoreReader& operator=(const StoreReader&) = delete;

  void run(std::function<void(Store&)> job) override;

  // Jobs waiting for a thread (for the operator and the tests).
  size_t waiting() const;

 private:
  void serve(Store& store);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void(Store&)>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace kaisho::server

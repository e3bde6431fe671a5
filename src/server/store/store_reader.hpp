#pragma once
// The hall's reads, off the hall's thread: a few threads, each with a store connection of its
// own (PostgreSQL) or the one a process shares (SQLite), take the reads the halls hand them in
// order and post each result back to the hall's executor. A database that stalls then holds up
// the reads waiting for it, never a hall's other tables. Work that only costs time (replaying a
// long game sent by a device) runs off the hall's thread too, on a lane of its own (checks).
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
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

  // Runs `work` (which only costs time: no store, nothing of the hall's) on the checks' lane,
  // then `done` on `scheduler` with what it returned. The lane is apart from the reads and runs
  // at low priority, so that reads and the halls never wait behind it; and a person has at most
  // one check in flight, an address at most kChecksPerAddress: false, running nothing, when
  // `person` or `address` is at its bound (the caller answers `busy`). That bounds the lane's
  // queue by the addresses sending, whatever each sends.
  template <class T>
  bool check(Scheduler& scheduler, const std::string& person, const std::string& address,
             std::function<T()> work, std::function<void(T)> done) {
    if (!take_check(person, address)) return false;
    run_check([this, &scheduler, person, address, work = std::move(work), done = std::move(done)] {
      auto result = std::make_shared<T>(work());
      release_check(person, address);
      scheduler.post([done, result] { done(std::move(*result)); });
    });
    return true;
  }
  static constexpr int kChecksPerAddress = 2;

 protected:
  // Runs `job` on the checks' lane (or at once).
  virtual void run_check(std::function<void()> job) = 0;

 private:
  bool take_check(const std::string& person, const std::string& address);
  void release_check(const std::string& person, const std::string& address);

  std::mutex checks_mutex_;
  std::map<std::string, int> checking_people_;
  std::map<std::string, int> checking_addresses_;
};

// Reads at once on the caller's thread, their results posted like the real queue's (the hall's
// tests, with a fake clock).
class InlineReads final : public ReadQueue {
 public:
  explicit InlineReads(Store& store) : store_(store) {}
  void run(std::function<void(Store&)> job) override { job(store_); }

 protected:
  void run_check(std::function<void()> job) override { job(); }

 private:
  Store& store_;
};

class StoreReader final : public ReadQueue {
 public:
  // One thread per connection in `stores` (each used by its thread alone, or thread-safe), and
  // one for the checks at niceness `check_nice` (19: the halls and the reads come first).
  explicit StoreReader(std::vector<Store*> stores, int check_nice = 19);
  // Stops once the job each thread is making ends; jobs not begun are dropped (their halls are
  // stopping).
  ~StoreReader();
  StoreReader(const StoreReader&) = delete;
  StoreReader& operator=(const StoreReader&) = delete;

  void run(std::function<void(Store&)> job) override;

  // Jobs waiting for a thread (for the operator and the tests).
  size_t waiting() const;

 protected:
  void run_check(std::function<void()> job) override;

 private:
  void serve(Store& store);
  void serve_checks(int nice);

  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void(Store&)>> queue_;
  std::condition_variable wake_checks_;
  std::deque<std::function<void()>> checks_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace kaisho::server

#pragma once
// Time and deferred work on one serial executor, injectable: the server runs it on an Asio strand
// with real timers; the tests run it by hand with a fake clock, so they never wait in real time.
#include <chrono>
#include <cstdint>
#include <functional>

namespace kaisho {

using TimerId = uint64_t;

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  // Monotonic milliseconds, for timers and durations.
  virtual int64_t now_ms() = 0;
  // Milliseconds since the Unix epoch, for timestamps people read (game dates).
  virtual int64_t wall_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  // Runs fn later on the hall's serial executor (safe to call from any thread).
  virtual void post(std::function<void()> fn) = 0;
  // Runs fn on the hall's executor after `ms` milliseconds unless cancelled.
  virtual TimerId after(int64_t ms, std::function<void()> fn) = 0;
  virtual void cancel(TimerId id) = 0;
};

}  // namespace kaisho

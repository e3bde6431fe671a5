#pragma once
// Time and deferred work on one serial executor, injectable: the server runs it on an Asio strand with
// real timers; the tests run it by hand with a fake clock, so they never wait in real time.
#include <cstdint>
#include <functional>

namespace kaisho {

using TimerId = uint64_t;

class Scheduler {
 public:
  virtual ~Scheduler() = default;
  virtual int64_t now_ms() = 0;
  // Runs fn later on the hall's serial executor (safe to call from any thread).
  virtual void post(std::function<void()> fn) = 0;
  // Runs fn on the hall's executor after `ms` milliseconds unless cancelled.
  virtual TimerId after(int64_t ms, std::function<void()> fn) = 0;
  virtual void cancel(TimerId id) = 0;
};

}  // namespace kaisho

#pragma once
// The limits of one search as it runs: nodes counted, the node limit, the deadline and the
// caller's stop flag. Every game's search counts its nodes here and asks `exhausted()`
// before each node; once exhausted, the search unwinds and keeps its best move so far.
#include <algorithm>
#include <chrono>
#include <cstdint>

#include "ai/search_types.hpp"

namespace kaisho::ai {

class SearchBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // Starts a search under `limits` (already tightened by the level); `stop` must outlive it.
  void start(const SearchLimits& limits, const StopFlag& stop) {
    stop_ = &stop;
    nodes_ = 0;
    aborted_ = false;
    start_ = Clock::now();
    node_limit_ = limits.infinite ? 0 : limits.nodes;
    has_deadline_ = !limits.infinite && limits.time_ms > 0;
    deadline_ = start_ + std::chrono::milliseconds(limits.time_ms);
  }

  void count() { ++nodes_; }
  void count(uint64_t n) { nodes_ += n; }  // nodes spent by a search run before this one
  uint64_t nodes() const { return nodes_; }
  bool has_node_limit() const { return node_limit_ != 0; }
  // What is left of the node limit (0 without one) and of the time (0 without a deadline),
  // for work run inside this search under limits of its own.
  uint64_t nodes_left() const { return node_limit_ > nodes_ ? node_limit_ - nodes_ : 0; }
  int64_t ms_left() const {
    if (!has_deadline_) return 0;
    return std::max<int64_t>(
        0, std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count());
  }

  // True once the node limit is reached, the stop flag is raised or the deadline passed;
  // it stays true for the rest of the search. The node limit is exact (so that a search
  // under it is deterministic); the flag and the clock are polled every 1024 nodes.
  bool exhausted() {
    if (aborted_) return true;
    if (node_limit_ && nodes_ >= node_limit_) return aborted_ = true;
    if ((nodes_ & 1023) == 0) {
      if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
      if (has_deadline_ && Clock::now() >= deadline_) return aborted_ = true;
    }
    return false;
  }
  bool aborted() const { return aborted_; }

  // Whether another iteration of deepening may start: with a deadline, only while less than
  // `fraction` of the time is used (beyond it the next iteration would hardly get anywhere).
  bool room_for_next_iteration(double fraction) const {
    if (!has_deadline_) return true;
    return std::chrono::duration<double>(Clock::now() - start_).count() <=
           fraction * std::chrono::duration<double>(deadline_ - start_).count();
  }

  int64_t elapsed_ms() const {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  }

 private:
  const StopFlag* stop_ = nullptr;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = 0;
  Clock::time_point start_;
  Clock::time_point deadline_;
  bool has_deadline_ = false;
  bool aborted_ = false;
};

}  // namespace kaisho::ai

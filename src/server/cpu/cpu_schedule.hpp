#pragma once
// Which waiting search runs next, and with how much of its level's time: the CPU pool's
// policy, without threads or clocks (the caller passes the time), so that tests drive it step
// by step (docs/cpu.md, "Under load").
//
// - Fair between owners (an owner is an address): only each owner's most urgent search
//   competes, and owners take turns in rounds (one search each a round), so one with many
//   tables waits for the others' turns.
// - Earliest deadline first within an owner, and between the owners who have not had their
//   turn in the round: a search's deadline is its arrival plus the reply bound, half of it for
//   a stand-in for a player out of time.
// - Less time rather than a longer queue: a search gets the share of its level's full time and
//   nodes that would let every search in the pool end within the target if the workers shared
//   them out, and no more than its own deadline leaves it; never less than the floor share.
// - Admission: a new game against the CPU is admitted while its owner's tables, each counted
//   at its level's floor search as if every one of them asked at once, fit in the owner's
//   part of the pool (the pool split between the owners using it). A table counts from its
//   admission or its last search until a window has passed.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "server/cpu/cpu_service.hpp"

namespace kaisho::server::cpu {

struct ScheduleConfig {
  int workers = 1;
  int64_t bound_ms = 3000;          // every reply within this of its request (docs/cpu.md)
  int64_t target_ms = 2500;         // what the shares aim at: the rest is dispatch and the network
  int64_t full_ms = 1200;           // a search's full time (--cpu-ms)
  double floor_share = 0.125;       // never less than this share of a level's time and nodes
  int64_t table_window_ms = 10000;  // a table counts this long after its last search
};

// What a worker runs: the search, with its share of its level's full time and node cap.
struct Allotment {
  CpuJobId id = 0;
  double share = 1.0;
  int64_t time_ms = 0;
  int64_t deadline_ms = 0;
};

class CpuSchedule {
 public:
  explicit CpuSchedule(ScheduleConfig config);

  // A search for `table` arrives. `game` and `level` set its cost class: what a search of that
  // class costs at its full share is learnt from the searches that ran.
  void add(CpuJobId id, const std::string& owner, const std::string& table, std::string_view game,
           int level, bool urgent, int64_t now_ms);
  // Drops a waiting search: true; false when it is running (the caller stops it) or unknown.
  bool cancel_waiting(CpuJobId id);
  // The search a free worker runs now (marked running), or nothing when none waits.
  std::optional<Allotment> next(int64_t now_ms);
  // A running search that did not run after all (the worker process it went to died): it
  // waits again with its deadline, and its owner's turn is given back.
  void take_back(CpuJobId id);
  // A running search ended after `spent_ms`; a stopped one teaches nothing about its cost.
  void finished(CpuJobId id, int64_t spent_ms, bool stopped);

  // Whether `table` may start a game against the CPU at `level` (it then counts at once).
  CpuAdmission admit(const std::string& owner, const std::string& table, std::string_view game,
                     int level, int64_t now_ms);

  size_t waiting() const;
  size_t running() const;
  // What a search of this class costs at its full share, in ms (learnt; a guess at first).
  double cost_ms(std::string_view game, int level) const;
  const ScheduleConfig& config() const { return config_; }
  // The threads searching now: the pool's own and those of the worker processes reachable.
  void set_workers(int workers) { config_.workers = std::max(1, workers); }

 private:
  struct Job {
    std::string owner;
    std::string kind;  // game/level
    int64_t deadline_ms = 0;
    double cost_ms = 0;  // its cost at full share, as counted in total_cost_ms_
    bool running = false;
    double share = 0;  // of its full time and nodes, once running
  };
  struct Owner {
    std::set<std::pair<int64_t, CpuJobId>> waiting;  // by deadline
    int jobs = 0;                                    // waiting and running
    uint64_t served_round = 0;                       // the last round it had a turn in
    struct Table {
      int64_t seen_ms = 0;  // admitted, or last asked for a search
      double floor_ms = 0;  // its level's floor search
    };
    std::map<std::string, Table> tables;
  };

  double cost_of(const std::string& kind, int level) const;
  // The owner's tables within the window at their floor searches (forgets the older ones).
  double demand_ms(Owner& o, int64_t now_ms) const;
  void remove(std::map<CpuJobId, Job>::iterator it);
  void forget_idle_owners(int64_t now_ms);

  ScheduleConfig config_;
  std::map<CpuJobId, Job> jobs_;
  std::map<std::string, Owner> owners_;
  std::map<std::string, double, std::less<>> learnt_cost_ms_;
  double total_cost_ms_ = 0;  // full-share costs of every search waiting or running
  uint64_t round_ = 1;        // owners who had a turn in it wait for the next
  size_t running_ = 0;
  int64_t swept_ms_ = 0;
};

}  // namespace kaisho::server::cpu

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
// - Searches already running are held to the same rule as the load grows (revise): a search
//   that started alone is cut to the share it would get now, and one is cut short when a
//   waiting search would otherwise miss its deadline (taken back from a worker process that
//   stopped answering): the fewest, just in time.
// - Admission: a new game against the CPU is admitted while every table, each counted at its
//   level's floor search as if all asked at once, fits in the pool, and its owner's tables fit
//   in the owner's part of it (the pool split between the owners using it). A table counts
//   from its admission or its last search until a window has passed.
// - What each table's searches got (played): for rating a result against the strength the
//   CPU played at.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ai/levels.hpp"
#include "server/cpu/cpu_service.hpp"

namespace kaisho::server::cpu {

struct ScheduleConfig {
  int workers = 1;
  int64_t bound_ms = 3000;   // every reply within this of its request (docs/cpu.md)
  int64_t target_ms = 2500;  // what the shares aim at: the rest is dispatch and the network
  int64_t full_ms = 1200;    // a search's full time (--cpu-ms)
  double floor_share = ai::kFloorShare;  // never less than this share of a level's time, nodes
  int64_t table_window_ms = 10000;       // a table counts this long after its last search
};

// What a worker runs: the search, with its share of its level's full time and node cap.
struct Allotment {
  CpuJobId id = 0;
  double share = 1.0;
  int64_t time_ms = 0;
  int64_t deadline_ms = 0;
};

// A running search cut short (revise): it ends at `stop_at_ms` at the latest, with `share` of
// its level's full time (from its start) as what it gets.
struct Revision {
  CpuJobId id = 0;
  double share = 1.0;
  int64_t stop_at_ms = 0;
};

class CpuSchedule {
 public:
  explicit CpuSchedule(ScheduleConfig config);

  // A search for `table` arrives. `game` and `level` set its cost class: what a search of that
  // class costs at its full share is learnt from the searches that ran.
  // `played`: a CPU seat's move, counted in what its table's searches got (take_played); a
  // stand-in for a person is not.
  void add(CpuJobId id, const std::string& owner, const std::string& table, std::string_view game,
           int level, bool urgent, int64_t now_ms, bool played = true);
  // Drops a waiting search: true; false when it is running (the caller stops it) or unknown.
  bool cancel_waiting(CpuJobId id);
  // The search a free worker runs now (marked running), or nothing when none waits. `away`: for
  // a worker process (a search taken back from one is not sent to one again).
  std::optional<Allotment> next(int64_t now_ms, bool away = false);
  // The running search went to a worker process: it cannot be cut short (revise skips it).
  void sent_away(CpuJobId id);
  // A running search that did not run after all (the worker process it went to died or stopped
  // answering): it waits again with its deadline, and its owner's turn is given back; it is
  // searched by the pool's own threads (next(now, true) skips it).
  void take_back(CpuJobId id);
  // A running search ended after `spent_ms`; a stopped one teaches nothing about its cost.
  // `answered`: its move is played (by default, when it was not stopped): its share counts in
  // what its table's searches got (played), no more than `got_share` when that is above 0 (the
  // CPU time it had of its level's full time, when it ran out of time).
  void finished(CpuJobId id, int64_t spent_ms, bool stopped);
  void finished(CpuJobId id, int64_t spent_ms, bool stopped, bool answered, double got_share);

  // The running searches (on the pool's own threads) to cut short now: those whose share is
  // above what the load now gives a search, and those that must end for a waiting search to
  // meet its deadline. Each search is listed when its stop time moves earlier.
  std::vector<Revision> revise(int64_t now_ms);

  // Whether `table` may start a game against the CPU at `level` (it then counts at once).
  CpuAdmission admit(const std::string& owner, const std::string& table, std::string_view game,
                     int level, int64_t now_ms);

  // What the searches of `table` answered since the last call got, and forgets them.
  CpuPlayed take_played(const std::string& table);

  // The share the load gives a search starting now (within the floor and 1), before its own
  // deadline's limit: what a search of a new table would get.
  double share_now(int64_t now_ms);

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
    std::string table;
    std::string kind;  // game/level
    int64_t deadline_ms = 0;
    double cost_ms = 0;  // its cost at full share, as counted in total_cost_ms_
    bool running = false;
    bool away = false;       // at a worker process: not cut short here
    bool local = false;      // taken back from a worker process: searched here
    bool played = true;      // a CPU seat's move: counted in its table's played share
    double share = 0;        // of its full time and nodes, once running (cut: the share left)
    double learn_share = 0;  // the share it was started with (what its cost is learnt from)
    int64_t started_ms = 0;  // once running
    int64_t stop_at_ms = 0;  // once running: when it ends at the latest
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
  struct Played {
    int searches = 0;
    double log_share = 0;  // the sum of the natural logarithms of their shares
    int64_t last_ms = 0;
  };

  double cost_of(const std::string& kind, int level) const;
  // The owner's tables within the window at their floor searches (forgets the older ones).
  double demand_ms(Owner& o, int64_t now_ms) const;
  // The share the load gives a search starting now (before its own deadline's limit).
  double load_share(int64_t now_ms, double own_cost_ms);
  void remove(std::map<CpuJobId, Job>::iterator it);
  void forget_idle_owners(int64_t now_ms);

  ScheduleConfig config_;
  std::map<CpuJobId, Job> jobs_;
  std::map<std::string, Owner> owners_;
  std::map<std::string, double, std::less<>> learnt_cost_ms_;
  std::map<std::string, Played> played_;
  double total_cost_ms_ = 0;  // full-share costs of every search waiting or running
  uint64_t round_ = 1;        // owners who had a turn in it wait for the next
  size_t running_ = 0;
  int64_t swept_ms_ = 0;
  int64_t now_ms_ = 0;  // the latest time the caller passed
};

}  // namespace kaisho::server::cpu

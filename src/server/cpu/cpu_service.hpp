#pragma once
// Where a hall gets CPU moves: off the network and hall threads (docs/cpu.md, "Under load").
// A hall holds one CpuService (a client of the process's pool); answers come back through
// the callback on the hall's executor (Scheduler::post).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ai/search_types.hpp"
#include "core/scheduler.hpp"
#include "rules/api/game.hpp"

namespace kaisho::server {

struct CpuRequest {
  const rules::Game* game = nullptr;
  std::unique_ptr<rules::GameState> state;  // a copy, owned by the request
  // The local rules the state was made with: what a CPU worker process needs to make it again.
  std::vector<std::pair<std::string, std::string>> options;
  ai::SearchLimits limits;  // the level and the full time (cpu_move_ms)
  // Whose share of the pool the search takes: the address of the person the table waits for
  // (one address gets its share however many tables or names it has).
  std::string owner;
  std::string table;    // the group: for the record and the logs
  bool urgent = false;  // a stand-in for a player out of time: an earlier deadline
  // A CPU seat's move (not a stand-in for a person): counted in what the CPU played at
  // (take_played), against which a rated result is rated.
  bool cpu_seat = false;
};

using CpuJobId = uint64_t;

// Whether a new game against the CPU at a level can be promised its reply bound now.
struct CpuAdmission {
  bool admitted = true;
  int level_available = 0;  // when refused: the highest level that would be admitted, 0 none
};

// What the CPU's searches for a table got: the strength it played at, for rating a result
// against it (ai::level_rating_at_share; docs/cpu.md, "Under load").
struct CpuPlayed {
  int searches = 0;    // answered since the last take_played
  double share = 1.0;  // their geometric mean share of their level's full time and nodes
};

class CpuService {
 public:
  virtual ~CpuService() = default;
  // Queues a search; `on_move` gets its move on the hall's executor, unless cancelled first.
  virtual CpuJobId request(CpuRequest request, std::function<void(std::string move)> on_move) = 0;
  // Nobody will read the answer (the table paused, the position moved on, the group left
  // memory): a waiting search is dropped, a running one stopped. Called on the hall's
  // executor; after it returns, `on_move` of that job is never called.
  virtual void cancel(CpuJobId job) = 0;
  // Asked before a game with a CPU seat starts at `table`: `owner` as in CpuRequest.
  virtual CpuAdmission admit(const std::string& owner, const std::string& table,
                             std::string_view game, int level) = 0;
  // What the searches answered for `table` got since the last call, which forgets them. The
  // hall calls it when a game starts (an earlier game's searches are not this one's) and when
  // it ends, and rates the result against a CPU seat at the rating of the strength it played at
  // (ai::level_rating_at_share(level, share)) rather than at its level's fixed rating.
  virtual CpuPlayed take_played(const std::string& table) {
    (void)table;
    return {};
  }
};

}  // namespace kaisho::server

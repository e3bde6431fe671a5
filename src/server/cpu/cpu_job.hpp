#pragma once
// A search as it travels to a CPU worker process and back (docs/cpu.md, "Worker processes"):
// the game, its local rules, the start of the game and the moves since (so that the rules
// there know the history: repetition, the moves played), and the limits of the search. A worker
// makes the position again through the rules, every move checked, and the game server checks
// the move it gets back like any other.
#include <cstdint>
#include <memory>
#include <string>

#include "core/result.hpp"
#include "rules/api/game.hpp"
#include "server/cpu/cpu_service.hpp"

namespace kaisho::server::cpu {

struct CpuJob {
  std::string game;     // "shogi", ...
  std::string options;  // key=value, one per line
  std::string start;    // the position the game started from (GameState::start_text)
  std::string moves;    // the moves since, separated by spaces
  int level = 0;
  int64_t time_ms = 0;  // this search's time (its share of the full time)
  double share = 1.0;   // of its level's node cap
  uint64_t seed = 0;
};

CpuJob job_of(const CpuRequest& request, double share, int64_t time_ms);

// The job's position, made again by its game's rules.
struct JobPosition {
  const rules::Game* game = nullptr;
  std::unique_ptr<rules::GameState> state;
};
Result<JobPosition> position_of(const CpuJob& job);

// The job's search limits (as the pool's own threads set them).
ai::SearchLimits limits_of(const CpuJob& job);

}  // namespace kaisho::server::cpu

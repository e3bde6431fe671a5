#pragma once
// CPU playing levels 1..8, the same scale for every game: level 1 is for someone who has
// just learnt the moves (it blunders on purpose), level 8 uses the whole time budget.
#include <cstdint>

#include "ai/search_types.hpp"

namespace kaisho::ai {

struct LevelProfile {
  int max_depth;         // 0 = no cap
  uint64_t max_nodes;    // 0 = no cap
  int noise;             // root scores get a seeded random offset in [-noise, noise]
  int blunder_percent;   // chance of playing a random legal move instead
  int rating;            // fixed rating of a CPU seat at this level (docs/cpu.md)
};

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 8;

// The profile of a level; level 0 (full strength) behaves like level 8.
const LevelProfile& level_profile(int level);

// The caller's limits tightened by the level's caps.
SearchLimits apply_level(SearchLimits limits);

}  // namespace kaisho::ai

#pragma once
// CPU playing levels 1..8, the same scale of ratings for every game: level 1 is for someone
// who has just learnt the moves (it blunders on purpose), level 8 uses the whole time budget.
// What a level searches differs by game (a Musashi ply is one step of one piece; Yonin's
// depth buys less than in two-player games), so each family has its own table, each tuned
// by self-play so that every level beats the one below it (docs/cpu.md).
#include <cstdint>

#include "ai/search_types.hpp"

namespace kaisho::ai {

struct LevelProfile {
  int max_depth;        // 0 = no cap
  uint64_t max_nodes;   // 0 = no cap
  int noise;            // root scores get a seeded random offset in [-noise, noise]
  int blunder_percent;  // chance of playing a random legal move instead
};

// Which table of profiles a game's search uses.
enum class LevelTable { standard, annan, musashi, yonin };

constexpr int kMinLevel = 1;
constexpr int kMaxLevel = 8;

// The profile of a level in a table; level 0 (full strength) behaves like level 8.
const LevelProfile& level_profile(int level, LevelTable table);

// The fixed rating of a CPU seat at a level on the platform's rating scale (docs/cpu.md).
int level_rating(int level);

// The share of its level's search below which a busy server never cuts a search (docs/cpu.md,
// "Under load"), and the rating of a level searching at that floor, measured by self-play.
constexpr double kFloorShare = 0.125;
int level_rating_at_floor(int level);

// The rating of a CPU seat at `level` whose searches got `share` of their level's full time
// and nodes (their geometric mean over a game): level_rating at 1, level_rating_at_floor at
// the floor share, and between them in proportion to the logarithm of the share (each halving
// of the search costs the same); the floor's below it.
double level_rating_at_share(int level, double share);

// The caller's limits tightened by the level's caps (its node cap times load_share); the level's
// noise and blunder chance fill `noise` and `blunder_percent` where the caller left them at 0.
// Without a level (0) the limits are returned unchanged.
SearchLimits apply_level(SearchLimits limits, LevelTable table);

}  // namespace kaisho::ai

#include "ai/levels.hpp"

#include <algorithm>

namespace kaisho::ai {

namespace {
// Ratings are on the platform's Glicko-2 scale, measured by self-play (docs/cpu.md).
constexpr LevelProfile kProfiles[kMaxLevel + 1] = {
    {0, 0, 0, 0, 2100},          // 0: full strength
    {1, 3000, 300, 25, 800},     // 1
    {1, 6000, 150, 8, 1000},     // 2
    {2, 15000, 80, 0, 1200},     // 3
    {3, 40000, 40, 0, 1400},     // 4
    {4, 60000, 20, 0, 1600},     // 5
    {0, 200000, 8, 0, 1750},     // 6
    {0, 600000, 0, 0, 1900},     // 7
    {0, 0, 0, 0, 2100},          // 8
};
}  // namespace

const LevelProfile& level_profile(int level) {
  return kProfiles[std::clamp(level, 0, kMaxLevel)];
}

SearchLimits apply_level(SearchLimits limits) {
  if (limits.level <= 0) return limits;
  const LevelProfile& p = level_profile(limits.level);
  if (p.max_depth > 0) limits.depth = limits.depth > 0 ? std::min(limits.depth, p.max_depth) : p.max_depth;
  if (p.max_nodes > 0) limits.nodes = limits.nodes > 0 ? std::min(limits.nodes, p.max_nodes) : p.max_nodes;
  return limits;
}

}  // namespace kaisho::ai

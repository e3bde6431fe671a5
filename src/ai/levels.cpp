#include "ai/levels.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace kaisho::ai {

namespace {
using Table = std::array<LevelProfile, kMaxLevel + 1>;

// Shogi and Hasami Shogi.
constexpr Table kStandard = {{
    {0, 0, 0, 0},        // 0: full strength
    {1, 3000, 300, 25},  // 1
    {1, 6000, 150, 8},   // 2
    {2, 15000, 80, 0},   // 3
    {3, 40000, 40, 0},   // 4
    {4, 60000, 20, 0},   // 5
    {0, 200000, 8, 0},   // 6
    {0, 600000, 0, 0},   // 7
    {0, 0, 0, 0},        // 8
}};

// Juroku Musashi: above a few thousand nodes strength grows slowly with the search
// (docs/cpu-hasami-musashi.md: against a 60,000-node search, 15,000 nodes score -40 Elo,
// 200,000 nodes +35, and root noise costs nothing measurable), so the table is spread by
// node caps ten times apart at the top, and the standard table's weakest levels start one
// level higher, below them a level with one random move in two. A Musashi ply is one step
// of one piece and the tree is narrow, so the depth caps are twice the standard ones.
constexpr Table kMusashi = {{
    {0, 0, 0, 0},        // 0: full strength
    {2, 3000, 300, 50},  // 1
    {2, 3000, 300, 25},  // 2
    {2, 6000, 150, 8},   // 3
    {4, 15000, 80, 0},   // 4
    {6, 40000, 40, 0},   // 5
    {0, 60000, 0, 0},    // 6
    {0, 600000, 0, 0},   // 7
    {0, 0, 0, 0},        // 8
}};

// Annan Shogi: its search runs under a million nodes a second (a third of plain Shogi's),
// and more nodes buy less than in Shogi, so level 8 did not beat level 7 clearly at 200,000
// to 600,000 nodes (docs/cpu.md, Annan's ladder). The standard table's levels 1-6 are
// shifted one level up, level 7 searches 120,000 nodes (level 8 about six times more at one
// second), and level 1 plays every other move at random.
constexpr Table kAnnan = {{
    {0, 0, 0, 0},        // 0: full strength
    {1, 3000, 300, 50},  // 1
    {1, 3000, 300, 25},  // 2
    {1, 6000, 150, 8},   // 3
    {2, 15000, 80, 0},   // 4
    {3, 40000, 40, 0},   // 5
    {4, 60000, 20, 0},   // 6
    {0, 120000, 0, 0},   // 7
    {0, 0, 0, 0},        // 8
}};

// Yonin Shogi: among four players a deeper search buys little (docs/cpu-yonin.md: against
// three level-7 opponents, depth 3 to 6 or a whole 1.2 s score within 100 Elo of each
// other), so the levels below the top are set apart by depth 1 or 2, noise (on Yonin's
// scale, where a pawn moves the evaluation by 200-400) and random moves.
constexpr Table kYonin = {{
    {0, 0, 0, 0},         // 0
    {1, 3000, 300, 85},   // 1
    {1, 3000, 300, 68},   // 2
    {1, 3000, 300, 50},   // 3
    {1, 3000, 300, 25},   // 4
    {1, 6000, 150, 8},    // 5
    {2, 15000, 1000, 0},  // 6
    {2, 15000, 80, 0},    // 7
    {0, 0, 0, 0},         // 8
}};

// Measured by self-play (docs/cpu.md); level 0 rates as level 8.
constexpr int kRatings[kMaxLevel + 1] = {2100, 800, 1000, 1200, 1400, 1600, 1750, 1900, 2100};

// Each level searching at the floor share (an eighth of its node cap; level 8 about 275,000
// nodes, an eighth of its second), placed on the ladder above by Shogi self-play matches at its
// floor against the levels below at full strength, 2026-12-07 (docs/cpu.md, "Measured: each
// level at its floor"): a score of E Elo against level L puts it at L's rating + E times the
// rating gap per measured Elo of the rung above L (200/241 above level 3, 200/301 above 4,
// 150/512 from 5 up, where the rungs 6-7 and 7-8 were clean sweeps), the mean over its matches.
// Levels 1-3 lost nothing measurable: their depth caps, noise and random moves set their
// strength, not their nodes.
constexpr int kFloorRatings[kMaxLevel + 1] = {1790, 800, 1000, 1200, 1320, 1470, 1560, 1680, 1790};

const Table& table_of(LevelTable table) {
  switch (table) {
    case LevelTable::annan:
      return kAnnan;
    case LevelTable::musashi:
      return kMusashi;
    case LevelTable::yonin:
      return kYonin;
    case LevelTable::standard:
      break;
  }
  return kStandard;
}
}  // namespace

const LevelProfile& level_profile(int level, LevelTable table) {
  return table_of(table)[std::clamp(level, 0, kMaxLevel)];
}

int level_rating(int level) {
  return kRatings[std::clamp(level, 0, kMaxLevel)];
}

int level_rating_at_floor(int level) {
  return kFloorRatings[std::clamp(level, 0, kMaxLevel)];
}

double level_rating_at_share(int level, double share) {
  const double full = level_rating(level), floor = level_rating_at_floor(level);
  const double s = std::clamp(std::isfinite(share) ? share : 1.0, kFloorShare, 1.0);
  return full - (full - floor) * std::log(1.0 / s) / std::log(1.0 / kFloorShare);
}

SearchLimits apply_level(SearchLimits limits, LevelTable table) {
  if (limits.level <= 0) return limits;
  const LevelProfile& p = level_profile(limits.level, table);
  if (p.max_depth > 0)
    limits.depth = limits.depth > 0 ? std::min(limits.depth, p.max_depth) : p.max_depth;
  if (p.max_nodes > 0) {
    const double share = std::clamp(limits.load_share, 0.0, 1.0);
    const uint64_t cap =
        std::max<uint64_t>(1, static_cast<uint64_t>(static_cast<double>(p.max_nodes) * share));
    limits.nodes = limits.nodes > 0 ? std::min(limits.nodes, cap) : cap;
  }
  if (limits.noise == 0) limits.noise = p.noise;
  if (limits.blunder_percent == 0) limits.blunder_percent = p.blunder_percent;
  return limits;
}

}  // namespace kaisho::ai

#pragma once
// What a search is asked (limits) and what it reports (progress and result), for every game.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace kaisho::ai {

struct SearchLimits {
  int depth = 0;        // iterations to complete (0 = no limit)
  uint64_t nodes = 0;   // stop after this many nodes (0 = no limit); deterministic
  int64_t time_ms = 0;  // wall-clock budget for this move (0 = no limit)
  // time_ms is this move's own allowance (a fixed time per move, byoyomi), not a share of a
  // clock: nothing is saved by stopping early, so deepening goes on until it runs out.
  bool fixed_time = false;
  bool infinite = false;  // think until stopped (the other limits are ignored)
  int mate = 0;           // USI "go mate": look for a mate within this many moves (0 = off)
  // Playing level 1..8 (0 = full strength): weaker levels search less and add noise.
  int level = 0;
  uint64_t seed = 0;  // for the weak levels' noise; same seed, same choice
  // The weak levels' judgement: each root move's score gets a seeded offset in
  // [-noise, noise], and with blunder_percent chance a random legal move is played instead.
  // apply_level() sets them from the level; a caller may set them to tune or test levels.
  int noise = 0;
  int blunder_percent = 0;
  // The share of its level's node cap a search gets (0 < share <= 1): a server under load
  // gives each search less rather than make it wait longer (docs/cpu.md, "Under load"); it
  // sets time_ms to the same share of the full time itself.
  double load_share = 1.0;
};

struct SearchInfo {
  int depth = 0;
  int score = 0;    // centipawns from the mover's view (or a game's own unit)
  int mate_in = 0;  // > 0 mover mates in N moves, < 0 gets mated, 0 = no mate found
  uint64_t nodes = 0;
  int64_t time_ms = 0;
  std::vector<std::string> pv;
};

struct SearchResult {
  std::string best_move;  // move text; empty only when the position has no legal move
  SearchInfo info;
};

using InfoCallback = std::function<void(const SearchInfo&)>;

// Cooperative stop: the search polls it and returns its best move so far.
using StopFlag = std::atomic<bool>;

}  // namespace kaisho::ai

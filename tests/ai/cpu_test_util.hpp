#pragma once
// Helpers shared by the CPU tests: one search on a fresh engine, node limits, and CPU games
// whose every move the rules engine must accept.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "ai/engine.hpp"
#include "core/rng.hpp"
#include "rules/api/game.hpp"

namespace kaisho::testing {

inline ai::SearchLimits nodes(uint64_t n, int level = 0) {
  ai::SearchLimits l;
  l.nodes = n;
  l.level = level;
  return l;
}

// One search of `state` by a new engine.
inline ai::SearchResult think_once(const rules::Game& game, const rules::GameState& state,
                                   const ai::SearchLimits& limits) {
  ai::Engine engine;
  EXPECT_TRUE(engine.set_position(game, state).ok());
  return engine.think(limits);
}

// Plays `plies` random legal moves (varied openings for the games below).
inline void play_random_plies(rules::GameState& state, Rng& rng, int plies) {
  for (int i = 0; i < plies && !state.outcome().over(); ++i) {
    const auto moves = state.legal_moves();
    ASSERT_TRUE(state.play(moves[rng.below(moves.size())]).ok());
  }
}

// Lets the CPU play every seat (one engine per seat, at `level_of(seat)`, `node_cap` nodes a
// move, seeded by the ply) until the game ends or `max_plies` are played. Fails at the
// first move the rules refuse.
inline ::testing::AssertionResult play_cpu_game(const rules::Game& game, rules::GameState& state,
                                                int max_plies, uint64_t node_cap,
                                                const std::function<int(int seat)>& level_of) {
  auto engines = std::make_unique<ai::Engine[]>(static_cast<size_t>(game.seat_count()));
  for (int ply = 0; ply < max_plies && !state.outcome().over(); ++ply) {
    const int seat = state.seat_to_move();
    ai::SearchLimits limits = nodes(node_cap, level_of(seat));
    limits.seed = static_cast<uint64_t>(ply);
    ai::Engine& engine = engines[static_cast<size_t>(seat)];
    if (!engine.set_position(game, state).ok())
      return ::testing::AssertionFailure() << "set_position refused " << state.position_text();
    const ai::SearchResult r = engine.think(limits);
    if (!state.play(r.best_move).ok())
      return ::testing::AssertionFailure() << "level " << limits.level << " played " << r.best_move
                                           << " at " << state.position_text();
  }
  return ::testing::AssertionSuccess();
}

}  // namespace kaisho::testing

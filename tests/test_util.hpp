#pragma once
// Helpers shared by the rules tests: load a game state from text and look at its moves.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "rules/registry/registry.hpp"

namespace kaisho::testing {

inline rules::Options options_for(const rules::Game& game,
                                  std::vector<std::pair<std::string, std::string>> overrides = {}) {
  auto o = game.make_options(overrides);
  EXPECT_TRUE(o.ok()) << (o.ok() ? "" : o.error().message);
  return o.ok() ? o.value() : rules::Options::defaults(game.option_schema());
}

// Loads "POSITION [moves ...]" for the game with id `game_id`; fails the test on error.
inline std::unique_ptr<rules::GameState> load(
    std::string_view game_id, std::string_view text,
    std::vector<std::pair<std::string, std::string>> overrides = {}) {
  const rules::Game* game = rules::find_game(game_id);
  EXPECT_NE(game, nullptr) << game_id;
  if (!game) return nullptr;
  auto state = game->load(text, options_for(*game, std::move(overrides)));
  EXPECT_TRUE(state.ok()) << text << ": " << (state.ok() ? "" : state.error().message);
  return state.ok() ? std::move(state.value()) : nullptr;
}

// The error message when loading fails ("" if it loads).
inline std::string load_error(std::string_view game_id, std::string_view text,
                              std::vector<std::pair<std::string, std::string>> overrides = {}) {
  const rules::Game* game = rules::find_game(game_id);
  auto state = game->load(text, options_for(*game, std::move(overrides)));
  return state.ok() ? "" : state.error().message;
}

inline std::set<std::string> legal_set(const rules::GameState& s) {
  auto v = s.legal_moves();
  return {v.begin(), v.end()};
}

// Legal moves whose text starts with `prefix` (e.g. a from-square "5e" or "P*").
inline std::set<std::string> moves_starting(const rules::GameState& s, std::string_view prefix) {
  std::set<std::string> out;
  for (const auto& m : s.legal_moves())
    if (m.rfind(prefix, 0) == 0) out.insert(m);
  return out;
}

inline bool is_legal(const rules::GameState& s, const std::string& move) {
  return legal_set(s).count(move) > 0;
}

// Plays a move that must be legal.
inline void must_play(rules::GameState& s, std::string_view move) {
  Status st = s.play(move);
  ASSERT_TRUE(st.ok()) << move << ": " << (st.ok() ? "" : st.error().message);
}

// Tries an illegal move: it must fail with a message containing `why`, changing nothing.
inline void expect_refused(rules::GameState& s, std::string_view move, std::string_view why) {
  const std::string before = s.position_text();
  const auto moves_before = s.moves_played();
  Status st = s.play(move);
  ASSERT_FALSE(st.ok()) << move << " was accepted";
  EXPECT_NE(st.error().message.find(why), std::string::npos)
      << "message: " << st.error().message << "\nexpected to contain: " << why;
  EXPECT_EQ(s.position_text(), before);
  EXPECT_EQ(s.moves_played(), moves_before);
}

}  // namespace kaisho::testing

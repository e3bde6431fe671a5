#pragma once
// Helpers for the Hasami Shogi tests: load a game from position text through the common
// interface, reach the concrete state behind it, and check refused input changes nothing.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rules/hasami/game_state.hpp"
#include "rules/hasami/hasami_game.hpp"
#include "rules/hasami/notation.hpp"

namespace kaisho::hasami::testing {

using Overrides = std::vector<std::pair<std::string, std::string>>;

// Small positions leave few pieces on the board, which under the default win condition
// (capture5) would mean the game is already won; the capture tests therefore play under
// win=all unless they say otherwise.
inline const Overrides kCaptureAll = {{"win", "all"}};

inline rules::Options options(const Overrides& overrides) {
  auto o = hasami_game().make_options(overrides);
  EXPECT_TRUE(o.ok()) << (o.ok() ? "" : o.error().message);
  return o.ok() ? o.value() : rules::Options::defaults(hasami_game().option_schema());
}

// Loads "POSITION [moves ...]"; fails the test (and returns nullptr) on error.
inline std::unique_ptr<HasamiState> load(std::string_view text, const Overrides& overrides = {}) {
  auto state = hasami_game().load(text, options(overrides));
  EXPECT_TRUE(state.ok()) << text << ": " << (state.ok() ? "" : state.error().message);
  if (!state.ok()) return nullptr;
  auto* concrete = dynamic_cast<HasamiState*>(state.value().get());
  EXPECT_NE(concrete, nullptr);
  if (!concrete) return nullptr;
  state.value().release();
  return std::unique_ptr<HasamiState>(concrete);
}

// The error loading `text` gives ("" if it loads).
inline std::string load_error(std::string_view text, const Overrides& overrides = {}) {
  auto state = hasami_game().load(text, options(overrides));
  return state.ok() ? "" : state.error().message;
}

inline std::set<std::string> legal_set(const rules::GameState& s) {
  auto v = s.legal_moves();
  return {v.begin(), v.end()};
}

inline std::set<std::string> moves_from(const rules::GameState& s, std::string_view square) {
  std::set<std::string> out;
  for (const auto& m : s.legal_moves())
    if (m.rfind(square, 0) == 0) out.insert(m);
  return out;
}

inline void must_play(rules::GameState& s, std::string_view move) {
  Status st = s.play(move);
  ASSERT_TRUE(st.ok()) << move << ": " << (st.ok() ? "" : st.error().message);
}

// Everything a refused call must leave alone.
struct Snapshot {
  std::string text;
  std::vector<std::string> moves;
  uint64_t key;
  rules::OutcomeKind kind;
  int winner;
  std::string reason;
  int to_move;
  explicit Snapshot(const rules::GameState& s)
      : text(s.position_text()),
        moves(s.moves_played()),
        key(s.repetition_key()),
        kind(s.outcome().kind),
        winner(s.outcome().winner),
        reason(s.outcome().reason),
        to_move(s.seat_to_move()) {}
  bool operator==(const Snapshot&) const = default;
};

// Plays a move that must be refused with a message containing `why`, changing nothing.
inline void expect_refused(rules::GameState& s, std::string_view move, std::string_view why) {
  const Snapshot before(s);
  Status st = s.play(move);
  ASSERT_FALSE(st.ok()) << move << " was accepted";
  EXPECT_NE(st.error().message.find(why), std::string::npos)
      << "message: " << st.error().message << "\nexpected to contain: " << why;
  EXPECT_TRUE(Snapshot(s) == before) << "refused move " << move << " changed the state";
}

inline void expect_ongoing(const rules::GameState& s) {
  EXPECT_EQ(s.outcome().kind, rules::OutcomeKind::Ongoing) << s.outcome().reason;
}

inline void expect_win(const rules::GameState& s, int seat, std::string_view reason) {
  EXPECT_EQ(s.outcome().kind, rules::OutcomeKind::Win);
  EXPECT_EQ(s.outcome().winner, seat);
  EXPECT_EQ(s.outcome().reason, reason);
  EXPECT_EQ(s.seat_to_move(), -1);
  EXPECT_TRUE(s.legal_moves().empty());
}

inline void expect_draw(const rules::GameState& s, std::string_view reason) {
  EXPECT_EQ(s.outcome().kind, rules::OutcomeKind::Draw);
  EXPECT_EQ(s.outcome().reason, reason);
  EXPECT_EQ(s.seat_to_move(), -1);
}

}  // namespace kaisho::hasami::testing

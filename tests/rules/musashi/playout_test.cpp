// Random playouts with a fixed seed, checking invariants at every step: undo restores the
// position exactly, the position text round-trips, the incremental key equals a fresh
// computation, the move generator agrees with the legality explanation, and the engine's
// fast end test agrees with the game's outcome.
#include <map>

#include "core/rng.hpp"
#include "musashi_test_util.hpp"

namespace kaisho::musashi {
namespace {

struct PlayoutSettings {
  testing::Overrides options;
  Shape shape;
};

void check_invariants(const MusashiState& state) {
  const Position& pos = state.position();
  const RepetitionRecord& record = state.record();
  EXPECT_EQ(pos.key(), pos.compute_key());
  // Text round trip.
  auto parsed = parse_position(position_text(pos), pos.board(), state.end_rules().children_limit);
  ASSERT_TRUE(parsed.ok()) << parsed.error().message;
  EXPECT_TRUE(parsed.value() == pos) << position_text(pos);
  // Generator, counter and explanation agree on every pair of points.
  MoveList list;
  generate_legal(pos, record, list);
  EXPECT_EQ(count_legal(pos, record), list.size());
  EXPECT_EQ(has_legal_move(pos, record), !list.empty());
  for (Point from = 0; from < pos.board().point_count(); ++from) {
    for (Point to = 0; to < pos.board().point_count(); ++to) {
      const Move m = Move::make(from, to);
      const rules::IllegalMove why = explain_illegal(pos, record, m);
      EXPECT_EQ(why.legal(), list.contains(m)) << move_text(m) << " in " << position_text(pos);
      EXPECT_EQ(rules::check_documented(why), "") << move_text(m) << " in " << position_text(pos);
    }
  }
  // perft's end test agrees with the outcome (resignation aside).
  const bool over = state.outcome().over();
  EXPECT_EQ(over, target_or_limit_reached(pos, state.end_rules()) || list.empty())
      << position_text(pos) << " " << state.outcome().reason;
  // Do/undo of every legal move restores the position exactly.
  Position copy = pos;
  for (Move m : list) {
    const Position::Undo undo = copy.do_move(m);
    EXPECT_EQ(copy.key(), copy.compute_key()) << move_text(m);
    copy.undo_move(m, undo);
    EXPECT_TRUE(copy == pos) << move_text(m) << " in " << position_text(pos);
  }
}

TEST(MusashiPlayout, RandomGamesKeepTheInvariants) {
  const std::vector<PlayoutSettings> settings = {
      {{}, Shape::Sechin33},
      {{{"board", "25"}}, Shape::Square25},
      {{{"start", "children"}, {"target", "6"}}, Shape::Sechin33},
      {{{"board", "25"}, {"start", "children"}, {"children_limit", "150"}}, Shape::Square25},
      {{{"children_limit", "0"}}, Shape::Sechin33},
  };
  Rng rng(20260310);
  int games = 0, plies = 0;
  std::map<std::string, int> reasons;
  for (const auto& s : settings) {
    for (int game = 0; game < 40; ++game) {
      auto state = testing::load("startpos", s.options);
      ASSERT_TRUE(state);
      const auto& concrete = testing::concrete(*state);
      ASSERT_EQ(concrete.position().board().shape(), s.shape);
      // Without a limit a game could go on for long; 600 plies is plenty to see all ends.
      for (int ply = 0; ply < 600 && !state->outcome().over(); ++ply) {
        check_invariants(concrete);
        if (::testing::Test::HasFailure()) return;
        const auto moves = state->legal_moves();
        ASSERT_FALSE(moves.empty());
        const std::string& move = moves[rng.below(moves.size())];
        ASSERT_TRUE(state->play(move).ok()) << move;
        ++plies;
      }
      check_invariants(concrete);
      // Replaying the record from its start gives the same position.
      std::string text = state->start_text() + " moves";
      for (const auto& m : state->moves_played()) text += " " + m;
      auto replay = testing::load(text, s.options);
      ASSERT_TRUE(replay);
      EXPECT_EQ(replay->position_text(), state->position_text());
      EXPECT_EQ(replay->outcome().reason, state->outcome().reason);
      ++reasons[state->outcome().reason];
      ++games;
    }
  }
  EXPECT_EQ(games, 200);
  EXPECT_GT(plies, 5000);
  // Random play reaches every kind of end the rules have (resignation aside).
  for (const char* reason : {"trapped", "captures", "move_limit"})
    EXPECT_GT(reasons[reason], 0) << reason;
}

TEST(MusashiPlayout, PerftAgreesWithPlayingThroughTheInterface) {
  // perft 2 from positions along a random game equals the sum of the legal move counts one
  // ply ahead, each computed through the common interface (play on a clone).
  Rng rng(77);
  auto state = testing::load("startpos");
  ASSERT_TRUE(state);
  for (int ply = 0; ply < 60 && !state->outcome().over(); ++ply) {
    uint64_t sum = 0;
    for (const auto& m : state->legal_moves()) {
      auto next = state->clone();
      ASSERT_TRUE(next->play(m).ok());
      sum += next->legal_moves().size();
    }
    EXPECT_EQ(state->perft(2, nullptr), sum) << state->position_text();
    const auto moves = state->legal_moves();
    ASSERT_TRUE(state->play(moves[rng.below(moves.size())]).ok());
  }
}

}  // namespace
}  // namespace kaisho::musashi

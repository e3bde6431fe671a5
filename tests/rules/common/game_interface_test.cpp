// What every game behind the common interface must do, checked for each registered game.
#include <gtest/gtest.h>

#include <set>

#include "core/rng.hpp"
#include "rules/registry/registry.hpp"

namespace kaisho::rules {
namespace {

class EveryGame : public ::testing::TestWithParam<const Game*> {};

TEST_P(EveryGame, OptionSchemaIsWellFormed) {
  const Game& g = *GetParam();
  std::set<std::string> keys;
  for (const auto& spec : g.option_schema()) {
    EXPECT_TRUE(keys.insert(spec.key).second) << "duplicate key " << spec.key;
    EXPECT_FALSE(spec.choices.empty()) << spec.key;
    EXPECT_FALSE(spec.meaning.empty()) << spec.key;
    if (spec.kind == OptionKind::Boolean) {
      EXPECT_EQ(std::set<std::string>(spec.choices.begin(), spec.choices.end()),
                (std::set<std::string>{"true", "false"}));
    }
    for (const auto& choice : spec.choices) EXPECT_TRUE(g.make_options({{spec.key, choice}}).ok());
  }
  EXPECT_TRUE(keys.count("show_legal_moves")) << "every game has show_legal_moves";
  EXPECT_FALSE(g.make_options({{"no_such_option", "1"}}).ok());
}

TEST_P(EveryGame, SeatsAndBoardAreDescribed) {
  const Game& g = *GetParam();
  EXPECT_TRUE(g.seat_count() == 2 || g.seat_count() == 4);
  EXPECT_EQ(static_cast<int>(g.seat_names().size()), g.seat_count());
  BoardGeometry b = g.board(Options::defaults(g.option_schema()));
  ASSERT_FALSE(b.points.empty());
  std::set<std::string> names;
  for (const auto& p : b.points) EXPECT_TRUE(names.insert(p.name).second) << p.name;
  for (auto [a, c] : b.lines) {
    EXPECT_TRUE(a >= 0 && a < static_cast<int>(b.points.size()));
    EXPECT_TRUE(c >= 0 && c < static_cast<int>(b.points.size()));
  }
}

// Random games through the interface: texts round-trip, refused moves change nothing, perft(1)
// counts the legal moves, and a clone behaves like the original.
TEST_P(EveryGame, RandomGamesKeepTheInterfaceContract) {
  const Game& g = *GetParam();
  const Options options = Options::defaults(g.option_schema());
  Rng rng(42);
  for (int game = 0; game < 12; ++game) {
    auto started = g.new_game(options);
    ASSERT_TRUE(started.ok()) << started.error().message;
    std::unique_ptr<GameState> s = std::move(started.value());
    for (int ply = 0; ply < 300 && !s->outcome().over(); ++ply) {
      const std::string text = s->position_text();
      auto reloaded = g.from_position(text, options);
      ASSERT_TRUE(reloaded.ok()) << text << ": " << reloaded.error().message;
      ASSERT_EQ(reloaded.value()->position_text(), text);

      auto moves = s->legal_moves();
      ASSERT_FALSE(moves.empty()) << "an ongoing game has a move: " << text;
      ASSERT_GE(s->seat_to_move(), 0);
      ASSERT_EQ(std::set<std::string>(moves.begin(), moves.end()).size(), moves.size());
      if (ply % 7 == 0) {
        ASSERT_EQ(s->perft(1, nullptr), moves.size());
      }

      ASSERT_FALSE(s->play("not-a-move").ok());
      ASSERT_EQ(s->position_text(), text);

      auto copy = s->clone();
      const std::string& move = moves[rng.below(moves.size())];
      ASSERT_TRUE(s->play(move).ok()) << move;
      ASSERT_TRUE(copy->play(move).ok());
      ASSERT_EQ(copy->position_text(), s->position_text());
      ASSERT_EQ(copy->repetition_key(), s->repetition_key());
      ASSERT_EQ(s->moves_played().back(), move);
    }
    if (s->outcome().over()) {
      EXPECT_EQ(s->seat_to_move(), -1);
      EXPECT_TRUE(s->legal_moves().empty());
      EXPECT_FALSE(s->outcome().reason.empty());
    }
    // The record replays to the same position.
    std::string record = s->start_text() + " moves";
    for (const auto& m : s->moves_played()) record += " " + m;
    auto replayed = g.load(record, options);
    ASSERT_TRUE(replayed.ok()) << replayed.error().message;
    EXPECT_EQ(replayed.value()->position_text(), s->position_text());
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, EveryGame, ::testing::ValuesIn(all_games()),
                         [](const ::testing::TestParamInfo<const Game*>& param_info) {
                           return std::string(param_info.param->id());
                         });

TEST(Registry, FindsGamesByIdOnly) {
  EXPECT_NE(find_game("shogi"), nullptr);
  EXPECT_NE(find_game("annan"), nullptr);
  EXPECT_EQ(find_game("chess"), nullptr);
  EXPECT_EQ(find_game(""), nullptr);
}

}  // namespace
}  // namespace kaisho::rules

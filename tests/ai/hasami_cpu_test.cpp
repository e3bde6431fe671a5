// The Hasami Shogi CPU: it takes free and winning captures under every win condition, sees
// the move limit, plays only legal moves at every level and under every option, respects a
// node limit exactly, is deterministic under one, stops when told, and judges the end of
// the game as the rules do.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "ai/engine.hpp"
#include "ai/hasami/evaluation.hpp"
#include "ai/hasami/tactics.hpp"
#include "core/rng.hpp"
#include "cpu_test_util.hpp"
#include "rules/hasami/game_state.hpp"
#include "rules/hasami/notation.hpp"
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;

const rules::Game& hasami() {
  return *rules::find_game("hasami");
}

const hasami::HasamiState& concrete(const rules::GameState& s) {
  return dynamic_cast<const hasami::HasamiState&>(s);
}

ai::SearchResult think(const rules::GameState& state, const ai::SearchLimits& limits) {
  return think_once(hasami(), state, limits);
}

// Black plays 3d5d and captures white 5e against black 5f; white's last piece (1a) cannot
// capture anything alone, so the capture is free.
constexpr const char* kFreeCapture = "8p/9/9/6P2/4p4/4P4/9/9/P8 b 7-6 1";

TEST(HasamiCpu, TakesAFreeCapture) {
  auto s = load("hasami", kFreeCapture, {{"win", "all"}});
  ASSERT_TRUE(s);
  for (int level : {3, 4, 5, 6, 7, 8, 0}) {
    ai::SearchResult r = think(*s, nodes(20000, level));
    EXPECT_EQ(r.best_move, "3d5d") << "level " << level;
  }
  ai::SearchLimits depth1;
  depth1.depth = 1;
  EXPECT_EQ(think(*s, depth1).best_move, "3d5d");
}

// In each, black plays 3d5d and captures 5e: under the option given it is the winning capture.
TEST(HasamiCpu, TakesTheWinningCaptureUnderEveryWinCondition) {
  const std::pair<const char*, Overrides> cases[] = {
      {"pppp5/9/9/6P2/4p4/4P4/9/9/PPPP1P1PP b 4-0 1", {{"win", "capture5"}}},
      {"pppp5/9/9/6P2/4p4/4P4/9/9/PP3P3 b 4-4 1", {{"win", "capture5"}}},
      {"pppp1p3/9/9/6P2/4p4/4P4/9/9/PPPP1P1P1 b 3-1 1", {{"win", "lead3"}}},
      {"9/9/9/6P2/4p4/4P4/9/9/9 b 8-7 1", {{"win", "all"}}},
  };
  for (const auto& [text, options] : cases) {
    auto s = load("hasami", text, options);
    ASSERT_TRUE(s);
    ai::SearchResult r = think(*s, nodes(50000));
    EXPECT_EQ(r.best_move, "3d5d") << text;
    EXPECT_EQ(r.info.mate_in, 1) << text;
    ASSERT_TRUE(s->play(r.best_move).ok());
    EXPECT_EQ(s->outcome().winner, 0) << text;
  }
}

// White threatens 5e with 3d5d (5e black between 5f and 5d white); black must save it.
TEST(HasamiCpu, SavesAThreatenedPiece) {
  auto s = load("hasami", "8P/9/9/6p2/4P4/4p4/9/9/p8 b 6-7 1", {{"win", "all"}});
  ASSERT_TRUE(s);
  ai::SearchResult r = think(*s, nodes(100000));
  ASSERT_TRUE(s->play(r.best_move).ok());
  // Whatever black did, white must have no capture now.
  for (const auto& m : s->legal_moves()) {
    auto next = s->clone();
    ASSERT_TRUE(next->play(m).ok());
    const auto* h = &concrete(*next);
    EXPECT_EQ(h->position().captured_by(hasami::kWhite), 7) << r.best_move << " then " << m;
  }
}

// White is two captures behind; under a move limit that ends the game after white's move
// the game is a draw whatever it plays, and the search scores it so.
TEST(HasamiCpu, SeesTheMoveLimit) {
  const char* text = "ppppppp2/9/9/9/9/9/9/9/PPPPPPPPP w 2-0 100";
  auto limited = load("hasami", text, {{"move_limit", "100"}});
  auto unlimited = load("hasami", text);
  ASSERT_TRUE(limited && unlimited);
  ai::SearchLimits limits;
  limits.depth = 3;
  EXPECT_EQ(think(*limited, limits).info.score, 0);
  EXPECT_LT(think(*unlimited, limits).info.score, -100);
}

TEST(HasamiCpu, RespectsANodeLimitExactlyAndIsDeterministic) {
  auto s = load("hasami", "startpos");
  ASSERT_TRUE(s);
  for (uint64_t n : {1u, 100u, 4321u, 50000u}) {
    ai::SearchResult a = think(*s, nodes(n));
    ai::SearchResult b = think(*s, nodes(n));
    EXPECT_EQ(a.info.nodes, n);
    EXPECT_EQ(a.best_move, b.best_move);
    EXPECT_EQ(a.info.pv, b.info.pv);
    EXPECT_TRUE(is_legal(*s, a.best_move)) << a.best_move;
  }
  // A weak level's noise and blunders come from the seed: the same seed, the same move.
  for (uint64_t seed = 0; seed < 8; ++seed) {
    ai::SearchLimits l = nodes(3000, 1);
    l.seed = seed;
    EXPECT_EQ(think(*s, l).best_move, think(*s, l).best_move) << seed;
  }
}

TEST(HasamiCpu, StopsWhenTold) {
  auto s = load("hasami", "startpos");
  ASSERT_TRUE(s);
  ai::Engine engine;
  ASSERT_TRUE(engine.set_position(hasami(), *s).ok());
  ai::SearchLimits limits;
  limits.infinite = true;
  engine.go(limits);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const auto asked = std::chrono::steady_clock::now();
  engine.stop();
  ai::SearchResult r = engine.wait();
  const auto took = std::chrono::steady_clock::now() - asked;
  EXPECT_TRUE(is_legal(*s, r.best_move)) << r.best_move;
  EXPECT_LT(took, std::chrono::seconds(2));
  EXPECT_GT(r.info.nodes, 0u);
}

TEST(HasamiCpu, ReportsEachCompletedIteration) {
  auto s = load("hasami", "startpos");
  ASSERT_TRUE(s);
  ai::Engine engine;
  ASSERT_TRUE(engine.set_position(hasami(), *s).ok());
  ai::SearchLimits limits;
  limits.depth = 3;
  std::vector<int> depths;
  engine.think(limits, [&](const ai::SearchInfo& i) { depths.push_back(i.depth); });
  EXPECT_EQ(depths, (std::vector<int>{1, 2, 3}));
}

// Games between neighbouring levels under every option, with small node caps and random
// first moves: every move the CPU chooses must be accepted by the rules engine.
TEST(HasamiCpu, PlaysOnlyLegalMovesAtEveryLevelAndOption) {
  const Overrides option_sets[] = {
      {{"win", "capture5"}},
      {{"win", "lead3"}, {"move_limit", "100"}},
      {{"win", "all"}, {"move_limit", "150"}},
  };
  int games = 0;
  for (const auto& options : option_sets) {
    for (int level = 2; level <= 8; ++level) {
      auto state = load("hasami", "startpos", options);
      ASSERT_TRUE(state);
      Rng rng(static_cast<uint64_t>(level) * 31 + options.size());
      play_random_plies(*state, rng, 2);
      EXPECT_TRUE(play_cpu_game(hasami(), *state, 90, 1500,
                                [&](int seat) { return seat == 0 ? level : level - 1; }));
      ++games;
    }
  }
  EXPECT_EQ(games, 21);
}

// Late in a game with a move limit: the CPU plays legal moves up to the limit's draw.
TEST(HasamiCpu, PlaysLegallyToTheMoveLimit) {
  auto state =
      load("hasami", "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 91", {{"move_limit", "100"}});
  ASSERT_TRUE(state);
  ai::Engine engine;
  int ply = 0;
  for (; !state->outcome().over(); ++ply) {
    ASSERT_TRUE(engine.set_position(hasami(), *state).ok());
    ASSERT_TRUE(state->play(engine.think(nodes(3000)).best_move).ok());
  }
  EXPECT_LE(ply, 10);
  if (state->outcome().kind == rules::OutcomeKind::Draw) {
    EXPECT_EQ(state->outcome().reason, "move_limit");
  }
}

// node_end() (the search's terminal test) against the rules' outcome, move by move in
// random playouts under every win condition and a move limit.
TEST(HasamiCpuRules, NodeEndMatchesTheRules) {
  const Overrides option_sets[] = {
      {{"win", "capture5"}}, {{"win", "lead3"}}, {{"win", "all"}, {"move_limit", "100"}}};
  int ended = 0;
  for (const auto& options : option_sets) {
    for (uint64_t game = 0; game < 60; ++game) {
      auto state = load("hasami", "startpos", options);
      ASSERT_TRUE(state);
      const auto* h = &concrete(*state);
      Rng rng(game * 977 + options.size());
      for (int ply = 0; ply < 400; ++ply) {
        const rules::Outcome o = state->outcome();
        const auto verdict = ai::hasami_search::node_end(h->position(), h->settings(), false);
        using ai::hasami_search::NodeEnd;
        if (o.kind == rules::OutcomeKind::Win) {
          EXPECT_EQ(verdict, NodeEnd::MoverLost);
          EXPECT_NE(o.winner, static_cast<int>(h->position().side_to_move()));
        } else if (o.kind == rules::OutcomeKind::Draw) {
          EXPECT_EQ(verdict, NodeEnd::Draw);
        } else {
          EXPECT_EQ(verdict, NodeEnd::None);
        }
        if (o.over()) {
          ++ended;
          break;
        }
        // Captures are made more likely than at random so that games end by the rules.
        hasami::MoveList caps;
        ai::hasami_search::generate_captures(
            h->position(),
            ai::hasami_search::threats_of(h->position(), h->position().side_to_move()), caps);
        auto moves = state->legal_moves();
        std::string m = moves[rng.below(moves.size())];
        if (caps.size() > 0 && rng.below(2) == 0) m = hasami::move_text(caps[0]);
        ASSERT_TRUE(state->play(m).ok());
      }
    }
  }
  EXPECT_GT(ended, 100);
}

TEST(HasamiCpuRules, AnyRepetitionIsADrawForTheSearchAndTheFourthForTheRules) {
  auto s = load("hasami", "startpos");
  ASSERT_TRUE(s);
  const auto* h = &concrete(*s);
  const char* shuffle[] = {"9i9h", "9a9b", "9h9i", "9b9a"};
  using ai::hasami_search::NodeEnd;
  for (int cycle = 1; cycle <= 3; ++cycle) {
    for (const char* m : shuffle) must_play(*s, m);
    EXPECT_EQ(ai::hasami_search::node_end(h->position(), h->settings(), true), NodeEnd::Draw);
    EXPECT_EQ(ai::hasami_search::node_end(h->position(), h->settings(), false),
              cycle == 3 ? NodeEnd::Draw : NodeEnd::None);
    EXPECT_EQ(s->outcome().over(), cycle == 3);
  }
}

// The captures generator finds exactly the legal moves that capture.
TEST(HasamiCpuRules, CaptureGeneratorAndThreatsMatchTheRules) {
  for (uint64_t game = 0; game < 30; ++game) {
    // Every third game starts with corner captures on offer (9c9b takes 9a).
    auto state =
        load("hasami", game % 3 ? "startpos" : "pP6p/9/P7P/9/9/9/9/9/9 b 7-6 1", {{"win", "all"}});
    const auto* h = &concrete(*state);
    Rng rng(game + 5);
    for (int ply = 0; ply < 200 && !state->outcome().over(); ++ply) {
      const hasami::Position& pos = h->position();
      hasami::MoveList all, caps;
      hasami::generate_moves(pos, all);
      ai::hasami_search::generate_captures(
          pos, ai::hasami_search::threats_of(pos, pos.side_to_move()), caps);
      int capturing = 0;
      hasami::Bitboard taken;
      for (hasami::Move m : all) {
        if (pos.captures_of(m).none()) continue;
        ++capturing;
        taken |= pos.captures_of(m);
        bool listed = false;
        for (hasami::Move c : caps) listed = listed || c == m;
        EXPECT_TRUE(listed) << hasami::move_text(m) << " at " << state->position_text();
      }
      EXPECT_EQ(caps.size(), capturing);
      const auto t = ai::hasami_search::threats_of(pos, pos.side_to_move());
      EXPECT_TRUE(t.captured == taken) << state->position_text();
      EXPECT_EQ(t.mobility, static_cast<int>(all.size()));
      auto moves = state->legal_moves();
      ASSERT_TRUE(state->play(moves[rng.below(moves.size())]).ok());
    }
  }
}

TEST(HasamiCpuEvaluation, MaterialFollowsTheWinCondition) {
  using ai::hasami_search::material;
  using hasami::WinRule;
  // capture5: the fifth capture is worth more than the first.
  EXPECT_GT(material(WinRule::Capture5, 4, 0) - material(WinRule::Capture5, 3, 0),
            material(WinRule::Capture5, 1, 0) - material(WinRule::Capture5, 0, 0));
  // lead3: only the difference counts.
  EXPECT_EQ(material(WinRule::Lead3, 6, 4), material(WinRule::Lead3, 2, 0));
  EXPECT_GT(material(WinRule::Lead3, 2, 0), material(WinRule::Lead3, 1, 0));
  // all: totals count, and being ahead is good for either side.
  EXPECT_GT(material(WinRule::CaptureAll, 8, 7), 0);
  EXPECT_EQ(material(WinRule::CaptureAll, 3, 5), -material(WinRule::CaptureAll, 5, 3));
}

}  // namespace
}  // namespace kaisho::testing

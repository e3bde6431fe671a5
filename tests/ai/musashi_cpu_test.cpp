// The Juroku Musashi CPU in both roles: the father takes an offered pair and uses the
// children's repetition ban, the children trap the father when they can, the move limit is
// seen, only legal moves are played at every level and under every option, a node limit is
// respected exactly and deterministically, the search stops when told, and the search's
// terminal test judges as the rules do.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "ai/engine.hpp"
#include "ai/musashi/containment.hpp"
#include "ai/musashi/evaluation.hpp"
#include "ai/musashi/tactics.hpp"
#include "core/rng.hpp"
#include "cpu_test_util.hpp"
#include "rules/musashi/game_state.hpp"
#include "rules/musashi/notation.hpp"
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;

const rules::Game& musashi() {
  return *rules::find_game("musashi");
}

ai::SearchResult think(const rules::GameState& state, const ai::SearchLimits& limits) {
  return think_once(musashi(), state, limits);
}

const musashi::MusashiState& concrete(const rules::GameState& s) {
  return dynamic_cast<const musashi::MusashiState&>(s);
}

// The father on c2 steps to c3 between the children on b3 and d3; no other move captures.
// Every level without random moves (4 and up) takes them.
TEST(MusashiCpu, FatherTakesAnOfferedPair) {
  const std::pair<const char*, Overrides> cases[] = {
      {"F:c2 C:b3,d3,a5,b5,c5,d5,e5,a1,e1,g1,g5,f3 f 10", {}},
      {"F:c2 C:b3,d3,a5,b5,c5,d5,e5,a1,e1,a3,e3 f 10", {{"board", "25"}}},
      {"F:c2 C:b3,d3,a5,b5,c5,d5,e5,a1,e1,a3,e3 f 10", {{"board", "25"}, {"target", "6"}}},
      {"F:c2 C:b3,d3,a5,b5,c5,d5,e5,a1,e1,g1,g5,f3 f 10", {{"children_limit", "0"}}},
  };
  for (const auto& [text, options] : cases) {
    auto s = load("musashi", text, options);
    ASSERT_TRUE(s);
    for (int level : {4, 5, 6, 7, 8, 0}) {
      ai::SearchResult r = think(*s, nodes(20000, level));
      EXPECT_EQ(r.best_move, "c2-c3") << text << " level " << level;
    }
  }
}

// Father on a1 with one exit (b2): the child on c2 closes it and wins at once.
TEST(MusashiCpu, ChildrenTrapTheFatherWhenTheyCan) {
  const std::pair<const char*, Overrides> cases[] = {
      {"F:a1 C:a2,b1,c2,c5,d5,e5,e1,d1 c 20", {}},
      {"F:a1 C:a2,b1,c2,c5,d5,e5,e1,d1 c 99", {}},  // the last allowed move still traps
      {"F:a1 C:a2,b1,c2,c5,d5,e5,e1,d1,b5,a5,e4 c 20", {{"board", "25"}, {"target", "6"}}},
  };
  for (const auto& [text, options] : cases) {
    auto s = load("musashi", text, options);
    ASSERT_TRUE(s);
    for (int level : {4, 6, 8, 0}) {
      ai::SearchResult r = think(*s, nodes(5000, level));
      EXPECT_EQ(r.best_move, "c2-b2") << text << " level " << level;
      EXPECT_EQ(r.info.mate_in, 1) << text;
    }
    ASSERT_TRUE(s->play("c2-b2").ok());
    EXPECT_EQ(s->outcome().reason, "trapped");
  }
}

// The children's repetition ban: after d2-e3 the children in the sechin have no move left
// (both of their steps would repeat a recorded position), so the father wins at once.
TEST(MusashiCpu, FatherUsesTheChildrensRepetitionBan) {
  auto s =
      load("musashi", "F:e3 C:f2,f3,f4,g1,g2,g3,g5 f 0 moves e3-d3 g5-g4 d3-e3 f4-g5 e3-d2 g5-f4");
  ASSERT_TRUE(s);
  ai::SearchResult r = think(*s, nodes(20000));
  EXPECT_EQ(r.best_move, "d2-e3");
  EXPECT_EQ(r.info.mate_in, 1);
  ASSERT_TRUE(s->play(r.best_move).ok());
  EXPECT_EQ(s->outcome().reason, "children_stuck");
}

// At their 100th move the children cannot trap the father: whatever they play, the limit
// gives him the game, and the search knows it; with no limit it does not.
TEST(MusashiCpu, SeesTheChildrensMoveLimit) {
  const char* text = "F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1,e5,d5 c 99";
  auto limited = load("musashi", text);
  auto unlimited = load("musashi", text, {{"children_limit", "0"}});
  auto later = load("musashi", text, {{"children_limit", "150"}});
  ASSERT_TRUE(limited && unlimited && later);
  ai::SearchLimits limits;
  limits.depth = 4;
  EXPECT_EQ(think(*limited, limits).info.mate_in, -1);
  EXPECT_EQ(think(*unlimited, limits).info.mate_in, 0);
  EXPECT_EQ(think(*later, limits).info.mate_in, 0);
  // The father, one children's move from the limit, knows he has won.
  auto father = load("musashi", "F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1,e5,d5 f 99");
  ASSERT_TRUE(father);
  EXPECT_EQ(think(*father, limits).info.mate_in, 1);
}

TEST(MusashiCpu, RespectsANodeLimitExactlyAndIsDeterministic) {
  for (const char* start : {"father", "children"}) {
    auto s = load("musashi", "startpos", {{"start", start}});
    ASSERT_TRUE(s);
    for (uint64_t n : {1u, 100u, 4321u, 50000u}) {
      ai::SearchResult a = think(*s, nodes(n));
      ai::SearchResult b = think(*s, nodes(n));
      EXPECT_EQ(a.info.nodes, n) << start;
      EXPECT_EQ(a.best_move, b.best_move);
      EXPECT_EQ(a.info.pv, b.info.pv);
      EXPECT_TRUE(is_legal(*s, a.best_move)) << a.best_move;
    }
    for (uint64_t seed = 0; seed < 8; ++seed) {
      ai::SearchLimits l = nodes(3000, 1);
      l.seed = seed;
      EXPECT_EQ(think(*s, l).best_move, think(*s, l).best_move) << seed;
    }
  }
}

TEST(MusashiCpu, StopsWhenTold) {
  for (const char* start : {"father", "children"}) {
    auto s = load("musashi", "startpos", {{"start", start}});
    ASSERT_TRUE(s);
    ai::Engine engine;
    ASSERT_TRUE(engine.set_position(musashi(), *s).ok());
    ai::SearchLimits limits;
    limits.infinite = true;
    engine.go(limits);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const auto asked = std::chrono::steady_clock::now();
    engine.stop();
    ai::SearchResult r = engine.wait();
    EXPECT_LT(std::chrono::steady_clock::now() - asked, std::chrono::seconds(2));
    EXPECT_TRUE(is_legal(*s, r.best_move)) << r.best_move;
  }
}

TEST(MusashiCpu, ReportsEachCompletedIteration) {
  auto s = load("musashi", "startpos");
  ASSERT_TRUE(s);
  ai::Engine engine;
  ASSERT_TRUE(engine.set_position(musashi(), *s).ok());
  ai::SearchLimits limits;
  limits.depth = 4;
  std::vector<int> depths;
  engine.think(limits, [&](const ai::SearchInfo& i) { depths.push_back(i.depth); });
  EXPECT_EQ(depths, (std::vector<int>{1, 2, 3, 4}));
}

const Overrides kOptionSets[] = {
    {},
    {{"start", "children"}, {"target", "6"}},
    {{"board", "25"}, {"children_limit", "0"}},
    {{"board", "25"}, {"start", "children"}, {"target", "6"}, {"children_limit", "150"}},
    {{"children_limit", "200"}},
};

// Games between neighbouring levels under every option (both roles for each level), with
// small node caps and random first moves: the rules engine must accept every move.
TEST(MusashiCpu, PlaysOnlyLegalMovesAtEveryLevelAndOption) {
  int games = 0;
  for (const auto& options : kOptionSets) {
    for (int level = 2; level <= 8; ++level) {
      auto state = load("musashi", "startpos", options);
      ASSERT_TRUE(state);
      Rng rng(static_cast<uint64_t>(level) * 131 + options.size());
      play_random_plies(*state, rng, 2);
      const int strong_seat = level % 2;
      EXPECT_TRUE(play_cpu_game(musashi(), *state, 120, 1500,
                                [&](int seat) { return seat == strong_seat ? level : level - 1; }));
      ++games;
    }
  }
  EXPECT_EQ(games, 35);
}

// From a position near the children's move limit, play to the end: legal moves only, and
// the game ends by the rules (the limit, a trap, or the father's captures).
TEST(MusashiCpu, PlaysLegallyToTheMoveLimit) {
  for (const char* side : {"f", "c"}) {
    auto state = load("musashi",
                      std::string("F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e5 ") + side + " 94");
    ASSERT_TRUE(state);
    ai::Engine engine;
    int ply = 0;
    for (; !state->outcome().over(); ++ply) {
      ASSERT_TRUE(engine.set_position(musashi(), *state).ok());
      ASSERT_TRUE(state->play(engine.think(nodes(3000)).best_move).ok());
    }
    EXPECT_LE(ply, 13);
    EXPECT_EQ(state->outcome().kind, rules::OutcomeKind::Win);
  }
}

// node_end() (the search's terminal test) against the rules' outcome, move by move in
// random playouts under every option; the father captures whenever he can so that games
// end by the rules rather than by the cap on their length.
TEST(MusashiCpuRules, NodeEndMatchesTheRules) {
  int ended = 0;
  for (const auto& options : kOptionSets) {
    for (uint64_t game = 0; game < 40; ++game) {
      auto state = load("musashi", "startpos", options);
      ASSERT_TRUE(state);
      const auto& m = concrete(*state);
      Rng rng(game * 7 + options.size());
      for (int ply = 0; ply < 1000; ++ply) {
        const rules::Outcome o = state->outcome();
        const int legal = musashi::count_legal(m.position(), m.record());
        const auto verdict = ai::musashi_search::node_end(m.position(), m.end_rules(), legal);
        const int mover = static_cast<int>(m.position().side_to_move());
        using ai::musashi_search::NodeEnd;
        if (o.over()) {
          ASSERT_EQ(o.kind, rules::OutcomeKind::Win);
          EXPECT_EQ(verdict, o.winner == mover ? NodeEnd::MoverWon : NodeEnd::MoverLost)
              << state->position_text() << " " << o.reason;
          ++ended;
          break;
        }
        EXPECT_EQ(verdict, NodeEnd::None) << state->position_text();
        musashi::MoveList caps;
        if (m.position().side_to_move() == musashi::Side::Father)
          ai::musashi_search::generate_captures(m.position(), caps);
        auto moves = state->legal_moves();
        std::string move = moves[rng.below(moves.size())];
        if (caps.size() > 0 && rng.below(3) != 0) move = musashi::move_text(caps[0]);
        ASSERT_TRUE(state->play(move).ok());
      }
    }
  }
  EXPECT_GT(ended, 150);
}

// The trapping moves the search looks for are exactly the legal moves after which the
// father is trapped; the father's captures exactly his capturing moves.
TEST(MusashiCpuRules, TrapsAndCapturesMatchTheRules) {
  const char* texts[] = {
      "F:a1 C:a2,b1,c2,c5,d5,e5,e1,d1 c 20",    "F:b2 C:a1,a2,a3,b1,b3,c1,c3,d1,d3,d4 c 20",
      "F:c3 C:b2,b3,b4,c2,c4,d2,d3,e4,e2 c 20", "F:c2 C:b3,d3,a5,b5,c5,d5,e5,a1,e1,g1,g5,f3 f 10",
      "F:c3 C:b3,d3,b2,d4,c2,c4,b4,d2,a1 f 10",
  };
  for (const char* text : texts) {
    auto s = load("musashi", text);
    ASSERT_TRUE(s);
    const auto& m = concrete(*s);
    musashi::MoveList legal, traps, caps;
    musashi::generate_legal(m.position(), m.record(), legal);
    ai::musashi_search::select_traps(m.position(), legal, traps);
    if (m.position().side_to_move() == musashi::Side::Father)
      ai::musashi_search::generate_captures(m.position(), caps);
    int trapping = 0, capturing = 0;
    for (musashi::Move mv : legal) {
      auto next = s->clone();
      ASSERT_TRUE(next->play(musashi::move_text(mv)).ok());
      const auto& n = concrete(*next);
      if (next->outcome().reason == "trapped") {
        ++trapping;
        EXPECT_TRUE(traps.contains(mv)) << text << " " << musashi::move_text(mv);
      }
      if (n.position().child_count() < m.position().child_count()) {
        ++capturing;
        EXPECT_TRUE(caps.contains(mv)) << text << " " << musashi::move_text(mv);
      }
    }
    EXPECT_EQ(traps.size(), trapping) << text;
    EXPECT_EQ(caps.size(), capturing) << text;
  }
}

TEST(MusashiCpuEvaluation, ContainmentAndThreats) {
  using ai::musashi_search::father_region;
  using ai::musashi_search::father_view;
  const auto& board33 = musashi::Board::get(musashi::Shape::Sechin33);
  // At the start the father can walk to the eight inner points only.
  const auto start = musashi::Position::start(board33, musashi::Side::Father);
  EXPECT_EQ(father_region(start).size(), 8);
  EXPECT_EQ(father_region(start).depth, 1);
  // Enclosed in a corner by a solid wall he is worse off than in the open with the same
  // children.
  auto corner = load("musashi", "F:a1 C:a3,b3,c3,c2,c1,e5,e4,d5,d4,c5 c 20");
  auto open = load("musashi", "F:c3 C:a3,b5,e2,e1,c1,e5,e4,d5,a5,a1 c 20");
  ASSERT_TRUE(corner && open);
  const musashi::EndRules rules;
  EXPECT_EQ(father_region(concrete(*corner).position()).size(), 3);
  EXPECT_LT(father_view(concrete(*corner).position(), rules),
            father_view(concrete(*open).position(), rules));
  // The father's view of material: each capture is worth more near the target.
  using ai::musashi_search::father_material;
  EXPECT_GT(father_material(7, rules) - father_material(8, rules),
            father_material(15, rules) - father_material(16, rules));
}

}  // namespace
}  // namespace kaisho::testing

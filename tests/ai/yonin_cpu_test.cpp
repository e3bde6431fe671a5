// The Yonin Shogi CPU: it knocks a player out when it can (singles and pairs), answers a
// check, searches one hostile reply per round in singles, plays only legal moves at every
// level and under every option, respects a node limit exactly, is deterministic under one, stops
// when told and keeps to a time budget; its flow after a move is the rules' settle() exactly; its
// evaluation is fair to every seat and sees the enemy pieces near a king.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "ai/engine.hpp"
#include "ai/yonin/evaluation.hpp"
#include "ai/yonin/search_flow.hpp"
#include "core/rng.hpp"
#include "cpu_test_util.hpp"
#include "rules/yonin/game_state.hpp"
#include "rules/yonin/notation.hpp"
#include "rules/yonin/placing.hpp"
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

using Overrides = std::vector<std::pair<std::string, std::string>>;

const rules::Game& yonin_game() {
  return *rules::find_game("yonin");
}

const yonin::YoninState& concrete(const rules::GameState& s) {
  return dynamic_cast<const yonin::YoninState&>(s);
}

ai::SearchResult think(const rules::GameState& state, const ai::SearchLimits& limits) {
  return think_once(yonin_game(), state, limits);
}

// West's king on 9e with its own pawn on 9f; South holds a gold and has a silver on 7d:
// G*8e mates West (8e is guarded by the silver, 9d 8d 8f are covered by the gold).
constexpr const char* kMateWest = "4Kn3Ke/9/9/2Ss6/Kw8/Pw8/9/9/4Ks4 s Gs - ---- - 1";
// North's bare king on 5a, South's pawn on 5c: G*5b mates North.
constexpr const char* kMateNorth = "4Kn4/9/4Ps4/9/Kw7Ke/9/9/9/4Ks4 s Gs - ---- - 1";
// North's rook on 5f checks South's king on 5i: South must answer at once.
constexpr const char* kSouthInCheck = "4Kn4/9/9/9/Kw7Ke/4Rn4/9/9/4Ks4 s - - n--- n 10";

TEST(YoninCpu, KnocksOutAPlayerWhenItCan) {
  const std::tuple<const char*, Overrides, int> cases[] = {
      {kMateWest, {}, 1},
      {kMateWest, {{"format", "pairs"}}, 1},
      {kMateWest, {{"out_pieces", "ownerless"}}, 1},
      {kMateNorth, {}, 2},
      {kMateNorth, {{"end", "last"}}, 2},
  };
  for (const auto& [text, options, victim] : cases) {
    for (int level : {6, 7, 8, 0}) {  // the levels without random moves
      auto s = load("yonin", text, options);
      ASSERT_TRUE(s);
      const ai::SearchResult r = think(*s, nodes(20000, level));
      ASSERT_TRUE(s->play(r.best_move).ok()) << r.best_move;
      EXPECT_EQ(s->seats_out(), std::vector<int>{victim})
          << text << " level " << level << " played " << r.best_move;
    }
  }
  // In pairs the knock-out wins the game: the search knows it is decided in one move.
  auto s = load("yonin", kMateWest, {{"format", "pairs"}});
  ASSERT_TRUE(s);
  const ai::SearchResult r = think(*s, nodes(20000));
  EXPECT_EQ(r.info.mate_in, 1);
  ASSERT_TRUE(s->play(r.best_move).ok());
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Win);
  EXPECT_EQ(s->outcome().winner, 0);
}

TEST(YoninCpu, AnswersACheck) {
  for (int level : {1, 2, 4, 8}) {
    for (uint64_t seed = 0; seed < 4; ++seed) {
      auto s = load("yonin", kSouthInCheck);
      ASSERT_TRUE(s);
      ai::SearchLimits l = nodes(5000, level);
      l.seed = seed;
      const ai::SearchResult r = think(*s, l);
      ASSERT_TRUE(s->play(r.best_move).ok()) << r.best_move;
      EXPECT_FALSE(concrete(*s).position().in_check(0)) << r.best_move;
    }
  }
}

TEST(YoninCpu, RespectsANodeLimitExactlyAndIsDeterministic) {
  for (const Overrides& options : {Overrides{}, Overrides{{"format", "pairs"}}}) {
    auto s = load("yonin", "startpos", options);
    ASSERT_TRUE(s);
    for (uint64_t n : {1u, 100u, 4321u, 50000u}) {
      const ai::SearchResult a = think(*s, nodes(n));
      const ai::SearchResult b = think(*s, nodes(n));
      EXPECT_EQ(a.info.nodes, n);
      EXPECT_EQ(a.best_move, b.best_move);
      EXPECT_EQ(a.info.pv, b.info.pv);
      EXPECT_TRUE(is_legal(*s, a.best_move)) << a.best_move;
    }
  }
  // A weak level's noise and blunders come from the seed: the same seed, the same move.
  auto s = load("yonin", "startpos");
  ASSERT_TRUE(s);
  std::set<std::string> chosen;
  for (uint64_t seed = 0; seed < 12; ++seed) {
    ai::SearchLimits l = nodes(3000, 1);
    l.seed = seed;
    const std::string m = think(*s, l).best_move;
    EXPECT_EQ(think(*s, l).best_move, m) << seed;
    chosen.insert(m);
  }
  EXPECT_GT(chosen.size(), 1u);  // level 1 does vary with the seed
}

TEST(YoninCpu, StopsWhenTold) {
  auto s = load("yonin", "startpos");
  ASSERT_TRUE(s);
  ai::Engine engine;
  ASSERT_TRUE(engine.set_position(yonin_game(), *s).ok());
  ai::SearchLimits limits;
  limits.infinite = true;
  engine.go(limits);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const auto asked = std::chrono::steady_clock::now();
  engine.stop();
  const ai::SearchResult r = engine.wait();
  const auto took = std::chrono::steady_clock::now() - asked;
  EXPECT_TRUE(is_legal(*s, r.best_move)) << r.best_move;
  EXPECT_LT(took, std::chrono::milliseconds(500));
  EXPECT_GT(r.info.nodes, 0u);
}

// Without its budget the search would deepen to its cap for minutes; the bound allows a
// loaded machine (a sanitizer build beside other jobs) ten times the budget, and asks for one
// completed iteration only, so that the test does not measure the machine's speed.
TEST(YoninCpu, KeepsToATimeBudget) {
  auto s = load("yonin", "startpos");
  ASSERT_TRUE(s);
  ai::SearchLimits limits;
  limits.time_ms = 200;
  const auto start = std::chrono::steady_clock::now();
  const ai::SearchResult r = think(*s, limits);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(2000));
  EXPECT_TRUE(is_legal(*s, r.best_move)) << r.best_move;
  EXPECT_GE(r.info.depth, 1);
}

TEST(YoninCpu, ReportsEachCompletedIteration) {
  auto s = load("yonin", "startpos");
  ASSERT_TRUE(s);
  ai::Engine engine;
  ASSERT_TRUE(engine.set_position(yonin_game(), *s).ok());
  ai::SearchLimits limits;
  limits.depth = 4;
  std::vector<int> depths;
  const ai::SearchResult r =
      engine.think(limits, [&](const ai::SearchInfo& i) { depths.push_back(i.depth); });
  EXPECT_EQ(depths, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(r.info.depth, 4);
  EXPECT_EQ(r.info.pv.front(), r.best_move);
}

// Singles: depth counts the root's moves and one hostile reply per round; the opponents
// after the reply play their natural move at no cost in depth. So a depth-3 line from the
// start holds South, West's reply, North's and East's natural moves, and South again. Pairs
// stays plain alpha-beta between the teams: three plies, three moves.
TEST(YoninCpu, SinglesSearchesOneReplyPerRoundPairsEveryPly) {
  for (const auto& [options, length] :
       {std::pair{Overrides{}, size_t{5}}, std::pair{Overrides{{"format", "pairs"}}, size_t{3}}}) {
    auto s = load("yonin", "startpos", options);
    ASSERT_TRUE(s);
    ai::SearchLimits limits;
    limits.depth = 3;
    const ai::SearchResult r = think(*s, limits);
    EXPECT_EQ(r.info.depth, 3);
    ASSERT_EQ(r.info.pv.size(), length) << ::testing::PrintToString(r.info.pv);
    // Every move of the line is legal in turn (the natural moves are real moves too).
    for (const std::string& m : r.info.pv) ASSERT_TRUE(s->play(m).ok()) << m;
  }
}

// A level with root noise still prunes at the root: in a middle game (after 60 moves, hands
// full) level 5 (noise 20, depth cap 4, 60 000 nodes) completes its depth cap and level 6
// (noise 8, 200 000 nodes) one ply more. Searching every root move with a full window, they
// completed depth 3 and 4.
// Root noise must not cost the root its pruning (the root hook's noise window): a noisy
// search still completes the depth its nodes buy without noise.
TEST(YoninCpu, NoisySearchesReachTheirDepthInAMiddleGame) {
  auto s = load("yonin",
                "3GnKn1Sn2/3SnGn4/Sw3PnPn3/1Pw7/KwGw5KeGe/GwPw1+Rw3Pe1/Sw6SsPs/3SsGsPs3/"
                "3GsKsSs1Rn1 w SsPs4Pw2ReGe - ---- s 61");
  ASSERT_TRUE(s);
  struct Case {
    uint64_t nodes;
    int noise, depth;
  };
  for (const Case& c : {Case{60000, 20, 4}, Case{200000, 8, 5}}) {
    ai::SearchLimits limits;
    limits.nodes = c.nodes;
    limits.noise = c.noise;
    for (uint64_t seed = 0; seed < 3; ++seed) {
      limits.seed = seed;
      EXPECT_GE(think(*s, limits).info.depth, c.depth) << "nodes " << c.nodes << " seed " << seed;
    }
  }
}

// Games of four CPU seats at neighbouring levels under every option combination, with small
// node caps and random first moves: every move chosen must be accepted by the rules engine.
TEST(YoninCpu, PlaysOnlyLegalMovesAtEveryLevelAndOption) {
  int games = 0, finished = 0, knockouts = 0;
  for (const char* format : {"singles", "pairs"}) {
    for (const char* end : {"two_out", "last"}) {
      for (const char* out_pieces : {"to_mater", "ownerless"}) {
        for (const char* limit : {"0", "200"}) {
          const Overrides options = {
              {"format", format}, {"end", end}, {"out_pieces", out_pieces}, {"move_limit", limit}};
          auto state = load("yonin", "startpos", options);
          ASSERT_TRUE(state);
          Rng rng(static_cast<uint64_t>(games) * 131 + 7);
          play_random_plies(*state, rng, 4);
          // Seats play levels shifted by the game number, so that every level from 1 to 8
          // plays under several option sets.
          EXPECT_TRUE(play_cpu_game(yonin_game(), *state, 320, 400,
                                    [&](int seat) { return 1 + (games + seat * 3) % 8; }));
          ++games;
          if (state->outcome().over()) ++finished;
          knockouts += static_cast<int>(state->seats_out().size());
        }
      }
    }
  }
  EXPECT_EQ(games, 16);
  EXPECT_GE(finished, 8);
  EXPECT_GE(knockouts, 8);
}

// Late in a game with a move limit: the CPU plays legal moves up to the limit.
TEST(YoninCpu, PlaysLegallyToTheMoveLimit) {
  for (const char* format : {"singles", "pairs"}) {
    auto state = load("yonin",
                      "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/"
                      "Sw3Ps3Se/3PsRsPs3/2SsGsKsGsSs2 s - - ---- e 196",
                      {{"move_limit", "200"}, {"format", format}});
    ASSERT_TRUE(state);
    ai::Engine engine;
    int ply = 0;
    for (; !state->outcome().over(); ++ply) {
      ASSERT_TRUE(engine.set_position(yonin_game(), *state).ok());
      ASSERT_TRUE(state->play(engine.think(nodes(3000)).best_move).ok());
    }
    EXPECT_EQ(ply, 5);
    EXPECT_EQ(state->outcome().reason, "move_limit");
  }
}

// The search's flow after a move against the rules' settle(): the same end, the same
// knock-outs, the same next moves and key, move by move in random playouts under every
// option, with captures made likely (so that players are knocked out) and, from a kings-only
// position, with kings stepping back and forth (so that positions repeat three and four times
// and the perpetual-check filter runs).
TEST(YoninCpuFlow, AfterMoveMatchesTheRulesSettle) {
  struct Case {
    const char* start;
    Overrides options;
    bool shuffle;
  };
  const Case cases[] = {
      {"startpos", {}, false},
      {"startpos", {{"format", "pairs"}}, false},
      {"startpos", {{"end", "last"}, {"out_pieces", "ownerless"}}, false},
      {"startpos", {{"move_limit", "200"}}, false},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1", {}, true},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1", {{"format", "pairs"}}, true},
  };
  int compared = 0, knocked_out = 0, repetitions = 0;
  for (const Case& c : cases) {
    for (uint64_t game = 0; game < (c.shuffle ? 1u : 6u); ++game) {
      auto state = load("yonin", c.start, c.options);
      ASSERT_TRUE(state);
      const auto& y = concrete(*state);
      Rng rng(game * 7717 + 3);
      for (int ply = 0; ply < 300 && !state->outcome().over(); ++ply) {
        yonin::Position pos = y.position();
        ai::yonin_search::SearchFlow flow;
        flow.reset(pos);
        yonin::MoveList root;
        flow.legal_moves(pos, root);
        const auto legal = state->legal_moves();
        ASSERT_EQ(root.size(), static_cast<int>(legal.size()));
        for (yonin::Move m : root) {
          yonin::Position by_rules = pos;
          by_rules.do_move(m);
          yonin::MoveList rules_next;
          int rules_elims = 0;
          const yonin::End rules_end =
              yonin::settle(by_rules, y.settings(), true, rules_next, rules_elims);
          pos.do_move(m);
          yonin::MoveList next;
          int elims = 0;
          const yonin::End end = flow.after_move(pos, y.settings(), next, elims);
          ASSERT_EQ(end, rules_end) << yonin::move_text(m) << " at " << state->position_text();
          ASSERT_EQ(elims, rules_elims);
          ASSERT_EQ(pos.key(), by_rules.key());
          ASSERT_EQ(next.size(), rules_next.size());
          for (int i = 0; i < next.size(); ++i) ASSERT_EQ(next[i], rules_next[i]);
          knocked_out += elims;
          repetitions += end == yonin::End::Repetition;
          flow.retract(pos, elims);
          ++compared;
        }
        ASSERT_EQ(pos.key(), y.position().key());
        // The next move: the shuffle walks the kings back and forth; otherwise a capture
        // when there is one (every other time), else any move.
        std::string move = legal[rng.below(legal.size())];
        if (c.shuffle) {
          // Each king steps to its first legal square, steps back, and the cycle repeats.
          const auto& played = state->moves_played();
          if (ply < 4)
            move = *legal_set(*state).begin();
          else if (ply < 8)
            move = played[static_cast<size_t>(ply - 4)].substr(2, 2) +
                   played[static_cast<size_t>(ply - 4)].substr(0, 2);
          else
            move = played[static_cast<size_t>(ply - 8)];
        } else if (rng.below(2) == 0) {
          for (yonin::Move m : root)
            if (!m.is_drop() && y.position().at(m.to()) != yonin::kNoPiece)
              move = yonin::move_text(m);
        }
        ASSERT_TRUE(state->play(move).ok()) << move;
      }
    }
  }
  EXPECT_GT(compared, 10000);
  EXPECT_GT(knocked_out, 10);
  EXPECT_GT(repetitions, 0);
}

TEST(YoninCpuEvaluation, TheStartIsEvenForEverySeatAndTeam) {
  for (const Overrides& options : {Overrides{}, Overrides{{"format", "pairs"}}}) {
    auto s = load("yonin", "startpos", options);
    ASSERT_TRUE(s);
    const auto& y = concrete(*s);
    const bool pairs = y.settings().rules.pairs;
    const int v0 = ai::yonin_search::seat_value(y.position(), 0, pairs);
    for (yonin::Seat seat = 0; seat < yonin::kSeatCount; ++seat) {
      EXPECT_EQ(ai::yonin_search::seat_value(y.position(), seat, pairs), v0) << seat;
      EXPECT_EQ(ai::yonin_search::evaluate(y.position(), y.settings(), seat), 0) << seat;
    }
  }
}

// The king-safety term counts the enemy pieces within two squares of the king (a 5x5 zone).
// Those zones are built during static initialisation from the shared attack tables; when
// they were built first, every zone was the king's own square and the term counted nothing
// in the released program (found in the nineteenth session of issue 5).
TEST(YoninCpuEvaluation, AnEnemyPieceWithinTwoSquaresOfTheKingLowersItsSafety) {
  // North's silver on 3g (two files, two ranks from South's king on 5i), then on 3e (four
  // ranks away); nothing else differs.
  auto near = load("yonin", "4Kn4/9/9/9/Kw7Ke/9/6Sn2/9/4Ks4 s - - ---- - 1");
  auto far = load("yonin", "4Kn4/9/9/9/Kw5Sn1Ke/9/9/9/4Ks4 s - - ---- - 1");
  ASSERT_TRUE(near);
  ASSERT_TRUE(far);
  const int near_safety = ai::yonin_search::king_safety(concrete(*near).position(), 0, false);
  const int far_safety = ai::yonin_search::king_safety(concrete(*far).position(), 0, false);
  EXPECT_EQ(far_safety, 0);
  EXPECT_LT(near_safety, far_safety);
  // West's king on 9e is six files from the silver either way: no change.
  EXPECT_EQ(ai::yonin_search::king_safety(concrete(*near).position(), 1, false),
            ai::yonin_search::king_safety(concrete(*far).position(), 1, false));
}

TEST(YoninCpuEvaluation, KnockOutsAndPlacesDominate) {
  // South mates West: South's value jumps by more than any material swing, West's drops to
  // the bottom, and the others gain less than South.
  auto s = load("yonin", kMateWest);
  ASSERT_TRUE(s);
  const auto& y = concrete(*s);
  int before[4];
  for (yonin::Seat seat = 0; seat < 4; ++seat)
    before[seat] = ai::yonin_search::evaluate(y.position(), y.settings(), seat);
  must_play(*s, "G*8e");
  ASSERT_EQ(s->seats_out(), std::vector<int>{1});
  using ai::yonin_search::kWin;
  EXPECT_GT(ai::yonin_search::evaluate(y.position(), y.settings(), 0), before[0] + kWin);
  EXPECT_EQ(ai::yonin_search::evaluate(y.position(), y.settings(), 1), -3 * kWin);
  // The others are now sure to rank above West too, but they gain less than South did.
  for (yonin::Seat seat : {2, 3}) {
    const int gain = ai::yonin_search::evaluate(y.position(), y.settings(), seat) - before[seat];
    EXPECT_GT(ai::yonin_search::evaluate(y.position(), y.settings(), 0) - before[0],
              gain + ai::yonin_search::kMateLead)
        << seat;
  }
  // A finished game is scored from the rules' placing. West is out, mated by South; South
  // mates North with G*5b (the pawn on 5c guards the gold): two out, South first (two
  // mates), East second, North third, West fourth.
  auto t = load("yonin", "4Kn4/9/4Ps4/9/Kw8/9/9/9/4Ks3Ke s Gs ws ---- e 9");
  ASSERT_TRUE(t);
  must_play(*t, "G*5b");
  ASSERT_TRUE(t->outcome().over());
  const auto& z = concrete(*t);
  const auto value = [&](yonin::Seat seat) {
    return ai::yonin_search::terminal_value(z.position(), z.settings(), z.end(), seat);
  };
  EXPECT_EQ(value(0), 3 * kWin);
  EXPECT_EQ(value(1), -3 * kWin);
  EXPECT_EQ(value(2), -kWin);
  EXPECT_EQ(value(3), kWin);
}

}  // namespace
}  // namespace kaisho::testing

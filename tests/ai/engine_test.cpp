// The CPU through the engine facade: mates (its own, and the opponent's it avoids), limits,
// stopping, and legal moves at every level.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "ai/engine.hpp"
#include "ai/levels.hpp"
#include "ai/shogi/mate_search.hpp"
#include "core/rng.hpp"
#include "shogi_position_util.hpp"
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

ai::SearchResult think(std::string_view game, std::string_view position, ai::SearchLimits limits) {
  ai::Engine engine;
  auto state = load(game, position);
  EXPECT_TRUE(engine.set_position(*rules::find_game(game), *state).ok());
  return engine.think(limits);
}

bool mates_in_one(const rules::GameState& s) {
  for (const auto& m : s.legal_moves()) {
    auto next = s.clone();
    if (next->play(m).ok() && next->outcome().kind == rules::OutcomeKind::Win &&
        next->outcome().winner != next->seat_to_move())
      return true;
  }
  return false;
}

TEST(ShogiCpu, FindsMateInOne) {
  ai::SearchLimits limits;
  limits.depth = 3;
  EXPECT_EQ(think("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b G 1", limits).best_move, "G*1b");
  // Annan: G*1c (the gold backs the bishop into a gold) or 1b2a+ both mate.
  const char* annan = "8k/6G1B/9/9/9/9/9/9/K8 b PG 1";
  auto s = load("annan", annan);
  ai::SearchResult r = think("annan", annan, limits);
  ASSERT_TRUE(s->play(r.best_move).ok());
  EXPECT_EQ(s->outcome().reason, "checkmate") << r.best_move;
}

// Perpetual check loses for the checking side (the rules' sennichite), and the search scores
// a repetition so: sente, far behind, checked with both its moves since the position it
// could now repeat; gote may repeat a cycle of sente's checks.
TEST(ShogiCpu, ScoresARepetitionByContinuousChecksAsALossForTheChecker) {
  ai::SearchLimits limits;
  limits.depth = 6;
  const std::string start = "4k4/9/9/9/9/9/9/1G3R3/KS7 b rb2g2s 1 moves 4h5h 5a4a 5h4h";
  const ai::SearchResult checker = think("shogi", start + " 4a5a", limits);
  EXPECT_NE(checker.best_move, "4h5h");  // checking again repeats the position: perpetual
  EXPECT_LT(checker.info.score, 0);
  const ai::SearchResult checked = think("shogi", start, limits);
  EXPECT_EQ(checked.best_move, "4a5a");  // back into the cycle of sente's checks
  EXPECT_GT(checked.info.score, 10000);
}

// Mate in three plies: after the CPU's move, every defence must allow a mate in one.
void expect_forced_mate_in_three(std::string_view game, std::string_view position) {
  auto start = load(game, position);
  ASSERT_FALSE(mates_in_one(*start)) << "the position must not have a mate in one";
  ai::SearchLimits limits;
  limits.depth = 5;
  ai::SearchResult r = think(game, position, limits);
  EXPECT_EQ(r.info.mate_in, 2);
  auto after = start->clone();
  ASSERT_TRUE(after->play(r.best_move).ok()) << r.best_move;
  auto defences = after->legal_moves();
  ASSERT_FALSE(defences.empty());
  for (const auto& d : defences) {
    auto next = after->clone();
    ASSERT_TRUE(next->play(d).ok());
    EXPECT_TRUE(mates_in_one(*next)) << "after " << r.best_move << " " << d;
  }
}

TEST(ShogiCpu, FindsMateInThree) {
  expect_forced_mate_in_three("shogi", "8k/9/9/9/9/9/9/9/K8 b RG 1");
  expect_forced_mate_in_three("shogi", "7lk/7p1/9/9/9/9/9/9/K8 b GS 1");
}

// Whether the side to move of `position` mates by checks (the checkmate search within 200,000
// positions).
bool mate_by_checks_found(const std::string& position) {
  ai::SearchLimits limits;
  limits.nodes = 200000;
  const ai::StopFlag stop{false};
  ai::SearchBudget budget;
  budget.start(limits, stop);
  return !ai::shogi_search::find_mate(sfen(position), {}, budget).line.empty();
}

// Gote, far ahead by both engines' judgement, dropped a knight on 3a (N*3a) in a game against
// GPSShogi (kaisho28-…, game 111, ply 86), and the alpha-beta search alone still chooses it at
// a million nodes: sente then mates by checks (B*2a 1b1c 4a1d+ ...), beyond its horizon. The
// checkmate search proves that mate, so the CPU plays a move after which sente has none.
TEST(ShogiCpu, DoesNotPlayAMoveAfterWhichTheOpponentMatesByChecks) {
  const std::string position =
      "ln3B2l/7sk/p1p6/4pPSpp/2P3K2/4G1PPP/P8/2+p1G4/L4+r+r1L w BG5Pg2s3np 86";
  auto blunder = load("shogi", position);
  ASSERT_TRUE(blunder->play("N*3a").ok());
  ASSERT_TRUE(mate_by_checks_found(blunder->position_text()));
  ai::SearchLimits limits;
  limits.nodes = 1000000;
  const ai::SearchResult r = think("shogi", position, limits);
  auto after = load("shogi", position);
  ASSERT_TRUE(after->play(r.best_move).ok()) << r.best_move;
  EXPECT_FALSE(mate_by_checks_found(after->position_text())) << r.best_move;
}

TEST(AnnanCpu, FindsMateInThree) {
  expect_forced_mate_in_three("annan", "8k/9/9/9/9/9/9/9/K8 b RG 1");
}

TEST(Cpu, RespectsANodeLimitExactlyAndIsDeterministic) {
  ai::SearchLimits limits;
  limits.nodes = 5000;
  auto a = think("shogi", "startpos", limits);
  auto b = think("shogi", "startpos", limits);
  EXPECT_EQ(a.info.nodes, 5000u);
  EXPECT_EQ(a.best_move, b.best_move);
  EXPECT_EQ(a.info.pv, b.info.pv);
  limits.nodes = 1;
  EXPECT_EQ(think("shogi", "startpos", limits).info.nodes, 1u);
  EXPECT_FALSE(think("shogi", "startpos", limits).best_move.empty());
}

TEST(Cpu, StopsWhenToldAndAnswersWithALegalMove) {
  ai::Engine engine;
  auto state = load("shogi", "startpos");
  ASSERT_TRUE(engine.set_position(*rules::find_game("shogi"), *state).ok());
  ai::SearchLimits limits;
  limits.infinite = true;
  engine.go(limits);
  std::this_thread::sleep_for(std::chrono::milliseconds(30));
  engine.stop();
  ai::SearchResult r = engine.wait();
  EXPECT_TRUE(is_legal(*state, r.best_move)) << r.best_move;
}

TEST(Cpu, ReportsProgressPerIteration) {
  ai::Engine engine;
  auto state = load("shogi", "startpos");
  ASSERT_TRUE(engine.set_position(*rules::find_game("shogi"), *state).ok());
  ai::SearchLimits limits;
  limits.depth = 4;
  std::vector<int> depths;
  engine.think(limits, [&](const ai::SearchInfo& i) { depths.push_back(i.depth); });
  EXPECT_EQ(depths, (std::vector<int>{1, 2, 3, 4}));
}

TEST(Cpu, FinishedGameHasNoMove) {
  ai::SearchLimits limits;
  limits.depth = 2;
  EXPECT_EQ(think("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b G 1 moves G*1b", limits).best_move, "");
}

// Games between neighbouring levels with small node caps: every move the CPU chooses must be
// accepted by the rules engine, in every game that has a CPU.
TEST(Cpu, PlaysOnlyLegalMovesAtEveryLevel) {
  for (const rules::Game* game : rules::all_games()) {
    if (!ai::make_searcher(game->id())) continue;
    for (int level = 1; level <= 8; ++level) {
      auto state = load(game->id(), "startpos");
      ai::Engine engine;
      for (int ply = 0; ply < 40 && !state->outcome().over(); ++ply) {
        ai::SearchLimits limits;
        limits.level = level;
        limits.nodes = 2000;
        limits.seed = static_cast<uint64_t>(ply);
        ASSERT_TRUE(engine.set_position(*game, *state).ok());
        ai::SearchResult r = engine.think(limits);
        ASSERT_TRUE(state->play(r.best_move).ok())
            << game->id() << " level " << level << ": " << r.best_move;
      }
    }
  }
}

TEST(CpuLevels, RatingsRiseWithTheLevel) {
  for (int level = ai::kMinLevel + 1; level <= ai::kMaxLevel; ++level)
    EXPECT_GT(ai::level_rating(level), ai::level_rating(level - 1));
}

TEST(CpuLevels, ALevelTightensTheCallersCapsAndSetsItsNoise) {
  for (auto table : {ai::LevelTable::standard, ai::LevelTable::annan, ai::LevelTable::musashi,
                     ai::LevelTable::yonin}) {
    const ai::LevelProfile& p = ai::level_profile(3, table);
    ai::SearchLimits limits;
    limits.level = 3;
    limits.nodes = 100000000;
    const ai::SearchLimits applied = ai::apply_level(limits, table);
    EXPECT_EQ(applied.nodes, p.max_nodes);
    EXPECT_EQ(applied.depth, p.max_depth);
    EXPECT_EQ(applied.noise, p.noise);
    EXPECT_EQ(applied.blunder_percent, p.blunder_percent);
    // A smaller cap of the caller stays, and so does noise the caller set.
    limits.nodes = 10;
    limits.noise = 1;
    EXPECT_EQ(ai::apply_level(limits, table).nodes, 10u);
    EXPECT_EQ(ai::apply_level(limits, table).noise, 1);
  }
}

// Under load the pool gives every search the same share of its level's time and node cap
// (docs/cpu.md, "Under load"). The share scales the node caps alone: at any share each level
// still searches at least as many nodes as the one below, and its depth, noise and blunders
// (each level's as measured at full strength) are unchanged, so the levels keep their order.
TEST(CpuLevels, UnderAnyLoadShareEachLevelSearchesAtLeastAsMuchAsTheOneBelow) {
  const auto at_least = [](uint64_t a, uint64_t b) { return a == 0 || (b != 0 && a >= b); };
  for (auto table : {ai::LevelTable::standard, ai::LevelTable::annan, ai::LevelTable::musashi,
                     ai::LevelTable::yonin}) {
    for (double share : {1.0, 0.5, 0.25, 0.125}) {
      for (int level = 1; level < ai::kMaxLevel; ++level) {
        SCOPED_TRACE("table " + std::to_string(static_cast<int>(table)) + " share " +
                     std::to_string(share) + " level " + std::to_string(level));
        ai::SearchLimits limits;
        limits.level = level;
        const ai::SearchLimits whole = ai::apply_level(limits, table);
        limits.load_share = share;
        const ai::SearchLimits shared = ai::apply_level(limits, table);
        limits.level = level + 1;
        const ai::SearchLimits above = ai::apply_level(limits, table);
        EXPECT_TRUE(at_least(above.nodes, shared.nodes)) << above.nodes << " < " << shared.nodes;
        if (whole.nodes != 0) {
          EXPECT_LE(shared.nodes, whole.nodes) << "a share never raises a cap";
        }
        EXPECT_EQ(shared.depth, whole.depth);
        EXPECT_EQ(shared.noise, whole.noise);
        EXPECT_EQ(shared.blunder_percent, whole.blunder_percent);
      }
    }
  }
}

TEST(CpuLevels, TheTopLevelAndNoLevelLeaveTheLimitsAlone) {
  ai::SearchLimits limits;
  limits.time_ms = 1500;
  for (int level : {0, ai::kMaxLevel}) {
    limits.level = level;
    const ai::SearchLimits applied = ai::apply_level(limits, ai::LevelTable::yonin);
    EXPECT_EQ(applied.nodes, 0u);
    EXPECT_EQ(applied.depth, 0);
    EXPECT_EQ(applied.noise, 0);
    EXPECT_EQ(applied.blunder_percent, 0);
  }
}

}  // namespace
}  // namespace kaisho::testing

// The checkmate search (df-pn, plain Shogi): every line it returns is legal, checks with
// every attacker's move and ends in mate; it finds every mate in three of random games; it
// proves that no mate exists when no check does; it keeps to its node limit.
#include <gtest/gtest.h>

#include "ai/shogi/mate_search.hpp"
#include "shogi_position_util.hpp"

namespace kaisho::testing {
namespace {

using namespace kaisho::ai::shogi_search;

// The search within a node limit.
MateSearchResult mate_search(const Position& pos, uint64_t nodes, uint64_t* used = nullptr) {
  ai::SearchLimits limits;
  limits.nodes = nodes;
  const ai::StopFlag stop{false};
  ai::SearchBudget budget;
  budget.start(limits, stop);
  MateSearchResult r = find_mate(pos, {}, budget);
  if (used) *used = budget.nodes();
  return r;
}

// Replays the line on a copy: every move legal, the attacker's (even plies) checks, an odd
// number of plies, and no legal reply at the end.
::testing::AssertionResult is_mating_line(Position pos, const std::vector<Move>& line) {
  if (line.empty() || line.size() % 2 == 0)
    return ::testing::AssertionFailure() << "length " << line.size();
  for (size_t i = 0; i < line.size(); ++i) {
    MoveList legal;
    generate_legal<Variant::Shogi>(pos, {}, legal);
    if (std::find(legal.begin(), legal.end(), line[i]) == legal.end())
      return ::testing::AssertionFailure() << "illegal " << to_usi(line[i]) << " at " << i;
    pos.do_move(line[i]);
    if (i % 2 == 0 && !in_check<Variant::Shogi>(pos))
      return ::testing::AssertionFailure() << to_usi(line[i]) << " does not check";
  }
  if (has_legal_move<Variant::Shogi>(pos, {}))
    return ::testing::AssertionFailure() << "the defender still has a move";
  return ::testing::AssertionSuccess();
}

// Brute force: whether the side to move mates within `plies` (odd) by checks only.
bool mates_within(Position& pos, int plies) {
  MoveList checks;
  generate_legal<Variant::Shogi>(pos, {}, checks);
  for (Move m : checks) {
    pos.do_move(m);
    bool mated = false;
    if (in_check<Variant::Shogi>(pos)) {
      MoveList replies;
      generate_legal<Variant::Shogi>(pos, {}, replies);
      mated = true;
      if (replies.size() > 0 && plies < 3) mated = false;
      for (int i = 0; mated && i < replies.size(); ++i) {
        pos.do_move(replies[i]);
        mated = mates_within(pos, plies - 2);
        pos.undo_move();
      }
    }
    pos.undo_move();
    if (mated) return true;
  }
  return false;
}

TEST(ShogiMateSearch, FindsAMateByADrop) {
  // The pawn on 5c guards 5b: a gold dropped there mates.
  const Position pos = sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
  const MateSearchResult r = mate_search(pos, 10000);
  ASSERT_EQ(r.line.size(), 1u);
  EXPECT_EQ(to_usi(r.line[0]), "G*5b");
}

TEST(ShogiMateSearch, ProvesThatNoMateExistsWithoutAnyCheck) {
  const MateSearchResult r = mate_search(sfen(kStartSfen), 10000);
  EXPECT_TRUE(r.line.empty());
  EXPECT_TRUE(r.disproven);
}

TEST(ShogiMateSearch, KeepsToItsNodeLimit) {
  // Sente has many checks (a full hand) but no quick mate.
  const Position pos = sfen("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1");
  uint64_t used = 0;
  const MateSearchResult r = mate_search(pos, 500, &used);
  EXPECT_TRUE(r.line.empty());
  EXPECT_FALSE(r.disproven);
  EXPECT_EQ(used, 500u);
}

// A position of a random game where only a long sequence of checks mates (found by this
// search; no mate in three exists, so neither the search's mate-in-one test nor a shallow
// search sees it).
TEST(ShogiMateSearch, SolvesAMateLongerThanThreePlies) {
  Position pos = sfen("5n1k1/9/5b1g1/pp5p1/3+B4P/1Pp4S1/4G1PP1/5S3/1LSK3NL b 2R2G2NL8Psl2p 1");
  ASSERT_FALSE(mates_within(pos, 3));
  const MateSearchResult r = mate_search(pos, 200000);
  EXPECT_TRUE(is_mating_line(pos, r.line));
  EXPECT_GT(r.line.size(), 3u);
}

// Random games with many captures (so that hands fill): whenever brute force finds a mate in
// three or less, the search finds a mate (it may be another); every line it returns mates.
TEST(ShogiMateSearch, FindsEveryMateInThreeOfRandomGames) {
  int mates = 0, lines = 0;
  visit_capturing_games(17, 12, 160, [&](Position& pos, const MoveList&, int ply) {
    if (in_check<Variant::Shogi>(pos) || ply % 3 != 0) return;
    const MateSearchResult r = mate_search(pos, 2000);
    if (!r.line.empty()) {
      ++lines;
      ASSERT_TRUE(is_mating_line(pos, r.line)) << to_sfen(pos);
    }
    if (mates_within(pos, 3)) {
      ++mates;
      ASSERT_FALSE(r.line.empty()) << "missed a mate in three: " << to_sfen(pos);
    }
    if (r.disproven) {
      ASSERT_FALSE(mates_within(pos, 3)) << to_sfen(pos);
    }
  });
  EXPECT_GT(mates, 10) << "the games must reach positions with a mate in three";
  EXPECT_GE(lines, mates);
}

}  // namespace
}  // namespace kaisho::testing

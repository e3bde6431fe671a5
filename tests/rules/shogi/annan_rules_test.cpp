// One test per rule of spec/annan.md, on small positions.
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

using Set = std::set<std::string>;

TEST(AnnanBacking, FrontPieceMovesLikeTheFriendlyPieceDirectlyBehind) {
  auto s = load("annan", "8k/9/9/9/4P4/4R4/9/9/4K4 b - 1");  // pawn 5e backed by rook 5f
  EXPECT_EQ(moves_starting(*s, "5e"),
            (Set{"5e5d", "5e5c", "5e5c+", "5e5b", "5e5b+", "5e5a+", "5e4e", "5e3e", "5e2e", "5e1e",
                 "5e6e", "5e7e", "5e8e", "5e9e"}));
}

TEST(AnnanBacking, OnlyTheSquareDirectlyBehindCounts) {
  // Rook two squares behind, gold diagonally behind: the pawn keeps its own move.
  auto s = load("annan", "8k/9/9/9/4P4/5G3/4R4/9/4K4 b - 1");
  EXPECT_EQ(moves_starting(*s, "5e"), (Set{"5e5d"}));
}

TEST(AnnanBacking, EnemyPieceBehindDoesNotBack) {
  auto s = load("annan", "8k/9/9/9/4P4/4r4/9/9/K8 b - 1");
  EXPECT_EQ(moves_starting(*s, "5e"), (Set{"5e5d"}));
}

TEST(AnnanBacking, BorrowingDoesNotChain) {
  // Pawn 5e backed by silver 5f, itself backed by rook 5g: the pawn moves like a silver, the
  // silver like a rook.
  auto s = load("annan", "8k/9/9/9/4P4/4S4/4R4/9/K8 b - 1");
  EXPECT_EQ(moves_starting(*s, "5e"), (Set{"5e4d", "5e5d", "5e6d", "5e4f", "5e6f"}));
  EXPECT_TRUE(is_legal(*s, "5f1f"));
}

TEST(AnnanBacking, PromotedBackerLendsItsPromotedMovement) {
  // Pawn 5e backed by a dragon: rook lines plus one diagonal step.
  auto s = load("annan", "8k/9/9/9/4P4/4+R4/9/9/K8 b - 1");
  auto m = moves_starting(*s, "5e");
  EXPECT_TRUE(m.count("5e4d") && m.count("5e6d") && m.count("5e1e") && m.count("5e5b"));
}

TEST(AnnanBacking, KingBehindGivesKingMovement) {
  auto s = load("annan", "8k/9/9/9/4P4/4K4/9/9/9 b - 1");
  EXPECT_EQ(moves_starting(*s, "5e"),
            (Set{"5e4d", "5e5d", "5e6d", "5e4e", "5e6e", "5e4f", "5e6f"}));
}

TEST(AnnanBacking, KingItselfIsBacked) {
  auto s = load("annan", "8k/9/9/9/9/9/9/4K4/4P4 b - 1");  // pawn behind the king
  EXPECT_EQ(legal_set(*s), (Set{"5h5g"}));
}

TEST(AnnanAttacks, CheckIsJudgedWithTheBackedMovement) {
  // The pawn on 5e moves like the lance behind it and so checks the king on 5a.
  auto s = load("annan", "4k4/9/9/9/4P4/4L4/9/9/K8 w - 1");
  EXPECT_EQ(s->seats_in_check(), std::vector<int>{1});
  EXPECT_NE(load_error("annan", "4k4/9/9/9/4P4/4L4/9/9/K8 b - 1").find("in check"),
            std::string::npos);
  // The same position in plain Shogi is no check.
  EXPECT_TRUE(load("shogi", "4k4/9/9/9/4P4/4L4/9/9/K8 w - 1")->seats_in_check().empty());
}

TEST(AnnanAttacks, KingSafetyIsJudgedAfterTheMove) {
  // Gold 5g backed by a pawn moves like a pawn; if the king takes that pawn, the gold gets
  // its own movement back and attacks 5f.
  auto s = load("annan", "8k/9/9/9/3K5/4p4/4g4/9/9 b - 1");
  EXPECT_FALSE(is_legal(*s, "6e5f"));
  EXPECT_TRUE(is_legal(*s, "6e6f"));
  expect_refused(*s, "6e5f", "leave your king in check");
}

TEST(AnnanPromotion, FollowsTheOriginalType) {
  // A gold moving like the silver behind it still cannot promote; a pawn moving like a rook can.
  auto s = load("annan", "8k/9/9/4G4/4S4/9/9/9/K8 b - 1");
  for (const auto& m : moves_starting(*s, "5d")) EXPECT_EQ(m.find('+'), std::string::npos) << m;
  EXPECT_EQ(moves_starting(*s, "5d"), (Set{"5d4c", "5d5c", "5d6c", "5d4e", "5d6e"}));
  auto r = load("annan", "8k/9/9/9/4P4/4R4/9/9/4K4 b - 1");
  EXPECT_TRUE(is_legal(*r, "5e5c+"));
}

TEST(AnnanNifu, SidewaysPawnOntoAPawnFileIsAllowedButDropIsNot) {
  // Pawn 5e backed by gold 5f moves like a gold, sideways onto file 4 where a pawn stands.
  auto s = load("annan", "8k/9/9/9/4P4/4G4/5P3/9/K8 b P 1");
  EXPECT_TRUE(is_legal(*s, "5e4e"));
  EXPECT_FALSE(is_legal(*s, "P*4d"));
  EXPECT_FALSE(is_legal(*s, "P*5d"));
  EXPECT_TRUE(is_legal(*s, "P*3d"));
  must_play(*s, "5e4e");  // two unpromoted pawns on file 4 are a legal Annan position
  EXPECT_EQ(load_error("annan", s->position_text()), "");
}

TEST(AnnanDeadPiece, AllowedWhenTheBackingThereGivesAMove) {
  // Pawn 5b backed by gold 5c moves like a gold; on 4a it would be backed by the gold on 4b.
  const char* pos = "9/4PG3/4G4/9/k8/9/9/9/8K b P 1";
  auto s = load("annan", pos);
  EXPECT_TRUE(is_legal(*s, "5b4a"));
  EXPECT_TRUE(is_legal(*s, "5b4a+"));
  // On 5a the square behind (5b) is the one the pawn leaves: no backing, so it must promote.
  EXPECT_TRUE(is_legal(*s, "5b5a+"));
  EXPECT_FALSE(is_legal(*s, "5b5a"));
  EXPECT_TRUE(is_legal(*s, "P*4a"));   // backed by the gold on 4b
  EXPECT_FALSE(is_legal(*s, "P*3a"));  // nothing behind
  expect_refused(*s, "P*3a", "could never move");
}

TEST(AnnanDeadPiece, ForbidByOriginalTypeIgnoresBacking) {
  auto s = load("annan", "9/4PG3/4G4/9/k8/9/9/9/8K b P 1", {{"dead_piece", "forbid"}});
  EXPECT_FALSE(is_legal(*s, "5b4a"));
  EXPECT_TRUE(is_legal(*s, "5b4a+"));
  EXPECT_FALSE(is_legal(*s, "P*4a"));
  // A pawn on the last rank is a possible position only when backing may allow it.
  const char* stuck = "4P4/9/9/9/k8/9/9/9/8K b - 1";
  EXPECT_EQ(load_error("annan", stuck), "");
  EXPECT_NE(load_error("annan", stuck, {{"dead_piece", "forbid"}}).find("could never move"),
            std::string::npos);
}

TEST(AnnanPawnDropMate, RefusedWhenTheDroppedPawnBacksTheCheckingPiece) {
  // P*1c puts a pawn behind the bishop on 1b, which then moves like a pawn: check, and mate.
  auto s = load("annan", "8k/6G1B/9/9/9/9/9/9/K8 b PG 1");
  EXPECT_FALSE(is_legal(*s, "P*1c"));
  expect_refused(*s, "P*1c", "uchifuzume");
  // The same backing by a gold drop is an ordinary mate.
  must_play(*s, "G*1c");
  EXPECT_EQ(s->outcome().reason, "checkmate");
}

TEST(AnnanPawnDropMate, RefusedWhenThePawnChecksWithBorrowedMovement) {
  // The lance on 1f is backed by a gold (so it gives no check); a pawn dropped on 1e borrows
  // the lance's own movement and checks along file 1, and nothing can answer.
  auto s = load("annan", "7lk/7p1/9/9/9/8L/8G/9/K8 b P 1");
  EXPECT_FALSE(is_legal(*s, "P*1e"));
  EXPECT_TRUE(is_legal(*s, "P*1d"));  // in front of nothing: an ordinary pawn, no check
}

TEST(AnnanPawnDropMate, DropWithoutCheckLeavingNoMoveIsAllowed) {
  // P*2b covers 2a and is defended by the gold on 1c and the silver on 3c; it gives no check
  // (nothing stands behind it), and gote is left with no legal move: gote loses.
  auto s = load("annan", "8k/9/6S1G/9/9/9/9/9/K8 b P 1");
  EXPECT_TRUE(is_legal(*s, "P*2b"));
  must_play(*s, "P*2b");
  EXPECT_EQ(s->outcome().winner, 0);
  EXPECT_EQ(s->outcome().reason, "no_legal_moves");
}

TEST(AnnanStart, UsualByDefaultTraditionalAsOption) {
  EXPECT_EQ(load("annan", "startpos")->position_text(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  EXPECT_EQ(load("annan", "startpos", {{"start", "traditional"}})->position_text(),
            "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1");
}

}  // namespace
}  // namespace kaisho::testing

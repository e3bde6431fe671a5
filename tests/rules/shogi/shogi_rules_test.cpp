// One test per rule of spec/shogi.md, on small positions.
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

using Set = std::set<std::string>;

TEST(ShogiDrops, PawnDropMateIsRefused) {
  auto s = load("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b P 1");
  EXPECT_FALSE(is_legal(*s, "P*1b"));
  expect_refused(*s, "P*1b", "uchifuzume");
}

TEST(ShogiDrops, PawnDropCheckThatIsNotMateIsAllowed) {
  auto s = load("shogi", "7lk/9/9/9/9/9/9/7L1/8K b P 1");  // the king can take the pawn
  EXPECT_TRUE(is_legal(*s, "P*1b"));
}

TEST(ShogiDrops, DropOfAnotherPieceMayMate) {
  auto s = load("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b G 1");
  must_play(*s, "G*1b");
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Win);
  EXPECT_EQ(s->outcome().winner, 0);
  EXPECT_EQ(s->outcome().reason, "checkmate");
}

TEST(ShogiDrops, NifuRefusesASecondUnpromotedPawnOnAFile) {
  auto s = load("shogi", "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
  EXPECT_FALSE(is_legal(*s, "P*5e"));
  EXPECT_TRUE(is_legal(*s, "P*4e"));
  expect_refused(*s, "P*5e", "nifu");
}

TEST(ShogiDrops, NifuIgnoresPromotedPawns) {
  auto s = load("shogi", "4k4/9/4+P4/9/9/9/9/9/4K4 b P 1");
  EXPECT_TRUE(is_legal(*s, "P*5e"));
}

TEST(ShogiDrops, NoDropWhereThePieceCouldNeverMove) {
  auto s = load("shogi", "4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
  for (const char* m : {"P*3a", "L*3a", "N*3a", "N*3b"}) EXPECT_FALSE(is_legal(*s, m)) << m;
  for (const char* m : {"P*3b", "L*3b", "N*3c"}) EXPECT_TRUE(is_legal(*s, m)) << m;
  expect_refused(*s, "N*3b", "could never move");
  // Gote's last ranks are at the other end.
  auto w = load("shogi", "4k4/9/9/9/9/9/9/9/4K4 w pln 1");
  for (const char* m : {"P*3i", "L*3i", "N*3i", "N*3h"}) EXPECT_FALSE(is_legal(*w, m)) << m;
}

TEST(ShogiDrops, DropsAreUnpromotedEvenInTheZone) {
  auto s = load("shogi", "4k4/9/9/9/9/9/9/9/4K4 b S 1");
  EXPECT_TRUE(is_legal(*s, "S*3b"));
  must_play(*s, "S*3b");
  EXPECT_EQ(s->position_text(), "4k4/6S2/9/9/9/9/9/9/4K4 w - 2");
}

TEST(ShogiDrops, OnlyOnEmptySquaresAndFromTheHand) {
  auto s = load("shogi", "4k4/9/9/9/9/9/9/9/4K4 b S 1");
  expect_refused(*s, "S*5i", "empty square");
  expect_refused(*s, "G*5e", "no gold in hand");
}

TEST(ShogiPromotion, PawnLanceAndKnightMustPromoteWhereTheyCouldNeverMove) {
  auto s = load("shogi", "4k4/6P2/8L/2N6/9/9/9/9/4K4 b - 1");
  EXPECT_EQ(moves_starting(*s, "3b"), (Set{"3b3a+"}));
  EXPECT_EQ(moves_starting(*s, "7d"), (Set{"7d6b+", "7d8b+"}));
  EXPECT_EQ(moves_starting(*s, "1c"), (Set{"1c1a+", "1c1b", "1c1b+"}));
  expect_refused(*s, "3b3a", "must promote");
}

TEST(ShogiPromotion, OptionalIntoWithinAndOutOfTheZone) {
  auto s = load("shogi", "4k4/9/6S2/4S4/9/9/9/9/4K4 b - 1");
  EXPECT_EQ(moves_starting(*s, "5d"),
            (Set{"5d4c", "5d4c+", "5d5c", "5d5c+", "5d6c", "5d6c+", "5d4e", "5d6e"}));
  EXPECT_EQ(moves_starting(*s, "3c"), (Set{"3c2b", "3c2b+", "3c3b", "3c3b+", "3c4b", "3c4b+",
                                           "3c2d", "3c2d+", "3c4d", "3c4d+"}));
  expect_refused(*s, "5d4e+", "promotion zone");
}

TEST(ShogiPromotion, KingAndGoldNeverPromote) {
  auto s = load("shogi", "4k4/9/9/4G4/9/9/9/9/4K4 b - 1");
  for (const auto& m : s->legal_moves()) EXPECT_EQ(m.find('+'), std::string::npos) << m;
  expect_refused(*s, "5d5c+", "cannot promote");
}

TEST(ShogiPromotion, PromotedPieceCapturedReturnsUnpromoted) {
  auto s = load("shogi", "4k4/9/9/9/4+r4/4G4/9/9/4K4 b - 1");
  must_play(*s, "5f5e");
  EXPECT_EQ(s->position_text(), "4k4/9/9/9/4G4/9/9/9/4K4 w R 2");
}

TEST(ShogiCheck, EveryLegalMoveAnswersTheCheck) {
  auto s = load("shogi", "4r3k/9/9/9/9/9/9/3G5/4K4 b - 1");
  EXPECT_EQ(s->seats_in_check(), std::vector<int>{0});
  EXPECT_EQ(legal_set(*s), (Set{"5i4i", "5i6i", "5i4h", "6h5h", "6h5g"}));
  expect_refused(*s, "6h6g", "does not answer the check");
}

TEST(ShogiCheck, PinnedPieceMayOnlyMoveAlongThePin) {
  auto s = load("shogi", "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1");
  EXPECT_EQ(moves_starting(*s, "5h"), (Set{"5h5g"}));
  expect_refused(*s, "5h4h", "leave your king in check");
}

TEST(ShogiCheck, KingMayNotMoveOntoAnAttackedSquare) {
  auto s = load("shogi", "3r4k/9/9/9/9/9/9/9/4K4 b - 1");
  EXPECT_FALSE(is_legal(*s, "5i6i"));
  EXPECT_FALSE(is_legal(*s, "5i6h"));
  expect_refused(*s, "5i6i", "leave your king in check");
}

TEST(ShogiEnd, CheckmateWinsAndEndsTheGame) {
  auto s = load("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b G 1 moves G*1b");
  EXPECT_EQ(s->outcome().reason, "checkmate");
  EXPECT_EQ(s->outcome().winner, 0);
  EXPECT_EQ(s->seat_to_move(), -1);
  EXPECT_TRUE(s->legal_moves().empty());
  expect_refused(*s, "1a2b", "game is over");
}

TEST(ShogiEnd, PlayerWithNoLegalMoveLoses) {
  auto s = load("shogi", "k6r1/9/9/9/9/9/8p/9/8K b - 1");
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Win);
  EXPECT_EQ(s->outcome().winner, 1);
  EXPECT_EQ(s->outcome().reason, "no_legal_moves");
}

TEST(ShogiEnd, ResignationEndsTheGame) {
  auto s = load("shogi", "startpos");
  ASSERT_TRUE(s->resign(0).ok());
  EXPECT_EQ(s->outcome().winner, 1);
  EXPECT_EQ(s->outcome().reason, "resignation");
  EXPECT_FALSE(s->resign(1).ok());
}

TEST(ShogiSennichite, FourthOccurrenceIsADraw) {
  auto s = load("shogi", "startpos");
  const char* cycle[] = {"5i5h", "5a5b", "5h5i", "5b5a"};
  for (int i = 0; i < 11; ++i) must_play(*s, cycle[i % 4]);
  EXPECT_FALSE(s->outcome().over()) << "third occurrence so far";
  must_play(*s, cycle[3]);
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Draw);
  EXPECT_EQ(s->outcome().reason, "repetition");
}

TEST(ShogiSennichite, PlayerWhoCheckedThroughoutLoses) {
  auto s = load("shogi", "8k/9/R8/9/9/9/9/9/K8 b - 1 moves 9c9a");
  const char* cycle[] = {"1a1b", "9a9b", "1b1a", "9b9a"};
  for (int i = 0; i < 11; ++i) must_play(*s, cycle[i % 4]);
  EXPECT_FALSE(s->outcome().over());
  must_play(*s, cycle[3]);
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Win);
  EXPECT_EQ(s->outcome().winner, 1);
  EXPECT_EQ(s->outcome().reason, "perpetual_check");
}

TEST(ShogiMoveLimit, ReachingTheLimitIsADraw) {
  auto s = load("shogi", "4k4/9/9/9/9/9/9/9/4K4 b G 150", {{"move_limit", "150"}});
  EXPECT_FALSE(s->outcome().over());
  must_play(*s, "5i5h");
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Draw);
  EXPECT_EQ(s->outcome().reason, "move_limit");
}

TEST(ShogiMoveLimit, MateOnTheLastAllowedMoveStillWins) {
  auto s = load("shogi", "7lk/9/8S/9/9/9/9/7L1/8K b G 150", {{"move_limit", "150"}});
  must_play(*s, "G*1b");
  EXPECT_EQ(s->outcome().reason, "checkmate");
}

TEST(ShogiMoveLimit, NoLimitByDefault) {
  auto s = load("shogi", "4k4/9/9/9/9/9/9/9/4K4 b G 999");
  must_play(*s, "5i5h");
  EXPECT_FALSE(s->outcome().over());
}

TEST(ShogiHandicap, GiverIsGoteAndMovesFirst) {
  const std::pair<const char*, const char*> cases[] = {{"lance", "lnsgkgsn1/1r5b1/"},
                                                       {"bishop", "lnsgkgsnl/1r7/"},
                                                       {"rook", "lnsgkgsnl/7b1/"},
                                                       {"rook_lance", "lnsgkgsn1/7b1/"},
                                                       {"two", "lnsgkgsnl/9/"},
                                                       {"four", "1nsgkgsn1/9/"},
                                                       {"six", "2sgkgs2/9/"},
                                                       {"eight", "3gkg3/9/"},
                                                       {"ten", "4k4/9/"}};
  for (auto [handicap, prefix] : cases) {
    auto s = load("shogi", "startpos", {{"handicap", handicap}});
    const std::string text = s->position_text();
    EXPECT_EQ(text.rfind(prefix, 0), 0u) << handicap << ": " << text;
    EXPECT_NE(text.find("/LNSGKGSNL w - 1"), std::string::npos) << handicap << ": " << text;
    EXPECT_EQ(s->seat_to_move(), 1) << handicap;
  }
  EXPECT_EQ(load("shogi", "startpos")->position_text(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

TEST(ShogiMoves, PieceMovesOnlyItsOwnWayAndNeverOntoItsOwnPieces) {
  auto s = load("shogi", "startpos");
  expect_refused(*s, "7g7e", "cannot move to 7e");
  expect_refused(*s, "8h7g", "own piece");
  expect_refused(*s, "5e5d", "no piece on 5e");
  expect_refused(*s, "3c3d", "not yours");
  expect_refused(*s, "7g7f7e", "bad move");
  EXPECT_EQ(s->legal_moves().size(), 30u);
}

}  // namespace
}  // namespace kaisho::testing

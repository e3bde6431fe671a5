// Moves, drops and promotion: one test per rule of spec/yonin.md "A turn", on small
// positions in the text form.
#include "yonin_test_util.hpp"

namespace kaisho::testing {
namespace {

TEST(YoninMoves, StartPositionSouthHasNineMoves) {
  auto s = yonin("startpos");
  EXPECT_EQ(s->seat_to_move(), kSouth);
  EXPECT_EQ(legal_set(*s),
            (Set{"6h6g", "4h4g", "5g5f", "7i7h", "7i8h", "3i3h", "3i2h", "6i7h", "4i3h"}));
}

TEST(YoninMoves, WestsPiecesAdvanceTowardFileOne) {
  auto s = yonin("startpos moves 5g5f");
  EXPECT_EQ(s->seat_to_move(), kWest);
  EXPECT_EQ(legal_set(*s),
            (Set{"8d7d", "8f7f", "7e6e", "9c8c", "9c8b", "9g8g", "9g8h", "9d8c", "9f8g"}));
}

TEST(YoninMoves, TurnsGoClockwiseSouthWestNorthEast) {
  auto s = yonin("startpos");
  const char* moves[] = {"5g5f", "7e6e", "5c5d", "3e4e"};
  const int seats[] = {kSouth, kWest, kNorth, kEast};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(s->seat_to_move(), seats[i]);
    must_play(*s, moves[i]);
  }
  EXPECT_EQ(s->seat_to_move(), kSouth);
}

TEST(YoninMoves, PieceOfAnotherSeatCannotBeMoved) {
  auto s = yonin("startpos");
  EXPECT_FALSE(is_legal(*s, "7e6e"));
  expect_refused(*s, "7e6e", "belongs to west, and it is south's turn");
  expect_refused(*s, "5e5d", "there is no piece on 5e");
}

TEST(YoninMoves, PiecesMoveOnlyAsTheirKindAllows) {
  auto s = yonin("startpos");
  expect_refused(*s, "7i7g", "the silver on 7i cannot move to 7g");
  expect_refused(*s, "6i6h", "cannot capture your own piece");
}

TEST(YoninMoves, CaptureGoesToTheCaptorsHandUnpromoted) {
  // South's rook takes East's tokin on 5c.
  auto s = yonin("4Kn4/9/4+Pe4/9/Kw7Ke/9/9/4Rs4/4Ks4 s - - ---- - 1");
  must_play(*s, "5h5c");
  EXPECT_EQ(field(*s, 2), "Ps");
  EXPECT_EQ(rank_text(*s, 3), "4Rs4");
}

TEST(YoninMoves, DropsFaceTheDroppersWay) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 w Sw - ---- s 2");
  must_play(*s, "S*5e");
  EXPECT_EQ(rank_text(*s, 5), "Kw3Sw3Ke");
  // A West silver faces toward file 1: forward is 4e, the back diagonals 6d and 6f.
  const auto& pos = position_of(*s);
  EXPECT_EQ(yonin::facing_of(pos.at(shogi_family::make_square(5, 5))), shogi_family::Facing::Right);
}

TEST(YoninMoves, DropOnlyFromTheHandOnAnEmptySquare) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Ss - ---- - 1");
  expect_refused(*s, "G*5e", "you have no gold in hand");
  expect_refused(*s, "S*5i", "empty square");
  expect_refused(*s, "K*5e", "a king cannot be dropped");
  expect_refused(*s, "B*5e", "no bishop");
}

TEST(YoninPromotion, OfferedEnteringWithinAndLeavingTheThreeFarthestRows) {
  // South's silver on 4c is in its zone: every move may promote; the one on 7e is outside.
  auto s = yonin("4Kn4/9/5Ss3/9/Kw1Ss5Ke/9/9/9/4Ks4 s - - ---- - 1");
  EXPECT_EQ(moves_starting(*s, "4c"), (Set{"4c4b", "4c4b+", "4c3b", "4c3b+", "4c5b", "4c5b+",
                                           "4c3d", "4c3d+", "4c5d", "4c5d+"}));
  EXPECT_EQ(moves_starting(*s, "7e"), (Set{"7e7d", "7e6d", "7e8d", "7e6f", "7e8f"}));
  expect_refused(*s, "7e7d+", "three farthest rows");
}

TEST(YoninPromotion, WestsZoneIsFilesThreeToOne) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/3Rw5/9/9/4Ks4 w - - ---- s 2");
  const Set rook = moves_starting(*s, "6f");
  for (const char* m : {"6f3f+", "6f2f+", "6f1f+", "6f3f", "6f4f", "6f6a"})
    EXPECT_TRUE(rook.count(m)) << m;
  for (const char* m : {"6f4f+", "6f6a+", "6f7f+"}) EXPECT_FALSE(rook.count(m)) << m;
}

TEST(YoninPromotion, GoldKingAndPromotedPiecesDoNotPromote) {
  auto s = yonin("4Kn4/9/3Gs+Ss4/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1");
  expect_refused(*s, "6c6b+", "a gold cannot promote");
  expect_refused(*s, "5c5b+", "already promoted");
}

TEST(YoninPromotion, PawnOnItsLastRowMustPromote) {
  auto s = yonin("4Kn4/5Ps3/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1");
  EXPECT_EQ(moves_starting(*s, "4b"), (Set{"4b4a+"}));
  expect_refused(*s, "4b4a", "must promote");
  auto w = yonin("4Kn4/9/9/7Pw1/Kw7Ke/9/9/9/4Ks4 w - - ---- s 2");
  EXPECT_EQ(moves_starting(*w, "2d"), (Set{"2d1d+"}));
}

TEST(YoninPromotion, InheritedPiecesMoveAndPromoteInTheirOwnFacing) {
  // South mated North and West: the silver on 5f and the pawn on 3h face North's way
  // (down), the pawn on 2c faces West's way (toward file 1).
  const char* text = "4Kn4/9/7Psw1/9/Kw7Ke/4Ssn4/9/6Psn2/4Ks4 s - ns,ws ---- e 50";
  auto s = yonin(text, {{"end", "last"}});
  EXPECT_EQ(moves_starting(*s, "5f"),
            (Set{"5f5g", "5f5g+", "5f4g", "5f4g+", "5f6g", "5f6g+", "5f4e", "5f6e"}));
  EXPECT_EQ(moves_starting(*s, "3h"), (Set{"3h3i+"}));  // the last row of its facing
  EXPECT_EQ(moves_starting(*s, "2c"), (Set{"2c1c+"}));
  must_play(*s, "5f4g+");
  EXPECT_EQ(rank_text(*s, 7), "5+Ssn3");
}

TEST(YoninDrops, PawnMayNotBeDroppedOnItsLastRow) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Ps - ---- - 1");
  expect_refused(*s, "P*3a", "could never move");
  EXPECT_TRUE(is_legal(*s, "P*3b"));
  auto e = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 e Pe - ---- n 4");
  expect_refused(*e, "P*9c", "could never move");  // East's pawns advance toward file 9
  EXPECT_TRUE(is_legal(*e, "P*8c"));
}

TEST(YoninDrops, NifuIsPerFacingAlongTheLineTheDropperFaces) {
  // South owns North's old pawn on 5c (facing down) and its own pawn on 4g; West has a pawn
  // on 7e (its line is rank e).
  auto s = yonin("4Kn4/9/4Psn4/9/Kw1Pw5Ke/9/5Ps3/9/4Ks4 s PsPw ns ---- e 30");
  EXPECT_TRUE(is_legal(*s, "P*5e"));  // a pawn of another facing on file 5 is allowed
  EXPECT_TRUE(is_legal(*s, "P*7d"));  // West's pawn on file 7 is not South's
  expect_refused(*s, "P*4e", "unpromoted pawn facing your way on file 4 (nifu)");
  must_play(*s, "P*5e");
  ASSERT_EQ(s->seat_to_move(), kWest);
  expect_refused(*s, "P*3e", "on rank e (nifu)");
  EXPECT_TRUE(is_legal(*s, "P*3d"));
  EXPECT_TRUE(is_legal(*s, "P*7d"));  // South's pawn line is a file, not West's rank
}

TEST(YoninDrops, NifuIgnoresPromotedPawns) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/9/5+Ps3/9/4Ks4 s Ps - ---- - 1");
  EXPECT_TRUE(is_legal(*s, "P*4e"));
}

TEST(YoninDrops, NoPawnDropInFrontOfAFlippedKing) {
  // North is out; its flipped king stands on 5a.
  const char* board = "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4";
  auto s = yonin(std::string(board) + " s 2Ps2Pw2Pe ns ---- e 30");
  expect_refused(*s, "P*5b", "in front of a flipped king");
  EXPECT_TRUE(is_legal(*s, "P*4b"));
  auto w = yonin(std::string(board) + " w 2Ps2Pw2Pe ns ---- s 30");
  expect_refused(*w, "P*6a", "in front of a flipped king");  // West's pawn would step to 5a
  EXPECT_TRUE(is_legal(*w, "P*6b"));
  auto e = yonin(std::string(board) + " e 2Ps2Pw2Pe ns ---- w 30");
  expect_refused(*e, "P*4a", "in front of a flipped king");
  // Other pieces may be dropped there, and a pawn may walk there.
  auto g = yonin("4Kn4/9/4Ps4/9/Kw7Ke/9/9/9/4Ks4 s Gs ns ---- e 30");
  EXPECT_TRUE(is_legal(*g, "G*5b"));
  EXPECT_TRUE(is_legal(*g, "5c5b"));
}

TEST(YoninDrops, PawnDropMateIsForbidden) {
  // North's king on 5a is boxed in by its own pawns; South's gold on 5c guards 4b, 5b, 6b.
  auto s = yonin("3PnKnPn3/9/4Gs4/9/Kw7Ke/9/9/9/4Ks4 s GsPs - ---- - 1");
  expect_refused(*s, "P*5b", "uchifuzume): north would have no legal move");
  must_play(*s, "G*5b");  // another piece may mate
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kNorth}));
}

TEST(YoninDrops, PawnDropMateIsForbiddenAgainstAPlayerWhoIsNotNextToMove) {
  // East's rook checks South along rank b and East's silver checks West. South must block;
  // the pawn on 5b would also mate North, although West (in check, nearer) moves next.
  auto s = yonin("3PnKnPn3/Ks7Re/4Gs4/9/KwSe6Ke/9/9/9/9 s Ps - ee-- e 20");
  ASSERT_EQ(s->seats_in_check(), (std::vector<int>{kSouth, kWest}));
  expect_refused(*s, "P*5b", "uchifuzume): north would have no legal move");
  must_play(*s, "P*6b");
  EXPECT_EQ(s->seat_to_move(), kWest);
}

TEST(YoninDrops, PawnDropCheckThatIsNotMateIsAllowed) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s 2Ps - ---- - 1");
  must_play(*s, "P*5b");
  EXPECT_EQ(s->seat_to_move(), kNorth);
  EXPECT_EQ(s->seats_in_check(), (std::vector<int>{kNorth}));
}

TEST(YoninKings, FlippedKingIsAnImmovableUncapturableObstacle) {
  // North is out: its king on 5a blocks South's rook, cannot be taken or moved, and gives no
  // check to East's king beside it.
  auto s = yonin("4KnKe3/9/9/4Rs4/Kw8/9/9/9/4Ks4 s - ns ---- e 30");
  EXPECT_TRUE(s->seats_in_check().empty());
  const Set up = moves_starting(*s, "5d5");
  EXPECT_EQ(up, (Set{"5d5c", "5d5c+", "5d5b", "5d5b+", "5d5e", "5d5f", "5d5g", "5d5h"}));
  expect_refused(*s, "5d5a", "a flipped king cannot be captured");
  expect_refused(*s, "5a5b", "the king on 5a is flipped (north is out)");
}

TEST(YoninKings, KingsAreNeverCapturedAndACheckMustBeAnswered) {
  // East's rook checks South along file 5; South's rook on 6e attacks West's king.
  auto s = yonin("4Kn4/9/4Pn4/9/Kw2RsRe3Ke/9/9/9/4Ks4 s - - es-- e 20");
  ASSERT_EQ(s->seats_in_check(), (std::vector<int>{kSouth, kWest}));
  expect_refused(*s, "6e9e", "kings are never captured");
  expect_refused(*s, "6e6d", "does not answer the check");
  EXPECT_TRUE(is_legal(*s, "6e5e"));
}

TEST(YoninKings, NoMoveMayLeaveOnesOwnKingInCheck) {
  // South's silver on 5h is pinned by East's rook on 5e.
  auto s = yonin("4Kn4/9/4Pn4/9/4Re3Ke/9/Kw8/4Ss4/4Ks4 s - - ---- - 1");
  EXPECT_EQ(moves_starting(*s, "5h"), (Set{"5h5g"}));
  expect_refused(*s, "5h4g", "would leave your king in check");
}

}  // namespace
}  // namespace kaisho::testing

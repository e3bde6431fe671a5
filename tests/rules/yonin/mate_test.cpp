// Checkmate and being knocked out (spec/yonin.md "Checkmate and being knocked out").
#include "yonin_test_util.hpp"

namespace kaisho::testing {
namespace {

TEST(YoninMate, NoLegalMoveWhileNotInCheckIsMateCreditedToTheLastMover) {
  // South's rook to 8h takes West's last free square (8a); West is not in check.
  auto s = yonin("Kw3Kn4/9/Gs8/9/8Ke/9/9/2Rs6/4Ks4 s - - ---- - 1");
  must_play(*s, "7h8h");
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kWest}));
  EXPECT_EQ(field(*s, 3), "ws");
  EXPECT_EQ(s->seat_to_move(), kNorth);
}

TEST(YoninMate, MateByAMoveThatUncoversAThirdPlayersPieceIsCreditedToTheMover) {
  // South's silver leaves 5c and uncovers East's rook on North's king: South gave that check.
  auto s = yonin("3PnKnPn3/9/2Gs1Ss1Gs2/9/4Re3Ke/9/4Ps4/Kw8/4Ks4 s - - ---- - 1");
  must_play(*s, "5c4d");
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kNorth}));
  EXPECT_EQ(field(*s, 3), "ns");
  EXPECT_EQ(rank_text(*s, 1), "3PsnKnPsn3");  // North's pawns went to South, not East
  EXPECT_EQ(s->seat_to_move(), kEast);
}

TEST(YoninMate, TheMatedPlayersHandGoesToTheMater) {
  // South's gold on 8b (guarded by the silver) mates West, who holds two pawns.
  auto s = yonin("Kw3Kn4/9/2Ss6/9/8Ke/9/9/9/4Ks4 s Gs2Pw - ---- - 1");
  must_play(*s, "G*8b");
  EXPECT_EQ(field(*s, 3), "ws");
  EXPECT_EQ(field(*s, 2), "2Ps");
  EXPECT_EQ(rank_text(*s, 1), "Kw3Kn4");  // West's king stays, flipped
}

TEST(YoninMate, OwnerlessOptionLeavesTheBoardPiecesButGivesTheHand) {
  auto s = yonin("3PnKnPn3/9/2Gs3Gs2/9/Kw5Pe1Ke/9/9/9/4Ks4 s Rs - ---- - 1",
                 {{"out_pieces", "ownerless"}});
  must_play(*s, "R*5e");
  must_play(*s, "9e9d");
  EXPECT_EQ(field(*s, 3), "ns");
  EXPECT_EQ(rank_text(*s, 1), "3PxnKnPxn3");
}

TEST(YoninMate, OwnerlessPiecesNeverMoveNorCheckAndAnyoneMayCaptureThem) {
  // North's old rook on 5e has no owner: it attacks neither West nor East nor South.
  const char* text = "4Kn4/9/9/9/Kw3Rxn3Ke/4Ps4/9/9/4Ks4 s - ns ---- e 30";
  auto s = yonin(text, {{"out_pieces", "ownerless"}});
  EXPECT_TRUE(s->seats_in_check().empty());
  expect_refused(*s, "5e5d", "has no owner");
  must_play(*s, "5f5e");
  EXPECT_EQ(field(*s, 2), "Rs");
  auto w =
      yonin("4Kn4/9/9/9/Kw3Rxn3Ke/4Ps4/9/9/4Ks4 w - ns ---- s 30", {{"out_pieces", "ownerless"}});
  EXPECT_TRUE(is_legal(*w, "9e8e"));
  auto e =
      yonin("4Kn4/9/9/4Rxn4/Kw4Ge2Ke/9/9/9/4Ks4 e - ns ---- w 30", {{"out_pieces", "ownerless"}});
  must_play(*e, "4e5d");  // East's gold (facing file 9) takes it diagonally forward
  EXPECT_EQ(field(*e, 2), "Re");
}

TEST(YoninMate, KnockOutsInTurnEachCreditedByTheSameRule) {
  // South's rook drop mates West (in check) and leaves North, on 1a, without a move (not in
  // check): West goes out first, credited to South who checked; then North, credited to
  // South who made the last move. Two out: the game ends.
  auto s = yonin("Kw4Gs2Kn/6Ss2/Gs6Gs1/9/8Ke/9/9/9/4Ks4 s Rs - ---- - 1");
  must_play(*s, "R*6a");
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kWest, kNorth}));
  EXPECT_EQ(field(*s, 3), "ws,ns");
  EXPECT_EQ(s->outcome().reason, "two_out");
}

TEST(YoninMate, AfterAKnockOutPlayGoesOnAsIfTheKnockedOutPlayerHadJustMoved) {
  auto s = yonin("Kw4Gs2Kn/6Ss2/Gs6Gs1/9/8Ke/9/9/9/4Ks4 s Rs - ---- - 1", {{"end", "last"}});
  must_play(*s, "R*6a");
  EXPECT_FALSE(s->outcome().over());
  EXPECT_EQ(s->seat_to_move(), kEast);  // the next live player clockwise from North
}

TEST(YoninMate, PlayerToMoveWithoutLegalMoveAtLoadIsKnockedOut) {
  // A position text may stop right before the knock-out: the state applies it at once.
  auto s = yonin("Kw3Kn4/9/Gs8/9/8Ke/9/9/1Rs7/4Ks4 w - - ---- s 2");
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kWest}));
  EXPECT_EQ(s->seat_to_move(), kNorth);
}

TEST(YoninMate, NobodyIsCreditedWithTheirOwnMate) {
  // end=last: East and North are out, South made the last move (its check knocked North out,
  // and play came back to it past the empty seats). Now South has no move and is not in
  // check: the last mover is South itself, so nobody is credited and South's board pieces
  // lose their owner. West, the last player, wins.
  auto s = yonin("1Rw7/9/9/9/4Kw3Ke/9/Kn8/Ps8/Ks8 s - ew,ns ---- s 80", {{"end", "last"}});
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kEast, kNorth, kSouth}));
  EXPECT_EQ(field(*s, 3), "ew,ns,s-");
  EXPECT_EQ(rank_text(*s, 8), "Pxs8");
  EXPECT_EQ(s->outcome().reason, "last_player");
  EXPECT_EQ(s->outcome().places, (Places{2, 1, 3, 4}));
}

}  // namespace
}  // namespace kaisho::testing

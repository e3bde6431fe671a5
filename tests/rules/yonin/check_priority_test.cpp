// Check priority (spec/yonin.md "Check priority"): after every move the nearest player in
// check clockwise from the mover moves next; otherwise the next live player.
#include "yonin_test_util.hpp"

namespace kaisho::testing {
namespace {

TEST(YoninCheckPriority, CheckOnThePlayerAcrossSkipsThePlayerInBetween) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Rs - ---- - 1");
  must_play(*s, "R*5c");
  EXPECT_EQ(s->seats_in_check(), (std::vector<int>{kNorth}));
  EXPECT_EQ(s->seat_to_move(), kNorth);  // West's turn is skipped
  EXPECT_EQ(field(*s, 4), "--s-");       // North's last checker: South
  EXPECT_EQ(field(*s, 5), "s");
  must_play(*s, "5a4a");
  EXPECT_EQ(s->seat_to_move(), kEast);  // play goes on clockwise from North; West lost its turn
  EXPECT_EQ(field(*s, 4), "----");
}

TEST(YoninCheckPriority, WithoutCheckTheNextLivePlayerMoves) {
  auto s = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Rs - ---- - 1");
  must_play(*s, "R*6c");
  EXPECT_TRUE(s->seats_in_check().empty());
  EXPECT_EQ(s->seat_to_move(), kWest);
}

TEST(YoninCheckPriority, TwoPlayersInCheckTheNearestAnswersFirstAndTheCreditStays) {
  // South's rook drop on 5e checks West (rank e) and North (file 5); East's pawn shields
  // East. West, nearer clockwise, answers first; North still has no answer, so North is
  // mated when its turn comes, and the mate goes to South, whose move gave that check.
  auto s = yonin("3PnKnPn3/9/2Gs3Gs2/9/Kw5Pe1Ke/9/9/9/4Ks4 s Rs - ---- - 1");
  must_play(*s, "R*5e");
  EXPECT_EQ(s->seats_in_check(), (std::vector<int>{kWest, kNorth}));
  EXPECT_EQ(s->seat_to_move(), kWest);
  EXPECT_EQ(field(*s, 4), "-ss-");
  must_play(*s, "9e9d");
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kNorth}));
  EXPECT_EQ(field(*s, 3), "ns");  // North out, mated by South
  // North's pawns now belong to South and still face North's way.
  EXPECT_EQ(rank_text(*s, 1), "3PsnKnPsn3");
  EXPECT_EQ(s->seat_to_move(), kEast);  // as if North had just moved
  EXPECT_FALSE(s->outcome().over());
}

TEST(YoninCheckPriority, AnAnswerThatChecksAgainTakesTheCredit) {
  // South's silver drop on 8b checks West (9c) and North (7a). West takes it with the gold
  // from 9a, which then attacks North's king anew: North is mated, credited to West.
  auto s = yonin("Gw1Kn6/9/Kw8/9/8Ke/9/9/9/3RsKs4 s Ss - ---- - 1");
  must_play(*s, "S*8b");
  EXPECT_EQ(field(*s, 4), "-ss-");
  ASSERT_EQ(s->seat_to_move(), kWest);
  must_play(*s, "9a8b");
  EXPECT_EQ(s->seats_out(), (std::vector<int>{kNorth}));
  EXPECT_EQ(field(*s, 3), "nw");
  EXPECT_EQ(field(*s, 2), "Sw");  // the captured silver in West's hand
}

TEST(YoninCheckPriority, ThePerpetualCycleSkipsWestEveryTime) {
  // South checks North, North answers, East moves, South again: West never gets a turn.
  auto s = yonin("4Kn4/9/9/9/4Rs4/9/Kw7Ke/9/4Ks4 n - - --s- s 10");
  const char* cycle[] = {"5a4a", "1g1h", "5e4e", "4a5a", "1h1g", "4e5e"};
  const int movers[] = {kNorth, kEast, kSouth, kNorth, kEast, kSouth};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(s->seat_to_move(), movers[i]) << i;
    must_play(*s, cycle[i]);
  }
  EXPECT_EQ(s->seat_to_move(), kNorth);
}

}  // namespace
}  // namespace kaisho::testing

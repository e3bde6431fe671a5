// The end of a singles game and the placing (spec/yonin.md "End and placing"), the move
// limit, repetition, the perpetual checker's forbidden move, and no resignation.
#include "yonin_test_util.hpp"

namespace kaisho::testing {
namespace {

constexpr const char* kChain = "Kw4Gs2Kn/6Ss2/Gs6Gs1/9/8Ke/9/9/9/4Ks4 s Rs - ---- - 1";

TEST(YoninEnd, TwoOutEndsTheGameAndMatesDecideFirst) {
  auto s = yonin(kChain);
  must_play(*s, "R*6a");
  const auto out = s->outcome();
  EXPECT_EQ(out.kind, rules::OutcomeKind::Placement);
  EXPECT_EQ(out.reason, "two_out");
  // South mated two, East none; North went out after West.
  EXPECT_EQ(out.places, (Places{1, 4, 3, 2}));
  EXPECT_EQ(s->seat_to_move(), -1);
  EXPECT_TRUE(s->legal_moves().empty());
  EXPECT_FALSE(s->play("5i5h").ok());
}

TEST(YoninEnd, EndLastGoesOnToTheLastPlayer) {
  // West and North are out; South's rook drop mates East in the corner.
  auto s = yonin("Kw7Kn/9/9/9/9/9/7Gs1/6Ss2/4Ks3Ke s Rs ws,ns ---- e 40", {{"end", "last"}});
  EXPECT_FALSE(s->outcome().over());
  must_play(*s, "R*1c");
  EXPECT_EQ(s->outcome().reason, "last_player");
  EXPECT_EQ(s->outcome().places, (Places{1, 4, 3, 2}));
}

// North is out (mated by South); East's rook drop on 7a mates West.
constexpr const char* kSecondMate = "Kw3Kn4/9/Ge8/1+Re7/8Ke/9/9/9/4Ks4 e %s ns ---- w 41";

std::string second_mate(const std::string& hands) {
  std::string t = kSecondMate;
  t.replace(t.find("%s"), 2, hands);
  return t;
}

TEST(YoninPlacing, EqualMatesThenMorePiecesRanksHigher) {
  // Both survivors mated one. South: king + 4 pawns + North's flipped king = 6; East: king,
  // gold, dragon, rook + West's flipped king = 5.
  auto s = yonin(second_mate("4PsRe"));
  must_play(*s, "R*7a");
  EXPECT_EQ(field(*s, 3), "ns,we");
  EXPECT_EQ(s->outcome().reason, "two_out");
  EXPECT_EQ(s->outcome().places, (Places{1, 3, 4, 2}));
}

TEST(YoninPlacing, EqualMatesAndPiecesThenTheLaterLastMateRanksHigher) {
  // South: king + 3 pawns + 1 flipped king = 5, as East: East's mate came later.
  auto s = yonin(second_mate("3PsRe"));
  must_play(*s, "R*7a");
  EXPECT_EQ(s->outcome().places, (Places{2, 3, 4, 1}));
}

TEST(YoninPlacing, CompleteTieSharesThePlace) {
  // The move limit has been reached at load with nobody out and equal pieces.
  std::string text(yonin::kStartText);
  text.replace(text.find(" - 1"), 4, " e 201");
  auto s = yonin(text, {{"move_limit", "200"}});
  EXPECT_EQ(s->outcome().reason, "move_limit");
  EXPECT_EQ(s->outcome().places, (Places{1, 1, 1, 1}));
}

TEST(YoninPlacing, PlayersOutRankBelowTheLaterOutHigher) {
  std::string text = kChain;
  text.replace(text.find(" - 1"), 4, " e 200");
  auto t = yonin(text, {{"end", "last"}, {"move_limit", "200"}});
  must_play(*t, "R*6a");  // the 200th move: both mates count, then the limit ends the game
  EXPECT_EQ(t->outcome().reason, "move_limit");
  EXPECT_EQ(t->seats_out(), (std::vector<int>{kWest, kNorth}));
  EXPECT_EQ(t->outcome().places, (Places{1, 4, 3, 2}));
}

TEST(YoninMoveLimit, AllPlayersMovesCountTogether) {
  std::string text(yonin::kStartText);
  text.replace(text.find(" - 1"), 4, " e 197");  // 196 moves played
  auto s = yonin(text, {{"move_limit", "200"}});
  for (const char* m : {"5g5f", "7e6e", "5c5d"}) {
    must_play(*s, m);
    EXPECT_FALSE(s->outcome().over());
  }
  must_play(*s, "3e4e");  // the 200th move
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Placement);
  EXPECT_EQ(s->outcome().reason, "move_limit");
  EXPECT_EQ(s->outcome().places, (Places{1, 1, 1, 1}));
}

TEST(YoninMoveLimit, AMateOnTheLastAllowedMoveCounts) {
  std::string text = kChain;
  text.replace(text.find(" - 1"), 4, " e 200");
  auto s = yonin(text, {{"move_limit", "200"}});
  must_play(*s, "R*6a");
  EXPECT_EQ(s->outcome().reason, "two_out");
  EXPECT_EQ(s->outcome().places, (Places{1, 4, 3, 2}));
}

TEST(YoninMoveLimit, PiecesDecideBetweenSurvivorsWithEqualMates) {
  // South captured West's pawn from 8d: 10 pieces, West 8, North and East 9.
  std::string text(yonin::kStartText);
  text.replace(text.find(" - - "), 5, " Ps - ");
  text.replace(text.find("GwPw5PeGe"), 9, "Gw6PeGe");
  text.replace(text.find(" - 1"), 4, " e 201");
  auto s = yonin(text, {{"move_limit", "200"}});
  EXPECT_EQ(s->outcome().places, (Places{1, 4, 2, 2}));
}

// The four kings step out and back: the start position comes back every eight moves.
constexpr const char* kKings = "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s 2Ps - ---- - 1";
const char* kKingCycle[] = {"5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"};

TEST(YoninRepetition, FourthOccurrenceEndsTheGamePlacedAsAtTheMoveLimit) {
  auto s = yonin(kKings);
  for (int i = 0; i < 23; ++i) {
    must_play(*s, kKingCycle[i % 8]);
    ASSERT_FALSE(s->outcome().over()) << i;
  }
  must_play(*s, kKingCycle[23 % 8]);
  EXPECT_EQ(s->outcome().reason, "repetition");
  EXPECT_EQ(s->outcome().kind, rules::OutcomeKind::Placement);
  EXPECT_EQ(s->outcome().places, (Places{1, 2, 2, 2}));  // South holds two more pieces
}

TEST(YoninRepetition, PerpetualCheckerMayNotBringTheFourthOccurrence) {
  // South's rook checks North with every move; the cycle comes back every six moves.
  auto s = yonin("4Kn4/9/9/9/4Rs4/9/Kw7Ke/9/4Ks4 n - - --s- s 10");
  const char* cycle[] = {"5a4a", "1g1h", "5e4e", "4a5a", "1h1g", "4e5e"};
  for (int i = 0; i < 17; ++i) must_play(*s, cycle[i % 6]);
  ASSERT_EQ(s->seat_to_move(), kSouth);
  EXPECT_FALSE(is_legal(*s, "4e5e"));
  expect_refused(*s, "4e5e", "perpetual check");
  EXPECT_TRUE(is_legal(*s, "4e4d"));
  must_play(*s, "4e4d");
  EXPECT_FALSE(s->outcome().over());
}

TEST(YoninRepetition, TheRepetitionKeyIgnoresCountersAndCheckers) {
  auto s = yonin(kKings);
  const uint64_t start = s->repetition_key();
  for (int i = 0; i < 8; ++i) must_play(*s, kKingCycle[i]);
  EXPECT_EQ(s->repetition_key(), start);
  EXPECT_NE(s->position_text(), yonin(kKings)->position_text());  // move number and last mover
}

TEST(YoninResign, ThereIsNoResignation) {
  auto s = yonin("startpos");
  Status st = s->resign(kSouth);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.error().message.find("no resignation"), std::string::npos);
  EXPECT_FALSE(s->outcome().over());
  EXPECT_EQ(s->seat_to_move(), kSouth);
}

}  // namespace
}  // namespace kaisho::testing

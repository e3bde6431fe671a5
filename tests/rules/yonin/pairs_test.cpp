// The pairs format: South+North against West+East (spec/yonin.md "Local rules").
#include "yonin_test_util.hpp"

namespace kaisho::testing {
namespace {

const Overrides kPairs = {{"format", "pairs"}};

TEST(YoninPairs, PartnersPiecesCannotBeCaptured) {
  const char* text = "4Kn4/9/4Pn4/9/Kw7Ke/4Rs4/9/9/4Ks4 s - - ---- - 1";
  auto p = yonin(text, kPairs);
  expect_refused(*p, "5f5c", "partner's piece");
  EXPECT_TRUE(is_legal(*p, "5f5d"));
  auto singles = yonin(text);
  EXPECT_TRUE(is_legal(*singles, "5f5c"));
}

TEST(YoninPairs, NoNewCheckOnThePartnersKing) {
  const char* text = "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Rs - ---- - 1";
  auto p = yonin(text, kPairs);
  expect_refused(*p, "R*5c", "give check to your partner's king (north)");
  EXPECT_TRUE(is_legal(*p, "R*6c"));
  EXPECT_TRUE(is_legal(*yonin(text), "R*5c"));
}

TEST(YoninPairs, NoNewCheckOnThePartnerByUncoveringAnOpponentsPiece) {
  // South's silver shields North from East's rook.
  const char* text = "3PnKnPn3/9/2Gs1Ss1Gs2/9/4Re3Ke/9/4Ps4/Kw8/4Ks4 s - - ---- - 1";
  auto p = yonin(text, kPairs);
  expect_refused(*p, "5c4d", "partner's king");
  EXPECT_TRUE(moves_starting(*p, "5c").empty());
  EXPECT_TRUE(is_legal(*yonin(text), "5c4d"));
}

TEST(YoninPairs, FirstMateEndsTheGameAndTheMatedTeamLoses) {
  auto p = yonin("Kw3Kn4/9/2Ss6/9/8Ke/9/9/9/4Ks4 s Gs2Pw - ---- - 1", kPairs);
  must_play(*p, "G*8b");
  const auto out = p->outcome();
  EXPECT_EQ(out.kind, rules::OutcomeKind::Win);
  EXPECT_EQ(out.winner, kSouth);
  EXPECT_EQ(out.reason, "team_mated");
  EXPECT_EQ(p->seats_out(), (std::vector<int>{kWest}));
}

TEST(YoninPairs, MoveLimitIsADraw) {
  std::string text(yonin::kStartText);
  text.replace(text.find(" - 1"), 4, " e 201");
  auto p = yonin(text, {{"format", "pairs"}, {"move_limit", "200"}});
  EXPECT_EQ(p->outcome().kind, rules::OutcomeKind::Draw);
  EXPECT_EQ(p->outcome().reason, "move_limit");
}

TEST(YoninPairs, RepetitionIsADraw) {
  auto p = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1", kPairs);
  const char* cycle[] = {"5i5h", "9e8e", "5a5b", "1e2e", "5h5i", "8e9e", "5b5a", "2e1e"};
  for (int i = 0; i < 24; ++i) must_play(*p, cycle[i % 8]);
  EXPECT_EQ(p->outcome().kind, rules::OutcomeKind::Draw);
  EXPECT_EQ(p->outcome().reason, "repetition");
}

TEST(YoninPairs, APositionWithAPlayerOutIsOver) {
  auto p = yonin("4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - nw ---- e 30", kPairs);
  EXPECT_EQ(p->outcome().reason, "team_mated");
  EXPECT_EQ(p->outcome().winner, kWest);
}

}  // namespace
}  // namespace kaisho::testing

// The ends of the game: trapped, the father's target, children stuck, the children's move
// limit, resignation; and who moves first.
#include "musashi_test_util.hpp"

namespace kaisho::musashi {
namespace {

using testing::kChildren;
using testing::kFather;
using testing::load;

void expect_win(const rules::GameState& state, int seat, const std::string& reason) {
  const rules::Outcome o = state.outcome();
  EXPECT_EQ(o.kind, rules::OutcomeKind::Win);
  EXPECT_EQ(o.winner, seat);
  EXPECT_EQ(o.reason, reason);
  EXPECT_EQ(state.seat_to_move(), -1);
  EXPECT_TRUE(state.legal_moves().empty());
  EXPECT_EQ(state.perft(1, nullptr), 0u);
}

void expect_ongoing(const rules::GameState& state) {
  EXPECT_FALSE(state.outcome().over()) << state.outcome().reason;
  EXPECT_NE(state.seat_to_move(), -1);
}

TEST(MusashiEnd, TrapWinsForTheChildrenAtOnce) {
  auto state = load("F:a1 C:a2,b1,c3,c5,d5,e1,e5 c 10");
  ASSERT_TRUE(state);
  expect_ongoing(*state);
  ASSERT_TRUE(state->play("c3-b2").ok());
  expect_win(*state, kChildren, "trapped");
  EXPECT_EQ(state->position_text(), "F:a1 C:a2,b1,b2,c5,d5,e1,e5 f 11");
}

TEST(MusashiEnd, TrapInAPositionSetUpOnTheFathersTurn) {
  auto state = load("F:a1 C:a2,b1,b2,c5,d5,e1,e5 f 10");
  ASSERT_TRUE(state);
  expect_win(*state, kChildren, "trapped");
  // The same points with the children to move: he is not trapped until it is his turn.
  auto theirs = load("F:a1 C:a2,b1,b2,c5,d5,e1,e5 c 10");
  ASSERT_TRUE(theirs);
  expect_ongoing(*theirs);
}

TEST(MusashiEnd, TrapOnTheChildrensLastAllowedMoveWins) {
  auto state = load("F:a1 C:a2,b1,c3,c5,d5,e1,e5 c 99");
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->play("c3-b2").ok());
  expect_win(*state, kChildren, "trapped");
  auto other = load("F:a1 C:a2,b1,c3,c5,d5,e1,e5 c 99");
  ASSERT_TRUE(other);
  ASSERT_TRUE(other->play("c5-c4").ok());
  expect_win(*other, kFather, "move_limit");
}

TEST(MusashiEnd, TargetTenCapturedAtExactlySixLeft) {
  auto state = load("F:c3 C:a1,a2,b1,b4,c1,d1,d4,e1 f 0");  // eight children
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->play("c3-c4").ok());
  expect_win(*state, kFather, "captures");
  auto seven = load("F:c3 C:a1,a2,b1,b4,c1,d1,d4,e1,e2 f 0");  // nine: seven are left
  ASSERT_TRUE(seven);
  ASSERT_TRUE(seven->play("c3-c4").ok());
  expect_ongoing(*seven);
}

TEST(MusashiEnd, TargetSixCapturedAtExactlyTenLeft) {
  const testing::Overrides six = {{"target", "6"}};
  auto state = load("F:c3 C:a1,a2,a3,a4,b1,b4,c1,d1,d4,e1,e2,e3 f 0", six);  // twelve
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->play("c3-c4").ok());
  expect_win(*state, kFather, "captures");
  auto eleven = load("F:c3 C:a1,a2,a3,a4,b1,b4,c1,d1,d4,e1,e2,e3,e4 f 0", six);
  ASSERT_TRUE(eleven);
  ASSERT_TRUE(eleven->play("c3-c4").ok());
  expect_ongoing(*eleven);
  // Under the usual target, ten left is far from over.
  auto usual = load("F:c3 C:a1,a2,a3,a4,b1,b4,c1,d1,d4,e1,e2,e3 f 0");
  ASSERT_TRUE(usual);
  ASSERT_TRUE(usual->play("c3-c4").ok());
  expect_ongoing(*usual);
}

TEST(MusashiEnd, TargetAlreadyReachedInASetUpPosition) {
  auto state = load("F:c3 C:a1,a2,a3,a4,a5,b1 c 0");
  ASSERT_TRUE(state);
  expect_win(*state, kFather, "captures");
  auto empty = load("F:c3 C: c 0");
  ASSERT_TRUE(empty);
  expect_win(*empty, kFather, "captures");
}

TEST(MusashiEnd, ChildrenStuckLoseWhenTheyCannotMove) {
  // Every child is shut inside the sechin behind the father on e3.
  auto state = load("F:e3 C:f2,f3,f4,g1,g2,g3,g4,g5 c 10");
  ASSERT_TRUE(state);
  expect_win(*state, kFather, "children_stuck");
}

TEST(MusashiEnd, ChildrenStuckByTheRepetitionBan) {
  // Seven children in the sechin, the father guarding e3. The record ends up holding both
  // positions the children could reach from the final one (hole on g5): g4-g5 would repeat
  // the start and f4-g5 the position after their second move.
  auto state =
      load("F:e3 C:f2,f3,f4,g1,g2,g3,g5 f 0 moves e3-d3 g5-g4 d3-e3 f4-g5 e3-d2 g5-f4 d2-e3");
  ASSERT_TRUE(state);
  expect_win(*state, kFather, "children_stuck");
  // Without the record the same position has two moves.
  auto fresh = load(state->position_text());
  ASSERT_TRUE(fresh);
  expect_ongoing(*fresh);
  auto moves = fresh->legal_moves();
  std::sort(moves.begin(), moves.end());
  EXPECT_EQ(moves, (std::vector<std::string>{"f4-g5", "g4-g5"}));
}

TEST(MusashiEnd, MoveLimitWinsForTheFather) {
  auto state = load("F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1 c 99");
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->play("e1-e2").ok());
  expect_win(*state, kFather, "move_limit");
  EXPECT_EQ(state->position_text(), "F:c3 C:a1,a2,a3,a4,a5,b1,b5,e2 f 100");
}

TEST(MusashiEnd, MoveLimitFollowsTheOption) {
  for (const auto& [limit, last] : {std::pair{"150", "149"}, {"200", "199"}}) {
    auto ends =
        load(std::string("F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1 c ") + last, {{"children_limit", limit}});
    ASSERT_TRUE(ends);
    ASSERT_TRUE(ends->play("e1-e2").ok());
    expect_win(*ends, kFather, "move_limit");
  }
  auto goes_on = load("F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1 c 99", {{"children_limit", "150"}});
  ASSERT_TRUE(goes_on);
  ASSERT_TRUE(goes_on->play("e1-e2").ok());
  expect_ongoing(*goes_on);
  auto unlimited = load("F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1 c 5000", {{"children_limit", "0"}});
  ASSERT_TRUE(unlimited);
  ASSERT_TRUE(unlimited->play("e1-e2").ok());
  expect_ongoing(*unlimited);
}

TEST(MusashiEnd, MoveLimitReachedInASetUpPosition) {
  auto state = load("F:c3 C:a1,a2,a3,a4,a5,b1,b5,e1 f 100");
  ASSERT_TRUE(state);
  expect_win(*state, kFather, "move_limit");
}

TEST(MusashiEnd, FatherStartsByDefault) {
  auto state = load("startpos");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->seat_to_move(), kFather);
  EXPECT_EQ(state->position_text(), "F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5 f 0");
  EXPECT_EQ(state->legal_moves().size(), 8u);
  EXPECT_EQ(testing::concrete(*state).record().size(), 1);
}

TEST(MusashiEnd, ChildrenStartWhenChosen) {
  auto state = load("startpos", {{"start", "children"}});
  ASSERT_TRUE(state);
  EXPECT_EQ(state->seat_to_move(), kChildren);
  EXPECT_EQ(state->position_text(), "F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5 c 0");
  EXPECT_EQ(state->legal_moves().size(), 27u);
  EXPECT_EQ(testing::concrete(*state).record().size(), 0);
  EXPECT_FALSE(state->play("c3-c4").ok());
  EXPECT_TRUE(state->play("a1-b2").ok());
}

TEST(MusashiEnd, ResignationEndsTheGame) {
  auto state = load("startpos");
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->resign(kFather).ok());
  expect_win(*state, kChildren, "resignation");
  EXPECT_FALSE(state->resign(kChildren).ok());
  const Status late = state->play("c3-c4");
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.error().message, "the game is over");

  auto other = load("startpos");
  ASSERT_TRUE(other);
  ASSERT_TRUE(other->play("c3-c4").ok());
  ASSERT_TRUE(other->resign(kChildren).ok());
  expect_win(*other, kFather, "resignation");

  auto bad = load("startpos");
  ASSERT_TRUE(bad);
  EXPECT_FALSE(bad->resign(2).ok());
  EXPECT_FALSE(bad->resign(-1).ok());
  expect_ongoing(*bad);
}

}  // namespace
}  // namespace kaisho::musashi

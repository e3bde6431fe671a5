// The father's capture: arriving between two children on a straight line through his
// arrival point takes both, on every such line at once; nothing else captures.
#include "musashi_test_util.hpp"

namespace kaisho::musashi {
namespace {

using testing::captured;
using Set = std::set<std::string>;

TEST(MusashiCapture, OnARow) {
  EXPECT_EQ(captured("F:c2 C:b3,d3 f 0", "c2-c3"), (Set{"b3", "d3"}));
  EXPECT_EQ(captured("F:c3 C:b4,d4 f 0", "c3-c4"), (Set{"b4", "d4"}));
}

TEST(MusashiCapture, OnAColumn) {
  EXPECT_EQ(captured("F:b3 C:c2,c4 f 0", "b3-c3"), (Set{"c2", "c4"}));
  EXPECT_EQ(captured("F:b3 C:a2,a4 f 0", "b3-a3"), (Set{"a2", "a4"}));
}

TEST(MusashiCapture, OnAMainDiagonal) {
  EXPECT_EQ(captured("F:c2 C:b2,d4 f 0", "c2-c3"), (Set{"b2", "d4"}));
  EXPECT_EQ(captured("F:c2 C:b4,d2 f 0", "c2-c3"), (Set{"b4", "d2"}));
}

TEST(MusashiCapture, OnADiamondDiagonal) {
  EXPECT_EQ(captured("F:b3 C:a3,c1 f 0", "b3-b2"), (Set{"a3", "c1"}));
  EXPECT_EQ(captured("F:d3 C:c5,e3 f 0", "d3-d4"), (Set{"c5", "e3"}));
}

TEST(MusashiCapture, OnSechinLinesThroughE3) {
  EXPECT_EQ(captured("F:e2 C:d3,f3 f 0", "e2-e3"), (Set{"d3", "f3"}));
  EXPECT_EQ(captured("F:e4 C:d2,f4 f 0", "e4-e3"), (Set{"d2", "f4"}));
  EXPECT_EQ(captured("F:e2 C:d4,f2 f 0", "e2-e3"), (Set{"d4", "f2"}));
  EXPECT_EQ(captured("F:d3 C:e2,e4 f 0", "d3-e3"), (Set{"e2", "e4"}));
}

TEST(MusashiCapture, OnLinesInsideTheSechin) {
  EXPECT_EQ(captured("F:e3 C:f2,f4 f 0", "e3-f3"), (Set{"f2", "f4"}));
  EXPECT_EQ(captured("F:f2 C:e3,g3 f 0", "f2-f3"), (Set{"e3", "g3"}));
  EXPECT_EQ(captured("F:f3 C:e3,g1 f 0", "f3-f2"), (Set{"e3", "g1"}));
  EXPECT_EQ(captured("F:f3 C:e3,g5 f 0", "f3-f4"), (Set{"e3", "g5"}));
  EXPECT_EQ(captured("F:f3 C:g2,g4 f 0", "f3-g3"), (Set{"g2", "g4"}));
  EXPECT_EQ(captured("F:f2 C:g1,g3 f 0", "f2-g2"), (Set{"g1", "g3"}));
  EXPECT_EQ(captured("F:f4 C:g3,g5 f 0", "f4-g4"), (Set{"g3", "g5"}));
}

TEST(MusashiCapture, FourChildrenInOneMove) {
  EXPECT_EQ(captured("F:c2 C:b2,b3,d3,d4 f 0", "c2-c3"), (Set{"b2", "b3", "d3", "d4"}));
}

TEST(MusashiCapture, SixChildrenInOneMove) {
  EXPECT_EQ(captured("F:c2 C:b2,b3,b4,c4,d2,d3,d4 f 0", "c2-c3"),
            (Set{"b2", "b3", "b4", "d2", "d3", "d4"}));
  // Through e3 the three flanked lines run into the sechin; d3-f3 is open (he came from d3).
  EXPECT_EQ(captured("F:d3 C:d2,d4,e2,e4,f2,f3,f4 f 0", "d3-e3"),
            (Set{"d2", "d4", "e2", "e4", "f2", "f4"}));
}

TEST(MusashiCapture, NeedsAChildOnEachSide) {
  EXPECT_EQ(captured("F:c2 C:b3 f 0", "c2-c3"), Set{});
  // Not adjacent: a gap on one side.
  EXPECT_EQ(captured("F:c2 C:a3,d3 f 0", "c2-c3"), Set{});
  // The point he leaves is empty, so it never flanks.
  EXPECT_EQ(captured("F:b3 C:d3 f 0", "b3-c3"), Set{});
}

TEST(MusashiCapture, OnlyOnStraightLines) {
  // b3-c3-c4 bends; c4 has no diagonal lines, so b3 and d5 do not flank it.
  EXPECT_EQ(captured("F:c2 C:b3,c4 f 0", "c2-c3"), Set{});
  EXPECT_EQ(captured("F:c3 C:b3,d5 f 0", "c3-c4"), Set{});
  // d2-e3-d4 bends too.
  EXPECT_EQ(captured("F:d3 C:d2,d4 f 0", "d3-e3"), Set{});
}

TEST(MusashiCapture, SquareBoardE3CapturesOnlyAlongE2E4) {
  EXPECT_EQ(captured("F:d3 C:d2,d4,e2,e4 f 0", "d3-e3", Shape::Square25), (Set{"e2", "e4"}));
  EXPECT_EQ(captured("F:e2 C:d3 f 0", "e2-e3", Shape::Square25), Set{});
  EXPECT_EQ(captured("F:d3 C:d2,d4,e2,e4,f2,f4 f 0", "d3-e3"),
            (Set{"d2", "d4", "e2", "e4", "f2", "f4"}));
}

TEST(MusashiCapture, NoCaptureWhenChildrenStepBesideTheFather) {
  auto state = testing::load("F:c3 C:a1,a5,b3,d2,e1,e5,g3 c 0");
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->play("d2-d3").ok());
  EXPECT_EQ(state->position_text(), "F:c3 C:a1,a5,b3,d3,e1,e5,g3 f 1");
  // Moving off the pair he stands between takes nothing either.
  ASSERT_TRUE(state->play("c3-c2").ok());
  EXPECT_EQ(state->position_text(), "F:c2 C:a1,a5,b3,d3,e1,e5,g3 c 1");
}

TEST(MusashiCapture, CapturedChildrenLeaveTheBoard) {
  auto state = testing::load("startpos");
  ASSERT_TRUE(state);
  ASSERT_TRUE(state->play("c3-b2").ok());
  EXPECT_EQ(state->position_text(), "F:b2 C:a1,a2,a4,a5,b1,b5,c5,d1,d5,e1,e2,e3,e4,e5 c 0");
  EXPECT_FALSE(state->outcome().over());
}

TEST(MusashiCapture, ThreatenedChildren) {
  const Position start = Position::start(Board::get(Shape::Sechin33), Side::Father);
  EXPECT_EQ(testing::names(threatened_children(start)), (Set{"a3", "c1", "c5", "e3"}));
  EXPECT_EQ(testing::names(threatened_children(testing::parse("F:c2 C:b3,d4 f 0"))), Set{});
}

}  // namespace
}  // namespace kaisho::musashi

// hasami.md "Capture": sandwiches of any length in every direction the moved piece closes,
// what prevents them, the corner capture, safe entry, and that only the mover captures.
#include "hasami_test_util.hpp"

namespace kaisho::hasami::testing {
namespace {

// Plays `move` from `before` (win=all) and checks the resulting position text.
void expect_after(std::string_view before, std::string_view move, std::string_view after) {
  auto s = load(before, kCaptureAll);
  ASSERT_TRUE(s);
  must_play(*s, move);
  EXPECT_EQ(s->position_text(), after) << before << " then " << move;
}

TEST(HasamiCapture, SinglePieceSandwichedOnAFile) {
  // White 5e between black 5f and black arriving on 5d.
  expect_after("9/9/8p/6P2/4p4/4P4/9/9/9 b 7-7 1", "3d5d", "9/9/8p/4P4/9/4P4/9/9/9 w 8-7 2");
}

TEST(HasamiCapture, EdgePieceSandwichedAlongTheEdge) {
  // White 5a between black 4a and black arriving on 6a: an edge square is no protection.
  expect_after("4pP3/9/9/9/3P5/9/9/9/8p b 7-7 1", "6e6a", "3P1P3/9/9/9/9/9/9/9/8p w 8-7 2");
}

TEST(HasamiCapture, SeveralAdjacentPiecesInOneLine) {
  // White 5e, 5f, 5g between black arriving on 5d and black 5h.
  expect_after("9/9/8p/2P6/4p4/4p4/4p4/4P4/9 b 5-7 1", "7d5d", "9/9/8p/4P4/9/9/9/4P4/9 w 8-7 2");
}

TEST(HasamiCapture, TwoDirectionsInOneMove) {
  // Arriving on 5e closes 5d against 5c (file) and 4e against 3e (rank).
  expect_after("8p/9/4P4/4p4/5pP2/9/9/9/4P4 b 6-6 1", "5i5e", "8p/9/4P4/9/4P1P2/9/9/9/9 w 8-6 2");
}

TEST(HasamiCapture, ThreeDirectionsInOneMove) {
  // Arriving on 5e closes 5d against 5c, 4e against 3e and 6e against 7e.
  expect_after("9/9/4P4/4p4/2Pp1pP2/9/8p/9/4P4 b 5-5 1", "5i5e",
               "9/9/4P4/9/2P1P1P2/9/8p/9/9 w 8-5 2");
}

TEST(HasamiCapture, AnOwnPieceBetweenStopsTheSandwich) {
  // Black arrives on 5g: 5f (white) lies between 5g and black 5e and is captured; 5d (white)
  // lies beyond black 5e, so the moved piece does not enclose it and it stays.
  expect_after("8p/9/4P4/4p4/4P4/4p4/6P2/9/9 b 6-6 1", "3g5g",
               "8p/9/4P4/4p4/4P4/9/4P4/9/9 w 7-6 2");
}

TEST(HasamiCapture, AnEmptySquareBetweenStopsTheSandwich) {
  // Black arrives on 5g: white 5f, empty 5e, black 5d: nothing is enclosed.
  expect_after("8p/9/9/4P4/9/4p4/6P2/9/9 b 7-7 1", "3g5g", "8p/9/9/4P4/9/4p4/4P4/9/9 w 7-7 2");
}

TEST(HasamiCapture, ALineEndingAtTheEdgeIsNotCaptured) {
  // White 5a and 5b between black arriving on 5c and the board's edge: the edge is not a
  // piece of the mover's.
  expect_after("4p4/4p4/6P2/9/9/9/9/9/8p b 6-8 1", "3c5c", "4p4/4p4/4P4/9/9/9/9/9/8p w 6-8 2");
}

TEST(HasamiCapture, SafeEntryBetweenTwoEnemies) {
  // Black moves into 5e between white 4e and 6e and is not captured.
  auto s = load("6P2/9/9/9/3p1p3/9/9/9/4P3p b 6-7 1", kCaptureAll);
  ASSERT_TRUE(s);
  must_play(*s, "5i5e");
  EXPECT_EQ(s->position_text(), "6P2/9/9/9/3pPp3/9/9/9/8p w 6-7 2");
  EXPECT_EQ(s->position().captured_by(kWhite), 7);
}

TEST(HasamiCapture, SafeEntryEndsWhenTheOpponentEnclosesAgain) {
  auto s = load("6P2/9/9/9/3p1p3/9/9/9/4P3p b 6-7 1 moves 5i5e 6e6d 3a3b", kCaptureAll);
  ASSERT_TRUE(s);
  EXPECT_EQ(s->position_text(), "9/6P2/9/3p5/4Pp3/9/9/9/8p w 6-7 4");
  must_play(*s, "6d6e");  // white closes the sandwich with a move of its own
  EXPECT_EQ(s->position_text(), "9/6P2/9/9/3p1p3/9/9/9/8p b 6-8 5");
}

TEST(HasamiCapture, EnteringBetweenEnemiesStillCapturesForTheMover) {
  // Black enters 5e between white 4e and 6e (safe) and closes 5d against 5c.
  expect_after("9/9/4P4/4p4/3p1p3/9/9/9/4P4 b 6-7 1", "5i5e", "9/9/4P4/9/3pPp3/9/9/9/9 w 7-7 2");
}

TEST(HasamiCapture, OnlyTheMoverCaptures) {
  // White 5d already stands between black 5c and black 5e (it entered safely). A black
  // move elsewhere does not capture it, and a white move does not capture black pieces.
  auto s = load("8p/9/4P4/4p4/4P4/9/9/9/7PP w 7-5 2", kCaptureAll);
  ASSERT_TRUE(s);
  must_play(*s, "1a1b");
  must_play(*s, "2i2h");
  EXPECT_EQ(s->position_text(), "9/8p/4P4/4p4/4P4/9/9/7P1/8P w 7-5 4");
}

TEST(HasamiCapture, CornerPieceCapturedByOccupyingBothNeighbours) {
  // White 1a; black 2a; black arrives on 1b.
  expect_after("7Pp/9/9/9/4p3P/9/9/9/9 b 7-7 1", "1e1b", "7P1/8P/9/9/4p4/9/9/9/9 w 8-7 2");
}

TEST(HasamiCapture, CornerCaptureInEachCorner) {
  // White 9i; black 8i; black arrives on 9h.
  expect_after("9/9/9/9/P3p4/9/9/9/pP7 b 7-7 1", "9e9h", "9/9/9/9/4p4/9/9/P8/1P7 w 8-7 2");
  // White 9a; black 9b; black arrives on 8a (along rank a from 6a).
  expect_after("p2P5/P8/9/9/4p4/9/9/9/9 b 7-7 1", "6a8a", "1P7/P8/9/9/4p4/9/9/9/9 w 8-7 2");
  // White 1i; black 1h; black arrives on 2i.
  expect_after("9/9/9/9/4p4/9/9/8P/5P2p b 7-7 1", "4i2i", "9/9/9/9/4p4/9/9/8P/7P1 w 8-7 2");
}

TEST(HasamiCapture, CornerPieceNotCapturedByAMoveElsewhere) {
  // White 1a already has black on 2a and 1b (it entered the corner safely); a black move
  // elsewhere does not capture it.
  expect_after("7Pp/8P/9/9/4p4/9/9/9/4P4 b 7-6 1", "5i5h", "7Pp/8P/9/9/4p4/9/9/4P4/9 w 7-6 2");
}

TEST(HasamiCapture, CornerPieceNeedsBothNeighbours) {
  // Black arrives on 1b, but 2a is empty.
  expect_after("8p/9/9/9/4p3P/9/9/9/9 b 7-8 1", "1e1b", "8p/8P/9/9/4p4/9/9/9/9 w 7-8 2");
}

TEST(HasamiCapture, CornerCannotBeSandwichedAlongTheEdge) {
  // White 2a and 1a run into the corner: black arriving on 3a encloses nothing (the corner
  // piece has no far side), and 1a's other neighbour 2a is white.
  expect_after("7pp/8P/9/9/4p1P2/9/9/9/9 b 6-7 1", "3e3a", "6Ppp/8P/9/9/4p4/9/9/9/9 w 6-7 2");
}

TEST(HasamiCapture, CornerAndSandwichInOneMove) {
  // Black arrives on 2a: corner 1a (black 1b) and 3a (black 4a) are both captured.
  expect_after("5Pp1p/8P/9/9/4p2P1/9/9/9/9 b 6-6 1", "2e2a", "5P1P1/8P/9/9/4p4/9/9/9/9 w 8-6 2");
}

TEST(HasamiCapture, PieceInTheCornerCanSandwich) {
  // Black arrives in corner 1a and encloses 2a against 3a.
  expect_after("6Pp1/9/9/9/4p3P/9/9/9/9 b 7-7 1", "1e1a", "6P1P/9/9/9/4p4/9/9/9/9 w 8-7 2");
}

TEST(HasamiCapture, CapturedPiecesAreCountedForTheMover) {
  auto s = load("9/9/8p/2P6/4p4/4p4/4p4/4P4/9 b 5-7 1", kCaptureAll);
  ASSERT_TRUE(s);
  must_play(*s, "7d5d");
  EXPECT_EQ(s->position().captured_by(kBlack), 8);
  EXPECT_EQ(s->position().captured_by(kWhite), 7);
  EXPECT_EQ(s->position().last_captured().count(), 3);
}

}  // namespace
}  // namespace kaisho::hasami::testing

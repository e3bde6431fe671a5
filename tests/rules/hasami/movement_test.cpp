// hasami.md "Moves": rook-like moves over empty squares, no diagonal, no jumping, no moving
// onto a piece, no passing; and the refusal messages for each.
#include "hasami_test_util.hpp"

namespace kaisho::hasami::testing {
namespace {

using Set = std::set<std::string>;

// Black 5e, white 5b and 2e (under win=all, as the board is nearly empty).
constexpr const char* kRookBoard = "9/4p4/9/9/4P2p1/9/9/9/9 b 7-8 1";

TEST(HasamiMoves, PiecesSlideLikeARookOverEmptySquares) {
  auto s = load(kRookBoard, kCaptureAll);
  ASSERT_TRUE(s);
  EXPECT_EQ(moves_from(*s, "5e"), (Set{"5e5d", "5e5c",                  // up to 5b
                                       "5e5f", "5e5g", "5e5h", "5e5i",  // down
                                       "5e6e", "5e7e", "5e8e", "5e9e",  // left
                                       "5e4e", "5e3e"}));               // up to 2e
  EXPECT_EQ(s->legal_moves().size(), 12u);
}

TEST(HasamiMoves, StartPositionHasOnlyForwardMoves) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  // Each of the nine pieces can go up the file to rank b: 7 moves each.
  EXPECT_EQ(s->legal_moves().size(), 63u);
  EXPECT_EQ(moves_from(*s, "5i"), (Set{"5i5h", "5i5g", "5i5f", "5i5e", "5i5d", "5i5c", "5i5b"}));
}

TEST(HasamiMoves, NoDiagonalMoves) {
  auto s = load(kRookBoard, kCaptureAll);
  ASSERT_TRUE(s);
  expect_refused(*s, "5e4d", "pieces move in straight lines");
  expect_refused(*s, "5e3g", "pieces move in straight lines");
}

TEST(HasamiMoves, NoJumpingOverPieces) {
  auto s = load(kRookBoard, kCaptureAll);
  ASSERT_TRUE(s);
  expect_refused(*s, "5e5a", "the path is blocked at 5b");
  expect_refused(*s, "5e1e", "the path is blocked at 2e");
}

TEST(HasamiMoves, NoMovingOntoAnOccupiedSquare) {
  auto s = load(kRookBoard, kCaptureAll);
  ASSERT_TRUE(s);
  expect_refused(*s, "5e5b", "5b is occupied");
  expect_refused(*s, "5e2e", "2e is occupied");
}

TEST(HasamiMoves, OnlyYourOwnPieceMoves) {
  auto s = load(kRookBoard, kCaptureAll);
  ASSERT_TRUE(s);
  expect_refused(*s, "9i9e", "no piece on 9i");
  expect_refused(*s, "5b5c", "not your piece");
  must_play(*s, "5e5d");
  expect_refused(*s, "5d5c", "not your piece");  // now it is the second player's turn
}

TEST(HasamiMoves, NoPassingAndNoNullMove) {
  auto s = load(kRookBoard, kCaptureAll);
  ASSERT_TRUE(s);
  expect_refused(*s, "5e5e", "a piece must move at least one square");
  expect_refused(*s, "pass", "not a square");
  expect_refused(*s, "", "a move is two squares");
}

TEST(HasamiMoves, MalformedMoveTextIsRefused) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  expect_refused(*s, "9i9", "a move is two squares such as 9i9e");
  expect_refused(*s, "9i9e+", "a move is two squares such as 9i9e");
  expect_refused(*s, "0i9e", "'0i' is not a square");
  expect_refused(*s, "9i9j", "'9j' is not a square");
  expect_refused(*s, "P*5e", "not a square");
}

TEST(HasamiMoves, PlayedMovesAreRecorded) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  must_play(*s, "9i9e");
  must_play(*s, "1a1d");
  EXPECT_EQ(s->moves_played(), (std::vector<std::string>{"9i9e", "1a1d"}));
  EXPECT_EQ(s->position_text(), "pppppppp1/9/9/8p/P8/9/9/9/1PPPPPPPP b 0-0 3");
  EXPECT_EQ(s->start_text(), kStartPosition);
  EXPECT_EQ(s->seat_to_move(), 0);
}

}  // namespace
}  // namespace kaisho::hasami::testing

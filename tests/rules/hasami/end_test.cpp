// hasami.md "End of the game": the three win conditions at their exact thresholds, no legal
// move, the fourth occurrence, the move limit, resignation, and that a finished game
// refuses further moves.
#include "hasami_test_util.hpp"

namespace kaisho::hasami::testing {
namespace {

// In each of these black plays 3d5d and captures white 5e against black 5f.
constexpr const char* kFourCaptured = "pppp5/9/9/6P2/4p4/4P4/9/9/PPPP1P1PP b 4-0 1";
constexpr const char* kThreeCaptured = "pppp1p3/9/9/6P2/4p4/4P4/9/9/PPPP1P1PP b 3-0 1";

TEST(HasamiWinCapture5, FifthCaptureWinsAtOnce) {
  auto s = load(kFourCaptured);
  ASSERT_TRUE(s);
  expect_ongoing(*s);
  must_play(*s, "3d5d");
  expect_win(*s, 0, "captures");
  EXPECT_EQ(s->position().captured_by(kBlack), 5);
}

TEST(HasamiWinCapture5, FourthCaptureDoesNotWin) {
  auto s = load(kThreeCaptured);
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");
  EXPECT_EQ(s->position().captured_by(kBlack), 4);
  expect_ongoing(*s);
}

TEST(HasamiWinCapture5, LossesDoNotMatter) {
  // Black has lost 4 and captured 4: the fifth capture still wins.
  auto s = load("pppp5/9/9/6P2/4p4/4P4/9/9/PP3P3 b 4-4 1");
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");
  expect_win(*s, 0, "captures");
}

TEST(HasamiWinCapture5, SecondPlayerWinsTheSameWay) {
  // White plays 3f5f and captures black 5e against white 5d: its fifth capture.
  auto s = load("pppp1p1pp/9/9/4p4/4P4/6p2/9/9/PPPP5 w 0-4 2");
  ASSERT_TRUE(s);
  must_play(*s, "3f5f");
  expect_win(*s, 1, "captures");
}

TEST(HasamiWinLead3, LeadOfThreeWins) {
  // 3-1 becomes 4-1.
  auto s = load("pppp1p3/9/9/6P2/4p4/4P4/9/9/PPPP1P1P1 b 3-1 1", {{"win", "lead3"}});
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");
  expect_win(*s, 0, "lead");
}

TEST(HasamiWinLead3, LeadOfTwoDoesNotWin) {
  // 2-1 becomes 3-1.
  auto s = load("pppp1pp2/9/9/6P2/4p4/4P4/9/9/PPPP1P1P1 b 2-1 1", {{"win", "lead3"}});
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");
  EXPECT_EQ(s->position().captured_by(kBlack), 3);
  expect_ongoing(*s);
}

TEST(HasamiWinLead3, FiveCapturesAloneDoNotWin) {
  // 5-4 is a lead of one: play goes on (under capture5 this position could not occur).
  const char* text = "ppp6/9/9/6P2/4p4/4P4/9/9/PPP6 b 5-4 1";
  auto s = load(text, {{"win", "lead3"}});
  ASSERT_TRUE(s);
  expect_ongoing(*s);
  must_play(*s, "3d5d");  // 6-4
  expect_ongoing(*s);
  EXPECT_NE(load_error(text), "");
}

TEST(HasamiWinAll, CapturingTheLastPieceWins) {
  auto s = load("9/9/9/6P2/4p4/4P4/9/9/9 b 8-7 1", {{"win", "all"}});
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");
  // The second player also has no move left, but the capture is what won.
  expect_win(*s, 0, "captures");
}

TEST(HasamiWinAll, EightCapturesDoNotWin) {
  auto s = load("p8/9/9/6P2/4p4/4P4/9/9/9 b 7-7 1", {{"win", "all"}});
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");
  EXPECT_EQ(s->position().captured_by(kBlack), 8);
  expect_ongoing(*s);
}

TEST(HasamiNoLegalMove, PlayerWithoutAMoveLoses) {
  // Black 1e1b leaves white 1a and 2a without a move (1a is not captured: 2a is white).
  auto s = load("6Ppp/7P1/9/9/8P/9/9/9/4P4 b 7-5 1", kCaptureAll);
  ASSERT_TRUE(s);
  must_play(*s, "1e1b");
  EXPECT_EQ(s->position_text(), "6Ppp/7PP/9/9/9/9/9/9/4P4 w 7-5 2");
  expect_win(*s, 0, "no_legal_moves");
}

TEST(HasamiNoLegalMove, LoadedPositionWithoutAMoveIsOver) {
  auto s = load("6Ppp/7PP/9/9/9/9/9/9/4P4 w 7-5 2", kCaptureAll);
  ASSERT_TRUE(s);
  expect_win(*s, 0, "no_legal_moves");
  EXPECT_EQ(s->perft(1, nullptr), 0u);
}

// Both sides shuffle a piece away and back: every four moves the start position recurs.
constexpr const char* kShuffle[] = {"9i9h", "9a9b", "9h9i", "9b9a"};

TEST(HasamiRepetition, FourthOccurrenceIsADraw) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  for (int cycle = 0; cycle < 3; ++cycle) {
    for (const char* m : kShuffle) {
      expect_ongoing(*s);
      must_play(*s, m);
    }
  }
  EXPECT_EQ(s->position_text(), "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 13");
  expect_draw(*s, "repetition");
  expect_refused(*s, "9i9h", "the game is over");
}

TEST(HasamiRepetition, ThirdOccurrenceIsNotADraw) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  for (int cycle = 0; cycle < 2; ++cycle)
    for (const char* m : kShuffle) must_play(*s, m);
  expect_ongoing(*s);  // the start position for the third time
  // The intermediate positions have occurred three times at most as well.
  for (int i = 0; i < 3; ++i) {
    must_play(*s, kShuffle[i]);
    expect_ongoing(*s);
  }
}

TEST(HasamiRepetition, SideToMoveIsPartOfThePosition) {
  // A three-move cycle 9i9g 9g9h 9h9i brings back the start board with the second player
  // to move: the board recurs four times (twice with each side to move), which is no draw.
  auto s = load("startpos");
  ASSERT_TRUE(s);
  const uint64_t start_key = s->repetition_key();
  for (const char* m : {"9i9g", "9a9b", "9g9h", "9b9a", "9h9i"}) must_play(*s, m);
  EXPECT_EQ(s->position_text(), "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP w 0-0 6");
  EXPECT_NE(s->repetition_key(), start_key);
  for (const char* m : {"9a9b", "9i9h", "9b9a", "9h9i"}) must_play(*s, m);
  for (const char* m : {"9a9c", "9i9h", "9c9b", "9h9i", "9b9a"}) must_play(*s, m);
  EXPECT_EQ(s->position_text(), "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 15");
  EXPECT_EQ(s->repetition_key(), start_key);
  expect_ongoing(*s);
}

TEST(HasamiRepetition, CountsFromThePositionAfterACapture) {
  // Positions before a capture can never recur; the position the capture made is the first
  // occurrence, and twelve moves later the fourth.
  auto s = load("pppp1p1pp/9/9/6P2/4p4/4P4/9/9/PPPP1P1PP b 1-0 1");
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");  // captures 5e
  const char* cycle[] = {"9a9b", "9i9h", "9b9a", "9h9i"};
  for (int round = 0; round < 3; ++round) {
    for (const char* m : cycle) {
      expect_ongoing(*s);
      must_play(*s, m);
    }
  }
  expect_draw(*s, "repetition");
}

TEST(HasamiMoveLimit, LimitReachedIsADraw) {
  auto s = load("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 99", {{"move_limit", "100"}});
  ASSERT_TRUE(s);
  must_play(*s, "9i9h");  // move 99
  expect_ongoing(*s);
  must_play(*s, "9a9b");  // move 100
  expect_draw(*s, "move_limit");
}

TEST(HasamiMoveLimit, CountsTheMovesOfBothPlayersFromTheMoveNumber) {
  // Move number 81: 80 moves made, 20 to go (10 by each player).
  auto s = load("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 81", {{"move_limit", "100"}});
  ASSERT_TRUE(s);
  const char* moves[] = {"9i9h", "1a1b", "9h9g", "1b1c", "9g9f", "1c1d", "9f9e",
                         "1d1e", "9e9f", "1e1d", "9f9g", "1d1c", "9g9h", "1c1b",
                         "9h9i", "1b1a", "9i9h", "1a1b", "9h9g", "1b1c"};
  for (const char* m : moves) {
    expect_ongoing(*s);
    must_play(*s, m);
  }
  expect_draw(*s, "move_limit");
  EXPECT_EQ(s->moves_played().size(), 20u);
}

TEST(HasamiMoveLimit, PositionPastTheLimitIsAlreadyDrawn) {
  auto s = load("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 151", {{"move_limit", "150"}});
  ASSERT_TRUE(s);
  expect_draw(*s, "move_limit");
}

TEST(HasamiMoveLimit, WinningLastMoveBeatsTheLimit) {
  // Move 100 is white's fifth capture.
  auto s = load("pppp1p1pp/9/9/4p4/4P4/6p2/9/9/PPPP5 w 0-4 100", {{"move_limit", "100"}});
  ASSERT_TRUE(s);
  must_play(*s, "3f5f");
  expect_win(*s, 1, "captures");
}

TEST(HasamiMoveLimit, NoLimitByDefault) {
  auto s = load("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 999");
  ASSERT_TRUE(s);
  must_play(*s, "9i9h");
  expect_ongoing(*s);
}

TEST(HasamiResignation, ResigningSeatLoses) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  ASSERT_TRUE(s->resign(0).ok());
  expect_win(*s, 1, "resignation");
  expect_refused(*s, "9i9h", "the game is over");
  const Snapshot before(*s);
  EXPECT_FALSE(s->resign(1).ok());
  EXPECT_TRUE(Snapshot(*s) == before);
}

TEST(HasamiResignation, EitherSeatMayResignAndBadSeatsAreRefused) {
  auto s = load("startpos moves 9i9h");
  ASSERT_TRUE(s);
  const Snapshot before(*s);
  Status bad = s->resign(2);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "no seat 2");
  EXPECT_FALSE(s->resign(-1).ok());
  EXPECT_TRUE(Snapshot(*s) == before);
  ASSERT_TRUE(s->resign(0).ok());  // not the seat to move: still allowed
  expect_win(*s, 1, "resignation");
}

TEST(HasamiGameOver, WonGameRefusesMovesAndPerftIsZero) {
  auto s = load(kFourCaptured);
  ASSERT_TRUE(s);
  must_play(*s, "3d5d");
  expect_refused(*s, "9a9b", "the game is over");
  EXPECT_EQ(s->perft(0, nullptr), 1u);
  EXPECT_EQ(s->perft(2, nullptr), 0u);
}

}  // namespace
}  // namespace kaisho::hasami::testing

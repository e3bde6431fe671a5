// Position and move text (spec/notation.md): the start position, round trips, and a
// precise error for each kind of bad input, with nothing changed by a refused call.
#include "hasami_test_util.hpp"

namespace kaisho::hasami::testing {
namespace {

TEST(HasamiNotation, StartPosition) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->position_text(), "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1");
  const Position& pos = s->position();
  EXPECT_EQ(pos.pieces(kBlack).count(), 9);
  EXPECT_EQ(pos.pieces(kWhite).count(), 9);
  EXPECT_EQ(pos.color_at(shogi_family::make_square(9, 9)), kBlack);  // 9i
  EXPECT_EQ(pos.color_at(shogi_family::make_square(1, 1)), kWhite);  // 1a
  EXPECT_EQ(s->seat_to_move(), 0);
}

TEST(HasamiNotation, PositionTextRoundTrips) {
  for (const char* text : {
           "ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1",
           "pppp1p1pp/9/9/4p4/4P4/6p2/9/9/PPPP5 w 0-4 100",
           "6Ppp/7PP/9/9/9/9/9/9/4P4 w 7-5 2",
           "p7p/1P5P1/2p3p2/3P1P3/4p4/3P1P3/2p3p2/1P5P1/p7P b 1-0 4567",
       }) {
    auto pos = parse_position(text);
    ASSERT_TRUE(pos.ok()) << text << ": " << pos.error().message;
    EXPECT_EQ(position_text(pos.value()), text);
  }
}

TEST(HasamiNotation, ExtraWhitespaceIsAccepted) {
  auto pos = parse_position("  ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP \t b  0-0 1\n");
  ASSERT_TRUE(pos.ok()) << pos.error().message;
  EXPECT_EQ(position_text(pos.value()), kStartPosition);
}

struct BadPosition {
  const char* text;
  const char* error;
};

TEST(HasamiNotation, MalformedPositionsAreRefusedPrecisely) {
  const BadPosition cases[] = {
      {"", "expected 4 fields (board, side to move, captured counts B-W, move number), got 0"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0", "expected 4 fields"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1 x", "got 5"},
      {"ppppppppp/9/9/9/9/9/9/PPPPPPPPP b 0-0 1",
       "the board must have 9 ranks separated by '/', got 8"},
      {"ppppppppp/9/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1", "got 10"},
      {"ppppkpppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1", "unknown letter 'k' in rank a"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPP+PPPP b 0-0 1", "unknown letter '+' in rank i"},
      {"ppppppppp/9/9/9/0/9/9/9/PPPPPPPPP b 0-0 1", "unknown letter '0' in rank e"},
      {"ppppppppp1/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1", "rank a has more than 9 squares"},
      {"ppppppppp/9/55/9/9/9/9/9/PPPPPPPPP b 0-0 1", "rank c has more than 9 squares"},
      {"ppppppppp/9/9/9/9/9/9/9/P8P b 0-0 1", "rank i has more than 9 squares"},
      {"ppppppppp/9/9/8/9/9/9/9/PPPPPPPPP b 0-0 1", "rank d has 8 squares, not 9"},
      {"ppppppppp/9/9/9//9/9/9/PPPPPPPPP b 0-0 1", "rank e has 0 squares, not 9"},
  };
  for (const auto& c : cases) {
    auto pos = parse_position(c.text);
    ASSERT_FALSE(pos.ok()) << c.text;
    EXPECT_NE(pos.error().message.find(c.error), std::string::npos)
        << c.text << "\nmessage: " << pos.error().message << "\nexpected: " << c.error;
    EXPECT_EQ(pos.error().message.rfind("bad position: ", 0), 0u) << pos.error().message;
  }
}

TEST(HasamiNotation, ImpossiblePositionsAreRefusedPrecisely) {
  const BadPosition cases[] = {
      {"ppppppppp/p8/9/9/9/9/9/9/PPPPPPPPP b 0-0 1",
       "the second player has 10 pieces on the board (at most 9)"},
      {"ppppppppp/9/9/9/9/9/9/PPPPPPPPP/PPPPPPPPP b 0-0 1",
       "the first player has 18 pieces on the board (at most 9)"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP x 0-0 1", "side to move must be 'b' or 'w', got 'x'"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP B 0-0 1", "side to move must be 'b' or 'w', got 'B'"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0 1", "captured counts must be written B-W"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b - 1", "captured counts must be written B-W"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0-0 1", "captured counts must be written B-W"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-x 1", "captured counts must be written B-W"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b +0-0 1", "captured counts must be written B-W"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 1-0 1",
       "captured counts 1-0 do not match the board: the second player has 9 pieces on the "
       "board, so the first player must have captured 0, not 1"},
      {"pppppppp1/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1",
       "the second player has 8 pieces on the board, so the first player must have captured 1, "
       "not 0"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPP2 b 0-1 1",
       "the first player has 7 pieces on the board, so the second player must have captured 2, "
       "not 1"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 0",
       "move number must be a whole number from 1 up, got '0'"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 x", "move number must be a whole number from 1 up"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 -1",
       "move number must be a whole number from 1 up"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 99999999999", "move number must be a whole number"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 2",
       "move 2 is the second player's (the first player moves on odd numbers), but the side to "
       "move is b"},
      {"ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP w 0-0 1", "move 1 is the first player's"},
  };
  for (const auto& c : cases) {
    auto pos = parse_position(c.text);
    ASSERT_FALSE(pos.ok()) << c.text;
    EXPECT_NE(pos.error().message.find(c.error), std::string::npos)
        << c.text << "\nmessage: " << pos.error().message << "\nexpected: " << c.error;
  }
}

TEST(HasamiNotation, WinConditionAlreadyMetBySideToMoveIsRefused) {
  // Black has captured 5 and is to move: the game would have ended on black's last move.
  const char* text = "pppp5/9/9/9/9/9/9/9/PPPPPPPPP b 5-0 3";
  EXPECT_NE(load_error(text).find("the first player, who is to move, has already met the win "
                                  "condition capture5"),
            std::string::npos)
      << load_error(text);
  EXPECT_NE(load_error(text, {{"win", "lead3"}}).find("condition lead3"), std::string::npos);
  EXPECT_EQ(load_error(text, {{"win", "all"}}), "");  // 5 of 9 is no win under "all"
  // With the second player to move, black's last move won: the game is over.
  auto over = load("pppp5/9/9/9/9/9/9/9/PPPPPPPPP w 5-0 4");
  ASSERT_TRUE(over);
  expect_win(*over, 0, "captures");
}

TEST(HasamiNotation, GameRecordErrorsNameTheMove) {
  const std::string e = load_error("startpos moves 9i9e 1a1e 9e9a");
  EXPECT_EQ(e, "move 3 '9e9a': illegal move 9e9a: 9a is occupied");
}

TEST(HasamiNotation, MoveTextRoundTrips) {
  auto m = parse_move("9i9e");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m.value().from(), shogi_family::make_square(9, 9));
  EXPECT_EQ(m.value().to(), shogi_family::make_square(9, 5));
  EXPECT_EQ(move_text(m.value()), "9i9e");
  for (const char* bad : {"", "9i", "9i9e9", "9I9e", "a9i9", "9i 9e"}) {
    EXPECT_FALSE(parse_move(bad).ok()) << bad;
  }
}

TEST(HasamiNotation, RefusedCallsChangeNothing) {
  auto s = load("startpos moves 9i9e");
  ASSERT_TRUE(s);
  expect_refused(*s, "9e9d", "not your piece");
  expect_refused(*s, "5e5d", "no piece on 5e");
  expect_refused(*s, "1a2b", "pieces move in straight lines");
  expect_refused(*s, "9a9i", "the path is blocked at 9e");
  expect_refused(*s, "1a1i", "1i is occupied");
  expect_refused(*s, "1a", "a move is two squares");
  expect_refused(*s, "1a1z", "'1z' is not a square");
  must_play(*s, "1a1b");  // and the state still plays on normally
  EXPECT_EQ(s->position_text(), "pppppppp1/8p/9/9/P8/9/9/9/1PPPPPPPP b 0-0 3");
}

}  // namespace
}  // namespace kaisho::hasami::testing

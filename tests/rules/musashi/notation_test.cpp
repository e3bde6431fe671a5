// Position and move text: round trips, and precise errors for bad input that leave the state
// unchanged.
#include "core/rng.hpp"
#include "musashi_test_util.hpp"

namespace kaisho::musashi {
namespace {

using testing::load;
using testing::load_error;

void expect_error(std::string_view text, std::string_view fragment,
                  const testing::Overrides& overrides = {}) {
  const std::string error = load_error(text, overrides);
  EXPECT_NE(error.find(fragment), std::string::npos)
      << "loading " << text << " gave: " << (error.empty() ? "no error" : error);
}

TEST(MusashiNotation, PositionTextIsWrittenSorted) {
  auto state = load("F:g3 C:e5,a1,f2,c3 c 12");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->position_text(), "F:g3 C:a1,c3,e5,f2 c 12");
  EXPECT_EQ(state->start_text(), "F:g3 C:a1,c3,e5,f2 c 12");
}

TEST(MusashiNotation, MovesAreFromDashTo) {
  auto state = load("startpos moves c3-c4");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->moves_played(), (std::vector<std::string>{"c3-c4"}));
  auto sechin = load("F:c3 C:a1,a5,e1,e3,e5,b5,d5 c 0 moves e3-f3 c3-d3 f3-g3");
  ASSERT_TRUE(sechin);
  EXPECT_EQ(sechin->position_text(), "F:d3 C:a1,a5,b5,d5,e1,e5,g3 f 2");
}

TEST(MusashiNotation, MalformedPositionText) {
  expect_error("", "empty position text");
  expect_error("F:c3 C:a1 f", "expected 4 fields");
  expect_error("F:c3 C:a1 f 0 0", "expected 4 fields");
  expect_error("c3 C:a1 f 0", "the first field must be the father");
  expect_error("F:c3 a1,a2 f 0", "the second field must be the children");
  expect_error("F:c3 C:a1,,a2 f 0", "child 2 of 'C:a1,,a2' is an empty name");
  expect_error("F:c3 C:a1, f 0", "child 2");
}

TEST(MusashiNotation, UnknownPoints) {
  expect_error("F:h3 C:a1 f 0", "father: no point named 'h3'");
  expect_error("F:c3 C:a1,a6 f 0", "child 2: no point named 'a6'");
  expect_error("F:c3 C:A1 f 0", "no point named 'A1'");
  expect_error("F:c3 C:f1 f 0", "no point named 'f1'");
}

TEST(MusashiNotation, PointsOffTheSquareBoard) {
  expect_error("F:c3 C:a1,f3 f 0", "child 2: there is no point f3 on the 25-point board",
               {{"board", "25"}});
  expect_error("F:g5 C:a1 f 0", "father: there is no point g5 on the 25-point board",
               {{"board", "25"}});
  EXPECT_EQ(load_error("F:g5 C:a1,f3 f 0"), "");
  expect_error("startpos moves c3-d3 e3-f3", "there is no point f3 on the 25-point board",
               {{"board", "25"}});
}

TEST(MusashiNotation, DuplicateChildren) {
  expect_error("F:c3 C:a1,b1,a1 f 0", "two children on a1");
}

TEST(MusashiNotation, AtMostSixteenChildren) {
  expect_error("F:c3 C:a1,a2,a3,a4,a5,b1,b2,b3,b4,b5,c1,c2,c4,c5,d1,d2,d3 f 0",
               "at most 16 children, got 17");
}

TEST(MusashiNotation, ExactlyOneFather) {
  expect_error("F: C:a1 f 0", "no father");
  expect_error("F:c3,c4 C:a1 f 0", "exactly one father, got 2");
  expect_error("C:a1 F:c3 f 0", "the first field must be the father");
}

TEST(MusashiNotation, FatherAndChildOnOnePoint) {
  expect_error("F:c3 C:a1,c3 f 0", "the father and a child are both on c3");
}

TEST(MusashiNotation, BadSideToMove) {
  expect_error("F:c3 C:a1 x 0", "side to move must be 'f' (father) or 'c' (children), got 'x'");
  expect_error("F:c3 C:a1 F 0", "side to move");
}

TEST(MusashiNotation, BadChildrensMoveCount) {
  expect_error("F:c3 C:a1 f -1", "must be a non-negative integer, got '-1'");
  expect_error("F:c3 C:a1 f x", "must be a non-negative integer");
  expect_error("F:c3 C:a1 f 99999999999", "must be a non-negative integer");
  expect_error("F:c3 C:a1 f +3", "must be a non-negative integer");
}

TEST(MusashiNotation, MoveCountBeyondTheLimit) {
  expect_error("F:c3 C:a1,a2,a3,a4,a5,b1,b5 c 101", "made 101 moves, more than the limit of 100");
  expect_error("F:c3 C:a1,a2,a3,a4,a5,b1,b5 c 151", "more than the limit of 150",
               {{"children_limit", "150"}});
  EXPECT_EQ(load_error("F:c3 C:a1,a2,a3,a4,a5,b1,b5 c 150", {{"children_limit", "150"}}), "");
  EXPECT_EQ(load_error("F:c3 C:a1,a2,a3,a4,a5,b1,b5 c 5000", {{"children_limit", "0"}}), "");
}

// Plays move, which must be refused with exactly this message, and checks that nothing
// changed.
void expect_refused(rules::GameState& state, std::string_view move, const std::string& message) {
  const std::string text = state.position_text();
  const auto moves = state.moves_played();
  const uint64_t key = state.repetition_key();
  const int record = testing::concrete(state).record().size();
  const rules::Outcome outcome = state.outcome();
  const Status s = state.play(move);
  ASSERT_FALSE(s.ok()) << move;
  EXPECT_EQ(s.error().message, message);
  EXPECT_EQ(state.position_text(), text);
  EXPECT_EQ(state.moves_played(), moves);
  EXPECT_EQ(state.repetition_key(), key);
  EXPECT_EQ(testing::concrete(state).record().size(), record);
  EXPECT_EQ(state.outcome().kind, outcome.kind);
}

TEST(MusashiNotation, MalformedMoves) {
  auto state = load("startpos");
  ASSERT_TRUE(state);
  expect_refused(*state, "c3c4", "a move is written FROM-TO, like c3-c4; got 'c3c4'");
  expect_refused(*state, "c3-", "a move is written FROM-TO, like c3-c4; got 'c3-'");
  expect_refused(*state, "c3-c4-c5", "a move is written FROM-TO, like c3-c4; got 'c3-c4-c5'");
  expect_refused(*state, "", "a move is written FROM-TO, like c3-c4; got ''");
  expect_refused(*state, "c3-h4",
                 "move 'c3-h4': no point named 'h4' (points are a1..e5 and the sechin f2, f3, "
                 "f4, g1..g5)");
}

TEST(MusashiNotation, IllegalMoveReasons) {
  auto state = load("startpos");
  ASSERT_TRUE(state);
  expect_refused(*state, "b3-b2", "illegal move b3-b2: there is no piece on b3");
  expect_refused(*state, "a1-b2",
                 "illegal move a1-b2: a1 holds a child, but it is the father's turn");
  expect_refused(*state, "c3-c5", "illegal move c3-c5: no line joins c3 to c5");
  expect_refused(*state, "c3-c3", "illegal move c3-c3: no line joins c3 to c3");
  ASSERT_TRUE(state->play("c3-c4").ok());
  expect_refused(*state, "c4-c3",
                 "illegal move c4-c3: c4 holds the father, but it is the children's turn");
  expect_refused(*state, "b5-c4", "illegal move b5-c4: no line joins b5 to c4");
  expect_refused(*state, "c5-c4", "illegal move c5-c4: c4 is occupied by the father");
  expect_refused(*state, "a1-a2", "illegal move a1-a2: a2 is occupied by a child");
  ASSERT_TRUE(state->play("a1-b2").ok());
  // c4 has no diagonal lines.
  expect_refused(*state, "c4-b3", "illegal move c4-b3: no line joins c4 to b3");
  expect_refused(*state, "c4-c5", "illegal move c4-c5: c5 is occupied by a child");
}

TEST(MusashiNotation, SquareBoardRefusesSechinMoves) {
  auto state = load("F:e2 C:a1,a5,b5,c5,d5,e4,e5 f 0", {{"board", "25"}});
  ASSERT_TRUE(state);
  expect_refused(*state, "e2-f2",
                 "move 'e2-f2': there is no point f2 on the 25-point board (it has no sechin)");
}

TEST(MusashiNotation, BadInputLeavesAFinishedGameAlone) {
  auto state = load("F:a1 C:a2,b1,b2,c5,d5,e1,e5 f 10");
  ASSERT_TRUE(state);
  expect_refused(*state, "a1-b2", "the game is over");
  expect_refused(*state, "nonsense", "the game is over");
}

TEST(MusashiNotation, GarbageNeverCrashesAndWhatIsAcceptedRoundTrips) {
  // Random texts over the notation's own characters, mutated from valid ones and made up.
  const std::string alphabet = "FC:,-abcdefgh0123456789 fc";
  const std::string seeds[] = {"F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5 f 0",
                               "F:e3 C:f2,f3,f4,g1,g2,g3,g4 c 17", "F:g5 C: f 100"};
  Rng rng(4242);
  int accepted = 0;
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    if (i % 2 == 0) {
      text = seeds[rng.below(3)];
      for (int k = 0, n = 1 + static_cast<int>(rng.below(3)); k < n; ++k) {
        const size_t at = rng.below(text.size() + 1);
        const char c = alphabet[rng.below(alphabet.size())];
        switch (rng.below(3)) {
          case 0:
            text.insert(at, 1, c);
            break;
          case 1:
            if (at < text.size()) text[at] = c;
            break;
          default:
            if (at < text.size()) text.erase(at, 1);
            break;
        }
      }
    } else {
      for (int k = 0, n = static_cast<int>(rng.below(40)); k < n; ++k)
        text += alphabet[rng.below(alphabet.size())];
    }
    for (Shape shape : {Shape::Sechin33, Shape::Square25}) {
      auto pos = parse_position(text, Board::get(shape), 100);
      if (!pos) {
        EXPECT_FALSE(pos.error().message.empty());
        continue;
      }
      ++accepted;
      const std::string written = position_text(pos.value());
      auto again = parse_position(written, Board::get(shape), 100);
      ASSERT_TRUE(again.ok()) << written;
      EXPECT_TRUE(again.value() == pos.value()) << text;
      auto move = parse_move(text.substr(0, 5), Board::get(shape));
      if (move) {
        EXPECT_EQ(move_text(move.value()), text.substr(0, 5));
      }
    }
  }
  EXPECT_GT(accepted, 100);
}

}  // namespace
}  // namespace kaisho::musashi

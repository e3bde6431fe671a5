// The children's repetition ban: positions are recorded after the children's moves (plus the
// start when the father moves first), and a children's move may not bring one back.
#include <algorithm>

#include "musashi_test_util.hpp"

namespace kaisho::musashi {
namespace {

using testing::load;

bool has_move(const rules::GameState& state, const std::string& move) {
  const auto moves = state.legal_moves();
  return std::find(moves.begin(), moves.end(), move) != moves.end();
}

TEST(MusashiRepetition, ChildrenMayNotReturnToTheStart) {
  auto state = load("startpos moves c3-c4 a1-b2 c4-c3");
  ASSERT_TRUE(state);
  EXPECT_FALSE(has_move(*state, "b2-a1"));
  EXPECT_TRUE(has_move(*state, "b2-b3"));
  const std::string before = state->position_text();
  const Status s = state->play("b2-a1");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message,
            "illegal move b2-a1: it would repeat an earlier position (the children may not "
            "repeat a position)");
  EXPECT_EQ(state->position_text(), before);
  EXPECT_EQ(state->moves_played().size(), 3u);
  EXPECT_EQ(testing::concrete(*state).record().size(), 2);
}

TEST(MusashiRepetition, ARecordedPositionAfterAChildrensMoveIsBanned) {
  auto state = load("startpos moves a1-b2 c3-c4 b2-a1 c4-c3", {{"start", "children"}});
  ASSERT_TRUE(state);
  // The father brought back the start (children to move): his moves may repeat.
  EXPECT_EQ(state->position_text(), "F:c3 C:a1,a2,a3,a4,a5,b1,b5,c1,c5,d1,d5,e1,e2,e3,e4,e5 c 2");
  EXPECT_FALSE(state->outcome().over());
  // a1-b2 would bring back the position after the children's first move.
  EXPECT_FALSE(has_move(*state, "a1-b2"));
  EXPECT_FALSE(state->play("a1-b2").ok());
  EXPECT_TRUE(state->play("e1-d2").ok());
}

TEST(MusashiRepetition, PositionsAfterFatherMovesAreNotRecorded) {
  auto state = load("startpos", {{"start", "children"}});
  ASSERT_TRUE(state);
  const auto& record = testing::concrete(*state).record();
  EXPECT_EQ(record.size(), 0);  // the start with the children to move is not recorded
  const uint64_t start_key = state->repetition_key();
  const char* moves[] = {"a1-b2", "c3-c4", "b2-a1", "c4-c3"};
  const int sizes[] = {1, 1, 2, 2};
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE(state->play(moves[i]).ok()) << moves[i];
    EXPECT_EQ(record.size(), sizes[i]) << moves[i];
  }
  EXPECT_EQ(state->repetition_key(), start_key);
  // The father's c4-c3 made the start again with the children to move; only the positions the
  // children made, with the father to move, are in the record.
  const PointSet children = testing::concrete(*state).position().children();
  EXPECT_FALSE(record.contains(point_from_name("c3"), children));
  EXPECT_TRUE(record.contains(point_from_name("c4"), children));
}

TEST(MusashiRepetition, TheRecordOfALoadedPositionStartsWithIt) {
  const std::string start = "F:c3 C:a1,a5,b5,c5,d5,e1,e5 f 7";
  auto state = load(start + " moves c3-c4 a1-b2 c4-c3");
  ASSERT_TRUE(state);
  EXPECT_EQ(state->start_text(), start);
  EXPECT_FALSE(has_move(*state, "b2-a1"));
  const std::string error = testing::load_error(start + " moves c3-c4 a1-b2 c4-c3 b2-a1");
  EXPECT_NE(error.find("move 4 'b2-a1'"), std::string::npos) << error;
  EXPECT_NE(error.find("repeat"), std::string::npos) << error;
  // Loaded with the children to move, the position itself is not recorded.
  auto theirs = load("F:c3 C:a1,a5,b5,c5,d5,e1,e5 c 7");
  ASSERT_TRUE(theirs);
  EXPECT_EQ(testing::concrete(*theirs).record().size(), 0);
}

}  // namespace
}  // namespace kaisho::musashi

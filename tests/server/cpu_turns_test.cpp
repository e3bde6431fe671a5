// The hall and the CPU pool (docs/cpu.md, "Under load"): a search nobody will read is
// cancelled at once, a table's searches count against the address of the person at it, and a
// new game against the CPU is refused, with the level available, when the CPU cannot promise
// its reply bound.
#include "hall_fixture.hpp"

namespace kaisho::server::testing {
namespace {

using CpuTurns = HallTest;

// A person alone against the CPU at `level`; the CPU is asked for a move (held back).
std::string game_with_cpu_thinking(HallTest& t, ConnId a, int level) {
  const std::string id = t.create(a, "shogi", {{"cpu_level", level}});
  t.cpu_.hold = true;
  t.send(a, {{"type", "start"}, {"group", id}});
  json g = t.group(a);
  if (HallTest::has(g["table"]["your_seats"], g["table"]["game"]["to_move"].get<int>()))
    t.send(a, {{"type", "move"},
               {"group", id},
               {"move", g["table"]["game"]["legal_moves"][0]},
               {"version", g["version"]}});
  return id;
}

TEST_F(CpuTurns, ASearchForATableEveryoneLeftIsCancelledAtOnce) {
  ConnId a = person("Aiko", nullptr, "", "10.1.2.3");
  game_with_cpu_thinking(*this, a, 8);
  ASSERT_EQ(cpu_.live(), 1u) << "the CPU thinks for its seat";
  disconnect(a);  // nobody is left to read the answer
  EXPECT_EQ(cpu_.cancelled, 1);
  EXPECT_EQ(cpu_.live(), 0u);
}

TEST_F(CpuTurns, ASearchForAGameThatEndedIsCancelledAtOnce) {
  ConnId a = person("Aiko");
  const std::string id = game_with_cpu_thinking(*this, a, 8);
  ASSERT_EQ(cpu_.live(), 1u);
  send(a, {{"type", "resign"}, {"group", id}});  // the position moved on: the game is over
  EXPECT_EQ(group(a)["table"]["status"], "finished");
  EXPECT_EQ(cpu_.cancelled, 1);
  EXPECT_EQ(cpu_.live(), 0u);
}

TEST_F(CpuTurns, ASearchForAGroupThatLeavesTheHallIsCancelledAtOnce) {
  ConnId a = person("Aiko");
  game_with_cpu_thinking(*this, a, 8);
  ASSERT_EQ(cpu_.live(), 1u);
  // Its lease lapsed and another server took it: the group leaves this hall's memory.
  clock_.advance(10);
  hall_->leases_renewed({}, clock_.now_ms());
  clock_.run();
  EXPECT_EQ(last(a, "error")["code"], "moved");
  EXPECT_EQ(cpu_.cancelled, 1);
  EXPECT_EQ(cpu_.live(), 0u);
}

TEST_F(CpuTurns, AStandInsSearchIsCancelledWhenItsPlayerComesBack) {
  std::string token;
  ConnId a = person("Aiko", &token);
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  cpu_.hold = true;
  disconnect(a);  // sente's turn; after the grace the CPU stands in
  clock_.advance(config_.away_grace_ms + 100);
  ASSERT_EQ(cpu_.live(), 1u);
  person("Aiko", nullptr, token);
  EXPECT_EQ(cpu_.cancelled, 1);
  EXPECT_EQ(cpu_.live(), 0u);
}

TEST_F(CpuTurns, ATablesSearchesCountAgainstTheAddressOfThePersonAtIt) {
  ConnId a = person("Aiko", nullptr, "", "10.1.2.3");
  game_with_cpu_thinking(*this, a, 8);
  EXPECT_EQ(cpu_.last_owner, "10.1.2.3");
}

TEST_F(CpuTurns, ANewGameAgainstTheCpuIsRefusedWithTheLevelAvailableWhenTheBoundCannotBeKept) {
  ConnId a = person("Aiko", nullptr, "", "10.1.2.3");
  const std::string id = create(a, "shogi", {{"cpu_level", 8}});
  cpu_.admission = {false, 5};
  send(a, {{"type", "start"}, {"group", id}});
  const json& e = last(a, "error");
  EXPECT_EQ(e["code"], "cpu_busy");
  EXPECT_EQ(e["params"]["level"], "5");
  EXPECT_EQ(cpu_.last_owner, "10.1.2.3");
  EXPECT_NE(group(a)["table"]["status"], "playing");
  EXPECT_EQ(cpu_.requests, 0);
  // At the level offered, it starts.
  cpu_.admission = {};
  send(a, {{"type", "settings"}, {"group", id}, {"cpu_level", 5}});
  send(a, {{"type", "start"}, {"group", id}});
  EXPECT_EQ(group(a)["table"]["status"], "playing");
}

TEST_F(CpuTurns, PeoplePlayingEachOtherAreNeverRefusedForTheCpusLoad) {
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  cpu_.admission = {false, 0};
  send(a, {{"type", "start"}, {"group", id}});
  EXPECT_EQ(group(a)["table"]["status"], "playing");
}

}  // namespace
}  // namespace kaisho::server::testing

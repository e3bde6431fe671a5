// Who may change a table: between games, only the members the next game would seat may change
// the local rules, the timer and the CPU level, and start it; spectators are refused with
// not_a_player and nothing changes (docs/protocol.md).
#include "hall_fixture.hpp"

namespace kaisho::server::testing {
namespace {

class TablePermissions : public HallTest {
 public:
  json settings(const std::string& id, json change) {
    change["type"] = "settings";
    change["group"] = id;
    return change;
  }
};

TEST_F(TablePermissions, ASpectatorMayNeitherChangeTheSettingsNorStart) {
  ConnId a = person("A");
  ConnId b = person("B");
  ConnId c = person("C");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(c, {{"type", "join_group"}, {"group", id}});
  ASSERT_EQ(group(c)["table"]["your_seats"], json::array()) << "C watches";
  const json before = group(a);
  const std::vector<json> changes = {{{"cpu_level", 8}},
                                     {{"timer", 30}},
                                     {{"game", "hasami"}},
                                     {{"options", {{"lance_rule", "x"}}}}};
  for (const auto& change : changes) {
    send(c, settings(id, change));
    EXPECT_EQ(error_code(c), "not_a_player") << change.dump();
  }
  send(c, {{"type", "start"}, {"group", id}, {"rid", "s1"}});
  EXPECT_EQ(error_code(c), "not_a_player");
  EXPECT_EQ(last(c, "error")["rid"], "s1");
  // Nothing changed: no new version went out, and the table is as it was.
  EXPECT_EQ(group(a)["version"], before["version"]);
  EXPECT_EQ(group(a)["settings"], before["settings"]);
  EXPECT_EQ(group(a)["table"]["status"], "idle");
  // The players may.
  send(b, settings(id, {{"cpu_level", 5}}));
  EXPECT_EQ(group(c)["settings"]["cpu_level"], 5);
  send(b, {{"type", "start"}, {"group", id}});
  EXPECT_EQ(group(c)["table"]["status"], "playing");
}

TEST_F(TablePermissions, BetweenGamesOnlyTheNextGamesPlayersMayChangeTheTable) {
  ConnId a = person("A");
  ConnId b = person("B");
  ConnId c = person("C");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(c, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  send(a, {{"type", "resign"}, {"group", id}});
  ASSERT_EQ(group(c)["table"]["status"], "finished");
  send(c, settings(id, {{"timer", 60}}));
  EXPECT_EQ(error_code(c), "not_a_player");
  send(c, {{"type", "start"}, {"group", id}});
  EXPECT_EQ(error_code(c), "not_a_player");
  send(a, settings(id, {{"timer", 60}}));
  EXPECT_EQ(group(c)["settings"]["timer"], 60);
  // When a player leaves, the spectator is in the next line-up, and may.
  send(b, {{"type", "leave_group"}, {"group", id}});
  send(c, {{"type", "start"}, {"group", id}});
  const json g = group(c);
  EXPECT_EQ(g["table"]["status"], "playing");
  EXPECT_FALSE(g["table"]["your_seats"].empty());
}

TEST_F(TablePermissions, AMemberWhoTakesASeatBecomesAPlayerAndTheOneMovedOutWatches) {
  ConnId a = person("A");
  ConnId b = person("B");
  ConnId c = person("C");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(c, {{"type", "join_group"}, {"group", id}});
  // B's seat was only planned (by join order): C takes it, and B now watches.
  send(c, {{"type", "seat"}, {"group", id}, {"seat", 1}});
  EXPECT_EQ(group(c)["table"]["your_seats"], json({1}));
  send(c, settings(id, {{"cpu_level", 2}}));
  EXPECT_EQ(group(a)["settings"]["cpu_level"], 2);
  send(b, settings(id, {{"cpu_level", 7}}));
  EXPECT_EQ(error_code(b), "not_a_player");
  // A seat someone chose is theirs: B cannot take it back.
  send(b, {{"type", "seat"}, {"group", id}, {"seat", 1}});
  EXPECT_EQ(error_code(b), "seat_taken");
}

}  // namespace
}  // namespace kaisho::server::testing

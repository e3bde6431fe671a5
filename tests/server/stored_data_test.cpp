// Data in the store that is not what the code expects (damaged, edited by hand, written by a
// newer server): the hall refuses it with an error, logs why, and every other table goes on.
#include <sqlite3.h>

#include "core/log.hpp"
#include "hall_fixture.hpp"
#include "server/hall/stored_records.hpp"

namespace kaisho::server::testing {
namespace {

class HallStoredData : public HallTest {
 public:
  // A group of two people with a game going on, and one move played.
  std::string playing_group(ConnId a, ConnId b) {
    const std::string id = create(a, "shogi");
    send(b, {{"type", "join_group"}, {"group", id}});
    send(a, {{"type", "start"}, {"group", id}});
    send(a, {{"type", "move"}, {"group", id}, {"move", "7g7f"}, {"version", group(a)["version"]}});
    return id;
  }
};

// Every way a stored group can be wrong that the codec refuses, with the field it names.
const std::vector<std::pair<std::string, std::string>> kDamagedGroups = {
    {R"({"game":"shogi","members":[1]})", "wrong type"},
    {R"({"game":"shogi","members":"abc"})", "wrong type"},
    {R"({"game":7,"members":[]})", "wrong type"},
    {R"({"members":["a"]})", "no field 'game'"},
    {R"({"game":"shogi"})", "no field 'members'"},
    {R"({"game":"chess","members":["a"]})", "unknown game"},
    {R"([1,2,3])", "not a JSON object"},
    {R"({"game":"shogi","members":["a"],"format":2})", "format 2"},
    {R"({"game":"shogi","members":["a"],"timer":45})", "turn timer"},
    {R"({"game":"shogi","members":["a"],"cpu_level":99})", "CPU level"},
    {R"({"game":"shogi","members":["a","a"]})", "twice"},
    {R"({"game":"shogi","members":[""]})", "not a person id"},
    {R"({"game":"shogi","members":["a"],"seats":["a","b","c"]})", "seats"},
    {R"({"game":"yonin","members":["a"],"order":["a",""]})", "line-up"},
    {R"({"game":"shogi","members":["a"],"chosen":["a","","",""]})", "seat choices"},
    {R"({"game":"shogi","members":["a"],"status":"paused"})", "table status"},
    {R"({"game":"shogi","members":["a"],"status":"playing"})", "without its seats"},
    {R"({"game":"shogi","members":["a"],"rotation":-1})", "negative rotation"},
    {R"({"game":"shogi","members":["a"],"version":1e400})", "not valid JSON"},
    {R"({"game":"shogi","members":["a"],"stand_ins":[{"ply":0,"seat":5,"reason":"away"}]})",
     "out of range"},
    {R"({"game":"shogi","members":["a"],"stand_ins":[{"ply":"x","seat":0}]})", "wrong type"},
    {R"({"game":"shogi","members":["a"],"result":{"kind":3}})", "result"},
    {R"({"game":"shogi","members":["a"],"options":{"shogi":{"x":1}}})", "wrong type"},
};

TEST(StoredGroupCodec, EveryDamagedRecordIsRefusedNamingWhatIsWrong) {
  for (const auto& [text, problem] : kDamagedGroups) {
    auto decoded = decode_stored_group(text);
    ASSERT_FALSE(decoded.ok()) << text;
    EXPECT_EQ(decoded.error().code, "bad_data") << text;
    EXPECT_NE(decoded.error().message.find(problem), std::string::npos)
        << text << ": " << decoded.error().message;
  }
}

TEST(StoredGroupCodec, ARecordReadsBackAsWritten) {
  StoredGroup g;
  g.game = "yonin";
  g.options["yonin"] = {{"pairs", "true"}};
  g.timer = 30;
  g.cpu_level = 5;
  g.members = {"p1", "p2", "p3"};
  g.chosen = {"", "p2", "", ""};
  g.status = TableStatus::Playing;
  g.seats = {"p1", "p2", "", ""};
  g.order = {"p1", "p2", "", ""};
  g.rotation = 2;
  g.game_number = 3;
  g.game_db_id = 41;
  g.version = 77;
  g.stand_ins = {{4, 1, "away"}, {9, 0, "timeout"}};
  g.left_during = {"p2"};
  auto back = decode_stored_group(encode_stored_group(g));
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(back->game, g.game);
  EXPECT_EQ(back->options, g.options);
  EXPECT_EQ(back->timer, 30);
  EXPECT_EQ(back->cpu_level, 5);
  EXPECT_EQ(back->members, g.members);
  EXPECT_EQ(back->chosen, g.chosen);
  EXPECT_EQ(back->status, TableStatus::Playing);
  EXPECT_EQ(back->seats, g.seats);
  EXPECT_EQ(back->order, g.order);
  EXPECT_EQ(back->rotation, 2);
  EXPECT_EQ(back->game_number, 3);
  EXPECT_EQ(back->game_db_id, 41);
  EXPECT_EQ(back->version, 77);
  ASSERT_EQ(back->stand_ins.size(), 2u);
  EXPECT_EQ(back->stand_ins[1].reason, "timeout");
  EXPECT_EQ(back->left_during, g.left_during);
}

TEST(StoredGroupCodec, ARecordWrittenBeforeTheFormatFieldReadsAsFormatOne) {
  auto old = decode_stored_group(
      R"({"game":"shogi","options":{},"timer":0,"cpu_level":3,"members":["p1"],"chosen":[],)"
      R"("status":"idle","seats":[],"order":[],"rotation":0,"game_number":0,"game_db_id":0,)"
      R"("version":4,"stand_ins":[]})");
  ASSERT_TRUE(old.ok()) << old.error().message;
  EXPECT_EQ(old->version, 4);
  EXPECT_TRUE(old->left_during.empty());
}

TEST(StoredGameCodec, AGameRecordWithPlayersThatDoNotFitItsSeatsIsRefused) {
  EXPECT_TRUE(
      decode_stored_game(R"({"options":{},"players":[{"person":"a"},{"cpu_level":2}]})", "shogi")
          .ok());
  EXPECT_FALSE(decode_stored_game(R"({"players":[{"person":"a"}]})", "shogi").ok());
  EXPECT_FALSE(decode_stored_game(R"({"players":[{"person":1},{"cpu_level":2}]})", "shogi").ok());
  EXPECT_FALSE(decode_stored_game(R"({"players":[{},{}],"options":[]})", "shogi").ok());
  EXPECT_FALSE(decode_stored_game(R"({"players":[{},{}]})", "chess").ok());
  EXPECT_FALSE(decode_stored_game("nonsense", "shogi").ok());
}

TEST_F(HallStoredData, ADamagedGroupIsRefusedWithAnErrorWhileEveryOtherTableGoesOn) {
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string good = playing_group(a, b);
  ConnId c = person("C");
  ::testing::internal::CaptureStderr();
  for (size_t i = 0; i < kDamagedGroups.size(); ++i) {
    const std::string id = "damaged-" + std::to_string(i);
    ASSERT_TRUE(store_->put_group({id, kDamagedGroups[i].first}).ok());
    send(c, {{"type", "join_group"}, {"group", id}, {"rid", "j" + std::to_string(i)}});
    const json& e = last(c, "error");
    EXPECT_EQ(e["code"], "group_unreadable") << kDamagedGroups[i].first;
    EXPECT_EQ(e["rid"], "j" + std::to_string(i));
  }
  const std::string logged = ::testing::internal::GetCapturedStderr();
  // One structured line naming the group and why.
  EXPECT_NE(logged.find(log::format("error", "the group cannot be read",
                                    {{"group", "damaged-0"},
                                     {"error",
                                      "the group record has a field 'members' of the "
                                      "wrong type"}})
                            .substr(1)),
            std::string::npos)
      << logged;
  // The good table is untouched and goes on.
  send(b, {{"type", "move"}, {"group", good}, {"move", "3c3d"}, {"version", group(b)["version"]}});
  EXPECT_EQ(group(a)["table"]["game"]["moves"], json({"7g7f", "3c3d"}));
  EXPECT_EQ(hall_->group_count(), 1u);
}

// No Store call rewrites a game's data, so these damage the SQLite file by hand.
void damage_game(const std::string& db, int64_t game_id, const std::string& column,
                 const std::string& value) {
  sqlite3* handle = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &handle), SQLITE_OK);
  const std::string sql = "UPDATE games SET " + column + " = ?1 WHERE id = ?2";
  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(handle, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK);
  sqlite3_bind_text(stmt, 1, value.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64(stmt, 2, game_id);
  EXPECT_EQ(sqlite3_step(stmt), SQLITE_DONE);
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
}

TEST_F(HallStoredData, AGameWhoseRecordIsDamagedOpensItsGroupWithoutIt) {
  if (postgres()) GTEST_SKIP() << "damages the SQLite file by hand";
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string id = playing_group(a, b);
  const int64_t game_id = 1;  // the first game of a fresh store
  hall_.reset();
  damage_game(path_.string(), game_id, "data", R"({"players":[{"person":5},{}]})");
  restart();
  ConnId c = person("C");
  ::testing::internal::CaptureStderr();
  send(c, {{"type", "join_group"}, {"group", id}});
  const std::string logged = ::testing::internal::GetCapturedStderr();
  EXPECT_EQ(group(c)["table"]["status"], "idle") << "the game could not be rebuilt";
  EXPECT_NE(logged.find("\"group\":\"" + id + "\",\"game\":\"1\""), std::string::npos) << logged;
  EXPECT_NE(logged.find("the group's game cannot be read"), std::string::npos) << logged;
}

TEST_F(HallStoredData, AGroupRecordNamingAnotherGroupsGameOpensWithoutIt) {
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string good = playing_group(a, b);
  // The same record under another id: its game_db_id names the good group's game.
  auto stored = store_->group(good);
  ASSERT_TRUE(stored.ok());
  ASSERT_TRUE(store_->put_group({"copy-of-good", stored->data_json}).ok());
  ::testing::internal::CaptureStderr();
  send(a, {{"type", "join_group"}, {"group", "copy-of-good"}});
  const std::string logged = ::testing::internal::GetCapturedStderr();
  const json g = group(a);
  EXPECT_EQ(g["id"], "copy-of-good");
  EXPECT_EQ(g["table"]["status"], "idle") << "the other group's game is not shown";
  EXPECT_NE(logged.find("it is another group's game"), std::string::npos) << logged;
}

TEST_F(HallStoredData, AFinishedGameWhoseRecordIsDamagedIsLeftOutOfHistoryAndItsRecordRefused) {
  if (postgres()) GTEST_SKIP() << "damages the SQLite file by hand";
  ConnId a = person("A");
  const std::string id = create(a, "shogi");
  for (int game = 0; game < 2; ++game) {
    send(a, {{"type", "start"}, {"group", id}});
    send(a, {{"type", "resign"}, {"group", id}});
  }
  send(a, {{"type", "history"}});
  ASSERT_EQ(last(a, "history")["games"].size(), 2u);
  damage_game(path_.string(), 1, "data", "[not json");
  damage_game(path_.string(), 2, "result", R"({"kind":"win","rating_changes":[{"seat":"x"}]})");
  ::testing::internal::CaptureStderr();
  send(a, {{"type", "history"}});
  EXPECT_TRUE(last(a, "history")["games"].empty()) << "two unreadable games are left out";
  for (int game_id : {1, 2}) {
    send(a, {{"type", "record"}, {"game_id", game_id}});
    EXPECT_EQ(error_code(a), "game_unreadable") << game_id;
  }
  const std::string logged = ::testing::internal::GetCapturedStderr();
  EXPECT_NE(logged.find("\"game\":\"2\""), std::string::npos) << logged;
  EXPECT_NE(logged.find("cannot be read"), std::string::npos) << logged;
  // The table itself goes on.
  send(a, {{"type", "start"}, {"group", id}});
  EXPECT_EQ(group(a)["table"]["status"], "playing");
}

}  // namespace
}  // namespace kaisho::server::testing

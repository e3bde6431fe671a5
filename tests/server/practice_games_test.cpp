// Practice games sent by a device (`practice_game`, docs/protocol.md): replayed under the rules
// move by move, kept whole and unrated with the person's games only when over, once however
// often the device sends them; anything else is refused with a precise error and keeps nothing.
#include "hall_fixture.hpp"

namespace kaisho::server::testing {
namespace {

class PracticeGames : public HallTest {
 public:
  // A Shogi game of two moves that the person (sente) resigned.
  json resigned_shogi(const std::string& id = "device-game-0001") {
    return {{"type", "practice_game"},
            {"id", id},
            {"game", "shogi"},
            {"options", json::object()},
            {"side", 0},
            {"level", 3},
            {"moves", {"7g7f", "3c3d"}},
            {"resigned", 0},
            {"started_ms", clock_.wall_ms() - 60'000},
            {"ended_ms", clock_.wall_ms() - 1'000}};
  }
  json history(ConnId c) {
    send(c, {{"type", "history"}});
    return last(c, "history")["games"];
  }
};

TEST_F(PracticeGames, AResignedPracticeGameIsKeptUnratedWithThePersonsGames) {
  ConnId a = person("Aiko");
  const std::string me = last(a, "welcome")["person"]["id"];
  const json sent = resigned_shogi();
  send(a, sent);
  const json stored = last(a, "practice_stored");
  EXPECT_EQ(stored["id"], "device-game-0001");
  ASSERT_GT(stored["game_id"].get<int64_t>(), 0);
  const json games = history(a);
  ASSERT_EQ(games.size(), 1u);
  const json& g = games[0];
  EXPECT_EQ(g["practice"], true);
  EXPECT_EQ(g["game_id"], stored["game_id"]);
  EXPECT_EQ(g["players"], (json{"Aiko", "CPU"}));
  EXPECT_EQ(g["seats"][1]["kind"], "cpu");
  EXPECT_EQ(g["seats"][1]["level"], 3);
  EXPECT_EQ(g["result"]["kind"], "win");
  EXPECT_EQ(g["result"]["winner"], 1);
  EXPECT_EQ(g["result"]["reason"], "resignation");
  EXPECT_EQ(g["result"]["rating_changes"], json::array()) << "practice is unrated";
  EXPECT_EQ(g["started_ms"], sent["started_ms"]);
  EXPECT_EQ(g["ended_ms"], sent["ended_ms"]);
  // Its record replays like any game's.
  send(a, {{"type", "record"}, {"game_id", stored["game_id"]}});
  const json record = last(a, "record");
  EXPECT_EQ(record["practice"], true);
  EXPECT_EQ(record["moves"], (json{"7g7f", "3c3d"}));
  EXPECT_EQ(record["positions"].size(), 3u);
  // No rating was made or changed.
  auto ratings = store_->ratings_of(me);
  ASSERT_TRUE(ratings.ok());
  EXPECT_TRUE(ratings->empty());
}

TEST_F(PracticeGames, AGameTheRulesEndedIsKeptWithTheirResult) {
  ConnId a = person("Aiko");
  json m = resigned_shogi();
  m.erase("resigned");
  m["start"] = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1";
  m["moves"] = {"G*5b"};
  send(a, m);
  ASSERT_GT(last(a, "practice_stored")["game_id"].get<int64_t>(), 0);
  const json g = history(a)[0];
  EXPECT_EQ(g["result"]["kind"], "win");
  EXPECT_EQ(g["result"]["winner"], 0);
  EXPECT_EQ(g["result"]["reason"], "checkmate");
}

TEST_F(PracticeGames, AGameOverBeforeItsFirstMoveIsRefused) {
  // A mated position sent as the start, with no move: not a game played against the CPU.
  ConnId a = person("Aiko");
  json m = resigned_shogi();
  m.erase("resigned");
  m["start"] = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2";
  m["moves"] = json::array();
  send(a, m);
  const json e = last(a, "error");
  EXPECT_EQ(e["code"], "bad_message");
  EXPECT_NE(e["message"].get<std::string>().find("already over"), std::string::npos);
  EXPECT_TRUE(history(a).empty());
}

TEST_F(PracticeGames, TheLocalRulesPlayedAreTheOnesTheMovesAreCheckedUnder) {
  ConnId a = person("Aiko");
  // With a bishop handicap gote moves first: 3c3d is gote's first move.
  json m = resigned_shogi();
  m["options"] = {{"handicap", "bishop"}};
  m["moves"] = {"3c3d", "7g7f"};
  send(a, m);
  ASSERT_GT(last(a, "practice_stored")["game_id"].get<int64_t>(), 0);
  send(a, {{"type", "record"}, {"game_id", last(a, "practice_stored")["game_id"]}});
  EXPECT_EQ(last(a, "record")["options"]["handicap"], "bishop");
  // Without it, the same moves are refused at the first.
  m["id"] = "device-game-0002";
  m["options"] = json::object();
  send(a, m);
  EXPECT_EQ(error_code(a), "illegal_move");
  EXPECT_EQ(history(a).size(), 1u);
}

TEST_F(PracticeGames, AGameSentAgainIsKeptOnce) {
  ConnId a = person("Aiko");
  send(a, resigned_shogi());
  const int64_t first = last(a, "practice_stored")["game_id"];
  ASSERT_GT(first, 0);
  send(a, resigned_shogi());
  const json again = last(a, "practice_stored");
  EXPECT_EQ(again["id"], "device-game-0001");
  EXPECT_EQ(again["game_id"], 0) << "stored before";
  EXPECT_EQ(history(a).size(), 1u);
  // Another person's game of the same device id is their own.
  ConnId b = person("Botan");
  send(b, resigned_shogi());
  EXPECT_GT(last(b, "practice_stored")["game_id"].get<int64_t>(), 0);
  EXPECT_EQ(history(b).size(), 1u);
  EXPECT_EQ(history(a).size(), 1u);
  // Nor may they read the first one's record.
  send(b, {{"type", "record"}, {"game_id", first}});
  EXPECT_EQ(error_code(b), "no_game");
}

TEST_F(PracticeGames, AnIllegalMoveIsRefusedWithItsPlyAndNothingIsKept) {
  ConnId a = person("Aiko");
  json m = resigned_shogi();
  m["moves"] = {"7g7f", "3c3d", "7f7e", "7e7d", "8h2b"};  // gote's move played by sente
  send(a, m);
  const json e = last(a, "error");
  EXPECT_EQ(e["code"], "illegal_move");
  EXPECT_EQ(e["params"]["ply"], "3");
  EXPECT_EQ(e["params"]["move"], "7e7d");
  EXPECT_FALSE(e["params"]["reason"].get<std::string>().empty()) << e.dump();
  EXPECT_TRUE(history(a).empty());
}

TEST_F(PracticeGames, AGameThatIsNotOverIsRefused) {
  ConnId a = person("Aiko");
  json m = resigned_shogi();
  m.erase("resigned");
  send(a, m);
  EXPECT_EQ(error_code(a), "not_finished");
  EXPECT_TRUE(history(a).empty());
}

TEST_F(PracticeGames, WhatDoesNotDescribeAPracticeGameIsRefusedPrecisely) {
  ConnId a = person("Aiko");
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"game", "chess"}}, "bad_message"},
      {{{"side", 2}}, "bad_message"},
      {{{"level", 0}}, "bad_message"},
      {{{"level", 9}}, "bad_message"},
      {{{"id", "short"}}, "bad_message"},
      {{{"id", "has spaces in it"}}, "bad_message"},
      {{{"resigned", 1}}, "bad_message"},  // only the person's own seat resigns
      {{{"moves", "7g7f"}}, "bad_message"},
      {{{"moves", {1, 2}}}, "bad_message"},
      {{{"started_ms", "yesterday"}}, "bad_message"},
      {{{"options", {{"handicap", "queen"}}}}, "bad_settings"},
      {{{"start", "not a position"}}, "bad_message"},
  };
  for (const auto& [change, code] : cases) {
    json m = resigned_shogi();
    m.update(change);
    send(a, m);
    EXPECT_EQ(error_code(a), code) << change.dump();
  }
  // Yonin has no resignation.
  json yonin = resigned_shogi();
  yonin["game"] = "yonin";
  yonin["moves"] = json::array();
  send(a, yonin);
  EXPECT_EQ(error_code(a), "no_resignation");
  EXPECT_TRUE(history(a).empty());
}

TEST_F(PracticeGames, ADeviceClockAheadOfTheServersIsNotBelieved) {
  ConnId a = person("Aiko");
  json m = resigned_shogi();
  const int64_t now = clock_.wall_ms();
  m["started_ms"] = now + 3'600'000;
  m["ended_ms"] = now + 7'200'000;
  send(a, m);
  const json g = history(a)[0];
  EXPECT_LE(g["ended_ms"].get<int64_t>(), clock_.wall_ms());
  EXPECT_LE(g["started_ms"].get<int64_t>(), g["ended_ms"].get<int64_t>());
}

class PracticeGamesLimited : public PracticeGames {
 public:
  void SetUp() override {
    config_.practice_games_per_person_per_hour = 1;
    config_.practice_games_per_person_burst = 2;
    PracticeGames::SetUp();
  }
};

TEST_F(PracticeGamesLimited, APersonSendsSoManyPracticeGamesAnHour) {
  ConnId a = person("Aiko");
  for (int i = 0; i < 2; ++i) {
    send(a, resigned_shogi("device-game-000" + std::to_string(i)));
    EXPECT_GT(last(a, "practice_stored")["game_id"].get<int64_t>(), 0);
  }
  send(a, resigned_shogi("device-game-0009"));
  const json e = last(a, "error");
  EXPECT_EQ(e["code"], "rate_limited");
  EXPECT_EQ(e["params"]["reason"], "practice");
  EXPECT_EQ(history(a).size(), 2u);
}

TEST_F(PracticeGamesLimited, AGameRefusedAtItsLastMoveOrNotOverCountsAgainstTheLimitAsWell) {
  // Each one costs its replay: it is charged before it, whatever the replay finds.
  ConnId a = person("Aiko");
  json illegal = resigned_shogi("device-game-0001");
  illegal["moves"] = {"7g7f", "3c3d", "7f7e", "9a9z"};
  send(a, illegal);
  EXPECT_EQ(last(a, "error")["code"], "illegal_move");
  json unfinished = resigned_shogi("device-game-0002");
  unfinished.erase("resigned");
  send(a, unfinished);
  EXPECT_EQ(last(a, "error")["code"], "not_finished");
  send(a, resigned_shogi("device-game-0003"));
  EXPECT_EQ(last(a, "error")["code"], "rate_limited");
}

class PracticeGamesFromOneAddress : public PracticeGames {
 public:
  void SetUp() override {
    config_.practice_games_per_address_per_hour = 1;
    config_.practice_games_per_address_burst = 2;
    PracticeGames::SetUp();
  }
};

TEST_F(PracticeGamesFromOneAddress, AnAddressSendsSoManyPracticeGamesWhoeverSendsThem) {
  for (int i = 0; i < 2; ++i) {
    const ConnId c = person("P" + std::to_string(i), nullptr, "", "10.0.0.7");
    send(c, resigned_shogi("device-game-000" + std::to_string(i)));
    EXPECT_GT(last(c, "practice_stored")["game_id"].get<int64_t>(), 0);
  }
  const ConnId third = person("P3", nullptr, "", "10.0.0.7");
  send(third, resigned_shogi("device-game-0009"));
  EXPECT_EQ(last(third, "error")["code"], "rate_limited");
  const ConnId elsewhere = person("P4", nullptr, "", "10.0.0.8");
  send(elsewhere, resigned_shogi("device-game-0010"));
  EXPECT_GT(last(elsewhere, "practice_stored")["game_id"].get<int64_t>(), 0);
}

TEST_F(PracticeGames, AGameLongerThanItsGameAllowsIsRefusedUnplayed) {
  ConnId a = person("Aiko");
  json m = resigned_shogi();
  m["moves"] = json::array();
  for (int i = 0; i < 1001; ++i) m["moves"].push_back(i % 2 ? "1c1d" : "1g1f");
  send(a, m);
  const json e = last(a, "error");
  EXPECT_EQ(e["code"], "too_long");
  EXPECT_EQ(e["params"]["max"], "1000");
}

TEST_F(PracticeGames, APracticeGameIsReplayedOffTheHallsThread) {
  ConnId a = person("Aiko");
  const ConnId b = person("Botan");
  const std::string id = create(b, "shogi");
  reads_->hold = true;  // the replay waits for a reader thread
  send(a, resigned_shogi());
  EXPECT_EQ(reads_->held(), 1u);
  send(b, {{"type", "start"}, {"group", id}});
  EXPECT_EQ(group(b)["table"]["status"], "playing") << "the hall goes on meanwhile";
  reads_->release();
  clock_.run();
  EXPECT_GT(last(a, "practice_stored")["game_id"].get<int64_t>(), 0);
}

TEST_F(PracticeGames, APersonsNextPracticeGameWaitsForTheOneBeingCheckedBusy) {
  // A flood of long games queues one check per person (and a few per address), not thousands.
  ConnId a = person("Aiko");
  reads_->hold = true;  // the first one's replay is still running
  send(a, resigned_shogi("device-game-0001"));
  json second = resigned_shogi("device-game-0002");
  second["rid"] = "r2";
  send(a, second);
  const json e = last(a, "error");
  EXPECT_EQ(e["code"], "busy");
  EXPECT_EQ(e["rid"], "r2");
  EXPECT_EQ(e["params"]["reason"], "practice");
  reads_->release();
  clock_.run();
  EXPECT_GT(last(a, "practice_stored")["game_id"].get<int64_t>(), 0);
  send(a, second);
  EXPECT_EQ(last(a, "practice_stored")["id"], "device-game-0002") << "sent again, it is kept";
}

TEST_F(PracticeGames, AnAddressHasTwoPracticeGamesBeingCheckedAtOnce) {
  std::vector<ConnId> here;
  for (int i = 0; i < 3; ++i)
    here.push_back(person("P" + std::to_string(i), nullptr, "", "10.0.0.7"));
  const ConnId elsewhere = person("P4", nullptr, "", "10.0.0.8");
  reads_->hold = true;
  for (int i = 0; i < 2; ++i) send(here[i], resigned_shogi("device-game-000" + std::to_string(i)));
  send(here[2], resigned_shogi("device-game-0009"));
  EXPECT_EQ(last(here[2], "error")["code"], "busy");
  send(elsewhere, resigned_shogi("device-game-0010"));
  EXPECT_EQ(reads_->held(), 3u) << "another address's is checked";
  reads_->release();
  clock_.run();
  EXPECT_GT(last(elsewhere, "practice_stored")["game_id"].get<int64_t>(), 0);
}

TEST_F(PracticeGames, EachReplyEchoesItsRequestsRid) {
  // docs/protocol.md: "the reply or error echoes it": practice_stored, history, record and the
  // group a sync answers with.
  ConnId a = person("Aiko");
  json m = resigned_shogi();
  m["rid"] = "p1";
  send(a, m);
  const json stored = last(a, "practice_stored");
  EXPECT_EQ(stored["rid"], "p1");
  send(a, {{"type", "history"}, {"rid", "h1"}});
  EXPECT_EQ(last(a, "history")["rid"], "h1");
  send(a, {{"type", "record"}, {"game_id", stored["game_id"]}, {"rid", "r1"}});
  EXPECT_EQ(last(a, "record")["rid"], "r1");
  const std::string id = create(a, "shogi");
  send(a, {{"type", "sync"}, {"group", id}, {"version", 0}, {"rid", "s1"}});
  EXPECT_EQ(last(a, "group")["rid"], "s1");
  send(a, {{"type", "history"}});
  EXPECT_FALSE(last(a, "history").contains("rid")) << "none asked, none given";
}

}  // namespace
}  // namespace kaisho::server::testing

// The platform's rules (spec/platform.md) on the hall with fake time.
#include "ai/levels.hpp"
#include "hall_fixture.hpp"
#include "rules/registry/registry.hpp"
#include "server/identity/tokens.hpp"
#include "server/rating/glicko2.hpp"

namespace kaisho::server::testing {
namespace {

// The platform's rules, one test each.
class HallPlatform : public HallTest {};

TEST_F(HallPlatform, CreateAGroupAndJoinItByLink) {
  ConnId a = person("Aiko");
  ConnId b = person("\xd8\xb3\xd8\xa7\xd8\xb1\xd8\xa9");  // Arabic name
  const std::string id = create(a, "shogi");
  EXPECT_GE(id.size(), 20u);
  send(b, {{"type", "join_group"}, {"group", id}});
  json g = group(b);
  ASSERT_EQ(g["members"].size(), 2u);
  EXPECT_EQ(g["members"][1]["name"], "\xd8\xb3\xd8\xa7\xd8\xb1\xd8\xa9");
  EXPECT_EQ(group(a)["members"].size(), 2u);  // the first member saw it too
  EXPECT_EQ(g["table"]["seat_names"], json({"sente", "gote"}));
  send(b, {{"type", "join_group"}, {"group", "nosuchgroup"}});
  EXPECT_EQ(error_code(b), "no_such_group");
}

TEST_F(HallPlatform, OnePersonPlaysAWholeGameAgainstTheCpuInEachGame) {
  for (const rules::Game* game : rules::all_games()) {
    ConnId a = person("Solo");
    json options = json::object();
    if (game->id() == "shogi" || game->id() == "annan") options["move_limit"] = "150";
    if (game->id() == "hasami") options["move_limit"] = "100";
    if (game->id() == "yonin") options["move_limit"] = "200";
    const std::string id = create(a, std::string(game->id()), {{"options", options}});
    send(a, {{"type", "start"}, {"group", id}});
    json g = group(a);
    ASSERT_EQ(g["table"]["status"], "playing") << game->id();
    EXPECT_EQ(g["table"]["seats"][0]["kind"], "person");
    for (size_t s = 1; s < g["table"]["seats"].size(); ++s)
      EXPECT_EQ(g["table"]["seats"][s]["kind"], "cpu");
    play_to_end(a, id);
    g = group(a);
    EXPECT_EQ(g["table"]["status"], "finished") << game->id();
    EXPECT_FALSE(g["table"]["game"]["result"]["reason"].get<std::string>().empty()) << game->id();
    // The finished game is in the person's history, with its record.
    send(a, {{"type", "history"}});
    const json& h = last(a, "history");
    ASSERT_FALSE(h["games"].empty());
    send(a, {{"type", "record"}, {"game_id", h["games"][0]["game_id"]}});
    const json& r = last(a, "record");
    EXPECT_EQ(r["moves"], g["table"]["game"]["moves"]);
    ASSERT_EQ(r["positions"].size(), r["moves"].size() + 1);
    EXPECT_EQ(r["positions"].back(), g["table"]["game"]["position"]);
    EXPECT_TRUE(r["exports"].contains("text"));
    if (game->id() == "shogi") {
      EXPECT_TRUE(r["exports"].contains("kif"));
      EXPECT_TRUE(r["exports"].contains("csa"));
    }
  }
}

TEST_F(HallPlatform, YoninTableWithTwoPeopleAndTwoCpuSeats) {
  if (!rules::find_game("yonin")) GTEST_SKIP() << "yonin is not registered yet";
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string id = create(a, "yonin", {{"options", {{"move_limit", "200"}}}});
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  json g = group(a);
  ASSERT_EQ(g["table"]["seats"].size(), 4u);
  EXPECT_EQ(g["table"]["seats"][0]["kind"], "person");
  EXPECT_EQ(g["table"]["seats"][1]["kind"], "person");
  EXPECT_EQ(g["table"]["seats"][2]["kind"], "cpu");
  EXPECT_EQ(g["table"]["seats"][3]["kind"], "cpu");
  for (int i = 0; i < 4000 && group(a)["table"]["status"] == "playing"; ++i) {
    for (ConnId c : {a, b}) {
      json gc = group(c);
      if (gc["table"]["status"] != "playing") break;
      const json& game = gc["table"]["game"];
      if (has(gc["table"]["your_seats"], game["to_move"].get<int>()))
        send(c, {{"type", "move"},
                 {"group", id},
                 {"move", game["legal_moves"][0]},
                 {"version", gc["version"]}});
    }
    clock_.advance(100);
  }
  EXPECT_EQ(group(a)["table"]["status"], "finished");
  EXPECT_EQ(group(b)["table"]["game"]["result"]["kind"].get<std::string>().empty(), false);
}

TEST_F(HallPlatform, TwoFriendsAtAYoninPairsTableSitAsPartners) {
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string id = create(a, "yonin", {{"options", {{"format", "pairs"}}}});
  send(b, {{"type", "join_group"}, {"group", id}});
  // Opposite seats are partners: South (0) and North (2).
  json seats = group(a)["table"]["seats"];
  EXPECT_EQ(seats[0]["person"], group(a)["you"]);
  EXPECT_EQ(seats[2]["person"], group(b)["you"]);
  EXPECT_EQ(seats[1]["kind"], "cpu");
  EXPECT_EQ(seats[3]["kind"], "cpu");
  // Singles: the next free seat.
  send(a, {{"type", "settings"}, {"group", id}, {"options", {{"format", "singles"}}}});
  seats = group(a)["table"]["seats"];
  EXPECT_EQ(seats[1]["person"], group(b)["you"]);
  // Chosen seats still win: B may sit against A.
  send(a, {{"type", "settings"}, {"group", id}, {"options", {{"format", "pairs"}}}});
  send(b, {{"type", "seat"}, {"group", id}, {"seat", 3}});
  seats = group(a)["table"]["seats"];
  EXPECT_EQ(seats[3]["person"], group(b)["you"]);
  EXPECT_EQ(seats[0]["person"], group(a)["you"]);
}

TEST_F(HallPlatform, ReconnectingWithTheSameTokenGetsTheSeatBackAndAnotherTokenCannotAct) {
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string id = create(a, "shogi");
  send(a, {{"type", "start"}, {"group", id}});
  const std::string person_id = group(a)["you"];
  disconnect(a);
  ConnId a2 = person("ignored", nullptr, token);
  EXPECT_EQ(last(a2, "welcome")["person"]["id"], person_id);
  send(a2, {{"type", "sync"}, {"group", id}, {"version", 0}});
  json g = group(a2);
  EXPECT_EQ(g["table"]["your_seats"], json::array({0}));
  EXPECT_FALSE(last(a2, "group")["missed"].empty());
  send(a2, {{"type", "move"}, {"group", id}, {"move", "7g7f"}, {"version", g["version"]}});
  EXPECT_EQ(group(a2)["table"]["game"]["moves"][0], "7g7f");

  // Someone else, even in the group, cannot move for that seat.
  ConnId other = person("Mallory", nullptr, "forged-token-that-is-not-ours");
  EXPECT_NE(last(other, "welcome")["person"]["id"], person_id);
  send(other, {{"type", "join_group"}, {"group", id}});
  const json before = group(a2);
  send(other, {{"type", "move"}, {"group", id}, {"move", "2g2f"}, {"version", before["version"]}});
  EXPECT_EQ(error_code(other), "not_your_seat");
  send(other, {{"type", "resign"}, {"group", id}});
  EXPECT_EQ(error_code(other), "not_your_seat");
  EXPECT_EQ(group(a2)["table"]["game"]["moves"], before["table"]["game"]["moves"]);
}

TEST_F(HallPlatform, CpuPlaysForAnAwayPlayerAfterTheGraceAndGivesTheSeatBack) {
  std::string token;
  ConnId a = person("Aiko", &token);
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  ASSERT_EQ(group(b)["table"]["your_seats"], json({1}));
  disconnect(a);  // sente's turn, and sente has gone
  json g = group(b);
  EXPECT_TRUE(g["table"]["seats"][0]["away"]);
  const int before = cpu_.requests;
  clock_.advance(2900);
  EXPECT_EQ(cpu_.requests, before) << "no CPU move within the grace";
  clock_.advance(200);
  EXPECT_EQ(cpu_.requests, before + 1);
  g = group(b);
  EXPECT_EQ(g["table"]["game"]["moves"].size(), 1u);
  EXPECT_EQ(g["table"]["game"]["to_move"], 1);
  // Bashir moves; it is the away player's turn again, and the CPU stands in again.
  send(b, {{"type", "move"},
           {"group", id},
           {"move", g["table"]["game"]["legal_moves"][0]},
           {"version", g["version"]}});
  cpu_.hold = true;
  clock_.advance(3100);
  ASSERT_EQ(cpu_.held.size(), 1u);
  EXPECT_TRUE(group(b)["table"]["seats"][0]["cpu_playing"]);
  // The owner comes back while the CPU is thinking: they take over at once.
  ConnId a2 = person("Aiko", nullptr, token);
  for (auto& answer : cpu_.held) answer();
  clock_.run();
  g = group(a2);
  EXPECT_EQ(g["table"]["game"]["moves"].size(), 2u) << "the CPU's late answer is ignored";
  EXPECT_FALSE(g["table"]["seats"][0]["away"]);
  EXPECT_FALSE(g["table"]["seats"][0]["cpu_playing"]);
  EXPECT_EQ(g["table"]["your_seats"], json::array({0}));
  send(a2, {{"type", "move"},
            {"group", id},
            {"move", g["table"]["game"]["legal_moves"][0]},
            {"version", g["version"]}});
  EXPECT_EQ(group(a2)["table"]["game"]["moves"].size(), 3u);
}

TEST_F(HallPlatform, TurnTimerRunsOutAndTheCpuMoves) {
  ConnId a = person("Aiko");
  const std::string id = create(a, "shogi", {{"timer", 30}});
  send(a, {{"type", "start"}, {"group", id}});
  json g = group(a);
  EXPECT_EQ(g["table"]["game"]["clock"]["limit"], 30);
  EXPECT_EQ(g["table"]["game"]["clock"]["remaining_ms"], 30000);
  clock_.advance(29000);
  EXPECT_EQ(group(a)["table"]["game"]["moves"].size(), 0u);
  clock_.advance(1500);
  g = group(a);
  // The CPU moved for sente when time ran out, and then for its own seat.
  ASSERT_GE(g["table"]["game"]["moves"].size(), 2u);
  EXPECT_EQ(g["table"]["game"]["to_move"], 0);
  EXPECT_EQ(g["table"]["game"]["clock"]["remaining_ms"], 30000);
}

TEST_F(HallPlatform, IllegalAndOutOfTurnMovesAreRefusedWithNoChange) {
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  const json before = group(a);
  send(a, {{"type", "move"}, {"group", id}, {"move", "7g7e"}, {"version", before["version"]}});
  EXPECT_EQ(error_code(a), "illegal_move");
  EXPECT_NE(last(a, "error")["message"].get<std::string>().find("cannot move to 7e"),
            std::string::npos);
  send(b, {{"type", "move"}, {"group", id}, {"move", "3c3d"}, {"version", before["version"]}});
  EXPECT_EQ(error_code(b), "not_your_turn");
  send(a, {{"type", "move"}, {"group", id}, {"move", "garbage"}, {"version", before["version"]}});
  EXPECT_EQ(error_code(a), "illegal_move");
  EXPECT_EQ(group(a)["version"], before["version"]);
  EXPECT_EQ(group(a)["table"]["game"]["position"], before["table"]["game"]["position"]);
  // A move chosen in an older position is stale.
  send(a, {{"type", "move"}, {"group", id}, {"move", "7g7f"}, {"version", before["version"]}});
  send(b, {{"type", "move"}, {"group", id}, {"move", "3c3d"}, {"version", group(b)["version"]}});
  send(a, {{"type", "move"}, {"group", id}, {"move", "2g2f"}, {"version", before["version"]}});
  EXPECT_EQ(error_code(a), "stale_version");
}

TEST_F(HallPlatform, RestartKeepsEveryAcknowledgedMoveAndTheGameGoesOn) {
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string id = create(a, "shogi");
  send(a, {{"type", "start"}, {"group", id}});
  for (int i = 0; i < 3; ++i) {
    json g = group(a);
    send(a, {{"type", "move"},
             {"group", id},
             {"move", g["table"]["game"]["legal_moves"][0]},
             {"version", g["version"]}});
  }
  const json before = group(a)["table"]["game"];
  ASSERT_EQ(before["moves"].size(), 6u);
  restart();
  ConnId a2 = person("Aiko", nullptr, token);
  send(a2, {{"type", "sync"}, {"group", id}, {"version", 0}});
  json g = group(a2);
  EXPECT_EQ(g["table"]["status"], "playing");
  EXPECT_EQ(g["table"]["game"]["moves"], before["moves"]);
  EXPECT_EQ(g["table"]["game"]["position"], before["position"]);
  send(a2, {{"type", "move"},
            {"group", id},
            {"move", g["table"]["game"]["legal_moves"][0]},
            {"version", g["version"]}});
  EXPECT_EQ(group(a2)["table"]["game"]["moves"].size(), 8u) << "the game goes on, the CPU answers";
}

// Presence changes bump the version without any other change; the version a person was
// shown must still never go back after a restart (clients ignore older versions).
TEST_F(HallPlatform, RestartNeverShowsAnOlderVersionThanBefore) {
  std::string token_a, token_b;
  ConnId a = person("Aiko", &token_a);
  const std::string id = create(a, "shogi");
  ConnId b = person("Bashir", &token_b);
  send(b, {{"type", "join_group"}, {"group", id}});
  for (int i = 0; i < 5; ++i) {  // Bashir's page reconnects five times
    disconnect(b);
    b = person("Bashir", nullptr, token_b);
    clock_.advance(100);
  }
  const int64_t seen = group(a)["version"];
  restart();
  ConnId a2 = person("Aiko", nullptr, token_a);
  send(a2, {{"type", "sync"}, {"group", id}, {"version", seen}});
  EXPECT_GT(group(a2)["version"].get<int64_t>(), seen);
}

TEST_F(HallPlatform, RestartResumesTheCpusTurnWhenThePlayerComesBack) {
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string id = create(a, "shogi");
  send(a, {{"type", "start"}, {"group", id}});
  cpu_.hold = true;
  json g = group(a);
  send(a, {{"type", "move"}, {"group", id}, {"move", "7g7f"}, {"version", g["version"]}});
  cpu_.held.clear();  // the server dies while the CPU thinks
  cpu_.hold = false;
  restart();
  clock_.advance(60'000);
  // Nobody is back yet: the game waits in the store, no table is loaded, no CPU thinks.
  EXPECT_EQ(hall_->group_count(), 0u);
  EXPECT_EQ(store_->unfinished_games()[0].moves.size(), 1u);
  // The player opens the site again: the table is loaded and the CPU's turn taken up.
  ConnId a2 = person("Aiko", nullptr, token);
  send(a2, {{"type", "sync"}, {"group", id}, {"version", 0}});
  clock_.run();
  auto row = store_->unfinished_games();
  ASSERT_EQ(row.size(), 1u);
  EXPECT_EQ(row[0].moves.size(), 2u);
}

TEST_F(HallPlatform, RatingsAfterADrawAndALossMatchHandComputedValues) {
  // A draw by repetition between two new players: ratings stay, deviations shrink.
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  const char* cycle[] = {"5i5h", "5a5b", "5h5i", "5b5a"};
  for (int i = 0; i < 12; ++i) {
    ConnId c = i % 2 == 0 ? a : b;
    send(c, {{"type", "move"},
             {"group", id},
             {"move", cycle[i % 4]},
             {"version", group(c)["version"]}});
  }
  // "Draw and replay": the next game has already started; the draw's result was sent before.
  json g = group(a);
  EXPECT_EQ(g["table"]["status"], "playing");
  EXPECT_EQ(g["table"]["game"]["number"], 2);
  json draw;
  for (auto& m : out_.sent[a])
    if (m["type"] == "group" && m["group"]["table"]["status"] == "finished")
      draw = m["group"]["table"]["game"]["result"];
  ASSERT_FALSE(draw.is_null());
  EXPECT_EQ(draw["reason"], "repetition");
  ASSERT_EQ(draw["rating_changes"].size(), 2u);
  EXPECT_NEAR(draw["rating_changes"][0]["after"].get<double>(), 1500.0, 1e-6);
  // The sides swapped for the replay (alternation on by default).
  EXPECT_EQ(g["table"]["your_seats"], json({1}));

  // A decisive game against the CPU at level 1 (fixed at 800, deviation 50): the person
  // resigns (the CPU never does) and loses to the fixed rating.
  ConnId c = person("Chen");
  const std::string id2 = create(c, "annan");
  send(c, {{"type", "start"}, {"group", id2}});
  send(c, {{"type", "resign"}, {"group", id2}});
  json r = group(c)["table"]["game"]["result"];
  EXPECT_EQ(r["reason"], "resignation");
  EXPECT_EQ(r["winner"], 1);
  ASSERT_EQ(r["rating_changes"].size(), 1u);
  EXPECT_NEAR(r["rating_changes"][0]["before"].get<double>(), 1500.0, 1e-9);
  // Loss of a new player (1500, 350) to a fixed 800/50, computed by hand from the paper.
  EXPECT_NEAR(r["rating_changes"][0]["after"].get<double>(), 861.31, 0.01);
}

TEST_F(HallPlatform, SettingsAreValidatedAndEveryoneSeesTheChange) {
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "annan");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(b, {{"type", "settings"},
           {"group", id},
           {"options", {{"dead_piece", "forbid"}}},
           {"timer", 60}});
  EXPECT_EQ(group(a)["settings"]["options"]["dead_piece"], "forbid");
  EXPECT_EQ(group(a)["settings"]["timer"], 60);
  const auto v = group(a)["version"];
  send(b, {{"type", "settings"}, {"group", id}, {"options", {{"dead_piece", "maybe"}}}});
  EXPECT_EQ(error_code(b), "bad_settings");
  send(b, {{"type", "settings"}, {"group", id}, {"timer", 45}});
  EXPECT_EQ(error_code(b), "bad_settings");
  send(b, {{"type", "settings"}, {"group", id}, {"cpu_level", 9}});
  EXPECT_EQ(error_code(b), "bad_settings");
  send(b, {{"type", "settings"}, {"group", id}, {"options", {{"nope", "1"}}}});
  EXPECT_EQ(error_code(b), "bad_settings");
  EXPECT_EQ(group(a)["version"], v);
  send(a, {{"type", "start"}, {"group", id}});
  send(b, {{"type", "settings"}, {"group", id}, {"timer", 30}});
  EXPECT_EQ(error_code(b), "game_in_progress");
}

TEST_F(HallPlatform, SeatsFillInJoinOrderExtraMembersWatchAndSeatsCanBeChosen) {
  ConnId a = person("A");
  ConnId b = person("B");
  ConnId c = person("C");
  const std::string id = create(a, "hasami");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(c, {{"type", "join_group"}, {"group", id}});
  send(c, {{"type", "seat"}, {"group", id}, {"seat", 0}});
  send(b, {{"type", "seat"}, {"group", id}, {"seat", 0}});
  EXPECT_EQ(error_code(b), "seat_taken");
  send(a, {{"type", "start"}, {"group", id}});
  json g = group(a);
  EXPECT_EQ(g["table"]["seats"][0]["name"], "C");
  EXPECT_EQ(g["table"]["seats"][1]["name"], "A");
  EXPECT_TRUE(group(b)["table"]["your_seats"].empty()) << "B watches";
  send(b, {{"type", "move"}, {"group", id}, {"move", "9i9h"}, {"version", g["version"]}});
  EXPECT_EQ(error_code(b), "not_your_seat");
}

TEST_F(HallPlatform, BeforeAGameEveryMemberSeesTheSeatTheStartWillGiveThem) {
  ConnId a = person("A");
  ConnId b = person("B");
  ConnId c = person("C");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(c, {{"type", "join_group"}, {"group", id}});
  json g = group(b);
  ASSERT_EQ(g["table"]["status"], "idle");
  // Join order: A sente, B gote, C watches; nobody chose, so both seats are planned.
  EXPECT_EQ(g["table"]["seats"][0]["name"], "A");
  EXPECT_EQ(g["table"]["seats"][1]["name"], "B");
  EXPECT_TRUE(g["table"]["seats"][0]["planned"]);
  EXPECT_EQ(group(a)["table"]["your_seats"], json({0}));
  EXPECT_EQ(group(b)["table"]["your_seats"], json({1}));
  EXPECT_TRUE(group(c)["table"]["your_seats"].empty()) << "C will watch";
  // C takes gote: chosen, no longer planned; B is moved to... nothing left, so B watches.
  send(c, {{"type", "seat"}, {"group", id}, {"seat", 1}});
  g = group(a);
  EXPECT_EQ(g["table"]["seats"][1]["name"], "C");
  EXPECT_FALSE(g["table"]["seats"][1]["planned"]);
  EXPECT_TRUE(group(b)["table"]["your_seats"].empty());
  // The start seats exactly the line-up that was shown.
  const json shown = group(a)["table"]["seats"];
  send(a, {{"type", "start"}, {"group", id}});
  g = group(a);
  ASSERT_EQ(g["table"]["status"], "playing");
  for (int s = 0; s < 2; ++s) EXPECT_EQ(g["table"]["seats"][s]["person"], shown[s]["person"]);
  // An absent member is not planned a seat (the CPU would take it).
  ConnId d = person("D");
  const std::string id2 = create(d, "hasami");
  send(a, {{"type", "join_group"}, {"group", id2}});
  disconnect(a);
  g = group(d);
  EXPECT_EQ(g["table"]["seats"][1]["kind"], "cpu");
}

TEST_F(HallPlatform, ATimedOutMoveIsMarkedAsTheCpusStandIn) {
  ConnId a = person("Aiko");
  const std::string id = create(a, "shogi", {{"timer", 30}});
  send(a, {{"type", "start"}, {"group", id}});
  clock_.advance(30500);
  json game = group(a)["table"]["game"];
  ASSERT_GE(game["moves"].size(), 2u);
  ASSERT_EQ(game["stand_ins"].size(), 1u) << game["stand_ins"].dump();
  EXPECT_EQ(game["stand_ins"][0]["ply"], 0);
  EXPECT_EQ(game["stand_ins"][0]["seat"], 0);
  EXPECT_EQ(game["stand_ins"][0]["reason"], "timeout");
  // The next game starts with none.
  send(a, {{"type", "resign"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  EXPECT_TRUE(group(a)["table"]["game"]["stand_ins"].empty());
}

TEST_F(HallPlatform, AMoveTheCpuMadeForAnAwayPlayerIsMarkedAway) {
  std::string token;
  ConnId a = person("Aiko", &token);
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  disconnect(a);
  clock_.advance(3500);
  json game = group(b)["table"]["game"];
  ASSERT_EQ(game["moves"].size(), 1u);
  ASSERT_EQ(game["stand_ins"].size(), 1u);
  EXPECT_EQ(game["stand_ins"][0]["reason"], "away");
  // Restart: the mark is kept with the group.
  restart();
  ConnId a2 = person("Aiko", nullptr, token);
  send(a2, {{"type", "join_group"}, {"group", id}});
  EXPECT_EQ(group(a2)["table"]["game"]["stand_ins"].size(), 1u);
}

TEST_F(HallPlatform, APlayerWhoLeavesTheGroupDuringAGameHasTheCpuPlayAtOnceAndCanComeBack) {
  ConnId a = person("A");
  ConnId b = person("B");
  ConnId c = person("C");
  ConnId d = person("D");
  const std::string id = create(a, "yonin");
  for (ConnId x : {b, c, d}) send(x, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  ASSERT_EQ(group(a)["table"]["your_seats"], json({0}));
  // A (south, to move) leaves: still present on the site, but not at the table any more.
  send(a, {{"type", "leave_group"}, {"group", id}});
  json g = group(b);
  ASSERT_GE(g["table"]["game"]["moves"].size(), 1u) << "the CPU moved for A without a grace";
  EXPECT_TRUE(g["table"]["seats"][0]["away"]);
  EXPECT_EQ(g["table"]["game"]["stand_ins"][0]["reason"], "away");
  // A comes back by the link: their seat again, the CPU no longer plays it.
  send(a, {{"type", "join_group"}, {"group", id}});
  g = group(a);
  EXPECT_EQ(g["table"]["your_seats"], json({0}));
  EXPECT_FALSE(g["table"]["seats"][0]["away"]);
}

// The expected score of a new person against a CPU seat at `level` rated at `share`.
double expected_against_cpu(int level, double share) {
  return rating::expected_score(rating::Rating{1500, 350, 0.06},
                                rating::Rating{ai::level_rating_at_share(level, share), 50, 0.06});
}

TEST_F(HallPlatform, AResultAgainstTheCpuIsRatedAtTheStrengthItPlayedAt) {
  ConnId a = person("Aiko");
  const std::string id = create(a, "shogi", {{"cpu_level", 8}});
  send(a, {{"type", "start"}, {"group", id}});
  // A busy server: the CPU seat's searches got the floor share (an eighth of level 8's search).
  cpu_.share = ai::kFloorShare;
  json g = group(a);
  send(a, {{"type", "move"},
           {"group", id},
           {"move", g["table"]["game"]["legal_moves"][0]},
           {"version", g["version"]}});
  ASSERT_EQ(group(a)["table"]["game"]["moves"].size(), 2u) << "the CPU answered";
  send(a, {{"type", "resign"}, {"group", id}});
  const json change = group(a)["table"]["game"]["result"]["rating_changes"][0];
  EXPECT_DOUBLE_EQ(change["expected"].get<double>(), expected_against_cpu(8, ai::kFloorShare))
      << "rated against level 8 at its floor (" << ai::level_rating_at_floor(8)
      << "), not its fixed " << ai::level_rating(8);
  EXPECT_GT(change["expected"].get<double>(), expected_against_cpu(8, 1.0));
}

TEST_F(HallPlatform, AStandInForAPersonDoesNotCountInWhatTheCpuSeatPlayedAt) {
  stand_in_pace_ms_ = 10'000;  // the CPU stands in at a person's pace: one move at a time
  restart();
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi", {{"cpu_level", 8}});
  send(a, {{"type", "start"}, {"group", id}});
  send(b, {{"type", "join_group"}, {"group", id}});  // watching: the table plays on
  // The person's own seat (0) is played by the CPU while they are away, at the floor...
  cpu_.share_of_seat[0] = ai::kFloorShare;
  send(a, {{"type", "leave_group"}, {"group", id}});
  clock_.advance(10'000);
  ASSERT_GE(group(b)["table"]["game"]["stand_ins"].size(), 1u) << "the CPU moved for A";
  ASSERT_GE(group(b)["table"]["game"]["moves"].size(), 2u) << "and the CPU seat answered";
  send(a, {{"type", "join_group"}, {"group", id}});
  ASSERT_EQ(group(a)["table"]["status"], "playing");
  send(a, {{"type", "resign"}, {"group", id}});
  const json result = group(a)["table"]["game"]["result"];
  ASSERT_EQ(result["rating_changes"].size(), 1u);
  const json change = result["rating_changes"][0];
  // ...and the CPU seat's own moves at full strength: it is rated at its level's rating.
  EXPECT_NEAR(
      change["expected"].get<double>(),
      rating::expected_score(rating::Rating{change["before"].get<double>(),
                                            change["deviation_before"].get<double>(), 0.06},
                             rating::Rating{static_cast<double>(ai::level_rating(8)), 50, 0.06}),
      1e-9);
}

TEST_F(HallPlatform, SeatsShowRatingsProvisionalForNewPlayersAndFixedForCpuLevels) {
  ConnId a = person("Aiko");
  const std::string id = create(a, "shogi", {{"cpu_level", 3}});
  json seats = group(a)["table"]["seats"];
  ASSERT_TRUE(seats[0].contains("rating"));
  EXPECT_EQ(seats[0]["rating"]["value"], 1500.0);
  EXPECT_TRUE(seats[0]["rating"]["provisional"]);
  EXPECT_EQ(seats[0]["rating"]["games"], 0);
  EXPECT_EQ(seats[1]["kind"], "cpu");
  EXPECT_EQ(seats[1]["cpu_level"], 3);
  EXPECT_EQ(seats[1]["rating"]["value"], static_cast<double>(ai::level_rating(3)));
  EXPECT_FALSE(seats[1]["rating"]["provisional"]);
  // A lost game: the change says what was expected and what was scored.
  send(a, {{"type", "start"}, {"group", id}});
  send(a, {{"type", "resign"}, {"group", id}});
  const json change = group(a)["table"]["game"]["result"]["rating_changes"][0];
  EXPECT_EQ(change["score"], 0.0);
  EXPECT_GT(change["expected"].get<double>(), 0.0);
  EXPECT_LT(change["expected"].get<double>(), 1.0);
  EXPECT_EQ(change["deviation_before"], 350.0);
  EXPECT_LT(change["deviation_after"].get<double>(), 350.0);
  EXPECT_TRUE(change["provisional"]);
  EXPECT_EQ(group(a)["table"]["seats"][0]["rating"]["games"], 1);
}

TEST_F(HallPlatform, ANameTheSiteGaveIsFlaggedSoClientsCanTranslateIt) {
  ConnId a = connect();
  send(a, {{"type", "hello"}});
  EXPECT_TRUE(last(a, "welcome")["person"]["default_name"]);
  ConnId b = person("Bashir");
  EXPECT_FALSE(last(b, "welcome")["person"]["default_name"]);
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  json g = group(b);
  EXPECT_TRUE(g["members"][0]["default_name"]);
  EXPECT_FALSE(g["members"][1]["default_name"]);
  EXPECT_TRUE(g["table"]["seats"][0]["default_name"]);
  send(a, {{"type", "set_name"}, {"name", "Aiko"}});
  EXPECT_FALSE(group(b)["members"][0]["default_name"]);
}

TEST_F(HallPlatform, AnIllegalMoveIsRefusedWithAReasonCodeAndItsParameters) {
  ConnId a = person("Aiko");
  const std::string id = create(a, "shogi");
  send(a, {{"type", "start"}, {"group", id}});
  send(a, {{"type", "move"},
           {"group", id},
           {"move", "2h2c"},
           {"version", group(a)["version"]},
           {"rid", "m1"}});
  const json e = last(a, "error");
  EXPECT_EQ(e["code"], "illegal_move");
  EXPECT_EQ(e["rid"], "m1");
  ASSERT_TRUE(e.contains("params")) << e.dump();
  EXPECT_EQ(e["params"]["move"], "2h2c");
  EXPECT_EQ(e["params"]["reason"], "cannot_reach");
  EXPECT_EQ(e["params"]["from"], "2h");
  EXPECT_EQ(e["params"]["to"], "2c");
  EXPECT_EQ(e["params"]["piece"], "rook");
}

TEST_F(HallPlatform, ShogiMovesComeAlsoInJapaneseAndWesternNotationInTheGameAndItsRecord) {
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  for (auto [c, move] : {std::pair{a, "7g7f"}, {b, "3c3d"}, {a, "8h2b+"}, {b, "3a2b"}})
    send(c, {{"type", "move"}, {"group", id}, {"move", move}, {"version", group(c)["version"]}});
  const json game = group(a)["table"]["game"];
  EXPECT_EQ(game["notation"]["western"], json({"P-7f", "P-3d", "Bx2b+", "Sx2b"}));
  EXPECT_EQ(game["notation"]["japanese"], json({"☗７六歩", "☖３四歩", "☗２二角成", "☖同　銀"}));
  send(a, {{"type", "resign"}, {"group", id}});
  send(a, {{"type", "history"}});
  const int64_t game_id = last(a, "history")["games"][0]["game_id"];
  send(a, {{"type", "record"}, {"game_id", game_id}});
  EXPECT_EQ(last(a, "record")["notation"]["western"][2], "Bx2b+");
  // Games whose move text is their readable form send none.
  const std::string h = create(a, "hasami");
  send(a, {{"type", "start"}, {"group", h}});
  EXPECT_FALSE(group(a)["table"]["game"].contains("notation"));
}

TEST_F(HallPlatform, HostileInputGetsAnErrorOrACloseAndChangesNothing) {
  ConnId x = connect();
  hall_->received(x, "{\"type\":\"create_group\",\"game\":\"shogi\"}");
  EXPECT_EQ(error_code(x), "not_hello");
  ConnId a = person("A");
  hall_->received(a, "{not json");
  EXPECT_EQ(error_code(a), "bad_json");
  hall_->received(a, "{\"type\":\"teleport\"}");
  EXPECT_EQ(error_code(a), "unknown_type");
  send(a, {{"type", "create_group"}, {"game", "chess"}});
  EXPECT_EQ(error_code(a), "bad_message");
  send(a, {{"type", "start"}, {"group", "somebody-elses-group"}});
  EXPECT_EQ(error_code(a), "no_such_group");
  EXPECT_EQ(hall_->group_count(), 0u);
  // A name with markup is stored as text (the page escapes it); control characters are refused.
  send(a, {{"type", "set_name"}, {"name", "<script>alert(1)</script>"}});
  EXPECT_EQ(last(a, "welcome")["person"]["name"], "<script>alert(1)</script>");
  send(a, {{"type", "set_name"}, {"name", "bad\x01name"}});
  EXPECT_EQ(error_code(a), "bad_name");
  // Oversized frames close the connection.
  hall_->received(a, std::string(20000, 'x'));
  EXPECT_TRUE(out_.closed.count(a));
  // A flood is refused, then closed.
  ConnId f = person("Flood");
  for (int i = 0; i < 300; ++i) hall_->received(f, "{\"type\":\"history\"}");
  EXPECT_EQ(error_code(f), "rate_limited");
  EXPECT_TRUE(out_.closed.count(f));
}

TEST_F(HallPlatform, ANameThatCouldDisplayAsAnotherOrIsTooLongIsRefusedNotAltered) {
  ConnId a = person("Aiko");
  const std::string rlo = "\xe2\x80\xae";  // U+202E RIGHT-TO-LEFT OVERRIDE
  for (const std::string& name : {"Ai" + rlo + "ko", std::string("\xe2\x81\xa6x\xe2\x81\xa9"),
                                  std::string("a\xe2\x80\x8f")}) {
    send(a, {{"type", "set_name"}, {"name", name}, {"rid", "n1"}});
    const json e = last(a, "error");
    EXPECT_EQ(e["code"], "bad_name");
    EXPECT_EQ(e["rid"], "n1");
    EXPECT_EQ(e["params"]["reason"], "direction");
  }
  send(a, {{"type", "set_name"}, {"name", std::string(33, 'x')}});
  EXPECT_EQ(last(a, "error")["params"]["reason"], "too_long");
  EXPECT_EQ(last(a, "error")["params"]["max"], "32");
  // 32 characters of any script are fine (Arabic letters take two bytes each).
  std::string arabic;
  for (int i = 0; i < 32; ++i) arabic += "\xd8\xb3";
  send(a, {{"type", "set_name"}, {"name", arabic}});
  EXPECT_EQ(last(a, "welcome")["person"]["name"], arabic);
  // With hello, a refused name is not used: the site's default is kept.
  ConnId b = connect();
  send(b, {{"type", "hello"}, {"name", "x" + rlo + "y"}});
  EXPECT_TRUE(last(b, "welcome")["person"]["default_name"]);
}

TEST_F(HallPlatform, AnErrorInAMessageFieldStillEchoesItsRequestId) {
  ConnId a = person("Aiko");
  hall_->received(a, R"({"type":"set_name","rid":"R1"})");
  EXPECT_EQ(last(a, "error")["rid"], "R1");
  hall_->received(a, R"({"type":"join_group","group":5,"rid":"R2"})");
  EXPECT_EQ(last(a, "error")["rid"], "R2");
}

TEST_F(HallPlatform, OneAddressMayMakeOnlySoManyNewPersonsButKnownTokensAlwaysComeIn) {
  hall_.reset();
  store_.reset();
  config_.new_persons_per_address_per_hour = 60;
  config_.new_persons_per_address_burst = 5;
  open();
  std::string token;
  for (int i = 0; i < 5; ++i) {
    ConnId c = connect("203.0.113.7");
    send(c, {{"type", "hello"}});
    ASSERT_EQ(out_.sent[c].back()["type"], "welcome") << i;
    if (i == 0) token = out_.sent[c].back()["token"];
  }
  ConnId sixth = connect("203.0.113.7");
  send(sixth, {{"type", "hello"}, {"rid", "h6"}});
  EXPECT_EQ(error_code(sixth), "too_many_new_persons");
  EXPECT_EQ(last(sixth, "error")["rid"], "h6");
  // Another address is not held back, and a known token is never refused.
  ConnId other = connect("198.51.100.1");
  send(other, {{"type", "hello"}});
  EXPECT_EQ(out_.sent[other].back()["type"], "welcome");
  ConnId back = connect("203.0.113.7");
  send(back, {{"type", "hello"}, {"token", token}});
  EXPECT_EQ(out_.sent[back].back()["type"], "welcome");
  // A minute later the bucket has one more.
  clock_.advance(60'000);
  ConnId later = connect("203.0.113.7");
  send(later, {{"type", "hello"}});
  EXPECT_EQ(out_.sent[later].back()["type"], "welcome");
}

TEST_F(HallPlatform, OnePersonAndOneAddressMayCreateOnlySoManyTables) {
  hall_.reset();
  store_.reset();
  config_.groups_per_person_per_hour = 30;
  config_.groups_per_person_burst = 3;
  config_.groups_per_address_per_hour = 60;
  config_.groups_per_address_burst = 4;
  open();
  ConnId a = connect("203.0.113.7");
  send(a, {{"type", "hello"}});
  for (int i = 0; i < 3; ++i) send(a, {{"type", "create_group"}, {"game", "shogi"}});
  EXPECT_EQ(hall_->group_count(), 3u);
  send(a, {{"type", "create_group"}, {"game", "shogi"}, {"rid", "c4"}});
  EXPECT_EQ(error_code(a), "too_many_groups");
  EXPECT_EQ(hall_->group_count(), 3u);
  // A second person at the same address: one more, then the address is out of tables.
  ConnId b = connect("203.0.113.7");
  send(b, {{"type", "hello"}});
  send(b, {{"type", "create_group"}, {"game", "shogi"}});
  send(b, {{"type", "create_group"}, {"game", "shogi"}});
  EXPECT_EQ(error_code(b), "too_many_groups");
  EXPECT_EQ(hall_->group_count(), 4u);
}

TEST_F(HallPlatform, ATableNobodyIsAtLeavesMemoryAndComesBackFromItsLink) {
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string id = create(a, "hasami");
  send(a, {{"type", "start"}, {"group", id}});
  json g = group(a);
  send(a, {{"type", "move"},
           {"group", id},
           {"move", g["table"]["game"]["legal_moves"][0]},
           {"version", g["version"]}});
  const json before = group(a);
  disconnect(a);
  clock_.advance(HallConfig{}.idle_group_ms + HallConfig{}.idle_sweep_ms);
  EXPECT_EQ(hall_->group_count(), 0u) << "nobody is at it: it left memory";
  ConnId a2 = person("Aiko", nullptr, token);
  send(a2, {{"type", "join_group"}, {"group", id}});
  ASSERT_EQ(hall_->group_count(), 1u);
  g = group(a2);
  EXPECT_EQ(g["table"]["game"]["moves"], before["table"]["game"]["moves"]);
  EXPECT_GT(g["version"].get<int64_t>(), before["version"].get<int64_t>());
  EXPECT_EQ(g["table"]["your_seats"], json({0}));
}

TEST_F(HallPlatform, ATableWithNobodyPresentSpendsNoCpuUntilSomeoneReturns) {
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string id = create(a, "shogi", {{"timer", 30}});
  send(a, {{"type", "start"}, {"group", id}});
  disconnect(a);
  const int requests = cpu_.requests;
  clock_.advance(10 * 60'000);
  EXPECT_EQ(cpu_.requests, requests) << "no CPU move, no turn timer, for nobody";
  EXPECT_EQ(store_->unfinished_games()[0].moves.size(), 0u);
  // The player comes back: their turn, with a fresh timer.
  ConnId a2 = person("Aiko", nullptr, token);
  send(a2, {{"type", "sync"}, {"group", id}, {"version", 0}});
  EXPECT_EQ(group(a2)["table"]["game"]["clock"]["remaining_ms"], 30000);
  clock_.advance(31'000);
  EXPECT_GE(group(a2)["table"]["game"]["moves"].size(), 2u) << "the game goes on";
}

TEST_F(HallPlatform, PresenceAndNameChangesLookOnlyAtThePersonsOwnTables) {
  ConnId others = person("Many");
  for (int i = 0; i < 8; ++i) send(others, {{"type", "create_group"}, {"game", "shogi"}});
  ConnId a = person("Aiko");
  create(a, "shogi");
  const uint64_t before = hall_->stats().groups_visited;
  send(a, {{"type", "set_name"}, {"name", "Aiko S."}});
  EXPECT_EQ(hall_->stats().groups_visited - before, 1u);
  disconnect(a);
  EXPECT_EQ(hall_->stats().groups_visited - before, 2u);
}

TEST_F(HallPlatform, TwoGamesEndingOnTwoServersBothCountInTheRating) {
  // A second hall (another server) on the same store: the same person plays a game on each.
  auto second_store = open_test_store();
  ASSERT_TRUE(second_store.ok());
  RecordingOutbox out2;
  InstantCpu cpu2{clock_};
  HallConfig config2;
  config2.server_name = "s2";
  InlineWrites writes2(*second_store.value());
  InlineReads reads2(*second_store.value());
  Hall other(clock_, writes2, reads2, out2, cpu2, config2);
  ASSERT_TRUE(other.restore().ok());
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string here = create(a, "shogi");
  send(a, {{"type", "start"}, {"group", here}});
  // Aiko on the other server (another tab), in another group there.
  const ConnId b = 9001;
  other.connected(b, "");
  other.received(b, json{{"type", "hello"}, {"token", token}}.dump());
  other.received(b, json{{"type", "create_group"}, {"game", "shogi"}}.dump());
  clock_.run();
  json g2;
  for (auto it = out2.sent[b].rbegin(); it != out2.sent[b].rend(); ++it)
    if ((*it)["type"] == "group") {
      g2 = (*it)["group"];
      break;
    }
  ASSERT_FALSE(g2.is_null());
  other.received(b, json{{"type", "start"}, {"group", g2["id"]}}.dump());
  clock_.run();
  // Both tables have read Aiko's rating (1500, no games); she loses both.
  send(a, {{"type", "resign"}, {"group", here}});
  other.received(b, json{{"type", "resign"}, {"group", g2["id"]}}.dump());
  clock_.run();
  // The store has both games: neither server overwrote the other's update.
  auto row = store_->person_by_token(token_hash(token));
  ASSERT_TRUE(row.ok());
  const auto ratings = store_->ratings_of(row->id).value();
  ASSERT_EQ(ratings.size(), 1u);
  EXPECT_EQ(ratings[0].games, 2);
  const json first = group(a)["table"]["game"]["result"]["rating_changes"][0];
  EXPECT_LT(ratings[0].value.rating, first["after"].get<double>()) << "the second loss counted";
  // A game already ended is not rated again (a restart that ends it a second time).
  send(a, {{"type", "start"}, {"group", here}});
  EXPECT_EQ(store_->ratings_of(row->id).value()[0].games, 2);
}

// Someone who is not a member cannot touch a group, a forged token is just a new person,
// and settings accept only the schema's values (no markup reaches other members' pages).
TEST_F(HallPlatform, ActingOnAnotherGroupOrWithAForgedTokenChangesNothing) {
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string id = create(a, "shogi");
  send(a, {{"type", "start"}, {"group", id}});
  const json before = group(a);
  ConnId b = person("Mallory");
  const json attempts[] = {
      {{"type", "start"}, {"group", id}},
      {{"type", "settings"}, {"group", id}, {"cpu_level", 8}},
      {{"type", "seat"}, {"group", id}, {"seat", 0}},
      {{"type", "move"},
       {"group", id},
       {"move", before["table"]["game"]["legal_moves"][0]},
       {"version", before["version"]}},
      {{"type", "resign"}, {"group", id}},
      {{"type", "sync"}, {"group", id}, {"version", 0}},
  };
  for (const json& m : attempts) {
    send(b, m);
    EXPECT_EQ(error_code(b), "not_member") << m.dump();
    clock_.advance(100);
  }
  // A made-up token (and one off by a character) gets a fresh identity, not Aiko's.
  std::string forged = token;
  forged.back() = forged.back() == 'A' ? 'B' : 'A';
  for (const std::string& t : {std::string("forged-token"), forged}) {
    ConnId f = connect();
    send(f, {{"type", "hello"}, {"token", t}});
    EXPECT_NE(last(f, "welcome")["person"]["id"], before["you"]);
    send(f, {{"type", "resign"}, {"group", id}});
    EXPECT_EQ(error_code(f), "not_member");
  }
  EXPECT_EQ(group(a)["version"], before["version"]) << "nothing changed";
  EXPECT_EQ(group(a)["table"]["game"]["moves"], before["table"]["game"]["moves"]);
  // Between games, a value outside the schema's choices is refused.
  send(a, {{"type", "resign"}, {"group", id}});
  send(a, {{"type", "settings"},
           {"group", id},
           {"options", {{"move_limit", "<img src=x onerror=alert(1)>"}}}});
  EXPECT_EQ(error_code(a), "bad_settings");
}

// What a hall asks of the other halls of its process, recorded.
class RecordingSiblings final : public HallSiblings {
 public:
  std::map<std::string, int> held;
  int claim(const std::string& group, int me) override {
    return held.try_emplace(group, me).first->second;
  }
  void release(const std::string& group, int me) override {
    if (auto it = held.find(group); it != held.end() && it->second == me) held.erase(it);
  }
  void connected(const std::string&, int) override {}
  void disconnected(const std::string&, int) override {}
  bool present(const std::string&) const override { return false; }
  void renamed(const std::string&, const std::string&, int) override {}
};

TEST_F(HallPlatform, AStoredGroupThatCannotBeReadIsNotPlayedAndItsClaimIsLetGo) {
  RecordingSiblings siblings;
  config_.siblings = &siblings;
  restart();
  ASSERT_TRUE(store_->put_group({"broken-group-1", "{not json"}).ok());
  ASSERT_TRUE(store_->put_group({"broken-group-2", R"({"game":"chess"})"}).ok());
  ConnId a = person("A");
  for (const char* id : {"broken-group-1", "broken-group-2"}) {
    send(a, {{"type", "join_group"}, {"group", id}});
    EXPECT_EQ(error_code(a), "group_unreadable") << id;
    EXPECT_EQ(last(a, "error")["params"]["group"], id);
    EXPECT_FALSE(siblings.held.contains(id)) << id << " is still claimed in this process";
    EXPECT_EQ(store_->group_owner(id), "") << id << " is still claimed in the store";
  }
  // A readable group is claimed, with this server named as its owner, and kept.
  const std::string id = create(a, "shogi");
  EXPECT_EQ(hall_->group_count(), 1u);
  EXPECT_TRUE(siblings.held.contains(id));
  EXPECT_EQ(store_->group_owner(id), "test-server");
  // Once it leaves memory, nobody holds it.
  disconnect(a);
  clock_.advance(config_.idle_group_ms + config_.idle_sweep_ms);
  EXPECT_EQ(hall_->group_count(), 0u);
  EXPECT_FALSE(siblings.held.contains(id));
  EXPECT_EQ(store_->group_owner(id), "");
  config_.siblings = nullptr;
}

// The CPU standing in at a person's pace (HallConfig::stand_in_pace_ms, 10 s by default).
class StandInPace : public HallTest {
 public:
  void SetUp() override {
    stand_in_pace_ms_ = 10'000;
    HallTest::SetUp();
  }
  // Moves of the game the CPU made for `seat` while its owner was away.
  static int stand_ins_for(const json& g, int seat) {
    int n = 0;
    for (const auto& si : g["table"]["game"]["stand_ins"]) n += si["seat"] == seat;
    return n;
  }
};

TEST_F(StandInPace, AShortAbsenceFindsTheGameMuchAsItWas) {
  std::string token;
  ConnId a = person("Aiko", &token);
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  disconnect(a);  // sente's turn, and sente's page has closed
  // Bashir plays at once whenever it is his turn; Aiko is away for 20 s.
  for (int t = 0; t < 200; ++t) {
    json g = group(b);
    if (g["table"]["game"]["to_move"] == 1)
      send(b, {{"type", "move"},
               {"group", id},
               {"move", g["table"]["game"]["legal_moves"][0]},
               {"version", g["version"]}});
    clock_.advance(100);
  }
  const json g = group(b);
  EXPECT_LE(stand_ins_for(g, 0), 2) << "at most a few moves were played for her";
  EXPECT_GE(stand_ins_for(g, 0), 1) << "but the game went on";
  // She comes back: the seat is hers at once.
  ConnId a2 = person("Aiko", nullptr, token);
  send(a2, {{"type", "sync"}, {"group", id}, {"version", 0}});
  EXPECT_EQ(group(a2)["table"]["your_seats"], json::array({0}));
}

TEST_F(StandInPace, WithATurnTimerTheStandInTakesTheTimersLength) {
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi", {{"timer", 30}});
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  disconnect(a);
  clock_.advance(20'000);
  EXPECT_EQ(group(b)["table"]["game"]["moves"].size(), 0u) << "nothing within the timer";
  clock_.advance(10'500);
  EXPECT_EQ(group(b)["table"]["game"]["moves"].size(), 1u);
  EXPECT_EQ(group(b)["table"]["game"]["stand_ins"][0]["reason"], "away");
}

TEST_F(StandInPace, APlayerWhoLeftIsPlayedForAtThePaceToo) {
  ConnId a = person("Aiko");
  ConnId b = person("Bashir");
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  send(a, {{"type", "leave_group"}, {"group", id}});
  clock_.advance(9'000);
  EXPECT_EQ(group(b)["table"]["game"]["moves"].size(), 0u);
  clock_.advance(1'500);
  EXPECT_EQ(group(b)["table"]["game"]["moves"].size(), 1u);
}

}  // namespace
}  // namespace kaisho::server::testing

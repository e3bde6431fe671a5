// The hall next to its main paths: a read that fails, a write whose outcome is lost, a group
// that leaves memory while its write is in flight, a database that stalls while the hall goes
// on. Each case is what a database blip, a failover or a slow query does in production.
#include "hall_fixture.hpp"

namespace kaisho::server::testing {
namespace {

class HallEdges : public HallTest {
 public:
  int count(ConnId c, const std::string& type, const std::string& code = "") {
    int n = 0;
    for (const auto& m : out_.sent[c])
      n += m["type"] == type && (code.empty() || m["code"] == code);
    return n;
  }
  json moves(ConnId c) { return group(c)["table"]["game"]["moves"]; }
  // A's game of Shogi against the CPU, started; A (sente) to move.
  std::string cpu_game(ConnId a) {
    const std::string id = create(a, "shogi");
    send(a, {{"type", "start"}, {"group", id}});
    return id;
  }
  void move(ConnId c, const std::string& id, const std::string& m, const std::string& rid = "") {
    json msg = {{"type", "move"}, {"group", id}, {"move", m}, {"version", group(c)["version"]}};
    if (!rid.empty()) msg["rid"] = rid;
    send(c, msg);
  }
};

TEST_F(HallEdges, AReturningPersonWhoseReadFailsIsToldToTryAgainAndKeepsTheirIdentity) {
  std::string token;
  const ConnId first = person("Aiko", &token);
  const std::string me = last(first, "welcome")["person"]["id"];
  // A new server (nobody cached) whose database fails the first read: as after a restart of
  // PostgreSQL, whose connections each notice the loss on their next query.
  restart();
  faults_->fail_person_reads = 1;
  const ConnId c = connect();
  send(c, {{"type", "hello"}, {"token", token}, {"rid", "h1"}});
  EXPECT_EQ(count(c, "welcome"), 0) << "no new person, no new token";
  EXPECT_EQ(last(c, "error")["code"], "store");
  EXPECT_EQ(last(c, "error")["rid"], "h1");
  EXPECT_TRUE(out_.closed.contains(c)) << "the page reconnects and greets again";
  // Trying again: the same person, and the device keeps its token.
  const ConnId again = connect();
  send(again, {{"type", "hello"}, {"token", token}});
  const json& welcome = last(again, "welcome");
  EXPECT_EQ(welcome["person"]["id"], me);
  EXPECT_EQ(welcome["token"], token);
}

TEST_F(HallEdges, WhatAPageSendsWhileItsHelloIsReadWaitsForTheAnswer) {
  std::string token;
  const ConnId first = person("Aiko", &token);
  const std::string id = create(first, "shogi");
  restart();
  reads_->hold = true;  // the database is slow to say who this is
  const ConnId c = connect();
  hall_->received(c, json{{"type", "hello"}, {"token", token}}.dump());
  hall_->received(c, json{{"type", "sync"}, {"group", id}, {"version", 0}}.dump());
  clock_.run();
  EXPECT_TRUE(out_.sent[c].empty()) << "nothing answered before hello is";
  reads_->release();
  clock_.run();
  EXPECT_EQ(count(c, "welcome"), 1);
  EXPECT_EQ(count(c, "error", "not_hello"), 0);
  EXPECT_EQ(group(c)["id"], id) << "the sync sent after hello is answered after it";
}

TEST_F(HallEdges, AMoveStoredWhoseReplyWasLostCountsAsMadeAndTheTableGoesOn) {
  const ConnId a = person("Aiko");
  const std::string id = cpu_game(a);
  // The commit succeeds but its reply is lost (the connection dropped after COMMIT).
  faults_->lose_move_replies = 1;
  move(a, id, "7g7f", "m1");
  EXPECT_EQ(count(a, "error"), 0) << last(a, "error").dump();
  const json made = moves(a);
  ASSERT_EQ(made.size(), 2u) << "A's move, and the CPU's reply after it";
  EXPECT_EQ(made[0], "7g7f");
  // The game goes on at the next ply.
  move(a, id, "2g2f");
  EXPECT_EQ(moves(a).size(), 4u);
  EXPECT_EQ(store_->unfinished_games()[0].moves.size(), 4u);
}

TEST_F(HallEdges, ACpuMoveStoredWhoseReplyWasLostCountsAsMade) {
  const ConnId a = person("Aiko");
  const std::string id = cpu_game(a);
  cpu_.hold = true;
  move(a, id, "7g7f");
  faults_->lose_move_replies = 1;
  for (auto& answer : cpu_.held) answer();
  cpu_.held.clear();
  cpu_.hold = false;
  clock_.run();
  EXPECT_EQ(moves(a).size(), 2u) << "the CPU's move, stored, is on the table";
  clock_.advance(5000);
  EXPECT_EQ(moves(a).size(), 2u) << "and it is not asked for again";
  move(a, id, "2g2f");
  EXPECT_EQ(moves(a).size(), 4u);
}

TEST_F(HallEdges, AMoveWhoseOutcomeCannotBeReadYetIsAskedAboutUntilTheStoreAnswers) {
  const ConnId a = person("Aiko");
  const std::string id = cpu_game(a);
  // The reply is lost, and the store does not answer the question either at first (as when
  // PostgreSQL restarts: each connection notices it lost its session on its next query).
  faults_->lose_move_replies = 1;
  faults_->fail_move_reads = 2;
  move(a, id, "7g7f", "m1");
  EXPECT_EQ(moves(a).size(), 0u) << "not shown before the store says";
  EXPECT_EQ(count(a, "error"), 0) << "nor refused: it may have been made";
  clock_.advance(1000);
  EXPECT_EQ(count(a, "error"), 0) << last(a, "error").dump();
  ASSERT_EQ(moves(a).size(), 2u) << "made, then the CPU's reply";
  EXPECT_EQ(moves(a)[0], "7g7f");
  EXPECT_EQ(hall_->group_count(), 1u) << "settled without loading the group again";
}

TEST_F(HallEdges, AMoveNotStoredIsRefusedAndCanBeMadeAgain) {
  const ConnId a = person("Aiko");
  const std::string id = cpu_game(a);
  faults_->fail_appends = 1;  // failed for real: nothing stored
  move(a, id, "7g7f", "m1");
  EXPECT_EQ(last(a, "error")["code"], "store");
  EXPECT_EQ(last(a, "error")["rid"], "m1");
  EXPECT_EQ(moves(a).size(), 0u);
  move(a, id, "7g7f");
  EXPECT_EQ(moves(a).size(), 2u) << "the page's retry is taken";
}

TEST_F(HallEdges, ATableBehindItsStoreIsLoadedAgainFromWhatTheStoreHolds) {
  const ConnId a = person("Aiko");
  const std::string id = cpu_game(a);
  const int64_t game = store_->unfinished_games()[0].id;
  // The store holds a move at ply 0 that the table in memory never saw (a write whose outcome
  // this hall took for a failure, stored all the same).
  ASSERT_TRUE(store_->append_move(game, 0, "2g2f").ok());
  move(a, id, "7g7f", "m1");
  EXPECT_EQ(last(a, "error")["code"], "store") << "A's move was not made; the page tries again";
  // The table is what the store holds now, and it moves on from there.
  const json made = moves(a);
  ASSERT_GE(made.size(), 1u);
  EXPECT_EQ(made[0], "2g2f");
  EXPECT_EQ(made.size(), 2u) << "the CPU replied to the stored move";
  move(a, id, "7g7f");
  EXPECT_EQ(moves(a).size(), 4u) << "the table is not stuck";
}

TEST_F(HallEdges, AGroupWhoseGameCannotBeReadIsNotOpenedWithoutItsMoves) {
  std::string token;
  ConnId a = person("Aiko", &token);
  const std::string id = cpu_game(a);
  move(a, id, "7g7f");
  move(a, id, "2g2f");
  ASSERT_EQ(moves(a).size(), 4u);
  restart();
  a = person("Aiko", nullptr, token);
  faults_->fail_game_reads = 1;  // the moves table is slow: the read times out
  send(a, {{"type", "join_group"}, {"group", id}, {"rid", "j1"}});
  EXPECT_EQ(last(a, "error")["code"], "store");
  EXPECT_EQ(last(a, "error")["rid"], "j1");
  EXPECT_EQ(count(a, "group"), 0) << "no table without its moves";
  EXPECT_EQ(hall_->group_count(), 0u);
  // The page tries again: the whole game.
  send(a, {{"type", "join_group"}, {"group", id}});
  EXPECT_EQ(moves(a).size(), 4u);
  move(a, id, "6g6f");
  EXPECT_EQ(moves(a).size(), 6u);
}

TEST_F(HallEdges, AWriteOfAGroupThatLeftMemoryDoesNotReachItsNextIncarnation) {
  const ConnId a = person("Aiko");
  const std::string id = cpu_game(a);
  writes_->hold = true;  // A's move is being written...
  move(a, id, "7g7f");
  ASSERT_EQ(writes_->held(), 1u);
  // ...when the group leaves this hall (its lease lapsed and was taken), and A opens it again
  // here: a new incarnation, under a new claim.
  hall_->leases_renewed({}, clock_.now + 1);
  clock_.run();
  ASSERT_EQ(count(a, "error", "moved"), 1);
  ASSERT_EQ(hall_->group_count(), 0u);
  send(a, {{"type", "join_group"}, {"group", id}});
  ASSERT_EQ(hall_->group_count(), 1u);
  // The old write's outcome (fenced: its lease moved on) belongs to the incarnation that left.
  writes_->release();
  clock_.run();
  EXPECT_EQ(count(a, "error", "moved"), 1) << "the new incarnation is not dropped";
  EXPECT_EQ(hall_->group_count(), 1u);
  move(a, id, "7g7f");
  EXPECT_EQ(moves(a).size(), 2u) << "and it plays on";
}

TEST_F(HallEdges, AStalledDatabaseHoldsUpNoOtherTable) {
  const ConnId a = person("Aiko");
  const std::string playing = cpu_game(a);
  std::string token;
  ConnId b = person("Botan", &token);
  const std::string other = create(b, "shogi");
  send(b, {{"type", "start"}, {"group", other}});
  send(b, {{"type", "resign"}, {"group", other}});
  const int64_t game_id = group(b)["table"]["game"]["id"];
  // Botan goes away; his table and he leave memory, so what he asks next is read.
  disconnect(b);
  clock_.advance(11 * 60'000);
  ASSERT_EQ(hall_->group_count(), 1u);
  // Every read now waits for the database: Botan comes back, lists his games, opens a record
  // and his table; a newcomer makes a table (its claim).
  reads_->hold = true;
  b = connect();
  send(b, {{"type", "hello"}, {"token", token}});
  send(b, {{"type", "history"}});
  send(b, {{"type", "record"}, {"game_id", game_id}});
  send(b, {{"type", "join_group"}, {"group", other}});
  const ConnId c = person("Chie");  // a first visit needs no read
  send(c, {{"type", "create_group"}, {"game", "shogi"}});
  EXPECT_TRUE(out_.sent[b].empty()) << "Botan waits for the database";
  EXPECT_EQ(count(c, "group"), 0);
  // Meanwhile Aiko's table goes on: the hall is not waiting.
  move(a, playing, "7g7f");
  EXPECT_EQ(moves(a).size(), 2u);
  // The database answers (each read in turn, and what they queue).
  while (reads_->held()) {
    reads_->release();
    clock_.run();
  }
  EXPECT_EQ(count(b, "welcome"), 1);
  EXPECT_EQ(count(b, "history"), 1);
  EXPECT_EQ(count(b, "record"), 1);
  EXPECT_EQ(group(b)["id"], other);
  EXPECT_EQ(count(c, "group"), 1);
}

TEST_F(HallEdges, ARefusedMessageIsAnsweredWithItsRequestId) {
  const ConnId a = person("Aiko");
  for (int i = 0; i < 60; ++i)
    hall_->received(a, json{{"type", "ping"}, {"rid", "p" + std::to_string(i)}}.dump());
  clock_.run();
  const json& refused = last(a, "error");
  EXPECT_EQ(refused["code"], "rate_limited");
  EXPECT_EQ(refused["rid"], "p59") << "the page waiting for it is answered";
}

class HallEdgesSmallQueue : public HallEdges {
 public:
  void SetUp() override {
    config_.max_queued_per_group = 3;
    HallEdges::SetUp();
  }
};

TEST_F(HallEdgesSmallQueue, RequestsWaitingForAGroupsWriteAreBounded) {
  const ConnId a = person("Aiko");
  const std::string id = cpu_game(a);
  writes_->hold = true;  // the database is slow: A's move is being written
  move(a, id, "7g7f");
  for (int i = 0; i < 4; ++i)
    send(a, {{"type", "sync"}, {"group", id}, {"version", 0}, {"rid", "s" + std::to_string(i)}});
  EXPECT_EQ(last(a, "error")["code"], "busy");
  EXPECT_EQ(last(a, "error")["rid"], "s3");
  const int groups_before = count(a, "group");
  writes_->release();
  clock_.run();
  EXPECT_GE(count(a, "group") - groups_before, 3) << "the three that waited are answered";
}

class HallEdgesHistory : public HallEdges {
 public:
  void SetUp() override {
    config_.histories_per_person_per_hour = 1;
    config_.histories_per_person_burst = 2;
    HallEdges::SetUp();
  }
};

TEST_F(HallEdgesHistory, APersonListsTheirGamesSoManyTimesAnHour) {
  const ConnId a = person("Aiko");
  send(a, {{"type", "history"}});
  send(a, {{"type", "history"}});
  EXPECT_EQ(count(a, "history"), 2);
  send(a, {{"type", "history"}, {"rid", "h3"}});
  EXPECT_EQ(count(a, "history"), 2);
  EXPECT_EQ(last(a, "error")["code"], "rate_limited");
  EXPECT_EQ(last(a, "error")["params"]["reason"], "history");
}

}  // namespace
}  // namespace kaisho::server::testing

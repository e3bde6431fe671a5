// Ratings measure a person's own play (docs/server.md): who left the group during a game, was
// away when it ended, or had more than a third of their moves made by the CPU gains nothing
// from it, while a game that lowers their rating still counts; their opponents are rated as
// usual.
#include "hall_fixture.hpp"
#include "server/identity/tokens.hpp"

namespace kaisho::server::testing {
namespace {

class OwnPlayRatings : public HallTest {
 public:
  // A and B at a Shogi table (A sente, B gote), the game started.
  std::string table(ConnId a, ConnId b) {
    const std::string id = create(a, "shogi");
    send(b, {{"type", "join_group"}, {"group", id}});
    send(a, {{"type", "start"}, {"group", id}});
    return id;
  }
  // Plays the first legal move for `c` (whose turn it must be).
  void move(ConnId c, const std::string& id) {
    const json g = group(c);
    ASSERT_TRUE(has(g["table"]["your_seats"], g["table"]["game"]["to_move"].get<int>()))
        << "not this connection's turn";
    const size_t before = g["table"]["game"]["moves"].size();
    send(c, {{"type", "move"},
             {"group", id},
             {"move", g["table"]["game"]["legal_moves"][0]},
             {"version", g["version"]}});
    ASSERT_EQ(group(c)["table"]["game"]["moves"].size(), before + 1) << last(c, "error").dump();
  }
  // The result's rating change of `seat`.
  json change(ConnId c, int seat) {
    const json g = group(c);
    for (const auto& ch : g["table"]["game"]["result"]["rating_changes"])
      if (ch["seat"] == seat) return ch;
    ADD_FAILURE() << "no rating change for seat " << seat;
    return {};
  }
  // A person's stored ratings (by the id the welcome gave).
  std::vector<RatingRow> stored_ratings(const std::string& person_id) {
    return store_->ratings_of(person_id).value();
  }
  std::string id_of(ConnId c) { return last(c, "welcome")["person"]["id"]; }
};

TEST_F(OwnPlayRatings, APlayerWhoLeftDuringTheGameGainsNothingWhenTheOpponentResigns) {
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string id = table(a, b);
  move(a, id);
  move(b, id);
  // A leaves the group: the CPU plays A's seat at once, and the others see "left".
  send(a, {{"type", "leave_group"}, {"group", id}});
  json g = group(b);
  EXPECT_TRUE(g["table"]["seats"][0]["left"]);
  EXPECT_EQ(g["table"]["game"]["moves"].size(), 3u) << "the CPU moved for A";
  // B resigns: A's seat wins, but A gains nothing; B loses rating as usual.
  send(b, {{"type", "resign"}, {"group", id}});
  const json mine = change(b, 0);
  EXPECT_EQ(mine["rule"], "left");
  EXPECT_FALSE(mine["counted"]);
  EXPECT_EQ(mine["before"], mine["after"]);
  EXPECT_TRUE(stored_ratings(id_of(a)).empty()) << "the game was not counted for A";
  const json theirs = change(b, 1);
  EXPECT_EQ(theirs["rule"], "");
  EXPECT_TRUE(theirs["counted"]);
  EXPECT_LT(theirs["after"].get<double>(), theirs["before"].get<double>());
  ASSERT_EQ(stored_ratings(id_of(b)).size(), 1u);
  EXPECT_EQ(stored_ratings(id_of(b))[0].games, 1);
}

TEST_F(OwnPlayRatings, APlayerWhoLeftStillLosesRatingWhenTheGameIsLost) {
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string id = table(a, b);
  move(a, id);
  move(b, id);
  send(a, {{"type", "leave_group"}, {"group", id}});
  // A comes back by the link and resigns: having left, A still takes the loss.
  send(a, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "resign"}, {"group", id}});
  const json mine = change(a, 0);
  EXPECT_EQ(mine["rule"], "left");
  EXPECT_TRUE(mine["counted"]);
  EXPECT_LT(mine["after"].get<double>(), mine["before"].get<double>());
  ASSERT_EQ(stored_ratings(id_of(a)).size(), 1u);
  EXPECT_LT(stored_ratings(id_of(a))[0].value.rating, 1500);
}

TEST_F(OwnPlayRatings, APlayerWhoClosedThePageGainsNothingFromTheCpuFinishingTheGame) {
  std::string token;
  ConnId a = person("A", &token);
  ConnId b = person("B");
  const std::string id = table(a, b);
  move(a, id);
  move(b, id);
  // A closes the page: after the grace the CPU moves for A.
  disconnect(a);
  clock_.advance(3500);
  EXPECT_EQ(group(b)["table"]["game"]["moves"].size(), 3u);
  EXPECT_TRUE(group(b)["table"]["seats"][0]["away"]);
  EXPECT_FALSE(group(b)["table"]["seats"][0]["left"]) << "away, not left";
  send(b, {{"type", "resign"}, {"group", id}});
  const json mine = change(b, 0);
  EXPECT_EQ(mine["rule"], "away");
  EXPECT_FALSE(mine["counted"]);
  EXPECT_EQ(mine["before"], mine["after"]);
  EXPECT_TRUE(stored_ratings(id_of(a)).empty());
}

TEST_F(OwnPlayRatings, MoreThanAThirdOfAPlayersMovesMadeByTheCpuMakesAWinCountNothing) {
  std::string token;
  ConnId a = person("A", &token);
  ConnId b = person("B");
  const std::string id = table(a, b);
  // A: one move of their own, one by the CPU while A's page was closed, then back.
  move(a, id);
  move(b, id);
  disconnect(a);
  clock_.advance(3500);
  a = person("A", nullptr, token);
  send(a, {{"type", "sync"}, {"group", id}, {"version", 0}});
  move(b, id);
  move(a, id);
  // A made 2 of their 3 moves: the CPU made a third, not more. B resigns: counted.
  EXPECT_EQ(group(a)["table"]["game"]["stand_ins"].size(), 1u);
  send(b, {{"type", "resign"}, {"group", id}});
  json mine = change(a, 0);
  EXPECT_EQ(mine["rule"], "");
  EXPECT_TRUE(mine["counted"]);
  EXPECT_GT(mine["after"].get<double>(), mine["before"].get<double>());
  // The next game (A is gote now): one move of A's own and one by the CPU, then B resigns.
  send(a, {{"type", "start"}, {"group", id}});
  move(b, id);
  move(a, id);
  move(b, id);
  disconnect(a);
  clock_.advance(3500);
  a = person("A", nullptr, token);
  send(a, {{"type", "sync"}, {"group", id}, {"version", 0}});
  EXPECT_EQ(group(a)["table"]["game"]["stand_ins"].size(), 1u);
  send(b, {{"type", "resign"}, {"group", id}});
  mine = change(a, 1);
  EXPECT_EQ(mine["rule"], "cpu_moves");
  EXPECT_FALSE(mine["counted"]);
  EXPECT_EQ(mine["before"], mine["after"]);
  ASSERT_EQ(stored_ratings(id_of(a)).size(), 1u);
  EXPECT_EQ(stored_ratings(id_of(a))[0].games, 1) << "only the first game counted";
}

TEST_F(OwnPlayRatings, APlayerPresentForTheWholeGameIsRatedAsUsual) {
  ConnId a = person("A");
  ConnId b = person("B");
  const std::string id = table(a, b);
  move(a, id);
  move(b, id);
  send(b, {{"type", "resign"}, {"group", id}});
  for (int seat : {0, 1}) {
    const json c = change(a, seat);
    EXPECT_EQ(c["rule"], "");
    EXPECT_TRUE(c["counted"]);
    EXPECT_NE(c["before"], c["after"]);
  }
}

}  // namespace
}  // namespace kaisho::server::testing

// The Store contract (src/server/store/store.hpp), the same cases on every store: SQLite here,
// and PostgreSQL too when KAISHO_TEST_POSTGRES names a database (cluster/postgres_suite.sh).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "server/store/store.hpp"

namespace kaisho::server {
namespace {

class StoreContract : public ::testing::Test {
 public:
  static const char* postgres() { return std::getenv("KAISHO_TEST_POSTGRES"); }
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("kaisho-store-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    std::filesystem::remove(path_);
    if (postgres()) {
      ASSERT_TRUE(empty_postgres_store_for_tests(postgres()).ok());
    }
    store_ = open();
    ASSERT_TRUE(store_);
  }
  void TearDown() override {
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path_.string() + suffix);
  }
  // Another connection to the same database (another server, on PostgreSQL).
  std::unique_ptr<Store> open() {
    auto s = postgres() ? open_postgres_store(postgres()) : open_sqlite_store(path_.string());
    EXPECT_TRUE(s.ok()) << s.error().message;
    return s ? std::move(s.value()) : nullptr;
  }
  int64_t begin(const std::string& group, std::vector<std::string> players,
                int64_t started = 1000) {
    GameRow row;
    row.group_id = group;
    row.game = "shogi";
    row.data_json = R"({"players":[{},{}]})";
    row.start_text = "startpos";
    row.player_ids = std::move(players);
    row.started_ms = started;
    auto id = store_->begin_game(row);
    EXPECT_TRUE(id.ok()) << id.error().message;
    return id ? id.value() : 0;
  }
  // Ends a game with the persons' ratings raised by `delta` each, and result `result`.
  Result<std::string> end(int64_t id, const std::vector<std::string>& persons, double delta,
                          const std::string& result = R"({"kind":"draw"})",
                          std::vector<RatingRow>* seen = nullptr) {
    return store_->end_game(id, "shogi", persons, [&](const std::vector<RatingRow>& current) {
      if (seen) *seen = current;
      GameEnd e;
      for (auto r : current) {
        r.value.rating += delta;
        ++r.games;
        e.ratings.push_back(r);
      }
      e.result_json = result;
      e.ended_ms = 2000;
      return e;
    });
  }

  std::filesystem::path path_;
  std::unique_ptr<Store> store_;
};

TEST_F(StoreContract, APersonIsFoundByIdAndByTokenAndKeepsANewName) {
  ASSERT_TRUE(store_->put_person({"p1", "hash1", "Aiko"}).ok());
  ASSERT_TRUE(store_->put_person({"p1", "hash1", "Aiko Tanaka"}).ok());
  auto by_id = store_->person("p1");
  ASSERT_TRUE(by_id.ok());
  EXPECT_EQ(by_id->name, "Aiko Tanaka");
  EXPECT_EQ(by_id->token_hash, "hash1");
  auto by_token = store_->person_by_token("hash1");
  ASSERT_TRUE(by_token.ok());
  EXPECT_EQ(by_token->id, "p1");
}

TEST_F(StoreContract, AnUnknownPersonOrGroupOrGameIsAnErrorWithItsCode) {
  EXPECT_EQ(store_->person("nobody").error().code, "no_such_person");
  EXPECT_EQ(store_->person_by_token("nohash").error().code, "no_such_person");
  EXPECT_EQ(store_->group("nogroup").error().code, "no_such_group");
  EXPECT_EQ(store_->game(424242).error().code, "no_such_game");
  EXPECT_EQ(end(424242, {}, 0).error().code, "no_such_game");
}

TEST_F(StoreContract, AGroupIsStoredAndReplacedWhole) {
  ASSERT_TRUE(store_->put_group({"g1", R"({"v":1})"}).ok());
  ASSERT_TRUE(store_->put_group({"g1", R"({"v":2})"}).ok());
  auto g = store_->group("g1");
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->id, "g1");
  EXPECT_EQ(g->data_json, R"({"v":2})");
}

TEST_F(StoreContract, AGameKeepsItsMovesInOrderAndItsPeopleBySeat) {
  const int64_t id = begin("g1", {"", "p2"});
  for (int ply = 0; ply < 3; ++ply)
    ASSERT_TRUE(store_->append_move(id, ply, "m" + std::to_string(ply)).ok());
  auto game = store_->game(id);
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(game->group_id, "g1");
  EXPECT_EQ(game->game, "shogi");
  EXPECT_EQ(game->start_text, "startpos");
  EXPECT_EQ(game->moves, (std::vector<std::string>{"m0", "m1", "m2"}));
  EXPECT_EQ(game->player_ids, (std::vector<std::string>{"", "p2"}));
  EXPECT_EQ(game->result_json, "");
  EXPECT_EQ(game->started_ms, 1000);
}

TEST_F(StoreContract, AGameGivenItsMovesAndResultIsStoredWholeAndAPracticeGameOnlyOnce) {
  GameRow row;
  row.group_id = "practice:p1:device-0001";
  row.game = "shogi";
  row.data_json = R"({"players":[{},{}],"practice":true})";
  row.start_text = "startpos";
  row.player_ids = {"p1", ""};
  row.moves = {"7g7f", "3c3d"};
  row.result_json = R"({"kind":"win","winner":1})";
  row.started_ms = 1000;
  row.ended_ms = 5000;
  auto id = store_->begin_game(row);
  ASSERT_TRUE(id.ok()) << id.error().message;
  auto game = store_->game(id.value());
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(game->moves, (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(game->result_json, row.result_json);
  EXPECT_EQ(game->ended_ms, 5000);
  auto finished = store_->history_of("p1", 10);
  ASSERT_TRUE(finished.ok());
  ASSERT_EQ(finished->size(), 1u);
  EXPECT_EQ(finished->at(0).id, id.value());
  EXPECT_TRUE(store_->unfinished_games().empty());
  // The same practice game again: refused, nothing written.
  auto again = store_->begin_game(row);
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.error().code, "refused");
  EXPECT_EQ(store_->history_of("p1", 10)->size(), 1u);
  // Games of a group are not practice games: many share one group.
  EXPECT_NE(begin("g1", {"p1", ""}), begin("g1", {"p1", ""}));
}

TEST_F(StoreContract, AMoveIsStoredOnceAtItsPly) {
  const int64_t id = begin("g1", {"p1", ""});
  ASSERT_TRUE(store_->append_move(id, 0, "7g7f").ok());
  EXPECT_FALSE(store_->append_move(id, 0, "2g2f").ok()) << "a second move at ply 0";
  EXPECT_EQ(store_->game(id)->moves, std::vector<std::string>{"7g7f"});
}

TEST_F(StoreContract, AGameEndsAndIsRatedOnceEvenIfEndedTwice) {
  const int64_t id = begin("g1", {"p1", "p2"});
  std::vector<RatingRow> seen;
  auto first = end(id, {"p2", "p1"}, 10, R"({"kind":"draw"})", &seen);
  ASSERT_TRUE(first.ok()) << first.error().message;
  EXPECT_EQ(first.value(), R"({"kind":"draw"})");
  // People never rated come with the default rating and no games, in the order given.
  ASSERT_EQ(seen.size(), 2u);
  EXPECT_EQ(seen[0].person, "p2");
  EXPECT_EQ(seen[1].person, "p1");
  EXPECT_DOUBLE_EQ(seen[0].value.rating, rating::Rating{}.rating);
  EXPECT_EQ(seen[0].games, 0);
  // Ending it again returns what was stored and rates nobody again.
  auto again = end(id, {"p1", "p2"}, 99, R"({"kind":"win"})");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.value(), R"({"kind":"draw"})");
  auto ratings = store_->ratings_of("p1");
  ASSERT_TRUE(ratings.ok());
  ASSERT_EQ(ratings->size(), 1u);
  EXPECT_DOUBLE_EQ((*ratings)[0].value.rating, rating::Rating{}.rating + 10);
  EXPECT_EQ((*ratings)[0].games, 1);
  EXPECT_EQ(store_->game(id)->result_json, R"({"kind":"draw"})");
  EXPECT_EQ(store_->game(id)->ended_ms, 2000);
}

TEST_F(StoreContract, APersonNeverRatedHasNoRatingsAndOnlyThoseChangedAreWritten) {
  auto none = store_->ratings_of("p1");
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
  const int64_t id = begin("g1", {"p1", "p2"});
  // The ending writes p2's rating only (p1's game did not count).
  auto ended = store_->end_game(id, "shogi", {"p1", "p2"}, [](const auto& current) {
    GameEnd e;
    RatingRow r = current[1];
    r.value.rating = 1600;
    r.games = 1;
    e.ratings.push_back(r);
    e.result_json = R"({"kind":"win"})";
    return e;
  });
  ASSERT_TRUE(ended.ok());
  EXPECT_TRUE(store_->ratings_of("p1")->empty());
  ASSERT_EQ(store_->ratings_of("p2")->size(), 1u);
  EXPECT_DOUBLE_EQ(store_->ratings_of("p2")->front().value.rating, 1600);
}

TEST_F(StoreContract, AHistoryListsFinishedGamesNewestFirstAsManyAsAskedWithoutMoves) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(begin("g1", {"p1", ""}, 1000 + i));
  const int64_t other = begin("g2", {"p9", ""});
  for (size_t i = 0; i < 3; ++i) ASSERT_TRUE(end(ids[i], {"p1"}, 1).ok());
  ASSERT_TRUE(end(other, {"p9"}, 1).ok());
  ASSERT_TRUE(store_->append_move(ids[2], 0, "7g7f").ok());
  const auto finished = store_->history_of("p1", 2);
  ASSERT_TRUE(finished.ok());
  ASSERT_EQ(finished->size(), 2u);
  EXPECT_EQ(finished->at(0).id, ids[2]);
  EXPECT_EQ(finished->at(1).id, ids[1]);
  EXPECT_TRUE(finished->at(0).moves.empty()) << "a list of games, not their records";
  EXPECT_EQ(finished->at(0).player_ids, (std::vector<std::string>{"p1"}));
  EXPECT_EQ(store_->history_of("p1", 100)->size(), 3u) << "the unfinished one is not";
  const auto unfinished = store_->unfinished_games();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].id, ids[3]);
}

TEST_F(StoreContract, AClaimedGroupNamesItsServerAndAReleasedOneHasNoOwner) {
  EXPECT_EQ(store_->group_owner("g1"), "") << "never claimed";
  auto claimed = store_->claim_group("g1", "server-a", 60'000);
  ASSERT_TRUE(claimed.ok());
  EXPECT_TRUE(claimed->ours);
  EXPECT_EQ(store_->group_owner("g1"), "server-a");
  store_->release_group("g1", "server-a");
  EXPECT_EQ(store_->group_owner("g1"), "");
  // Releasing what is not held changes nothing; claiming again works.
  store_->release_group("g1", "server-a");
  EXPECT_TRUE(store_->claim_group("g1", "server-a", 60'000)->ours);
  store_->release_group("g1", "server-b");  // not server-b's
  EXPECT_EQ(store_->group_owner("g1"), "server-a");
  store_->release_group("g1", "server-a");
  EXPECT_EQ(store_->group_owner("g1"), "");
}

TEST_F(StoreContract, EveryClaimRaisesTheGroupsEpoch) {
  const int64_t first = store_->claim_group("g1", "server-a", 60'000)->epoch;
  const int64_t again = store_->claim_group("g1", "server-a", 60'000)->epoch;
  store_->release_group("g1", "server-a");
  const int64_t later = store_->claim_group("g1", "server-a", 60'000)->epoch;
  EXPECT_LT(first, again);
  EXPECT_LT(again, later);
}

TEST_F(StoreContract, ABatchIsOneTransactionWithAnOutcomeForEachWrite) {
  GameRow row;
  row.group_id = "g1";
  row.game = "shogi";
  row.data_json = "{}";
  row.start_text = "startpos";
  row.player_ids = {"p1", ""};
  auto first = store_->write({Write{row, {}}, Write{PersonRow{"p1", "h1", "Aiko"}, {}}});
  ASSERT_EQ(first.size(), 2u);
  ASSERT_TRUE(first[0].ok()) << first[0].error().message;
  const int64_t game = first[0].value();
  EXPECT_GT(game, 0) << "a new game's id";
  ASSERT_TRUE(first[1].ok());
  // A move already stored at its ply is refused alone; the rest of the batch is made.
  auto moves = store_->write(
      {Write{MoveWrite{game, 0, "7g7f", ""}, {}}, Write{MoveWrite{game, 1, "3c3d", "timeout"}, {}},
       Write{MoveWrite{game, 0, "2g2f", ""}, {}}, Write{GroupRow{"g1", R"({"v":1})"}, {}}});
  ASSERT_EQ(moves.size(), 4u);
  EXPECT_TRUE(moves[0].ok());
  EXPECT_TRUE(moves[1].ok());
  EXPECT_FALSE(moves[2].ok()) << "ply 0 twice";
  EXPECT_TRUE(moves[3].ok());
  auto stored = store_->game(game);
  ASSERT_TRUE(stored.ok());
  EXPECT_EQ(stored->moves, (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(stored->stand_ins, (std::vector<std::string>{"", "timeout"}));
  EXPECT_EQ(store_->group("g1")->data_json, R"({"v":1})");
}

TEST_F(StoreContract, AMoveOfAGameNotStoredIsRefusedAloneAndTheBatchsOtherMovesAreMade) {
  const int64_t game = begin("g1", {"p1", ""});
  const int64_t epoch = store_->claim_group("g1", "server-a", 60'000)->epoch;
  auto out = store_->write({Write{MoveWrite{game, 0, "7g7f", ""}, {"g1", epoch}},
                            Write{MoveWrite{game + 1000, 0, "7g7f", ""}, {"g1", epoch}},
                            Write{MoveWrite{game, 1, "3c3d", "away"}, {"g1", epoch}}});
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(out[0].ok());
  ASSERT_FALSE(out[1].ok());
  EXPECT_EQ(out[1].error().code, "refused") << out[1].error().message;
  EXPECT_TRUE(out[2].ok());
  EXPECT_EQ(store_->game(game)->moves, (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(store_->game(game)->stand_ins, (std::vector<std::string>{"", "away"}));
}

TEST_F(StoreContract, MovesOfManyGroupsInOneBatchAreEachFencedByTheirOwnLease) {
  const int64_t one = begin("g1", {"p1", ""});
  const int64_t two = begin("g2", {"p2", ""});
  const int64_t epoch_one = store_->claim_group("g1", "server-a", 60'000)->epoch;
  const int64_t old_two = store_->claim_group("g2", "server-a", 60'000)->epoch;
  const int64_t new_two = store_->claim_group("g2", "server-a", 60'000)->epoch;
  auto out = store_->write({Write{MoveWrite{one, 0, "7g7f", ""}, {"g1", epoch_one}},
                            Write{MoveWrite{two, 0, "2g2f", ""}, {"g2", old_two}},
                            Write{MoveWrite{one, 1, "3c3d", ""}, {"g1", epoch_one}},
                            Write{MoveWrite{two, 0, "5g5f", ""}, {"g2", new_two}},
                            Write{MoveWrite{one, 1, "8c8d", ""}, {"g1", epoch_one}}});
  ASSERT_EQ(out.size(), 5u);
  EXPECT_TRUE(out[0].ok());
  EXPECT_EQ(out[1].error().code, "fenced");
  EXPECT_TRUE(out[2].ok());
  EXPECT_TRUE(out[3].ok());
  EXPECT_EQ(out[4].error().code, "refused") << "ply 1 twice in one batch";
  EXPECT_EQ(store_->game(one)->moves, (std::vector<std::string>{"7g7f", "3c3d"}));
  EXPECT_EQ(store_->game(two)->moves, std::vector<std::string>{"5g5f"});
}

TEST_F(StoreContract, AWriteUnderAnEpochThatHasMovedOnIsFencedAndTheOthersAreMade) {
  const int64_t game = begin("g1", {"p1", ""});
  const int64_t old_epoch = store_->claim_group("g1", "server-a", 60'000)->epoch;
  const int64_t new_epoch = store_->claim_group("g1", "server-a", 60'000)->epoch;
  auto out = store_->write({Write{MoveWrite{game, 0, "7g7f", ""}, {"g1", old_epoch}},
                            Write{GroupRow{"g1", "{}"}, {"g1", old_epoch}},
                            Write{MoveWrite{game, 0, "2g2f", ""}, {"g1", new_epoch}},
                            Write{PersonRow{"p1", "h1", "Aiko"}, {}}});
  ASSERT_EQ(out.size(), 4u);
  ASSERT_FALSE(out[0].ok());
  EXPECT_EQ(out[0].error().code, "fenced");
  EXPECT_EQ(out[1].error().code, "fenced");
  EXPECT_TRUE(out[2].ok());
  EXPECT_TRUE(out[3].ok());
  EXPECT_EQ(store_->game(game)->moves, std::vector<std::string>{"2g2f"});
  EXPECT_EQ(store_->group("g1").error().code, "no_such_group")
      << "the fenced record is not written";
  // A game's end is fenced too.
  auto ended = store_->end_game(
      game, "shogi", {"p1"}, [](const auto&) { return GameEnd{}; }, Fence{"g1", old_epoch});
  ASSERT_FALSE(ended.ok());
  EXPECT_EQ(ended.error().code, "fenced");
  EXPECT_EQ(store_->game(game)->result_json, "");
}

TEST_F(StoreContract, RenewalExtendsTheLeasesAServerHoldsAndNamesThem) {
  ASSERT_TRUE(store_->claim_group("g1", "server-a", 60'000)->ours);
  ASSERT_TRUE(store_->claim_group("g2", "server-a", 60'000)->ours);
  ASSERT_TRUE(store_->claim_group("g3", "server-b", 60'000)->ours);
  store_->release_group("g2", "server-a");
  auto held = store_->renew_leases("server-a", 60'000);
  ASSERT_TRUE(held.ok());
  EXPECT_EQ(held.value(), std::vector<std::string>{"g1"});
}

TEST_F(StoreContract, OnlyOneServerHoldsAGroupUntilItsLeaseLapses) {
  if (!postgres()) GTEST_SKIP() << "an SQLite file serves one server, which holds every group";
  auto other = open();
  ASSERT_TRUE(other);
  const int64_t a = store_->claim_group("g1", "server-a", 60'000)->epoch;
  auto refused = other->claim_group("g1", "server-b", 60'000);
  ASSERT_TRUE(refused.ok());
  EXPECT_FALSE(refused->ours);
  EXPECT_EQ(refused->holder, "server-a");
  // A lease that lapses (here: a short one, and time passing) can be taken; the epoch goes up
  // and the old holder no longer holds it.
  ASSERT_TRUE(store_->claim_group("g2", "server-a", 1)->ours);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto taken = other->claim_group("g2", "server-b", 60'000);
  ASSERT_TRUE(taken.ok());
  EXPECT_TRUE(taken->ours);
  EXPECT_EQ(store_->group_owner("g2"), "server-b");
  auto held = store_->renew_leases("server-a", 60'000);
  ASSERT_TRUE(held.ok());
  EXPECT_EQ(held.value(), std::vector<std::string>{"g1"}) << "g2 is server-b's now";
  (void)a;
}

TEST_F(StoreContract, ALeaseThatLapsedButThatNobodyTookIsRenewed) {
  // A writer late by more than a lease's life (a batch waiting out a lock): its leases lapsed,
  // but nobody claimed them, so they are still its own at their epochs.
  const int64_t epoch = store_->claim_group("g1", "server-a", 1)->epoch;
  ASSERT_TRUE(store_->claim_group("g2", "server-a", 1)->ours);
  store_->release_group("g2", "server-a");
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  auto held = store_->renew_leases("server-a", 60'000);
  ASSERT_TRUE(held.ok()) << held.error().message;
  EXPECT_EQ(held.value(), std::vector<std::string>{"g1"}) << "g2 was let go";
  EXPECT_EQ(store_->group_owner("g1"), "server-a");
  // Renewed at the same epoch: a write fenced by it still holds.
  GameRow row;
  row.group_id = "g1";
  row.game = "shogi";
  row.data_json = "{}";
  row.start_text = "startpos";
  auto written = store_->write({Write{row, Fence{"g1", epoch}}});
  EXPECT_TRUE(written.front().ok());
}

TEST_F(StoreContract, AReleaseOfAnOlderEpochLeavesANewerClaimAlone) {
  const int64_t first = store_->claim_group("g1", "server-a", 60'000)->epoch;
  const int64_t second = store_->claim_group("g1", "server-a", 60'000)->epoch;
  ASSERT_LT(first, second);
  // The release made for the incarnation that left comes after the new claim.
  store_->release_group("g1", "server-a", first);
  EXPECT_EQ(store_->group_owner("g1"), "server-a") << "the newer claim stands";
  store_->release_group("g1", "server-a", second);
  EXPECT_EQ(store_->group_owner("g1"), "");
}

TEST_F(StoreContract, TheMoveStoredAtAPlyIsToldAndNoneWhenThereIsNone) {
  const int64_t game = begin("g1", {"p1", ""});
  ASSERT_TRUE(store_->append_move(game, 0, "7g7f").ok());
  auto at0 = store_->stored_move(game, 0);
  ASSERT_TRUE(at0.ok());
  ASSERT_TRUE(at0->has_value());
  EXPECT_EQ(**at0, "7g7f");
  auto at1 = store_->stored_move(game, 1);
  ASSERT_TRUE(at1.ok());
  EXPECT_FALSE(at1->has_value());
}

TEST_F(StoreContract, AMissingPersonOrGroupIsToldApartFromAFailedRead) {
  EXPECT_EQ(store_->person("nobody").error().code, "no_such_person");
  EXPECT_EQ(store_->group("nothing").error().code, "no_such_group");
  EXPECT_EQ(store_->game(987654).error().code, "no_such_game");
}

}  // namespace
}  // namespace kaisho::server

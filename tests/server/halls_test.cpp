// Several halls of one process at once, as `kaisho serve` runs them: each on an event loop of
// its own, with its own CPU worker, sharing one store, one writer thread, the claims and
// presence (HallShards). Built with ThreadSanitizer, anything two halls touch without a lock
// fails the test; built without it, the test checks that every hall answered in full.
#include <gtest/gtest.h>

#include <condition_variable>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "rules/registry/registry.hpp"
#include "server/cpu/cpu_pool.hpp"
#include "server/hall/hall.hpp"
#include "server/hall/shards.hpp"
#include "server/net/http_server.hpp"
#include "server/store/serialized_store.hpp"

namespace kaisho::server {
namespace {

using nlohmann::json;

// What the halls sent, by connection, from any thread; a test waits for what it expects.
class SharedOutbox final : public Outbox {
 public:
  void send(ConnId c, std::string text) override {
    {
      std::lock_guard lock(mutex_);
      sent_[c].push_back(json::parse(text));
    }
    changed_.notify_all();
  }
  void close(ConnId) override {}
  // Waits (as long as it takes: ctest's timeout is the limit) for a message to `c` that
  // satisfies `pred`, and returns it.
  json wait_for(ConnId c, const std::function<bool(const json&)>& pred) {
    std::unique_lock lock(mutex_);
    json found;
    changed_.wait(lock, [&] {
      for (const auto& m : sent_[c])
        if (pred(m)) {
          found = m;
          return true;
        }
      return false;
    });
    return found;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::map<ConnId, std::vector<json>> sent_;
};

class SeveralHalls : public ::testing::Test {
 public:
  static constexpr int kHalls = 3;

  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("kaisho-halls-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    std::filesystem::remove(path_);
    auto store = open_sqlite_store(path_.string());
    ASSERT_TRUE(store.ok()) << store.error().message;
    sqlite_ = std::move(store.value());
    shared_ = std::make_unique<SerializedStore>(*sqlite_);
    writer_ = std::make_unique<StoreWriter>(*shared_);
    reader_ = std::make_unique<StoreReader>(std::vector<Store*>{shared_.get(), shared_.get()});
    HallConfig config;
    config.cpu_move_ms = 20;
    config.away_grace_ms = 100;
    config.new_persons_per_address_burst = 1000;
    config.names_per_person_burst = 1000;  // the rename test renames one person eight times
    config.limits = make_rate_limits(config);
    for (int k = 0; k < kHalls; ++k) {
      auto& shard = shards_.emplace_back();
      shard.loop = std::make_unique<net::EventLoop>();
      shard.cpu = pool_.client(shard.loop->scheduler());
      HallConfig own = config;
      own.shard = k;
      own.siblings = &halls_;
      shard.hall = std::make_unique<Hall>(shard.loop->scheduler(), *writer_, *reader_, outbox_,
                                          *shard.cpu, own);
      halls_.add(shard.loop->scheduler(), *shard.hall);
      ASSERT_TRUE(shard.hall->restore().ok());
    }
  }
  void TearDown() override {
    for (auto& shard : shards_) shard.loop->stop();
    reader_.reset();
    writer_.reset();
    shards_.clear();  // each hall before its CPU client and its loop
    shared_.reset();
    sqlite_.reset();
    for (const char* suffix : {"", "-wal", "-shm"})
      std::filesystem::remove(path_.string() + suffix);
  }

  // Hands a message to hall k's strand, as the network does.
  void send(int k, ConnId c, const json& m) {
    Hall* hall = shards_[static_cast<size_t>(k)].hall.get();
    shards_[static_cast<size_t>(k)].loop->scheduler().post(
        [hall, c, text = m.dump()] { hall->received(c, text); });
  }
  void connect(int k, ConnId c) {
    Hall* hall = shards_[static_cast<size_t>(k)].hall.get();
    shards_[static_cast<size_t>(k)].loop->scheduler().post(
        [hall, c] { hall->connected(c, "127.0.0.1"); });
  }

  // Destroyed hall first, then its CPU client, then its loop (members in reverse).
  struct Shard {
    std::unique_ptr<net::EventLoop> loop;
    std::unique_ptr<CpuService> cpu;
    std::unique_ptr<Hall> hall;
  };

  std::filesystem::path path_;
  std::unique_ptr<Store> sqlite_;
  std::unique_ptr<SerializedStore> shared_;
  std::unique_ptr<StoreWriter> writer_;
  std::unique_ptr<StoreReader> reader_;
  SharedOutbox outbox_;
  HallShards halls_;
  cpu::CpuPool pool_{cpu::PoolConfig{cpu::ScheduleConfig{.workers = 2, .full_ms = 20}, 0}};
  std::vector<Shard> shards_;  // their CPU clients go before the pool
};

bool is_group(const json& m, const std::string& game) {
  return m["type"] == "group" && m["group"]["game"] == game;
}

TEST_F(SeveralHalls, EveryHallCreatesAndPlaysEveryGameAtOnce) {
  // One person per hall; all of them at once create a table of each game and start it
  // against the CPU, so the halls encode option schemas and boards, claim groups, store
  // moves and ask their CPU workers at the same time.
  std::vector<std::string> games;
  for (const auto* game : rules::all_games()) games.emplace_back(game->id());
  for (int k = 0; k < kHalls; ++k) {
    const ConnId c = static_cast<ConnId>(k + 1);
    connect(k, c);
    send(k, c, {{"type", "hello"}, {"name", "P" + std::to_string(k)}});
  }
  for (const auto& game : games)
    for (int k = 0; k < kHalls; ++k)
      send(k, static_cast<ConnId>(k + 1), {{"type", "create_group"}, {"game", game}});
  for (int k = 0; k < kHalls; ++k) {
    const ConnId c = static_cast<ConnId>(k + 1);
    for (const auto& game : games) {
      const json g = outbox_.wait_for(c, [&](const json& m) { return is_group(m, game); })["group"];
      send(k, c, {{"type", "start"}, {"group", g["id"]}});
    }
  }
  // Every table's game goes on: the person moves whenever it is their turn, the CPU answers,
  // until each table has two moves (or its game ended).
  for (int k = 0; k < kHalls; ++k) {
    const ConnId c = static_cast<ConnId>(k + 1);
    for (const auto& game : games) {
      int64_t seen = 0;
      for (;;) {
        const json g = outbox_.wait_for(c, [&](const json& m) {
          return is_group(m, game) && m["group"]["version"].get<int64_t>() > seen &&
                 m["group"]["table"]["status"] != "idle";
        })["group"];
        seen = g["version"];
        const json& table = g["table"];
        if (table["status"] == "finished" || table["game"]["moves"].size() >= 2) break;
        const int to_move = table["game"]["to_move"];
        for (const auto& mine : table["your_seats"])
          if (mine == to_move)
            send(k, c,
                 {{"type", "move"},
                  {"group", g["id"]},
                  {"move", table["game"]["legal_moves"][0]},
                  {"version", g["version"]}});
      }
    }
  }
}

TEST_F(SeveralHalls, OnePersonOnEveryHallIsPresentEverywhereAndRenamedEverywhere) {
  // A person's first connection (hall 0) makes a table; then the same person connects to the
  // other halls and renames themself on each, all at once.
  connect(0, 1);
  send(0, 1, {{"type", "hello"}, {"name", "Aiko"}});
  const std::string token =
      outbox_.wait_for(1, [](const json& m) { return m["type"] == "welcome"; })["token"];
  send(0, 1, {{"type", "create_group"}, {"game", "shogi"}});
  const std::string id =
      outbox_.wait_for(1, [](const json& m) { return is_group(m, "shogi"); })["group"]["id"];
  // The person greets on every other hall at once, four times over; then renames themself on
  // each in turn, and each name reaches the table on hall 0. (Renames at the same moment on
  // two halls are not ordered between halls: each hall shows what it heard last.)
  for (int round = 0; round < 4; ++round)
    for (int k = 1; k < kHalls; ++k) {
      const ConnId c = static_cast<ConnId>(100 * round + 10 + k);
      connect(k, c);
      send(k, c, {{"type", "hello"}, {"token", token}});
    }
  json g;
  for (int round = 0; round < 4; ++round)
    for (int k = 1; k < kHalls; ++k) {
      const ConnId c = static_cast<ConnId>(100 * round + 10 + k);
      const std::string name = "Aiko " + std::to_string(round) + std::to_string(k);
      send(k, c, {{"type", "set_name"}, {"name", name}});
      g = outbox_.wait_for(1, [&](const json& m) {
        return m["type"] == "group" && m["group"]["id"] == id &&
               m["group"]["members"][0]["name"] == name;
      });
    }
  EXPECT_TRUE(g["group"]["members"][0]["present"]);
}

}  // namespace
}  // namespace kaisho::server

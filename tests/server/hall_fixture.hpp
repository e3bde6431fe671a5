#pragma once
// A hall with fake time, a CPU that answers at once (node-limited, so deterministic), an
// in-memory record of what each connection was sent, and a real SQLite file (or PostgreSQL
// database) behind a FaultyStore, so that a test can make the store fail.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "ai/engine.hpp"
#include "faulty_store.hpp"
#include "server/hall/hall.hpp"

namespace kaisho::server::testing {

using nlohmann::json;

class FakeScheduler final : public Scheduler {
 public:
  int64_t now = 1'000'000;
  int64_t now_ms() override { return now; }
  void post(std::function<void()> fn) override { posted_.push_back(std::move(fn)); }
  TimerId after(int64_t ms, std::function<void()> fn) override {
    timers_[++next_] = {now + ms, std::move(fn)};
    return next_;
  }
  void cancel(TimerId id) override { timers_.erase(id); }
  // Runs everything posted (and what that posts) without moving time.
  void run() {
    for (int guard = 0; !posted_.empty() && guard < 100000; ++guard) {
      auto fn = std::move(posted_.front());
      posted_.pop_front();
      fn();
    }
  }
  // Moves time forward, firing due timers in order.
  void advance(int64_t ms) {
    const int64_t end = now + ms;
    run();
    for (;;) {
      auto due = timers_.end();
      for (auto it = timers_.begin(); it != timers_.end(); ++it)
        if (it->second.first <= end &&
            (due == timers_.end() || it->second.first < due->second.first))
          due = it;
      if (due == timers_.end()) break;
      now = std::max(now, due->second.first);
      auto fn = std::move(due->second.second);
      timers_.erase(due);
      fn();
      run();
    }
    now = end;
  }
  size_t pending_timers() const { return timers_.size(); }

 private:
  std::deque<std::function<void()>> posted_;
  std::map<TimerId, std::pair<int64_t, std::function<void()>>> timers_;
  TimerId next_ = 0;
};

// Thinks at once with a small node limit and posts the answer like the real pool does; an
// answer held back and then cancelled is never given, as the pool promises.
class InstantCpu final : public CpuService {
 public:
  explicit InstantCpu(Scheduler& s) : scheduler_(s) {}
  int requests = 0;
  int cancelled = 0;
  bool hold = false;  // keep answers back (to test what happens while the CPU thinks)
  std::vector<std::function<void()>> held;
  CpuAdmission admission;  // what admit() answers
  CpuJobId request(CpuRequest r, std::function<void(std::string)> on_move) override {
    ++requests;
    const CpuJobId id = ++next_;
    last_owner = r.owner;
    r.limits.time_ms = 0;
    r.limits.nodes = 300;
    ai::Engine engine;
    std::string move;
    if (engine.set_position(*r.game, *r.state)) move = engine.think(r.limits).best_move;
    if (move.empty()) move = r.state->legal_moves().front();
    live_.insert(id);
    // What the pool records of a CPU seat's search it answers: the share it got (by the seat
    // it moved for, as the test set it).
    const int seat = r.state->seat_to_move();
    const double got = share_of_seat.contains(seat) ? share_of_seat.at(seat) : share;
    const bool counted = r.cpu_seat;
    const std::string table = r.table;
    auto answer = [this, id, on_move, move, counted, table, got] {
      scheduler_.post([this, id, on_move, move, counted, table, got] {
        if (!live_.erase(id)) return;
        if (counted) {
          CpuPlayed& p = played_[table];
          p.share = (p.share * p.searches + got) / (p.searches + 1);  // the test's shares agree
          ++p.searches;
        }
        on_move(move);
      });
    };
    if (hold)
      held.push_back(answer);
    else
      answer();
    return id;
  }
  void cancel(CpuJobId id) override {
    if (live_.erase(id)) ++cancelled;
  }
  CpuAdmission admit(const std::string& owner, const std::string&, std::string_view, int) override {
    last_owner = owner;
    return admission;
  }
  CpuPlayed take_played(const std::string& table) override {
    CpuPlayed p;
    if (auto it = played_.find(table); it != played_.end()) {
      p = it->second;
      played_.erase(it);
    }
    return p;
  }
  size_t live() const { return live_.size(); }
  std::string last_owner;
  double share = 1.0;  // what each search the CPU answers got (of its level's full search)
  std::map<int, double> share_of_seat;  // ...or, searching for this seat, this share

 private:
  Scheduler& scheduler_;
  std::set<CpuJobId> live_;
  std::map<std::string, CpuPlayed> played_;
  CpuJobId next_ = 0;
};

// Makes each write at once, like InlineWrites, unless the test holds them: then they wait,
// in order, until released (to test what happens while a write is in flight).
class HeldWrites final : public WriteQueue {
 public:
  explicit HeldWrites(Store& store) : inline_(store) {}
  bool hold = false;
  void write(std::vector<Write> writes, Scheduler& scheduler,
             std::function<void(Outcomes)> done) override {
    auto go = [this, writes = std::move(writes), &scheduler, done = std::move(done)]() mutable {
      inline_.write(std::move(writes), scheduler, std::move(done));
    };
    if (hold)
      held_.push_back(std::move(go));
    else
      go();
  }
  void end_game(int64_t game_id, std::string game, std::vector<std::string> persons,
                Store::EndFn decide, Fence fence, Scheduler& scheduler,
                std::function<void(Result<std::string>)> done) override {
    auto go = [=, this, &scheduler]() mutable {
      inline_.end_game(game_id, game, persons, decide, fence, scheduler, done);
    };
    if (hold)
      held_.push_back(std::move(go));
    else
      go();
  }
  size_t held() const { return held_.size(); }
  // Makes the writes held so far (their outcomes posted), and holds no more.
  void release() {
    hold = false;
    auto held = std::move(held_);
    held_.clear();
    for (auto& go : held) go();
  }

 private:
  InlineWrites inline_;
  std::vector<std::function<void()>> held_;
};

// Reads at once, like InlineReads, unless the test holds them (a database that stalls): then
// they wait, in order, until released.
class HeldReads final : public ReadQueue {
 public:
  explicit HeldReads(Store& store) : store_(store) {}
  bool hold = false;
  void run(std::function<void(Store&)> job) override {
    if (hold)
      held_.push_back(std::move(job));
    else
      job(store_);
  }
  size_t held() const { return held_.size() + held_checks_.size(); }
  void release() {
    hold = false;
    auto held = std::move(held_);
    held_.clear();
    for (auto& job : held) job(store_);
    auto checks = std::move(held_checks_);
    held_checks_.clear();
    for (auto& job : checks) job();
  }

 protected:
  void run_check(std::function<void()> job) override {
    if (hold)
      held_checks_.push_back(std::move(job));
    else
      job();
  }

 private:
  Store& store_;
  std::vector<std::function<void(Store&)>> held_;
  std::vector<std::function<void()>> held_checks_;
};

class RecordingOutbox final : public Outbox {
 public:
  std::map<ConnId, std::vector<json>> sent;
  std::set<ConnId> closed;
  void send(ConnId c, std::string text) override { sent[c].push_back(json::parse(text)); }
  void close(ConnId c) override { closed.insert(c); }
};

class HallTest : public ::testing::Test {
 public:
  void SetUp() override {
    path_ = std::filesystem::temp_directory_path() /
            ("kaisho-hall-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
             "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".db");
    std::filesystem::remove(path_);
    if (postgres()) {
      ASSERT_TRUE(empty_postgres_store_for_tests(postgres()).ok());
    }
    open();
  }
  void TearDown() override {
    hall_.reset();
    reads_.reset();
    writes_.reset();
    faults_.reset();
    store_.reset();
    if (!getenv("KAISHO_KEEP_DB"))
      for (const char* suffix : {"", "-wal", "-shm"})
        std::filesystem::remove(path_.string() + suffix);
  }
  // The store the tests run on: an SQLite file, or with KAISHO_TEST_POSTGRES=URI the
  // PostgreSQL database there (emptied before each test), so every suite runs on both.
  static const char* postgres() { return std::getenv("KAISHO_TEST_POSTGRES"); }
  Result<std::unique_ptr<Store>> open_test_store() {
    return postgres() ? open_postgres_store(postgres()) : open_sqlite_store(path_.string());
  }
  void open() {
    auto s = open_test_store();
    ASSERT_TRUE(s.ok()) << s.error().message;
    store_ = std::move(s.value());
    faults_ = std::make_unique<FaultyStore>(*store_);
    HallConfig config = config_;
    config.away_grace_ms = 3000;
    config.cpu_move_ms = 500;
    // The CPU stands in right after the grace unless a test sets a person's pace.
    config.stand_in_pace_ms = stand_in_pace_ms_;
    // A name, so that the store's claims have an owner to show (group_owner).
    if (config.server_name.empty()) config.server_name = "test-server";
    writes_ = std::make_unique<HeldWrites>(*faults_);
    reads_ = std::make_unique<HeldReads>(*faults_);
    hall_ = std::make_unique<Hall>(clock_, *writes_, *reads_, out_, cpu_, config);
    ASSERT_TRUE(hall_->restore().ok());
  }
  // Simulates a server restart on the same database file.
  void restart() {
    hall_.reset();
    reads_.reset();
    writes_.reset();
    faults_.reset();
    store_.reset();
    out_.sent.clear();
    open();
  }

  ConnId connect(const std::string& address = "") {
    const ConnId c = ++next_conn_;
    hall_->connected(c, address);
    return c;
  }
  void send(ConnId c, const json& m) {
    hall_->received(c, m.dump());
    clock_.run();
  }
  // Connects and says hello; returns the connection and remembers the token.
  ConnId person(const std::string& name, std::string* token = nullptr,
                const std::string& with_token = "", const std::string& address = "") {
    ConnId c = connect(address);
    json hello = {{"type", "hello"}, {"name", name}};
    if (!with_token.empty()) hello["token"] = with_token;
    send(c, hello);
    const json& w = last(c, "welcome");
    if (token) *token = w["token"];
    return c;
  }
  const json& last(ConnId c, const std::string& type) {
    static const json none;
    auto& list = out_.sent[c];
    for (auto it = list.rbegin(); it != list.rend(); ++it)
      if ((*it)["type"] == type) return *it;
    ADD_FAILURE() << "no " << type << " message for connection " << c << ": last was "
                  << (list.empty() ? std::string("nothing") : list.back().dump());
    return none;
  }
  json group(ConnId c) { return last(c, "group")["group"]; }
  // Creates a group of `game` (the CPU at level 1 unless `settings` says otherwise).
  std::string create(ConnId c, const std::string& game, json settings = json::object()) {
    send(c, {{"type", "create_group"}, {"game", game}});
    const std::string id = group(c)["id"];
    settings["type"] = "settings";
    settings["group"] = id;
    if (!settings.contains("cpu_level")) settings["cpu_level"] = 1;
    send(c, settings);
    return id;
  }
  static bool has(const json& list, int v) {
    for (const auto& x : list)
      if (x == v) return true;
    return false;
  }
  // Plays the first legal move whenever it is this connection's turn, until the game ends.
  void play_to_end(ConnId c, const std::string& id, int max_turns = 3000) {
    for (int i = 0; i < max_turns; ++i) {
      json g = group(c);
      if (g["table"]["status"] != "playing") return;
      const json& game = g["table"]["game"];
      if (has(g["table"]["your_seats"], game["to_move"].get<int>())) {
        send(c, {{"type", "move"},
                 {"group", id},
                 {"move", game["legal_moves"][0]},
                 {"version", g["version"]}});
      }
      clock_.advance(100);  // a person's pace (the hall limits messages per second)
    }
    FAIL() << "the game did not end: " << last(c, "error").dump() << " "
           << group(c)["table"]["game"]["moves"].size() << " moves, position "
           << group(c)["table"]["game"]["position"] << " settings " << group(c)["settings"].dump();
  }
  std::string error_code(ConnId c) { return last(c, "error")["code"]; }
  void disconnect(ConnId c) {
    hall_->disconnected(c);
    clock_.run();
  }

  HallConfig config_;  // the limits the next open() uses (set before SetUp's open or restart)
  int64_t stand_in_pace_ms_ = 0;  // HallConfig::stand_in_pace_ms for the next open()
  FakeScheduler clock_;
  InstantCpu cpu_{clock_};
  RecordingOutbox out_;
  std::filesystem::path path_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<FaultyStore> faults_;  // the hall's store: store_ with faults on demand
  std::unique_ptr<HeldWrites> writes_;   // its writes, made at once unless held
  std::unique_ptr<HeldReads> reads_;     // its reads, made at once unless held
  std::unique_ptr<Hall> hall_;
  ConnId next_conn_ = 0;
};

}  // namespace kaisho::server::testing

#pragma once
// One store shared by the halls of a process and its writer, one call at a time (a mutex
// around each call).
// For SQLite: one connection that the halls take turns on is faster than one connection
// each, whose writers would wait for each other in SQLite's busy handler (it sleeps).
#include <mutex>

#include "server/store/store.hpp"

namespace kaisho::server {

class SerializedStore final : public Store {
  template <class F>
  auto locked(F f) {
    std::lock_guard lock(mutex_);
    return f();
  }

 public:
  explicit SerializedStore(Store& inner) : inner_(inner) {}

  Result<PersonRow> person(const std::string& id) override {
    return locked([&] { return inner_.person(id); });
  }
  Result<PersonRow> person_by_token(const std::string& hash) override {
    return locked([&] { return inner_.person_by_token(hash); });
  }
  Result<std::vector<RatingRow>> ratings_of(const std::string& person) override {
    return locked([&] { return inner_.ratings_of(person); });
  }
  // `end` runs under the lock, so it must not call the store (the hall's does not).
  Result<std::string> end_game(int64_t game_id, const std::string& game,
                               const std::vector<std::string>& persons, const EndFn& end,
                               const Fence& fence) override {
    return locked([&] { return inner_.end_game(game_id, game, persons, end, fence); });
  }
  Result<GroupRow> group(const std::string& id) override {
    return locked([&] { return inner_.group(id); });
  }
  std::vector<GameRow> unfinished_games() override {
    return locked([&] { return inner_.unfinished_games(); });
  }
  Result<GameRow> game(int64_t game_id) override {
    return locked([&] { return inner_.game(game_id); });
  }
  Result<std::optional<std::string>> stored_move(int64_t game_id, int ply) override {
    return locked([&] { return inner_.stored_move(game_id, ply); });
  }
  Result<std::vector<GameRow>> history_of(const std::string& person_id, int limit) override {
    return locked([&] { return inner_.history_of(person_id, limit); });
  }
  std::vector<Result<int64_t>> write(const std::vector<Write>& batch) override {
    return locked([&] { return inner_.write(batch); });
  }
  Status ping() override {
    return locked([&] { return inner_.ping(); });
  }
  Result<Claim> claim_group(const std::string& id, const std::string& server,
                            int64_t ttl_ms) override {
    return locked([&] { return inner_.claim_group(id, server, ttl_ms); });
  }
  Result<std::vector<std::string>> renew_leases(const std::string& server,
                                                int64_t ttl_ms) override {
    return locked([&] { return inner_.renew_leases(server, ttl_ms); });
  }
  void release_group(const std::string& id, const std::string& server, int64_t epoch) override {
    locked([&] {
      inner_.release_group(id, server, epoch);
      return 0;
    });
  }
  std::string group_owner(const std::string& id) override {
    return locked([&] { return inner_.group_owner(id); });
  }

 private:
  Store& inner_;
  std::mutex mutex_;
};

}  // namespace kaisho::server

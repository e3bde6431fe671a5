#pragma once
// One store shared by the halls of a process, one call at a time (a mutex around each call).
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

  Status put_person(const PersonRow& p) override {
    return locked([&] { return inner_.put_person(p); });
  }
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
                               const std::vector<std::string>& persons, const EndFn& end) override {
    return locked([&] { return inner_.end_game(game_id, game, persons, end); });
  }
  Status put_group(const GroupRow& g) override {
    return locked([&] { return inner_.put_group(g); });
  }
  Result<GroupRow> group(const std::string& id) override {
    return locked([&] { return inner_.group(id); });
  }
  Result<int64_t> begin_game(const GameRow& g) override {
    return locked([&] { return inner_.begin_game(g); });
  }
  Status append_move(int64_t game_id, int ply, const std::string& move) override {
    return locked([&] { return inner_.append_move(game_id, ply, move); });
  }
  std::vector<GameRow> unfinished_games() override {
    return locked([&] { return inner_.unfinished_games(); });
  }
  Result<GameRow> game(int64_t game_id) override {
    return locked([&] { return inner_.game(game_id); });
  }
  std::vector<GameRow> finished_games_of(const std::string& person_id, int limit) override {
    return locked([&] { return inner_.finished_games_of(person_id, limit); });
  }
  Result<bool> claim_group(const std::string& id, const std::string& server) override {
    return locked([&] { return inner_.claim_group(id, server); });
  }
  void release_group(const std::string& id) override {
    locked([&] {
      inner_.release_group(id);
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

#pragma once
// A real store with faults injected on demand: each call goes to the store underneath unless
// the test has asked for that kind of call to fail (the next N times, or until cleared), in
// which case it answers the error a store gives when its database cannot be reached.
#include "server/store/store.hpp"

namespace kaisho::server::testing {

class FaultyStore final : public Store {
 public:
  explicit FaultyStore(Store& inner) : inner_(inner) {}

  // How many of the next calls of a kind fail (-1: every call until set to 0).
  int fail_ratings = 0;
  int fail_appends = 0;
  int fail_group_writes = 0;
  int ratings_reads = 0;  // calls of ratings_of, failed or not

  Status put_person(const PersonRow& p) override { return inner_.put_person(p); }
  Result<PersonRow> person(const std::string& id) override { return inner_.person(id); }
  Result<PersonRow> person_by_token(const std::string& hash) override {
    return inner_.person_by_token(hash);
  }
  Result<std::vector<RatingRow>> ratings_of(const std::string& person) override {
    ++ratings_reads;
    if (take(fail_ratings)) return unreachable();
    return inner_.ratings_of(person);
  }
  Result<std::string> end_game(int64_t game_id, const std::string& game,
                               const std::vector<std::string>& persons, const EndFn& end) override {
    return inner_.end_game(game_id, game, persons, end);
  }
  Status put_group(const GroupRow& g) override {
    if (take(fail_group_writes)) return unreachable();
    return inner_.put_group(g);
  }
  Result<GroupRow> group(const std::string& id) override { return inner_.group(id); }
  Result<int64_t> begin_game(const GameRow& g) override { return inner_.begin_game(g); }
  Status append_move(int64_t game_id, int ply, const std::string& move) override {
    if (take(fail_appends)) return unreachable();
    return inner_.append_move(game_id, ply, move);
  }
  std::vector<GameRow> unfinished_games() override { return inner_.unfinished_games(); }
  Result<GameRow> game(int64_t game_id) override { return inner_.game(game_id); }
  std::vector<GameRow> finished_games_of(const std::string& person_id, int limit) override {
    return inner_.finished_games_of(person_id, limit);
  }
  Result<bool> claim_group(const std::string& id, const std::string& server) override {
    return inner_.claim_group(id, server);
  }
  void release_group(const std::string& id) override { inner_.release_group(id); }
  std::string group_owner(const std::string& id) override { return inner_.group_owner(id); }

 private:
  static bool take(int& budget) {
    if (budget == 0) return false;
    if (budget > 0) --budget;
    return true;
  }
  static Error unreachable() { return make_error("store", "the database cannot be reached"); }

  Store& inner_;
};

}  // namespace kaisho::server::testing

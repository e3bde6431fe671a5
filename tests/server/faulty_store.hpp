#pragma once
// A real store with faults injected on demand: each call goes to the store underneath unless
// the test has asked for that kind of call to fail (the next N times, or until cleared), in
// which case it answers the error a store gives when its database cannot be reached.
#include <functional>

#include "server/store/store.hpp"

namespace kaisho::server::testing {

class FaultyStore final : public Store {
 public:
  explicit FaultyStore(Store& inner) : inner_(inner) {}

  // How many of the next calls of a kind fail (-1: every call until set to 0). A failed write
  // fails its whole batch, as a transaction that cannot commit does.
  int fail_ratings = 0;
  int fail_appends = 0;        // batches with a move in them
  int fail_group_writes = 0;   // batches with a group's record in them
  int fail_person_reads = 0;   // person and person_by_token
  int fail_game_reads = 0;     // game (a game with its moves)
  int fail_move_reads = 0;     // stored_move
  int fail_history_reads = 0;  // history_of
  // Batches with a move in them that are made, but whose outcome is lost: each write is
  // reported failed as when the connection drops after COMMIT.
  int lose_move_replies = 0;
  int ratings_reads = 0;  // calls of ratings_of, failed or not
  int game_reads = 0;     // calls of game, failed or not
  // Called as a claim begins (for example to let time pass while the claim waits).
  std::function<void()> during_claim;

  Result<PersonRow> person(const std::string& id) override {
    if (take(fail_person_reads)) return unreachable();
    return inner_.person(id);
  }
  Result<PersonRow> person_by_token(const std::string& hash) override {
    if (take(fail_person_reads)) return unreachable();
    return inner_.person_by_token(hash);
  }
  Result<std::vector<RatingRow>> ratings_of(const std::string& person) override {
    ++ratings_reads;
    if (take(fail_ratings)) return unreachable();
    return inner_.ratings_of(person);
  }
  Result<std::string> end_game(int64_t game_id, const std::string& game,
                               const std::vector<std::string>& persons, const EndFn& end,
                               const Fence& fence) override {
    return inner_.end_game(game_id, game, persons, end, fence);
  }
  Result<GroupRow> group(const std::string& id) override { return inner_.group(id); }
  std::vector<GameRow> unfinished_games() override { return inner_.unfinished_games(); }
  Result<GameRow> game(int64_t game_id) override {
    ++game_reads;
    if (take(fail_game_reads)) return unreachable();
    return inner_.game(game_id);
  }
  Result<std::optional<std::string>> stored_move(int64_t game_id, int ply) override {
    if (take(fail_move_reads)) return unreachable();
    return inner_.stored_move(game_id, ply);
  }
  Result<std::vector<GameRow>> history_of(const std::string& person_id, int limit) override {
    if (take(fail_history_reads)) return unreachable();
    return inner_.history_of(person_id, limit);
  }
  std::vector<Result<int64_t>> write(const std::vector<Write>& batch) override {
    const auto has = [&](auto kind) {
      for (const auto& w : batch)
        if (std::holds_alternative<decltype(kind)>(w.what)) return true;
      return false;
    };
    if ((has(MoveWrite{}) && take(fail_appends)) || (has(GroupRow{}) && take(fail_group_writes)))
      return std::vector<Result<int64_t>>(batch.size(), unreachable());
    auto outcomes = inner_.write(batch);
    if (has(MoveWrite{}) && take(lose_move_replies))
      return std::vector<Result<int64_t>>(batch.size(), make_error("store", "the reply was lost"));
    return outcomes;
  }
  Status ping() override { return inner_.ping(); }
  Result<Claim> claim_group(const std::string& id, const std::string& server,
                            int64_t ttl_ms) override {
    if (during_claim) during_claim();
    return inner_.claim_group(id, server, ttl_ms);
  }
  Result<std::vector<std::string>> renew_leases(const std::string& server,
                                                int64_t ttl_ms) override {
    return inner_.renew_leases(server, ttl_ms);
  }
  void release_group(const std::string& id, const std::string& server, int64_t epoch) override {
    inner_.release_group(id, server, epoch);
  }
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

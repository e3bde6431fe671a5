#pragma once
// A Yonin Shogi game in progress behind the common interface: the position with its full
// history, the settings, and the outcome.
#include "rules/api/recorded_state.hpp"
#include "rules/yonin/flow.hpp"

namespace kaisho::yonin {

class YoninState final : public rules::RecordedState<YoninState, Position> {
 public:
  // `start` is the start of the record (its history must be empty). The automatic steps run
  // at once: a player to move without a legal move is knocked out, and the game may be over.
  YoninState(Position start, Settings settings);

  int seat_to_move() const override;
  std::string position_text() const override;
  std::vector<std::string> legal_moves() const override;
  Status play(std::string_view move) override;
  // There is no resignation in Yonin Shogi: always an error.
  Status resign(int seat) override;
  std::vector<int> seats_in_check() const override;
  std::vector<int> seats_out() const override;
  uint64_t perft(int depth, const rules::DivideFn* divide) const override;

  const Settings& settings() const { return settings_; }
  End end() const { return end_; }
  void play_move(Move m);  // m must be legal

 private:
  void settle_now(bool after_move);
  uint64_t perft_node(Position& pos, const MoveList& moves, int depth) const;

  Settings settings_;
  MoveList legal_;  // of the player to move; empty once the game is over
  End end_ = End::None;
};

}  // namespace kaisho::yonin

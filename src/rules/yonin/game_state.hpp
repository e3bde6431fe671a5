#pragma once
// A Yonin Shogi game in progress behind the common interface: the position with its full
// history, the settings, and the outcome.
#include "rules/api/game.hpp"
#include "rules/yonin/flow.hpp"

namespace kaisho::yonin {

class YoninState final : public rules::GameState {
 public:
  // `start` is the start of the record (its history must be empty). The automatic steps run
  // at once: a player to move without a legal move is knocked out, and the game may be over.
  YoninState(Position start, Settings settings);

  std::unique_ptr<rules::GameState> clone() const override;
  int seat_to_move() const override;
  std::string position_text() const override;
  std::string start_text() const override { return start_text_; }
  const std::vector<std::string>& moves_played() const override { return moves_; }
  std::vector<std::string> legal_moves() const override;
  Status play(std::string_view move) override;
  // There is no resignation in Yonin Shogi: always an error.
  Status resign(int seat) override;
  rules::Outcome outcome() const override { return outcome_; }
  uint64_t repetition_key() const override { return pos_.key(); }
  std::vector<int> seats_in_check() const override;
  std::vector<int> seats_out() const override;
  uint64_t perft(int depth, const rules::DivideFn* divide) const override;

  // Direct access for tests and benchmarks.
  const Position& position() const { return pos_; }
  const Settings& settings() const { return settings_; }
  End end() const { return end_; }
  void play_move(Move m);  // m must be legal

 private:
  void settle_now(bool after_move);
  uint64_t perft_node(Position& pos, const MoveList& moves, int depth) const;

  Position pos_;
  Settings settings_;
  std::string start_text_;
  std::vector<std::string> moves_;
  MoveList legal_;  // of the player to move; empty once the game is over
  End end_ = End::None;
  rules::Outcome outcome_;
};

}  // namespace kaisho::yonin

#pragma once
// A Hasami Shogi game in progress: the position with its full history, the settings (win
// condition, move limit) and the outcome.
#include "rules/api/recorded_state.hpp"
#include "rules/hasami/end_rules.hpp"
#include "rules/hasami/movegen.hpp"

namespace kaisho::hasami {

class HasamiState final : public rules::RecordedState<HasamiState, Position> {
 public:
  // start is the start of the record (its history must be empty) and must satisfy
  // why_unreachable(start, settings) == "".
  HasamiState(Position start, GameSettings settings);

  int seat_to_move() const override;
  std::string position_text() const override;
  std::vector<std::string> legal_moves() const override;
  Status play(std::string_view move) override;
  Status resign(int seat) override;
  uint64_t perft(int depth, const rules::DivideFn* divide) const override;

  const GameSettings& settings() const { return settings_; }
  void play_move(Move m);  // m must be legal and the game not over

 private:
  uint64_t perft_node(Position& pos, int depth) const;

  GameSettings settings_;
};

}  // namespace kaisho::hasami

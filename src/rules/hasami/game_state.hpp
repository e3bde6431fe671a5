#pragma once
// A Hasami Shogi game in progress: the position with its full history, the settings (win
// condition, move limit) and the outcome.
#include "rules/api/game.hpp"
#include "rules/hasami/end_rules.hpp"
#include "rules/hasami/movegen.hpp"

namespace kaisho::hasami {

class HasamiState final : public rules::GameState {
 public:
  // start is the start of the record (its history must be empty) and must satisfy
  // why_unreachable(start, settings) == "".
  HasamiState(Position start, GameSettings settings);

  std::unique_ptr<rules::GameState> clone() const override;
  int seat_to_move() const override;
  std::string position_text() const override;
  std::string start_text() const override { return start_text_; }
  const std::vector<std::string>& moves_played() const override { return moves_; }
  std::vector<std::string> legal_moves() const override;
  Status play(std::string_view move) override;
  Status resign(int seat) override;
  rules::Outcome outcome() const override { return outcome_; }
  uint64_t repetition_key() const override { return pos_.key(); }
  uint64_t perft(int depth, const rules::DivideFn* divide) const override;

  // Direct access for the engine, the benchmarks and the tests.
  const Position& position() const { return pos_; }
  const GameSettings& settings() const { return settings_; }
  void play_move(Move m);  // m must be legal and the game not over

 private:
  uint64_t perft_node(Position& pos, int depth) const;

  Position pos_;
  GameSettings settings_;
  std::string start_text_;
  std::vector<std::string> moves_;
  rules::Outcome outcome_;
};

}  // namespace kaisho::hasami

#pragma once
// A Juroku Musashi game in progress: the position, the children's repetition record, the
// moves played, the end rules and the outcome (trapped, captures, children_stuck,
// move_limit, resignation).
#include "rules/api/game.hpp"
#include "rules/musashi/end.hpp"

namespace kaisho::musashi {

class MusashiState final : public rules::GameState {
 public:
  // start is the start of the record: when the father is to move there, it is the record's
  // first position.
  MusashiState(const Position& start, const EndRules& rules);

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
  const RepetitionRecord& record() const { return record_; }
  const EndRules& end_rules() const { return rules_; }
  // Plays m, which must be legal, and updates the record and the outcome.
  void play_move(Move m);

 private:
  Position pos_;
  RepetitionRecord record_;
  EndRules rules_;
  std::string start_text_;
  std::vector<std::string> moves_;
  rules::Outcome outcome_;
};

}  // namespace kaisho::musashi

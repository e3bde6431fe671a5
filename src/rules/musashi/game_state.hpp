#pragma once
// A Juroku Musashi game in progress: the position, the children's repetition record, the
// moves played, the end rules and the outcome (trapped, captures, children_stuck,
// move_limit, resignation).
#include "rules/api/recorded_state.hpp"
#include "rules/musashi/end.hpp"

namespace kaisho::musashi {

class MusashiState final : public rules::RecordedState<MusashiState, Position> {
 public:
  // start is the start of the record: when the father is to move there, it is the record's
  // first position.
  MusashiState(const Position& start, const EndRules& rules);

  int seat_to_move() const override;
  std::string position_text() const override;
  std::vector<std::string> legal_moves() const override;
  Status play(std::string_view move) override;
  Status resign(int seat) override;
  uint64_t perft(int depth, const rules::DivideFn* divide) const override;

  const RepetitionRecord& record() const { return record_; }
  const EndRules& end_rules() const { return rules_; }
  // Plays m, which must be legal, and updates the record and the outcome.
  void play_move(Move m);

 private:
  RepetitionRecord record_;
  EndRules rules_;
};

}  // namespace kaisho::musashi

#pragma once
// A Shogi or Annan game in progress: the position with its full history, the rule settings
// and the outcome (checkmate, no legal move, sennichite, perpetual check, move limit,
// resignation).
#include "rules/api/recorded_state.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::shogi {

struct GameSettings {
  RuleSettings rules;
  int move_limit = 0;  // 0 = none; counts the moves of both players
};

template <Variant V>
class ShogiState final : public rules::RecordedState<ShogiState<V>, Position> {
  using Base = rules::RecordedState<ShogiState<V>, Position>;
  using Base::moves_;
  using Base::outcome_;
  using Base::pos_;
  using Base::start_text_;

 public:
  // pos is the start of the record (its history must be empty).
  ShogiState(Position start, GameSettings settings);

  int seat_to_move() const override;
  std::string position_text() const override;
  std::vector<std::string> legal_moves() const override;
  Status play(std::string_view move) override;
  Status resign(int seat) override;
  std::vector<int> seats_in_check() const override;
  std::vector<std::string> readable_styles() const override;
  std::vector<std::string> readable_moves(std::string_view style, size_t first) const override;
  uint64_t perft(int depth, const rules::DivideFn* divide) const override;

  // Per move of the record: whether it left the opponent in check.
  const std::vector<bool>& gave_check() const { return gave_check_; }
  const GameSettings& settings() const { return settings_; }
  void play_move(Move m);  // m must be legal

 private:
  void update_outcome();
  uint64_t perft_node(Position& pos, int depth) const;
  bool game_over_at(const Position& pos) const;

  GameSettings settings_;
  std::vector<bool> gave_check_;  // per move of the record: it left the opponent in check
};

// The number of times the current position has occurred in the history (including now),
// and the index in the key history of its first occurrence.
struct Occurrences {
  int count = 0;
  int first = 0;
};
Occurrences occurrences(const Position& pos);

}  // namespace kaisho::shogi

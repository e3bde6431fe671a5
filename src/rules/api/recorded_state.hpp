#pragma once
// What every game's GameState shares: the position it plays on, the record (the start text
// and the moves played since), the outcome, and copying. A game's state derives from it and
// adds its own rules (Self is that state: clone() copies it whole).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "rules/api/game.hpp"

namespace kaisho::rules {

template <class Self, class Position>
class RecordedState : public GameState {
 public:
  std::unique_ptr<GameState> clone() const override {
    return std::make_unique<Self>(static_cast<const Self&>(*this));
  }
  std::string start_text() const override { return start_text_; }
  const std::vector<std::string>& moves_played() const override { return moves_; }
  Outcome outcome() const override { return outcome_; }
  uint64_t repetition_key() const override { return pos_.key(); }

  // Direct access for the engine, the benchmarks and the tests.
  const Position& position() const { return pos_; }

 protected:
  // `start_text` is the start position written in the game's notation.
  RecordedState(Position start, std::string start_text)
      : pos_(std::move(start)), start_text_(std::move(start_text)) {}

  Position pos_;
  std::string start_text_;
  std::vector<std::string> moves_;
  Outcome outcome_;
};

}  // namespace kaisho::rules

#pragma once
// What follows a move inside the Yonin search, decided exactly as yonin::settle() decides it
// (the fourth repetition, then the knock-outs in turn with the end by players out, then the
// move limit), with the rules' own move generation, eliminations and perpetual-check test.
// The one difference is speed: settle() asks generate_full(), which sorts the whole key
// history at every call to see whether a fourth occurrence is possible at all; here the
// number of keys with three occurrences is kept up to date as keys are pushed and popped, so
// the perpetual-check filter runs exactly when the rules' would (tests compare the two).
#include <vector>

#include "rules/yonin/flow.hpp"

namespace kaisho::ai::yonin_search {

using namespace kaisho::yonin;

class SearchFlow {
 public:
  // Starts from `pos` (a settled position with its game history).
  void reset(const Position& pos);

  // The legal moves of the player to move in a settled position: generate_full().
  void legal_moves(Position& pos, MoveList& list) const;

  // After pos.do_move(m): settle(pos, s, true, next, eliminations), the same result, the
  // same eliminations applied to pos.
  End after_move(Position& pos, const Settings& s, MoveList& next, int& eliminations);
  // Undoes what after_move() applied and the move before it.
  void retract(Position& pos, int eliminations);

  // How many times the current key occurs in the history (1 = first time), as after_move()
  // found it for the position it left.
  int occurrences_now() const { return last_count_; }

 private:
  // Pushes the bookkeeping of the key just added to pos's history.
  int note_key(const Position& pos);

  int triples_ = 0;                   // keys of the history with at least three occurrences
  std::vector<uint8_t> made_triple_;  // per key pushed since reset(): it made a third occurrence
  int last_count_ = 1;
};

}  // namespace kaisho::ai::yonin_search

#include "ai/yonin/search_flow.hpp"

#include <algorithm>

namespace kaisho::ai::yonin_search {

void SearchFlow::reset(const Position& pos) {
  std::vector<uint64_t> keys(pos.key_history().begin(), pos.key_history().end());
  std::sort(keys.begin(), keys.end());
  triples_ = 0;
  for (size_t i = 0; i < keys.size();) {
    size_t j = i;
    while (j < keys.size() && keys[j] == keys[i]) ++j;
    if (j - i >= 3) ++triples_;
    i = j;
  }
  made_triple_.clear();
  last_count_ = occurrences(pos, pos.key()).count;
}

void SearchFlow::legal_moves(Position& pos, MoveList& list) const {
  list.clear();
  generate_legal(pos, pos.to_move(), list);
  if (triples_ == 0) return;  // no key has three occurrences: no move can bring a fourth
  MoveList all = list;
  list.clear();
  for (Move m : all)
    if (!is_perpetual_check_move(pos, m)) list.add(m);
}

int SearchFlow::note_key(const Position& pos) {
  const int count = occurrences(pos, pos.key()).count;
  // Exactly when this push gives a key its third occurrence does the set of keys with three
  // or more occurrences grow (a fourth occurrence ends the game before anything is pushed).
  const bool third = count == 3;
  made_triple_.push_back(third ? 1 : 0);
  if (third) ++triples_;
  last_count_ = count;
  return count;
}

End SearchFlow::after_move(Position& pos, const Settings& s, MoveList& next, int& eliminations) {
  eliminations = 0;
  next.clear();
  const int count = note_key(pos);
  if (pos.key_history().size() >= 7 && count >= 4) return End::Repetition;
  for (;;) {
    const End by_outs = end_by_outs(pos, s);
    if (by_outs != End::None) return by_outs;
    legal_moves(pos, next);
    if (next.size() > 0) break;
    pos.eliminate();
    ++eliminations;
    note_key(pos);
  }
  if (s.move_limit > 0 && pos.game_ply() >= s.move_limit) {
    next.clear();
    return End::MoveLimit;
  }
  return End::None;
}

void SearchFlow::retract(Position& pos, int eliminations) {
  for (int i = 0; i <= eliminations; ++i) {
    if (made_triple_.back()) --triples_;
    made_triple_.pop_back();
    pos.undo();
  }
  last_count_ = 1;
}

}  // namespace kaisho::ai::yonin_search

#include "rules/yonin/flow.hpp"

#include <algorithm>
#include <vector>

namespace kaisho::yonin {

namespace {

// Whether some key of the history already occurred three times, so that a move could bring
// a fourth occurrence. A key needs at least two moves to come back (the mover must move again),
// so three occurrences need at least five keys.
bool fourth_occurrence_possible(const Position& pos) {
  const auto& keys = pos.key_history();
  if (keys.size() < 5) return false;
  std::vector<uint64_t> sorted(keys.begin(), keys.end());
  std::sort(sorted.begin(), sorted.end());
  for (size_t i = 2; i < sorted.size(); ++i)
    if (sorted[i] == sorted[i - 2]) return true;
  return false;
}

}  // namespace

std::string_view reason_word(End e) {
  switch (e) {
    case End::None:
      return "";
    case End::Repetition:
      return "repetition";
    case End::TwoOut:
      return "two_out";
    case End::LastPlayer:
      return "last_player";
    case End::TeamMated:
      return "team_mated";
    case End::MoveLimit:
      return "move_limit";
  }
  return "";
}

int outs_that_end(const Settings& s) {
  if (s.rules.pairs) return 1;
  return s.end_at_last ? kSeatCount - 1 : 2;
}

Occurrences occurrences(const Position& pos, uint64_t key) {
  Occurrences occ;
  const auto& keys = pos.key_history();
  for (int i = static_cast<int>(keys.size()) - 1; i >= 0; --i) {
    if (keys[i] == key) {
      ++occ.count;
      occ.first = i;
    }
  }
  return occ;
}

bool is_perpetual_check_move(Position& pos, Move m) {
  const Seat mover = pos.to_move();
  pos.do_move(m);
  const Occurrences occ = occurrences(pos, pos.key());
  bool forbidden = occ.count >= 4;
  if (forbidden) {
    const auto& events = pos.events();
    // events[i] led to key_history()[i + 1]: the events after the first occurrence.
    for (size_t i = static_cast<size_t>(occ.first); i < events.size(); ++i) {
      const Event& e = events[i];
      if (!e.is_move)
        forbidden = false;  // cannot happen: an elimination changes the position for good
      if (e.is_move && e.actor == mover && !e.gave_check) forbidden = false;
    }
  }
  pos.undo();
  return forbidden;
}

void generate_full(Position& pos, MoveList& list) {
  generate_legal(pos, pos.to_move(), list);
  if (!fourth_occurrence_possible(pos)) return;
  MoveList all = list;
  list.clear();
  for (Move m : all)
    if (!is_perpetual_check_move(pos, m)) list.add(m);
}

End end_by_outs(const Position& pos, const Settings& s) {
  if (pos.out_count() < outs_that_end(s)) return End::None;
  if (s.rules.pairs) return End::TeamMated;
  return s.end_at_last ? End::LastPlayer : End::TwoOut;
}

End settle(Position& pos, const Settings& s, bool after_move, MoveList& next, int& eliminations) {
  eliminations = 0;
  next.clear();
  if (after_move && pos.key_history().size() >= 7 && occurrences(pos, pos.key()).count >= 4)
    return End::Repetition;
  for (;;) {
    const End by_outs = end_by_outs(pos, s);
    if (by_outs != End::None) return by_outs;
    next.clear();
    generate_full(pos, next);
    if (next.size() > 0) break;
    pos.eliminate();
    ++eliminations;
  }
  if (s.move_limit > 0 && pos.game_ply() >= s.move_limit) {
    next.clear();
    return End::MoveLimit;
  }
  return End::None;
}

}  // namespace kaisho::yonin

#include "rules/yonin/placing.hpp"

#include <string>
#include <tuple>
#include <vector>

namespace kaisho::yonin {

Standing standing(const Position& pos, Seat s) {
  Standing st;
  for (Seat o = 0; o < kSeatCount; ++o) {
    if (pos.is_out(o) && pos.mated_by(o) == s) {
      ++st.mates;
      if (pos.out_order(o) > st.last_mate) st.last_mate = pos.out_order(o);
    }
  }
  st.pieces = pos.pieces_of(s).count() + pos.hand(s).total();
  return st;
}

std::array<int, kSeatCount> singles_places(const Position& pos, bool by_last_mate) {
  std::array<int, kSeatCount> places{};
  // The comparison key of a survivor: larger is better.
  auto key = [&](Seat s) {
    const Standing st = standing(pos, s);
    const int pieces = st.pieces + (by_last_mate ? st.mates : 0);  // + flipped kings
    return std::make_tuple(st.mates, pieces, by_last_mate ? st.last_mate : 0);
  };
  int survivors = 0;
  for (Seat s = 0; s < kSeatCount; ++s) {
    if (pos.is_out(s)) continue;
    ++survivors;
    int better = 0;
    for (Seat o = 0; o < kSeatCount; ++o)
      if (pos.is_live(o) && key(o) > key(s)) ++better;
    places[s] = 1 + better;
  }
  for (Seat s = 0; s < kSeatCount; ++s) {
    if (pos.is_live(s)) continue;
    // Among the players out, the one with the highest out_order went out last and ranks first.
    int later = 0;
    for (Seat o = 0; o < kSeatCount; ++o)
      if (pos.is_out(o) && pos.out_order(o) > pos.out_order(s)) ++later;
    places[s] = survivors + 1 + later;
  }
  return places;
}

Seat pairs_winner(const Position& pos) {
  for (Seat s = 0; s < kSeatCount; ++s) {
    if (pos.out_order(s) != 1) continue;
    const Seat mater = pos.mated_by(s);
    if (mater != kNoSeat && mater != partner_of(s)) return mater;
    return clockwise(s, 1);
  }
  return kNoSeat;
}

rules::Outcome make_outcome(const Position& pos, const Settings& s, End end) {
  const std::string why(reason_word(end));
  auto placement = [&](bool by_last_mate) {
    const auto p = singles_places(pos, by_last_mate);
    return rules::Outcome::placement(std::vector<int>(p.begin(), p.end()), why);
  };
  switch (end) {
    case End::None:
      return rules::Outcome();
    case End::TeamMated:
      return rules::Outcome::win(pairs_winner(pos), why);
    case End::TwoOut:
    case End::LastPlayer:
      return placement(true);
    case End::Repetition:
    case End::MoveLimit:
      if (s.rules.pairs) return rules::Outcome::draw(why);
      return placement(false);
  }
  return rules::Outcome();
}

}  // namespace kaisho::yonin

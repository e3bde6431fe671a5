#pragma once
// How the players of a finished Yonin Shogi game are placed, and the game's Outcome.
#include <array>

#include "rules/api/outcome.hpp"
#include "rules/yonin/flow.hpp"

namespace kaisho::yonin {

// What decides a survivor's place.
struct Standing {
  int mates = 0;      // players this seat mated
  int pieces = 0;     // own pieces on the board (king included) and in hand
  int last_mate = 0;  // out_order of the last player this seat mated (later = higher), 0 if none
};
Standing standing(const Position& pos, Seat s);

// Places 1..4 (equal places shared, the next place skipped) in singles. Survivors first: by
// mates, then pieces (at a mate end the flipped kings of the players they mated count as
// pieces), then, with `by_last_mate`, whose last mate came later; complete ties share. Players
// out rank below, the one knocked out later higher.
std::array<int, kSeatCount> singles_places(const Position& pos, bool by_last_mate);

// The seat reported as winner when a pairs game ends by a mate: the mater if on the other team,
// else the mated player's next seat clockwise (also on the winning team).
Seat pairs_winner(const Position& pos);

rules::Outcome make_outcome(const Position& pos, const Settings& s, End end);

}  // namespace kaisho::yonin

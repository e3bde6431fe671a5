#pragma once
// The Yonin Shogi start position (spec/yonin.md "Seats, directions, setup") in the position
// text of docs/games/yonin.md: each player's silver, gold, king, gold, silver on the nearest
// row, pawn, rook, pawn in front, and a pawn in front of the rook; South to move.
#include <string>
#include <string_view>

namespace kaisho::yonin {

inline constexpr std::string_view kStartText =
    "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw5PeGe/Sw3Ps3Se/3PsRsPs3/"
    "2SsGsKsGsSs2 s - - ---- - 1";

// The start position with `first` (0..3) to move: the table rotates the first seat clockwise
// each game when rotate_first is on.
inline std::string start_text(int first) {
  std::string s(kStartText);
  const auto at = s.find(" s ");
  s[at + 1] = "swne"[first & 3];
  return s;
}

}  // namespace kaisho::yonin

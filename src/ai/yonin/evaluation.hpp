#pragma once
// Static evaluation of a Yonin Shogi position from one seat's view (the root of a search).
//
// Singles: the placing score counts every other seat as a game (ahead 1, tied 1/2, behind 0),
// so the evaluation is a sum of one comparison per other seat. A comparison that is already
// settled is worth ±kWin: a live seat is certain to rank above a seat that is out, and of two
// seats out the later one ranks higher. Between two live seats it is a bounded estimate:
// mates first (the placing's first key), then material on the board and in hand, king safety,
// and the piece count (the placing's second key).
// Pairs: the team's sum minus the other team's (the first mate ends the game).
// A finished game is scored from the rules' own placing (placing.hpp).
#include "rules/yonin/flow.hpp"

namespace kaisho::ai::yonin_search {

using namespace kaisho::yonin;

constexpr int kWin = 9000;       // one settled comparison (a quarter of the int16 range, 3x fits)
constexpr int kLiveCap = 6000;   // the most a comparison between live seats is worth
constexpr int kMateLead = 2500;  // one mate more than the other seat (live comparisons)

int board_value(PieceType t);
int hand_value(PieceType t);

// Material of a seat: its pieces on the board and in hand.
int material(const Position& pos, Seat s);
// King safety of live seat s: defenders beside the king against enemy pieces near it and
// enemy pieces in hand.
int king_safety(const Position& pos, Seat s, bool pairs);
// Everything a live seat has: material, king safety, and the piece count.
int seat_value(const Position& pos, Seat s, bool pairs);

// Whether seats a and b play for the same side (pairs: partners; singles: the same seat).
inline bool same_side(Seat a, Seat b, bool pairs) {
  return a == b || (pairs && partner_of(a) == b);
}

// The position's value for `root` (the game is not over).
int evaluate(const Position& pos, const Settings& s, Seat root);
// The value of a finished game for `root`, from the rules' placing: singles ±kWin per other
// seat, pairs ±3 kWin for a win or a loss and 0 for a draw.
int terminal_value(const Position& pos, const Settings& s, End end, Seat root);

}  // namespace kaisho::ai::yonin_search

#include "ai/yonin/evaluation.hpp"

#include <algorithm>
#include <array>

#include "rules/yonin/placing.hpp"

namespace kaisho::ai::yonin_search {

namespace {

constexpr std::array<int, kPieceTypeCount> kBoardValue = {0, 100, 0, 0, 450, 0, 950, 500,
                                                          0, 520, 0, 0, 500, 0, 1200};
constexpr std::array<int, kHandTypeCount> kHandValue = {0, 120, 0, 0, 480, 0, 1000, 540};

constexpr int kPieceCount = 15;      // per piece counted for placing
constexpr int kDefender = 30;        // own gold or silver beside the king
constexpr int kNearAttacker = 14;    // per weight of enemy pieces within two squares
constexpr int kEnemyHand = 10;       // per weight of enemy pieces in hand
constexpr int kAttackTimesHand = 4;  // the two together: drops land where attackers help

// The squares within two steps of each square (5x5 around it).
struct Zones {
  std::array<Bitboard, kSquareCount> near{};
  Zones() {
    for (Square sq = 0; sq < kSquareCount; ++sq) {
      Bitboard ring = kTables.king[sq] | Bitboard::square(sq);
      Bitboard zone = ring;
      for (Square s : squares(ring)) zone |= kTables.king[s];
      near[sq] = zone;
    }
  }
};
const Zones kZones;

int weight(const Position& pos, Bitboard b) {
  const Bitboard rooks = pos.by_movement(Movement::Rook) | pos.by_movement(Movement::Dragon);
  const Bitboard minors = pos.by_movement(Movement::Gold) | pos.by_movement(Movement::Silver);
  return 3 * (b & rooks).count() + 2 * (b & minors).count() +
         (b & pos.by_movement(Movement::Pawn)).count();
}

int hand_weight(const Hand& h) {
  return 3 * h.count[kRook] + 2 * (h.count[kGold] + h.count[kSilver]) + h.count[kPawn] / 2;
}

}  // namespace

int board_value(PieceType t) {
  return kBoardValue[t];
}
int hand_value(PieceType t) {
  return kHandValue[t];
}

int material(const Position& pos, Seat s) {
  int v = 0;
  for (Square sq : squares(pos.pieces_of(s))) v += kBoardValue[type_of(pos.at(sq))];
  for (PieceType t : kHandTypes) v += kHandValue[t] * pos.hand(s).count[t];
  return v;
}

int king_safety(const Position& pos, Seat s, bool pairs) {
  const Square k = pos.king_square(s);
  if (k < 0) return 0;
  Bitboard enemies = pos.attackers_of(s);
  if (pairs) enemies &= ~pos.pieces_of(partner_of(s));
  const Bitboard mine = pos.pieces_of(s);
  const Bitboard guards = pos.by_movement(Movement::Gold) | pos.by_movement(Movement::Silver);
  const int defenders = (kTables.king[k] & mine & guards).count();
  const int near = weight(pos, kZones.near[k] & enemies);
  int in_hand = 0;
  for (Seat o = 0; o < kSeatCount; ++o)
    if (!same_side(o, s, pairs) && pos.is_live(o)) in_hand += hand_weight(pos.hand(o));
  return kDefender * defenders - kNearAttacker * near - kEnemyHand * in_hand -
         kAttackTimesHand * near * in_hand;
}

int seat_value(const Position& pos, Seat s, bool pairs) {
  const int count = pos.pieces_of(s).count() + pos.hand(s).total();
  return material(pos, s) + king_safety(pos, s, pairs) + kPieceCount * count;
}

int evaluate(const Position& pos, const Settings& s, Seat root) {
  const bool pairs = s.rules.pairs;
  if (pairs) {
    int v = 0;
    for (Seat o = 0; o < kSeatCount; ++o) {
      if (pos.is_out(o)) continue;
      v += same_side(o, root, true) ? seat_value(pos, o, true) : -seat_value(pos, o, true);
    }
    return v;
  }
  std::array<int, kSeatCount> mates{};
  for (Seat o = 0; o < kSeatCount; ++o)
    if (pos.is_out(o) && pos.mated_by(o) != kNoSeat) ++mates[pos.mated_by(o)];
  const bool root_live = pos.is_live(root);
  const int root_value = root_live ? seat_value(pos, root, false) : 0;
  int v = 0;
  for (Seat o = 0; o < kSeatCount; ++o) {
    if (o == root) continue;
    if (!root_live) {
      v += pos.is_live(o) || pos.out_order(o) > pos.out_order(root) ? -kWin : kWin;
    } else if (pos.is_out(o)) {
      v += kWin;
    } else {
      const int d = kMateLead * (mates[root] - mates[o]) + root_value - seat_value(pos, o, false);
      v += std::clamp(d, -kLiveCap, kLiveCap);
    }
  }
  return v;
}

int terminal_value(const Position& pos, const Settings& s, End end, Seat root) {
  if (s.rules.pairs) {
    if (end != End::TeamMated) return 0;  // repetition and the move limit draw
    for (Seat o = 0; o < kSeatCount; ++o)
      if (pos.out_order(o) == 1) return same_side(o, root, true) ? -3 * kWin : 3 * kWin;
    return 0;
  }
  const bool by_last_mate = end == End::TwoOut || end == End::LastPlayer;
  const auto places = singles_places(pos, by_last_mate);
  int v = 0;
  for (Seat o = 0; o < kSeatCount; ++o) {
    if (o == root) continue;
    v += places[root] < places[o] ? kWin : places[root] > places[o] ? -kWin : 0;
  }
  return v;
}

}  // namespace kaisho::ai::yonin_search

#pragma once
// 81-square bitboards (bit i = square i, see square.hpp) and the attack tables of the shogi
// family, by facing. Sliders use direction rays cut at the first blocker.
#include <bit>
#include <cstdint>

#include "rules/shogi_family/piece.hpp"
#include "rules/shogi_family/square.hpp"

namespace kaisho::shogi_family {

__extension__ typedef unsigned __int128 u128;

class Bitboard {
 public:
  constexpr Bitboard() = default;
  constexpr explicit Bitboard(u128 v) : v_(v) {}
  static constexpr Bitboard square(Square sq) { return Bitboard(u128{1} << sq); }

  constexpr u128 raw() const { return v_; }
  constexpr bool any() const { return v_ != 0; }
  constexpr bool none() const { return v_ == 0; }
  constexpr bool test(Square sq) const { return (v_ >> sq) & 1; }
  constexpr bool more_than_one() const { return (v_ & (v_ - 1)) != 0; }
  constexpr int count() const {
    return std::popcount(static_cast<uint64_t>(v_)) +
           std::popcount(static_cast<uint64_t>(v_ >> 64));
  }
  constexpr Square lsb() const {
    uint64_t lo = static_cast<uint64_t>(v_);
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(v_ >> 64));
  }
  constexpr Square msb() const {
    uint64_t hi = static_cast<uint64_t>(v_ >> 64);
    return hi ? 127 - std::countl_zero(hi) : 63 - std::countl_zero(static_cast<uint64_t>(v_));
  }
  constexpr Square pop_lsb() {
    Square sq = lsb();
    v_ &= v_ - 1;
    return sq;
  }

  constexpr Bitboard operator&(Bitboard o) const { return Bitboard(v_ & o.v_); }
  constexpr Bitboard operator|(Bitboard o) const { return Bitboard(v_ | o.v_); }
  constexpr Bitboard operator^(Bitboard o) const { return Bitboard(v_ ^ o.v_); }
  constexpr Bitboard operator~() const { return Bitboard(~v_ & kAll); }
  constexpr Bitboard& operator&=(Bitboard o) {
    v_ &= o.v_;
    return *this;
  }
  constexpr Bitboard& operator|=(Bitboard o) {
    v_ |= o.v_;
    return *this;
  }
  constexpr Bitboard& operator^=(Bitboard o) {
    v_ ^= o.v_;
    return *this;
  }
  constexpr bool operator==(const Bitboard&) const = default;
  constexpr Bitboard shifted_right(int n) const { return Bitboard(v_ >> n); }
  constexpr Bitboard shifted_left(int n) const { return Bitboard((v_ << n) & kAll); }

  static constexpr u128 kAll = (u128{1} << 81) - 1;

 private:
  u128 v_ = 0;
};

// Iterates the squares of a bitboard: for (Square sq : squares(bb)).
struct SquareIter {
  Bitboard bb;
  constexpr Square operator*() const { return bb.lsb(); }
  constexpr SquareIter& operator++() {
    bb.pop_lsb();
    return *this;
  }
  constexpr bool operator!=(const SquareIter& o) const { return bb.raw() != o.bb.raw(); }
};
struct Squares {
  Bitboard bb;
  constexpr SquareIter begin() const { return {bb}; }
  constexpr SquareIter end() const { return {Bitboard()}; }
};
constexpr Squares squares(Bitboard bb) {
  return {bb};
}

// Eight ray directions; the first four run toward higher square indices.
enum Direction : int {
  kDown,
  kLeftward,
  kDownLeft,
  kUpLeft,
  kUp,
  kRightward,
  kUpRight,
  kDownRight
};
constexpr int kDirectionCount = 8;

struct AttackTables {
  Bitboard ray[kDirectionCount][kSquareCount];
  // Steps of the non-sliding movements by facing: Pawn, Knight, Silver, Gold, King.
  Bitboard pawn[kFacingCount][kSquareCount];
  Bitboard knight[kFacingCount][kSquareCount];
  Bitboard silver[kFacingCount][kSquareCount];
  Bitboard gold[kFacingCount][kSquareCount];
  Bitboard king[kSquareCount];
  Bitboard file[10];                             // file[1..9]
  Bitboard rank[10];                             // rank[1..9]
  Bitboard between[kSquareCount][kSquareCount];  // strictly between two aligned squares
  Bitboard line[kSquareCount][kSquareCount];     // the whole line through two aligned squares
  Direction lance_direction[kFacingCount];
  // The farthest `n` rows for a piece facing f: far_rows[f][n], n = 0..9.
  Bitboard far_rows[kFacingCount][10];
};
// Constant-initialised (constinit in bitboard.cpp): tables built at namespace scope in other
// files (the Yonin evaluation's zones) read it during static initialisation, whose order
// across files is unspecified, so it must never wait for a dynamic initialiser.
extern const AttackTables kTables;

inline Bitboard ray_attack(Square sq, int dir, Bitboard occ) {
  Bitboard r = kTables.ray[dir][sq];
  Bitboard blockers = r & occ;
  if (blockers.any()) {
    Square b = dir < 4 ? blockers.lsb() : blockers.msb();
    r ^= kTables.ray[dir][b];
  }
  return r;
}
inline Bitboard rook_attacks(Square sq, Bitboard occ) {
  return ray_attack(sq, kDown, occ) | ray_attack(sq, kUp, occ) | ray_attack(sq, kLeftward, occ) |
         ray_attack(sq, kRightward, occ);
}
inline Bitboard bishop_attacks(Square sq, Bitboard occ) {
  return ray_attack(sq, kDownLeft, occ) | ray_attack(sq, kUpLeft, occ) |
         ray_attack(sq, kUpRight, occ) | ray_attack(sq, kDownRight, occ);
}
inline Bitboard lance_attacks(Square sq, Facing f, Bitboard occ) {
  return ray_attack(sq, kTables.lance_direction[static_cast<int>(f)], occ);
}
// Squares a piece with movement m, facing f, on sq attacks given the occupancy.
inline Bitboard attacks_of(Movement m, Facing f, Square sq, Bitboard occ) {
  int fi = static_cast<int>(f);
  switch (m) {
    case Movement::Pawn:
      return kTables.pawn[fi][sq];
    case Movement::Lance:
      return lance_attacks(sq, f, occ);
    case Movement::Knight:
      return kTables.knight[fi][sq];
    case Movement::Silver:
      return kTables.silver[fi][sq];
    case Movement::Gold:
      return kTables.gold[fi][sq];
    case Movement::Bishop:
      return bishop_attacks(sq, occ);
    case Movement::Rook:
      return rook_attacks(sq, occ);
    case Movement::King:
      return kTables.king[sq];
    case Movement::Horse:
      return bishop_attacks(sq, occ) | kTables.king[sq];
    case Movement::Dragon:
      return rook_attacks(sq, occ) | kTables.king[sq];
  }
  return Bitboard();
}

}  // namespace kaisho::shogi_family

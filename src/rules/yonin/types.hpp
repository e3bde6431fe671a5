#pragma once
// Yonin Shogi (four-player shogi): seats, pieces that carry an owner and a facing, hands and
// moves. Seats go clockwise: 0 South, 1 West, 2 North, 3 East; a seat's own pieces face the
// way its number names as a Facing (South Up, West Right, North Down, East Left).
#include <array>
#include <cstdint>

#include "rules/shogi_family/bitboard.hpp"

namespace kaisho::yonin {

using namespace kaisho::shogi_family;

using Seat = int;
constexpr int kSeatCount = 4;
constexpr Seat kNoSeat = -1;
// The owner of the pieces a knocked-out player leaves behind under out_pieces=ownerless (or
// when a mate has nobody to credit): they never move or attack, and anyone may capture them.
constexpr int kOwnerless = 4;
constexpr int kOwnerCount = 5;

constexpr Facing home_facing(Seat s) {
  return static_cast<Facing>(s);
}
constexpr Facing opposite(Facing f) {
  return static_cast<Facing>((static_cast<int>(f) + 2) & 3);
}
constexpr int index_of(Facing f) {
  return static_cast<int>(f);
}
constexpr Seat partner_of(Seat s) {
  return s ^ 2;
}
// The seat k places clockwise from s.
constexpr Seat clockwise(Seat s, int k) {
  return (s + k) & 3;
}

// A piece on the board: type in bits 0-3, owner (0..3 or kOwnerless) in bits 4-6, facing in
// bits 7-8. 0 is an empty square. A piece keeps its facing when its owner changes.
using Piece = uint16_t;
constexpr Piece kNoPiece = 0;
constexpr Piece make_piece(PieceType t, int owner, Facing f) {
  return static_cast<Piece>(t | (owner << 4) | (index_of(f) << 7));
}
constexpr PieceType type_of(Piece p) {
  return static_cast<PieceType>(p & 15);
}
constexpr int owner_of(Piece p) {
  return (p >> 4) & 7;
}
constexpr Facing facing_of(Piece p) {
  return static_cast<Facing>((p >> 7) & 3);
}
constexpr Piece with_owner(Piece p, int owner) {
  return static_cast<Piece>((p & ~(7 << 4)) | (owner << 4));
}

// The piece types of Yonin Shogi, and those that can stand in a hand (in the order the text
// form writes them).
constexpr std::array<PieceType, 8> kYoninTypes = {kPawn, kSilver,  kRook,      kGold,
                                                  kKing, kProPawn, kProSilver, kDragon};
constexpr std::array<PieceType, 4> kHandTypes = {kRook, kGold, kSilver, kPawn};
constexpr bool is_yonin_type(PieceType t) {
  for (PieceType y : kYoninTypes)
    if (y == t) return true;
  return false;
}
// How many of each base type the set holds (4 players x the setup: K, R, 2 G, 2 S, 3 P).
constexpr int set_count(PieceType base) {
  switch (base) {
    case kKing:
      return 4;
    case kRook:
      return 4;
    case kGold:
      return 8;
    case kSilver:
      return 8;
    case kPawn:
      return 12;
    default:
      return 0;
  }
}

// Counts of the pieces in one hand, indexed by kPawn..kGold.
struct Hand {
  std::array<uint8_t, kHandTypeCount> count{};
  bool empty() const {
    for (PieceType t : kHandTypes)
      if (count[t]) return false;
    return true;
  }
  int total() const {
    int n = 0;
    for (PieceType t : kHandTypes) n += count[t];
    return n;
  }
  bool operator==(const Hand&) const = default;
};

// A move in 16 bits: destination (bits 0-6), origin square or 80 + dropped type (bits 7-13),
// promotion (bit 14). Move{} is "no move".
class Move {
 public:
  constexpr Move() = default;
  static constexpr Move normal(Square from, Square to, bool promote) {
    return Move(static_cast<uint16_t>(to | (from << 7) | (promote ? 1 << 14 : 0)));
  }
  static constexpr Move drop(PieceType t, Square to) {
    return Move(static_cast<uint16_t>(to | ((80 + t) << 7)));
  }
  constexpr Square to() const { return v_ & 127; }
  constexpr Square from() const { return (v_ >> 7) & 127; }
  constexpr bool is_drop() const { return from() > 80; }
  constexpr PieceType dropped() const { return static_cast<PieceType>(from() - 80); }
  constexpr bool promotes() const { return (v_ >> 14) & 1; }
  constexpr uint16_t raw() const { return v_; }
  constexpr bool operator==(const Move&) const = default;
  constexpr explicit operator bool() const { return v_ != 0; }

 private:
  constexpr explicit Move(uint16_t v) : v_(v) {}
  uint16_t v_ = 0;
};

// Fixed-capacity move list. A player may own nearly every piece after inheriting two sets;
// 1024 bounds every position (drops of 4 types on at most 81 squares plus board moves).
class MoveList {
 public:
  void add(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void clear() { size_ = 0; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  std::array<Move, 1024> moves_;
  int size_ = 0;
};

// The local rules that change what a move does or which moves exist.
struct Rules {
  bool pairs = false;      // format=pairs: opposite seats are partners
  bool ownerless = false;  // out_pieces=ownerless: a mated player's board pieces lose their owner
};

// The squares of the line a pawn facing f walks along (the nifu line): a file for Up and
// Down, a rank for Right and Left.
inline Bitboard pawn_line(Square sq, Facing f) {
  return (f == Facing::Up || f == Facing::Down) ? kTables.file[file_of(sq)]
                                                : kTables.rank[rank_of(sq)];
}
inline Bitboard promotion_zone(Facing f) {
  return kTables.far_rows[index_of(f)][3];
}
inline Bitboard last_row(Facing f) {
  return kTables.far_rows[index_of(f)][1];
}

}  // namespace kaisho::yonin

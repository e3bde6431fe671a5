#pragma once
// Shogi and Annan Shogi: colours, pieces, hands and moves.
#include <array>
#include <cstdint>

#include "rules/shogi_family/bitboard.hpp"

namespace kaisho::shogi {

using namespace kaisho::shogi_family;

enum Color : uint8_t { kBlack = 0, kWhite = 1 };  // sente, gote
constexpr Color operator~(Color c) {
  return static_cast<Color>(c ^ 1);
}
constexpr Facing facing_of(Color c) {
  return c == kBlack ? Facing::Up : Facing::Down;
}

// A piece on the board: type in the low four bits, colour in bit 4; 0 is an empty square.
using Piece = uint8_t;
constexpr Piece kNoPiece = 0;
constexpr Piece make_piece(Color c, PieceType t) {
  return static_cast<Piece>(t | (c << 4));
}
constexpr PieceType type_of(Piece p) {
  return static_cast<PieceType>(p & 15);
}
constexpr Color color_of(Piece p) {
  return static_cast<Color>(p >> 4);
}

// Counts of the pieces in one hand, indexed by kPawn..kGold.
struct Hand {
  std::array<uint8_t, kHandTypeCount> count{};
  bool empty() const {
    for (int t = kPawn; t <= kGold; ++t)
      if (count[t]) return false;
    return true;
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
  static constexpr Move from_raw(uint16_t v) { return Move(v); }
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

// Fixed-capacity move list (no position has more than 593 legal moves).
class MoveList {
 public:
  void add(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  Move* data() { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void clear() { size_ = 0; }

 private:
  std::array<Move, 600> moves_;
  int size_ = 0;
};

// Rows where an unpromoted piece of this type could never move again, for colour c.
inline Bitboard dead_squares(PieceType t, Color c) {
  const auto& far = kTables.far_rows[static_cast<int>(facing_of(c))];
  switch (t) {
    case kPawn:
    case kLance:
      return far[1];
    case kKnight:
      return far[2];
    default:
      return Bitboard();
  }
}
inline Bitboard promotion_zone(Color c) {
  return kTables.far_rows[static_cast<int>(facing_of(c))][3];
}

}  // namespace kaisho::shogi

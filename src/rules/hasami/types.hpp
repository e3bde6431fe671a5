#pragma once
// Hasami Shogi: colours, moves and move lists. Squares and bitboards are the shogi family's
// (rules/shogi_family): 9x9, files 9..1 left to right, ranks a..i top to bottom.
#include <array>
#include <cstdint>

#include "rules/shogi_family/bitboard.hpp"
#include "rules/shogi_family/square.hpp"

namespace kaisho::hasami {

using shogi_family::Bitboard;
using shogi_family::Square;

// kBlack is the first player (seat 0, 'b', uppercase P, starting on rank i); kWhite the
// second (seat 1, 'w', lowercase p, starting on rank a).
enum Color : uint8_t { kBlack = 0, kWhite = 1 };
constexpr Color operator~(Color c) {
  return static_cast<Color>(c ^ 1);
}

// Each side has nine pieces and captured pieces never return.
constexpr int kPiecesPerSide = 9;

// A move from one square to another in 14 bits. Move{} is "no move" (from == to == 0 is
// never a legal move).
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to) : v_(static_cast<uint16_t>(to | (from << 7))) {}
  constexpr Square to() const { return v_ & 127; }
  constexpr Square from() const { return v_ >> 7; }
  constexpr uint16_t raw() const { return v_; }
  constexpr bool operator==(const Move&) const = default;
  constexpr explicit operator bool() const { return v_ != 0; }

 private:
  uint16_t v_ = 0;
};

// Fixed-capacity move list. Nine pieces with at most 16 destinations each bound the count.
class MoveList {
 public:
  static constexpr int kCapacity = kPiecesPerSide * 16;
  void add(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  Move* data() { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  void clear() { size_ = 0; }

 private:
  std::array<Move, kCapacity> moves_;
  int size_ = 0;
};

}  // namespace kaisho::hasami

#pragma once
// Juroku Musashi: points, point sets, sides and moves.
#include <array>
#include <bit>
#include <cstdint>

namespace kaisho::musashi {

// A point is an index in name order: a1..a5 are 0..4, b1..b5 5..9, c1..c5 10..14,
// d1..d5 15..19, e1..e5 20..24, then the sechin f2 f3 f4 (25..27) and g1..g5 (28..32).
// The 25-point board uses 0..24, so both boards share names, indices and bits.
using Point = int;
constexpr int kMaxPoints = 33;
constexpr Point kNoPoint = -1;

// A set of points, bit p for point p (33 bits fit in 64).
using PointSet = uint64_t;
constexpr PointSet bit(Point p) {
  return PointSet{1} << p;
}
constexpr int count(PointSet s) {
  return std::popcount(s);
}
// The lowest point of a non-empty set.
constexpr Point lowest(PointSet s) {
  return std::countr_zero(s);
}

// The two roles; their values are also the seats (seat 0 plays the father).
enum class Side : uint8_t { Father = 0, Children = 1 };
constexpr Side opposite(Side s) {
  return s == Side::Father ? Side::Children : Side::Father;
}

// One step of a piece along a line. Move{} (from = kNoPoint) is "no move".
struct Move {
  int8_t from = kNoPoint;
  int8_t to = kNoPoint;
  static constexpr Move make(Point f, Point t) {
    return Move{static_cast<int8_t>(f), static_cast<int8_t>(t)};
  }
  constexpr bool operator==(const Move&) const = default;
};

// Fixed-capacity move list: at most 16 children with at most 8 lines each.
class MoveList {
 public:
  static constexpr int kCapacity = 16 * 8;
  void add(Move m) { moves_[static_cast<size_t>(size_++)] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[static_cast<size_t>(i)]; }
  const Move* begin() const { return moves_.data(); }
  Move* data() { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }
  void clear() { size_ = 0; }

 private:
  std::array<Move, kCapacity> moves_{};
  int size_ = 0;
};

}  // namespace kaisho::musashi

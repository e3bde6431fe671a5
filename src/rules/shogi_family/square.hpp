#pragma once
// Squares of the 9x9 shogi-family boards (Shogi, Annan, Yonin; Hasami shares the naming).
// Index = (file - 1) * 9 + (rank - 1), file 1..9 right to left and rank 1..9 = a..i top to
// bottom as the first player (sente, South) sees the board. A file is 9 consecutive indices.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace kaisho::shogi_family {

using Square = int;
constexpr Square kSquareCount = 81;

constexpr Square make_square(int file, int rank) {
  return (file - 1) * 9 + (rank - 1);
}
constexpr int file_of(Square sq) {
  return sq / 9 + 1;
}
constexpr int rank_of(Square sq) {
  return sq % 9 + 1;
}
constexpr bool on_board(int file, int rank) {
  return file >= 1 && file <= 9 && rank >= 1 && rank <= 9;
}

// "5e" and back.
inline std::string square_name(Square sq) {
  return std::string{static_cast<char>('0' + file_of(sq)),
                     static_cast<char>('a' + rank_of(sq) - 1)};
}
inline std::optional<Square> parse_square(std::string_view s) {
  if (s.size() != 2 || s[0] < '1' || s[0] > '9' || s[1] < 'a' || s[1] > 'i') return std::nullopt;
  return make_square(s[0] - '0', s[1] - 'a' + 1);
}

// The way a piece advances. Sente's and South's pieces face Up (toward rank a), gote's and
// North's Down; West's pieces face Right (toward file 1), East's Left (toward file 9).
enum class Facing : uint8_t { Up = 0, Right = 1, Down = 2, Left = 3 };
constexpr int kFacingCount = 4;

// A step (dfile, drank) given for a piece facing Up, turned to face `f`.
struct Step {
  int dfile;
  int drank;
};
constexpr Step turn(Step s, Facing f) {
  switch (f) {
    case Facing::Up:
      return s;
    case Facing::Down:
      return {-s.dfile, -s.drank};
    // Facing Right means "forward" is toward file 1: forward (0,-1) becomes (-1,0).
    case Facing::Right:
      return {s.drank, -s.dfile};
    case Facing::Left:
      return {-s.drank, s.dfile};
  }
  return s;
}

// How far a square is into the far side for a piece facing f: 1 = the farthest row.
constexpr int rows_from_far_edge(Square sq, Facing f) {
  switch (f) {
    case Facing::Up:
      return rank_of(sq);
    case Facing::Down:
      return 10 - rank_of(sq);
    case Facing::Right:
      return file_of(sq);
    case Facing::Left:
      return 10 - file_of(sq);
  }
  return 9;
}

}  // namespace kaisho::shogi_family

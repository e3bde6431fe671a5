#include "rules/hasami/position.hpp"

#include <cassert>

#include "core/rng.hpp"

namespace kaisho::hasami {

namespace zobrist {
namespace {
struct Keys {
  uint64_t psq[2][shogi_family::kSquareCount];
  uint64_t side;
  Keys() {
    Rng rng(0x486173616d692121ULL);  // "Hasami!!"
    for (auto& row : psq)
      for (auto& k : row) k = rng.next();
    side = rng.next();
  }
};
const Keys kKeys;
}  // namespace
uint64_t piece_square(Color c, Square sq) {
  return kKeys.psq[c][sq];
}
uint64_t side() {
  return kKeys.side;
}
}  // namespace zobrist

namespace {

using shogi_family::kTables;
using shogi_family::make_square;

// For each square next to a corner: that corner and the corner's other neighbour.
struct CornerTable {
  Square corner[shogi_family::kSquareCount];
  Square other[shogi_family::kSquareCount];
  CornerTable() {
    for (Square sq = 0; sq < shogi_family::kSquareCount; ++sq) corner[sq] = other[sq] = -1;
    for (int file : {1, 9}) {
      for (int rank : {1, 9}) {
        const Square c = make_square(file, rank);
        const Square along_rank = make_square(file == 1 ? 2 : 8, rank);
        const Square along_file = make_square(file, rank == 1 ? 2 : 8);
        corner[along_rank] = corner[along_file] = c;
        other[along_rank] = along_file;
        other[along_file] = along_rank;
      }
    }
  }
};
const CornerTable kCorners;

// The four orthogonal ray directions; kDown and kLeftward run toward higher indices.
constexpr shogi_family::Direction kOrthogonal[] = {shogi_family::kDown, shogi_family::kLeftward,
                                                   shogi_family::kUp, shogi_family::kRightward};

}  // namespace

Bitboard captured_squares(Bitboard own, Bitboard enemy, Square to) {
  Bitboard caps;
  for (shogi_family::Direction d : kOrthogonal) {
    const Bitboard mine = kTables.ray[d][to] & own;
    if (mine.none()) continue;
    // The nearest own piece along the ray closes the sandwich; everything strictly between
    // must be enemy pieces (an empty square or nothing between means no capture).
    const Square closer = d < 4 ? mine.lsb() : mine.msb();
    const Bitboard inside = kTables.between[to][closer];
    if (inside.any() && (inside & enemy) == inside) caps |= inside;
  }
  const Square corner = kCorners.corner[to];
  if (corner >= 0 && enemy.test(corner) && own.test(kCorners.other[to])) {
    caps |= Bitboard::square(corner);
  }
  return caps;
}

Position::Position() {
  undo_.reserve(256);
  keys_.reserve(257);
  keys_.push_back(compute_key());
}

void Position::put(Square sq, Color c) {
  assert(color_at(sq) < 0);
  by_color_[c] |= Bitboard::square(sq);
}

uint64_t Position::compute_key() const {
  uint64_t k = 0;
  for (int c = 0; c < 2; ++c)
    for (Square sq : shogi_family::squares(by_color_[c]))
      k ^= zobrist::piece_square(static_cast<Color>(c), sq);
  if (side_ == kWhite) k ^= zobrist::side();
  return k;
}

void Position::reset_history() {
  undo_.clear();
  keys_.clear();
  reversible_ = 0;
  keys_.push_back(compute_key());
}

Bitboard Position::captures_of(Move m) const {
  const Color us = side_;
  const Bitboard own = (by_color_[us] ^ Bitboard::square(m.from())) | Bitboard::square(m.to());
  return captured_squares(own, by_color_[~us], m.to());
}

void Position::do_move(Move m) {
  const Color us = side_;
  const Color them = ~us;
  const Square from = m.from(), to = m.to();
  assert(by_color_[us].test(from) && color_at(to) < 0);
  uint64_t k = keys_.back() ^ zobrist::piece_square(us, from) ^ zobrist::piece_square(us, to) ^
               zobrist::side();
  by_color_[us] ^= Bitboard::square(from) | Bitboard::square(to);
  const Bitboard caps = captured_squares(by_color_[us], by_color_[them], to);
  const int reversible_before = reversible_;
  if (caps.any()) {
    by_color_[them] ^= caps;
    captured_[us] += caps.count();
    for (Square sq : shogi_family::squares(caps)) k ^= zobrist::piece_square(them, sq);
    reversible_ = 0;
  } else {
    ++reversible_;
  }
  side_ = them;
  undo_.push_back({caps, m, reversible_before});
  keys_.push_back(k);
}

void Position::undo_move() {
  assert(!undo_.empty());
  const Undo u = undo_.back();
  undo_.pop_back();
  keys_.pop_back();
  const Color them = side_;
  const Color us = ~them;
  side_ = us;
  by_color_[us] ^= Bitboard::square(u.move.from()) | Bitboard::square(u.move.to());
  if (u.captured.any()) {
    by_color_[them] |= u.captured;
    captured_[us] -= u.captured.count();
  }
  reversible_ = u.reversible_before;
}

}  // namespace kaisho::hasami

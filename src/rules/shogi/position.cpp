#include "rules/shogi/position.hpp"

#include "core/rng.hpp"

namespace kaisho::shogi {

namespace zobrist {
namespace {
struct Keys {
  uint64_t psq[32][kSquareCount];
  uint64_t hand[2][kHandTypeCount][19];
  uint64_t side;
  Keys() {
    Rng rng(0x4b616973686f2121ULL);
    for (auto& row : psq)
      for (auto& k : row) k = rng.next();
    for (auto& c : hand)
      for (auto& t : c)
        for (auto& k : t) k = rng.next();
    side = rng.next();
  }
};
const Keys kKeys;
}  // namespace
uint64_t piece_square(Piece p, Square sq) {
  return kKeys.psq[p][sq];
}
uint64_t hand(Color c, PieceType t, int count) {
  return kKeys.hand[c][t][count];
}
uint64_t side() {
  return kKeys.side;
}
}  // namespace zobrist

Position::Position() {
  undo_.reserve(256);
  keys_.reserve(257);
  keys_.push_back(compute_key());
}

void Position::clear() {
  *this = Position();
}

void Position::add_piece(Square sq, Piece p) {
  assert(board_[sq] == kNoPiece);
  board_[sq] = p;
  Bitboard b = Bitboard::square(sq);
  by_color_[color_of(p)] |= b;
  by_movement_[static_cast<int>(movement_of(type_of(p)))] |= b;
  if (type_of(p) == kKing) king_sq_[color_of(p)] = sq;
}

void Position::remove_piece(Square sq) {
  Piece p = board_[sq];
  assert(p != kNoPiece);
  Bitboard b = Bitboard::square(sq);
  by_color_[color_of(p)] ^= b;
  by_movement_[static_cast<int>(movement_of(type_of(p)))] ^= b;
  board_[sq] = kNoPiece;
}

void Position::put(Square sq, Piece p) {
  if (board_[sq] != kNoPiece) remove_piece(sq);
  if (p != kNoPiece) add_piece(sq, p);
}

void Position::set_hand(Color c, PieceType t, int count) {
  hands_[c].count[t] = static_cast<uint8_t>(count);
}
void Position::set_side_to_move(Color c) {
  side_ = c;
}
void Position::set_game_ply(int ply) {
  base_ply_ = ply;
}

uint64_t Position::compute_key() const {
  uint64_t k = 0;
  for (Square sq = 0; sq < kSquareCount; ++sq)
    if (board_[sq] != kNoPiece) k ^= zobrist::piece_square(board_[sq], sq);
  for (int c = 0; c < 2; ++c)
    for (int t = kPawn; t <= kGold; ++t)
      k ^= zobrist::hand(static_cast<Color>(c), static_cast<PieceType>(t), hands_[c].count[t]);
  if (side_ == kWhite) k ^= zobrist::side();
  return k;
}

void Position::reset_history() {
  undo_.clear();
  keys_.clear();
  keys_.push_back(compute_key());
}

void Position::do_move(Move m) {
  const Color us = side_;
  uint64_t k = keys_.back();
  Piece captured = kNoPiece;
  const Square to = m.to();
  if (m.is_drop()) {
    PieceType t = m.dropped();
    int n = hands_[us].count[t];
    assert(n > 0);
    k ^= zobrist::hand(us, t, n) ^ zobrist::hand(us, t, n - 1);
    hands_[us].count[t] = static_cast<uint8_t>(n - 1);
    Piece p = make_piece(us, t);
    add_piece(to, p);
    k ^= zobrist::piece_square(p, to);
  } else {
    const Square from = m.from();
    Piece p = board_[from];
    assert(p != kNoPiece && color_of(p) == us);
    captured = board_[to];
    if (captured != kNoPiece) {
      assert(color_of(captured) != us && type_of(captured) != kKing);
      PieceType t = unpromote(type_of(captured));
      int n = hands_[us].count[t];
      k ^= zobrist::piece_square(captured, to) ^ zobrist::hand(us, t, n) ^
           zobrist::hand(us, t, n + 1);
      hands_[us].count[t] = static_cast<uint8_t>(n + 1);
      remove_piece(to);
    }
    remove_piece(from);
    k ^= zobrist::piece_square(p, from);
    if (m.promotes()) p = make_piece(us, promote(type_of(p)));
    add_piece(to, p);
    k ^= zobrist::piece_square(p, to);
  }
  side_ = ~us;
  k ^= zobrist::side();
  undo_.push_back({m, captured});
  keys_.push_back(k);
}

void Position::undo_move() {
  assert(!undo_.empty());
  const Undo u = undo_.back();
  undo_.pop_back();
  keys_.pop_back();
  side_ = ~side_;
  const Color us = side_;
  const Move m = u.move;
  const Square to = m.to();
  if (m.is_drop()) {
    remove_piece(to);
    hands_[us].count[m.dropped()]++;
  } else {
    Piece p = board_[to];
    remove_piece(to);
    if (m.promotes()) p = make_piece(us, unpromote(type_of(p)));
    add_piece(m.from(), p);
    if (u.captured != kNoPiece) {
      add_piece(to, u.captured);
      hands_[us].count[unpromote(type_of(u.captured))]--;
    }
  }
}

}  // namespace kaisho::shogi

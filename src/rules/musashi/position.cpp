#include "rules/musashi/position.hpp"

#include <cassert>

#include "core/rng.hpp"

namespace kaisho::musashi {

namespace zobrist {
namespace {
struct Keys {
  uint64_t father[kMaxPoints];
  uint64_t child[kMaxPoints];
  uint64_t children_to_move;
  Keys() {
    Rng rng(0x4d75736173686921ULL);
    for (auto& k : father) k = rng.next();
    for (auto& k : child) k = rng.next();
    children_to_move = rng.next();
  }
};
const Keys kKeys;
}  // namespace
uint64_t father(Point p) {
  return kKeys.father[p];
}
uint64_t child(Point p) {
  return kKeys.child[p];
}
uint64_t children_to_move() {
  return kKeys.children_to_move;
}
}  // namespace zobrist

Position::Position(const Board& board, Point father, PointSet children, Side side,
                   int children_moves)
    : board_(&board),
      children_(children),
      children_moves_(children_moves),
      father_(father),
      side_(side) {
  assert(board.has(father) && (children & ~board.all()) == 0 && !(children & bit(father)));
  key_ = compute_key();
}

Position Position::start(const Board& board, Side first) {
  PointSet edge = 0;
  for (Point p = 0; p < 25; ++p) {
    const int column = p / 5;
    const int row = p % 5;
    if (column == 0 || column == 4 || row == 0 || row == 4) edge |= bit(p);
  }
  return Position(board, point_from_name("c3"), edge, first, 0);
}

uint64_t Position::compute_key() const {
  uint64_t k = zobrist::father(father_);
  for (PointSet s = children_; s; s &= s - 1) k ^= zobrist::child(lowest(s));
  if (side_ == Side::Children) k ^= zobrist::children_to_move();
  return k;
}

Position::Undo Position::do_move(Move m) {
  Undo undo;
  key_ ^= zobrist::children_to_move();
  if (side_ == Side::Father) {
    assert(m.from == father_ && board_->has(m.to) && !(children_ & bit(m.to)));
    father_ = m.to;
    key_ ^= zobrist::father(m.from) ^ zobrist::father(m.to);
    undo.captured = board_->captures(m.to, children_);
    children_ &= ~undo.captured;
    for (PointSet s = undo.captured; s; s &= s - 1) key_ ^= zobrist::child(lowest(s));
    side_ = Side::Children;
  } else {
    assert((children_ & bit(m.from)) && (empty() & bit(m.to)));
    children_ ^= bit(m.from) | bit(m.to);
    key_ ^= zobrist::child(m.from) ^ zobrist::child(m.to);
    ++children_moves_;
    side_ = Side::Father;
  }
  return undo;
}

void Position::undo_move(Move m, Undo undo) {
  key_ ^= zobrist::children_to_move();
  if (side_ == Side::Children) {  // the father made m
    children_ |= undo.captured;
    for (PointSet s = undo.captured; s; s &= s - 1) key_ ^= zobrist::child(lowest(s));
    father_ = m.from;
    key_ ^= zobrist::father(m.from) ^ zobrist::father(m.to);
    side_ = Side::Father;
  } else {
    children_ ^= bit(m.from) | bit(m.to);
    key_ ^= zobrist::child(m.from) ^ zobrist::child(m.to);
    --children_moves_;
    side_ = Side::Children;
  }
}

}  // namespace kaisho::musashi

#pragma once
// A Juroku Musashi position: the board shape, the father's point, the children's points, the
// side to move and the number of moves the children have made, with a Zobrist key kept up to
// date by do/undo. It knows the capture rule (what a move does) but not which moves are legal
// (movegen.hpp) nor the repetition record (record.hpp).
#include <cstdint>

#include "rules/musashi/board.hpp"

namespace kaisho::musashi {

class Position {
 public:
  // What undo_move needs to restore the position a move was made from.
  struct Undo {
    PointSet captured = 0;
  };

  // father must be a point of board, children points of board other than father.
  Position(const Board& board, Point father, PointSet children, Side side, int children_moves);
  // The start: father on c3, the sixteen children on the edge of the square.
  static Position start(const Board& board, Side first);

  const Board& board() const { return *board_; }
  Point father() const { return father_; }
  PointSet children() const { return children_; }
  int child_count() const { return count(children_); }
  PointSet empty() const { return board_->all() & ~children_ & ~bit(father_); }
  Side side_to_move() const { return side_; }
  int children_moves() const { return children_moves_; }
  // Equal keys mean equal father point, children's points and side to move (the counter is
  // not part of it).
  uint64_t key() const { return key_; }
  // The key computed from scratch (for consistency checks).
  uint64_t compute_key() const;

  // Plays m, which must be a legal move of the side to move: the piece steps, a father's
  // move captures every flanked pair around its arrival point, the side to move changes and
  // a children's move counts.
  Undo do_move(Move m);
  // Takes back m, the last move made, given what do_move returned.
  void undo_move(Move m, Undo undo);

  bool operator==(const Position& o) const {
    return board_ == o.board_ && father_ == o.father_ && children_ == o.children_ &&
           side_ == o.side_ && children_moves_ == o.children_moves_ && key_ == o.key_;
  }

 private:
  const Board* board_;
  PointSet children_;
  uint64_t key_ = 0;
  int children_moves_;
  Point father_;
  Side side_;
};

namespace zobrist {
uint64_t father(Point p);
uint64_t child(Point p);
uint64_t children_to_move();
}  // namespace zobrist

}  // namespace kaisho::musashi

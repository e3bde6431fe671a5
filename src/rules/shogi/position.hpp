#pragma once
// The board, hands and side to move of a Shogi or Annan position, with do/undo and the
// history of keys since the position the game (or search) started from. It knows nothing of
// legality: movegen.hpp decides which moves exist, per variant.
#include <cassert>
#include <cstdint>
#include <vector>

#include "rules/shogi/types.hpp"

namespace kaisho::shogi {

class Position {
 public:
  Position();  // empty board, black to move

  // --- state ---
  Piece at(Square sq) const { return board_[sq]; }
  Color side_to_move() const { return side_; }
  const Hand& hand(Color c) const { return hands_[c]; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  // Pieces (both colours) whose own movement is m; kings are Movement::King.
  Bitboard by_movement(Movement m) const { return by_movement_[static_cast<int>(m)]; }
  Bitboard pieces(Color c, Movement m) const { return by_movement(m) & by_color_[c]; }
  Square king_square(Color c) const { return king_sq_[c]; }
  uint64_t key() const { return keys_.back(); }
  // Moves made since the game began: the SFEN move number minus one, plus moves played.
  int game_ply() const { return base_ply_ + static_cast<int>(undo_.size()); }
  // Moves made on this object (its history length).
  int history_length() const { return static_cast<int>(undo_.size()); }
  Move last_move() const { return undo_.empty() ? Move() : undo_.back().move; }
  // Keys of every position of the history, oldest first; the last is the current one.
  const std::vector<uint64_t>& key_history() const { return keys_; }

  // --- setup (used by the SFEN parser; the history is cleared) ---
  void clear();
  void put(Square sq, Piece p);
  void set_hand(Color c, PieceType t, int count);
  void set_side_to_move(Color c);
  void set_game_ply(int ply);
  // Recomputes the key from scratch and forgets the history.
  void reset_history();
  // The key computed from scratch (for consistency checks).
  uint64_t compute_key() const;

  // --- play; the move must be legal ---
  void do_move(Move m);
  void undo_move();

 private:
  void add_piece(Square sq, Piece p);
  void remove_piece(Square sq);

  struct Undo {
    Move move;
    Piece captured;
  };
  std::array<Piece, kSquareCount> board_{};
  Bitboard by_color_[2];
  Bitboard by_movement_[10];
  Hand hands_[2];
  Square king_sq_[2] = {-1, -1};
  Color side_ = kBlack;
  int base_ply_ = 0;
  std::vector<Undo> undo_;
  std::vector<uint64_t> keys_;
};

namespace zobrist {
uint64_t piece_square(Piece p, Square sq);
uint64_t hand(Color c, PieceType t, int count);
uint64_t side();
}  // namespace zobrist

}  // namespace kaisho::shogi

#pragma once
// The concrete Hasami Shogi position: the pieces of both sides, the side to move, how many
// pieces each side has captured, and the history since the position the game (or search)
// started from, with do/undo and an incremental Zobrist key. It applies the capture rules
// when a move is made but knows nothing of move legality (movegen.hpp) or of how the game
// ends (end_rules.hpp).
#include <cstdint>
#include <vector>

#include "rules/hasami/types.hpp"

namespace kaisho::hasami {

class Position {
 public:
  Position();  // empty board, first player to move, nothing captured, move number 1

  // --- state ---
  Color side_to_move() const { return side_; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  // kBlack or kWhite for an occupied square, -1 for an empty one.
  int color_at(Square sq) const {
    return by_color_[0].test(sq) ? kBlack : by_color_[1].test(sq) ? kWhite : -1;
  }
  // Enemy pieces captured BY c so far (this is the notation's B-W pair).
  int captured_by(Color c) const { return captured_[c]; }
  // The key covers the board and the side to move, which is what the repetition rule
  // compares; the captured counts follow from the board (each side's pieces on the board
  // plus those the opponent captured make nine), so they need no keys of their own.
  uint64_t key() const { return keys_.back(); }
  // Moves made since the game began: the move number minus one, plus moves played here.
  int game_ply() const { return base_ply_ + history_length(); }
  int history_length() const { return static_cast<int>(undo_.size()); }
  // Keys of every position of the history, oldest first; the last is the current one.
  const std::vector<uint64_t>& key_history() const { return keys_; }
  // Moves since the last capture (or since the history began). A capture removes pieces for
  // good, so no position before it can occur again.
  int reversible_plies() const { return reversible_; }
  // The squares the last move captured on (empty without a last move).
  Bitboard last_captured() const { return undo_.empty() ? Bitboard() : undo_.back().captured; }
  Move last_move() const { return undo_.empty() ? Move() : undo_.back().move; }

  // --- setup (used by the position text parser and tests); then call reset_history() ---
  void put(Square sq, Color c);  // sq must be empty
  void set_side_to_move(Color c) { side_ = c; }
  void set_captured(Color by, int count) { captured_[by] = count; }
  void set_game_ply(int ply) { base_ply_ = ply; }
  // Recomputes the key from scratch and forgets the history.
  void reset_history();
  // The key computed from scratch (for consistency checks).
  uint64_t compute_key() const;

  // The enemy squares a move of the side to move from `from` to `to` captures; the move must
  // be legal. Exposed for explanations and tests; do_move applies exactly this set.
  Bitboard captures_of(Move m) const;

  // --- play; the move must be legal ---
  void do_move(Move m);
  void undo_move();

  // Board, side and counts (not the history or the move number).
  bool same_state(const Position& o) const {
    return by_color_[0] == o.by_color_[0] && by_color_[1] == o.by_color_[1] && side_ == o.side_ &&
           captured_[0] == o.captured_[0] && captured_[1] == o.captured_[1];
  }

 private:
  struct Undo {
    Bitboard captured;
    Move move;
    int reversible_before;
  };
  Bitboard by_color_[2];
  Color side_ = kBlack;
  int captured_[2] = {0, 0};
  int base_ply_ = 0;
  int reversible_ = 0;
  std::vector<Undo> undo_;
  std::vector<uint64_t> keys_;
};

// The squares captured when `to` has just been occupied by a piece of the side owning
// `own` (which includes `to`): every run of enemy pieces enclosed between `to` and another
// own piece along a rank or file, and an enemy corner piece whose two neighbours are then
// both own pieces, `to` being one of them.
Bitboard captured_squares(Bitboard own, Bitboard enemy, Square to);

namespace zobrist {
uint64_t piece_square(Color c, Square sq);
uint64_t side();
}  // namespace zobrist

}  // namespace kaisho::hasami

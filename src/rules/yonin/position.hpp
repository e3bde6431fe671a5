#pragma once
// A Yonin Shogi position: every piece with its owner and facing, four hands, who is out (with
// who mated them and in which order), the last checker of each player, the player to move,
// the last mover and the move count; with do/undo of moves and of eliminations, and the
// history of keys since the record started. It applies what a move or an elimination does
// (captures, promotion, transfers, check priority, the mate credit) but does not judge
// legality: movegen.hpp decides which moves exist, flow.hpp when eliminations happen.
#include <cassert>
#include <cstdint>
#include <vector>

#include "rules/yonin/types.hpp"

namespace kaisho::yonin {

// One entry of the history: a move, or the elimination of the player whose turn came with
// no legal move. Holds what undo() needs to restore.
struct Event {
  bool is_move = true;
  Seat actor = kNoSeat;  // the mover, or the player knocked out
  Move move;             // moves
  Piece captured = kNoPiece;
  bool gave_check = false;  // moves: some other live king is attacked by a piece that did not
                            // attack it before the move
  Seat mater = kNoSeat;     // eliminations: who was credited (kNoSeat: nobody)
  Bitboard transferred;     // eliminations: the knocked-out player's board pieces
  Hand actor_hand;          // eliminations: the knocked-out player's hand before
  Hand mater_hand;          // eliminations: the mater's hand before
  // State before the event.
  Seat prev_to_move = kNoSeat;
  Seat prev_last_mover = kNoSeat;
  std::array<Seat, kSeatCount> prev_last_checker{};
  std::array<Bitboard, kSeatCount> prev_checkers{};
};

class Position {
 public:
  explicit Position(Rules rules = {});

  // --- state ---
  const Rules& rules() const { return rules_; }
  Piece at(Square sq) const { return board_[sq]; }
  Bitboard occupied() const { return occupied_; }
  // Pieces by owner (0..3, kOwnerless). An out seat owns only its flipped king.
  Bitboard pieces_of(int owner) const { return by_owner_[owner]; }
  // Pieces whose own movement is m (kings are Movement::King), of every owner.
  Bitboard by_movement(Movement m) const { return by_movement_[static_cast<int>(m)]; }
  Bitboard by_facing(Facing f) const { return by_facing_[index_of(f)]; }
  Bitboard kings() const { return by_movement(Movement::King); }
  Square king_square(Seat s) const { return king_sq_[s]; }
  const Hand& hand(Seat s) const { return hands_[s]; }
  Seat to_move() const { return to_move_; }
  Seat last_mover() const { return last_mover_; }  // kNoSeat before the first move

  bool is_out(Seat s) const { return out_order_[s] != 0; }
  bool is_live(Seat s) const { return out_order_[s] == 0; }
  int out_order(Seat s) const { return out_order_[s]; }  // 0 live, else 1 = first out, ...
  Seat mated_by(Seat s) const { return mated_by_[s]; }   // kNoSeat if live or nobody
  int out_count() const { return out_count_; }
  int live_count() const { return kSeatCount - out_count_; }
  // The kings of out players: immovable, uncapturable obstacles that attack nothing.
  Bitboard flipped_kings() const;
  // Pieces that move and attack: those of live players (flipped kings excluded).
  Bitboard live_pieces() const;
  // Pieces that can give check to seat s: every live piece not s's own (in pairs the
  // partner's too: a move may not create a check on one's partner).
  Bitboard attackers_of(Seat s) const { return live_pieces() & ~by_owner_[s]; }

  // Pieces of `by` attacking sq, for the given occupancy.
  Bitboard attackers_to(Square sq, Bitboard by, Bitboard occ) const;
  // The pieces attacking the king of live seat s now (empty for out seats).
  Bitboard checkers(Seat s) const { return checkers_[s]; }
  bool in_check(Seat s) const { return checkers_[s].any(); }
  // The player whose move most recently gave check to s, kept while s is in check and
  // kNoSeat otherwise (it matters only when s is mated while in check).
  Seat last_checker(Seat s) const { return last_checker_[s]; }

  // The position key for the repetition rule: board with owners and facings, hands, flipped
  // kings (who is out, and who mated them), player to move. Not the last checkers, the last
  // mover or the move count.
  uint64_t key() const { return keys_.back(); }
  uint64_t compute_key() const;
  // Moves made since the game began: the text's move number minus one plus moves played.
  int game_ply() const { return base_ply_ + moves_made_; }
  int history_length() const { return static_cast<int>(events_.size()); }
  const std::vector<Event>& events() const { return events_; }
  // keys_[0] is the record's start, keys_[i] the position after events_[i - 1].
  const std::vector<uint64_t>& key_history() const { return keys_; }

  // --- setup (used by the text parser; finish with reset_history()) ---
  void put(Square sq, Piece p);
  void set_hand(Seat s, PieceType t, int count) {
    hands_[s].count[t] = static_cast<uint8_t>(count);
  }
  void set_to_move(Seat s) { to_move_ = s; }
  void set_last_mover(Seat s) { last_mover_ = s; }
  void set_out(Seat s, int order, Seat mater);
  void set_last_checker(Seat s, Seat checker) { last_checker_[s] = checker; }
  void set_game_ply(int ply) { base_ply_ = ply; }
  // Recomputes the derived state (checkers, key) and forgets the history. The last checkers
  // are kept as set.
  void reset_history();

  // --- events ---
  // Plays m for `mover` (normally the player to move; the pawn-drop-mate test also asks for a
  // checked player out of turn). Captures go to the mover's hand unpromoted; the move's
  // checks update the last checkers; the next player follows check priority.
  void do_move(Move m) { do_move(m, to_move_); }
  void do_move(Move m, Seat mover);
  // Knocks out the player to move (who must have no legal move): the king flips, the board
  // pieces go to the mater keeping their facing (or become ownerless), the hand goes to the
  // mater; play continues as if the knocked-out player had just moved.
  void eliminate();
  void undo();

  // Who would be credited if the player to move were mated now: the last checker when in
  // check, else the last mover; kNoSeat when that is the player themself or nobody.
  Seat mater_of_player_to_move() const;

 private:
  void add_piece(Square sq, Piece p);
  void remove_piece(Square sq);
  void set_owner(Square sq, int owner);
  // Recomputes checkers_ for every live seat.
  void refresh_checkers();
  // The live player who moves after `actor` acted: the nearest one in check clockwise, or
  // else the next live one clockwise.
  Seat next_after(Seat actor) const;
  void clear_last_checkers_not_in_check();

  Rules rules_;
  std::array<Piece, kSquareCount> board_{};
  Bitboard occupied_;
  Bitboard by_owner_[kOwnerCount];
  Bitboard by_movement_[10];
  Bitboard by_facing_[kFacingCount];
  std::array<Square, kSeatCount> king_sq_{-1, -1, -1, -1};
  std::array<Hand, kSeatCount> hands_{};
  Seat to_move_ = 0;
  Seat last_mover_ = kNoSeat;
  std::array<int, kSeatCount> out_order_{};
  std::array<Seat, kSeatCount> mated_by_{kNoSeat, kNoSeat, kNoSeat, kNoSeat};
  int out_count_ = 0;
  std::array<Seat, kSeatCount> last_checker_{kNoSeat, kNoSeat, kNoSeat, kNoSeat};
  std::array<Bitboard, kSeatCount> checkers_{};
  int base_ply_ = 0;
  int moves_made_ = 0;
  std::vector<Event> events_;
  std::vector<uint64_t> keys_;
};

namespace zobrist {
uint64_t piece_square(Piece p, Square sq);
uint64_t hand(Seat s, PieceType t, int count);
uint64_t to_move(Seat s);
uint64_t out(Seat s, Seat mater);  // mater kNoSeat allowed
}  // namespace zobrist

}  // namespace kaisho::yonin

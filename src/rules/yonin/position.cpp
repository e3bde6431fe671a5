#include "rules/yonin/position.hpp"

#include "core/rng.hpp"

namespace kaisho::yonin {

namespace zobrist {
namespace {

// The eight piece types of the game, numbered 0..7 for the tables.
constexpr int kind_index(PieceType t) {
  switch (t) {
    case kPawn:
      return 0;
    case kSilver:
      return 1;
    case kRook:
      return 2;
    case kGold:
      return 3;
    case kKing:
      return 4;
    case kProPawn:
      return 5;
    case kProSilver:
      return 6;
    case kDragon:
      return 7;
    default:
      return 0;
  }
}

struct Keys {
  uint64_t psq[8][kOwnerCount][kFacingCount][kSquareCount];
  uint64_t hand[kSeatCount][kHandTypeCount][17];
  uint64_t to_move[kSeatCount];
  uint64_t out[kSeatCount][kSeatCount + 1];
  Keys() {
    Rng rng(0x596f6e696e344b53ULL);
    for (auto& kind : psq)
      for (auto& owner : kind)
        for (auto& facing : owner)
          for (auto& k : facing) k = rng.next();
    for (auto& seat : hand)
      for (auto& type : seat)
        for (auto& k : type) k = rng.next();
    for (auto& k : to_move) k = rng.next();
    for (auto& seat : out)
      for (auto& k : seat) k = rng.next();
  }
};
const Keys kKeys;

}  // namespace

uint64_t piece_square(Piece p, Square sq) {
  return kKeys.psq[kind_index(type_of(p))][owner_of(p)][index_of(facing_of(p))][sq];
}
uint64_t hand(Seat s, PieceType t, int count) {
  return kKeys.hand[s][t][count];
}
uint64_t to_move(Seat s) {
  return kKeys.to_move[s];
}
uint64_t out(Seat s, Seat mater) {
  return kKeys.out[s][mater == kNoSeat ? kSeatCount : mater];
}

}  // namespace zobrist

Position::Position(Rules rules) : rules_(rules) {
  events_.reserve(256);
  keys_.reserve(257);
  keys_.push_back(compute_key());
}

Bitboard Position::flipped_kings() const {
  Bitboard b;
  for (Seat s = 0; s < kSeatCount; ++s)
    if (is_out(s) && king_sq_[s] >= 0) b |= Bitboard::square(king_sq_[s]);
  return b;
}

Bitboard Position::live_pieces() const {
  Bitboard b;
  for (Seat s = 0; s < kSeatCount; ++s)
    if (is_live(s)) b |= by_owner_[s];
  return b;
}

Bitboard Position::attackers_to(Square sq, Bitboard by, Bitboard occ) const {
  const Bitboard pawns = by & by_movement(Movement::Pawn);
  const Bitboard silvers = by & by_movement(Movement::Silver);
  const Bitboard golds = by & by_movement(Movement::Gold);
  Bitboard a;
  for (int fi = 0; fi < kFacingCount; ++fi) {
    const Bitboard facing = by_facing_[fi];
    if ((facing & by).none()) continue;
    // A piece facing f attacks sq from the squares a piece facing the opposite way attacks.
    const int rf = (fi + 2) & 3;
    a |= (kTables.pawn[rf][sq] & pawns & facing) | (kTables.silver[rf][sq] & silvers & facing) |
         (kTables.gold[rf][sq] & golds & facing);
  }
  a |= kTables.king[sq] & by & (by_movement(Movement::King) | by_movement(Movement::Dragon));
  const Bitboard rooks = by & (by_movement(Movement::Rook) | by_movement(Movement::Dragon));
  if (rooks.any()) a |= rook_attacks(sq, occ) & rooks;
  return a;
}

void Position::add_piece(Square sq, Piece p) {
  assert(board_[sq] == kNoPiece);
  board_[sq] = p;
  const Bitboard b = Bitboard::square(sq);
  occupied_ |= b;
  by_owner_[owner_of(p)] |= b;
  by_movement_[static_cast<int>(movement_of(type_of(p)))] |= b;
  by_facing_[index_of(facing_of(p))] |= b;
  if (type_of(p) == kKing && owner_of(p) < kSeatCount) king_sq_[owner_of(p)] = sq;
}

void Position::remove_piece(Square sq) {
  const Piece p = board_[sq];
  assert(p != kNoPiece);
  const Bitboard b = Bitboard::square(sq);
  occupied_ ^= b;
  by_owner_[owner_of(p)] ^= b;
  by_movement_[static_cast<int>(movement_of(type_of(p)))] ^= b;
  by_facing_[index_of(facing_of(p))] ^= b;
  board_[sq] = kNoPiece;
}

void Position::set_owner(Square sq, int owner) {
  const Piece p = board_[sq];
  const Bitboard b = Bitboard::square(sq);
  by_owner_[owner_of(p)] ^= b;
  by_owner_[owner] |= b;
  board_[sq] = with_owner(p, owner);
}

void Position::put(Square sq, Piece p) {
  if (board_[sq] != kNoPiece) remove_piece(sq);
  if (p != kNoPiece) add_piece(sq, p);
}

void Position::set_out(Seat s, int order, Seat mater) {
  if (out_order_[s] == 0 && order != 0) ++out_count_;
  if (out_order_[s] != 0 && order == 0) --out_count_;
  out_order_[s] = order;
  mated_by_[s] = order ? mater : kNoSeat;
}

uint64_t Position::compute_key() const {
  uint64_t k = 0;
  for (Square sq = 0; sq < kSquareCount; ++sq)
    if (board_[sq] != kNoPiece) k ^= zobrist::piece_square(board_[sq], sq);
  for (Seat s = 0; s < kSeatCount; ++s) {
    for (PieceType t : kHandTypes) k ^= zobrist::hand(s, t, hands_[s].count[t]);
    if (is_out(s)) k ^= zobrist::out(s, mated_by_[s]);
  }
  return k ^ zobrist::to_move(to_move_);
}

void Position::refresh_checkers() {
  const Bitboard live = live_pieces();
  for (Seat s = 0; s < kSeatCount; ++s) {
    checkers_[s] = is_live(s) && king_sq_[s] >= 0
                       ? attackers_to(king_sq_[s], live & ~by_owner_[s], occupied_)
                       : Bitboard();
  }
}

void Position::clear_last_checkers_not_in_check() {
  for (Seat s = 0; s < kSeatCount; ++s)
    if (checkers_[s].none()) last_checker_[s] = kNoSeat;
}

void Position::reset_history() {
  refresh_checkers();
  events_.clear();
  keys_.clear();
  moves_made_ = 0;
  keys_.push_back(compute_key());
}

Seat Position::next_after(Seat actor) const {
  for (int i = 1; i < kSeatCount; ++i) {
    const Seat s = clockwise(actor, i);
    if (is_live(s) && checkers_[s].any()) return s;
  }
  for (int i = 1; i < kSeatCount; ++i) {
    const Seat s = clockwise(actor, i);
    if (is_live(s)) return s;
  }
  return actor;
}

Seat Position::mater_of_player_to_move() const {
  const Seat p = to_move_;
  Seat m = in_check(p) && last_checker_[p] != kNoSeat ? last_checker_[p] : last_mover_;
  // Nobody is credited with a player's own mate, and an out player cannot receive pieces;
  // neither arises from the rules (see docs/games/yonin.md), but the state stays consistent.
  if (m == p || (m != kNoSeat && is_out(m))) m = kNoSeat;
  return m;
}

void Position::do_move(Move m, Seat us) {
  Event e;
  e.is_move = true;
  e.actor = us;
  e.move = m;
  e.prev_to_move = to_move_;
  e.prev_last_mover = last_mover_;
  e.prev_last_checker = last_checker_;
  e.prev_checkers = checkers_;
  uint64_t k = keys_.back();
  const Square to = m.to();
  const Bitboard to_bb = Bitboard::square(to);
  if (m.is_drop()) {
    const PieceType t = m.dropped();
    const int n = hands_[us].count[t];
    assert(n > 0);
    k ^= zobrist::hand(us, t, n) ^ zobrist::hand(us, t, n - 1);
    hands_[us].count[t] = static_cast<uint8_t>(n - 1);
    const Piece p = make_piece(t, us, home_facing(us));
    add_piece(to, p);
    k ^= zobrist::piece_square(p, to);
  } else {
    const Square from = m.from();
    Piece p = board_[from];
    assert(p != kNoPiece);
    const Piece captured = board_[to];
    if (captured != kNoPiece) {
      assert(type_of(captured) != kKing);
      const PieceType t = unpromote(type_of(captured));
      const int n = hands_[us].count[t];
      k ^= zobrist::piece_square(captured, to) ^ zobrist::hand(us, t, n) ^
           zobrist::hand(us, t, n + 1);
      hands_[us].count[t] = static_cast<uint8_t>(n + 1);
      remove_piece(to);
      e.captured = captured;
    }
    remove_piece(from);
    k ^= zobrist::piece_square(p, from);
    if (m.promotes()) p = static_cast<Piece>((p & ~15) | promote(type_of(p)));
    add_piece(to, p);
    k ^= zobrist::piece_square(p, to);
  }

  // Who is attacked now, and by whom anew. A piece that attacked a king before the move and
  // still does (the moved piece from its new square included) does not give check again.
  const Bitboard live = live_pieces();
  for (Seat s = 0; s < kSeatCount; ++s) {
    if (is_out(s)) continue;
    const Bitboard after = attackers_to(king_sq_[s], live & ~by_owner_[s], occupied_);
    if (s != us) {
      Bitboard before = checkers_[s] & ~to_bb;
      if (!m.is_drop() && before.test(m.from()))
        before = (before ^ Bitboard::square(m.from())) | to_bb;
      if ((after & ~before).any()) {
        last_checker_[s] = us;
        e.gave_check = true;
      }
    }
    checkers_[s] = after;
  }
  clear_last_checkers_not_in_check();
  last_mover_ = us;
  const Seat next = next_after(us);
  k ^= zobrist::to_move(to_move_) ^ zobrist::to_move(next);
  to_move_ = next;
  ++moves_made_;
  events_.push_back(e);
  keys_.push_back(k);
}

void Position::eliminate() {
  const Seat out = to_move_;
  assert(is_live(out));
  Event e;
  e.is_move = false;
  e.actor = out;
  e.prev_to_move = to_move_;
  e.prev_last_mover = last_mover_;
  e.prev_last_checker = last_checker_;
  e.prev_checkers = checkers_;
  const Seat mater = mater_of_player_to_move();
  e.mater = mater;
  uint64_t k = keys_.back();
  out_order_[out] = ++out_count_;
  mated_by_[out] = mater;
  k ^= zobrist::out(out, mater);

  const int new_owner = (mater == kNoSeat || rules_.ownerless) ? kOwnerless : mater;
  const Bitboard moving = by_owner_[out] & ~Bitboard::square(king_sq_[out]);
  e.transferred = moving;
  for (Square sq : squares(moving)) {
    k ^= zobrist::piece_square(board_[sq], sq);
    set_owner(sq, new_owner);
    k ^= zobrist::piece_square(board_[sq], sq);
  }
  e.actor_hand = hands_[out];
  if (mater != kNoSeat) e.mater_hand = hands_[mater];
  for (PieceType t : kHandTypes) {
    const int n = hands_[out].count[t];
    if (!n) continue;
    k ^= zobrist::hand(out, t, n) ^ zobrist::hand(out, t, 0);
    hands_[out].count[t] = 0;
    if (mater != kNoSeat) {
      const int had = hands_[mater].count[t];
      k ^= zobrist::hand(mater, t, had) ^ zobrist::hand(mater, t, had + n);
      hands_[mater].count[t] = static_cast<uint8_t>(had + n);
    }
  }
  refresh_checkers();
  last_checker_[out] = kNoSeat;
  clear_last_checkers_not_in_check();
  const Seat next = next_after(out);
  k ^= zobrist::to_move(to_move_) ^ zobrist::to_move(next);
  to_move_ = next;
  events_.push_back(e);
  keys_.push_back(k);
}

void Position::undo() {
  assert(!events_.empty());
  const Event e = events_.back();
  events_.pop_back();
  keys_.pop_back();
  to_move_ = e.prev_to_move;
  last_mover_ = e.prev_last_mover;
  last_checker_ = e.prev_last_checker;
  checkers_ = e.prev_checkers;
  if (e.is_move) {
    --moves_made_;
    const Seat us = e.actor;
    const Move m = e.move;
    const Square to = m.to();
    if (m.is_drop()) {
      remove_piece(to);
      hands_[us].count[m.dropped()]++;
    } else {
      Piece p = board_[to];
      remove_piece(to);
      if (m.promotes()) p = static_cast<Piece>((p & ~15) | unpromote(type_of(p)));
      add_piece(m.from(), p);
      if (e.captured != kNoPiece) {
        add_piece(to, e.captured);
        hands_[us].count[unpromote(type_of(e.captured))]--;
      }
    }
    return;
  }
  const Seat out = e.actor;
  for (Square sq : squares(e.transferred)) set_owner(sq, out);
  hands_[out] = e.actor_hand;
  if (e.mater != kNoSeat) hands_[e.mater] = e.mater_hand;
  out_order_[out] = 0;
  mated_by_[out] = kNoSeat;
  --out_count_;
}

}  // namespace kaisho::yonin

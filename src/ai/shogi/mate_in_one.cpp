#include "ai/shogi/mate_in_one.hpp"

namespace kaisho::ai::shogi_search {

namespace {

// Whether the move, made on the board, leaves the mover's king safe and the opponent without
// a legal reply (the opponent is in check by construction of the candidates, but it is
// verified: a board move of a pinned piece, or a check that is not one, must not count).
bool mates(Position& pos, const RuleSettings& rules, Move m) {
  pos.do_move(m);
  const bool result = !mover_king_attacked<Variant::Shogi>(pos) && in_check<Variant::Shogi>(pos) &&
                      !has_legal_move<Variant::Shogi>(pos, rules);
  pos.undo_move();
  return result;
}

// A checker beside the king that no other piece of ours covers is taken by the king: the move
// cannot mate. `occ_after` is the occupancy after the move, `from` the square it left (or -1).
bool capturable_by_the_king(const Position& pos, Color us, Square ksq, Square to, Square from,
                            Bitboard occ_after) {
  if (!kTables.king[ksq].test(to)) return false;
  Bitboard cover = attackers_to<Variant::Shogi>(pos, us, to, occ_after);
  if (from >= 0) cover &= ~Bitboard::square(from);
  return cover.none();
}

}  // namespace

Move find_mate_in_one(Position& pos, const RuleSettings& rules) {
  const Color us = pos.side_to_move(), them = ~us;
  const Square ksq = pos.king_square(them);
  if (ksq < 0) return Move();
  const Bitboard occ = pos.occupied(), own = pos.pieces(us);
  const Facing reversed = facing_of(them);
  // checking[m]: squares from which a piece of ours moving as m would attack the king.
  Bitboard checking[10];
  for (int mi = 0; mi < 10; ++mi) {
    const Movement m = static_cast<Movement>(mi);
    checking[mi] = m == Movement::King ? Bitboard() : attacks_of(m, reversed, ksq, occ);
  }

  // Drops (a pawn may not be dropped to mate).
  const Hand& hand = pos.hand(us);
  const Bitboard empty = ~occ;
  for (int t = kLance; t <= kGold; ++t) {
    if (!hand.count[t]) continue;
    const PieceType pt = static_cast<PieceType>(t);
    const Bitboard targets =
        checking[static_cast<int>(movement_of(pt))] & empty & ~dead_squares(pt, us);
    for (Square to : squares(targets)) {
      if (capturable_by_the_king(pos, us, ksq, to, -1, occ | Bitboard::square(to))) continue;
      if (const Move m = Move::drop(pt, to); mates(pos, rules, m)) return m;
    }
  }

  // Board moves onto a checking square, as the piece is or promoted.
  const Facing f = facing_of(us);
  const Bitboard zone = promotion_zone(us);
  for (Square from : squares(own)) {
    const PieceType pt = type_of(pos.at(from));
    if (pt == kKing) continue;
    const Bitboard reach = attacks_of(movement_of(pt), f, from, occ) & ~own;
    const Bitboard as_is = checking[static_cast<int>(movement_of(pt))] & ~dead_squares(pt, us);
    const bool promotable = can_promote(pt);
    const Bitboard promoted = promotable ? checking[static_cast<int>(movement_of(promote(pt)))] &
                                               (zone.test(from) ? ~Bitboard() : zone)
                                         : Bitboard();
    for (Square to : squares(reach & (as_is | promoted))) {
      const Bitboard occ_after = (occ ^ Bitboard::square(from)) | Bitboard::square(to);
      if (capturable_by_the_king(pos, us, ksq, to, from, occ_after)) continue;
      if (promoted.test(to))
        if (const Move m = Move::normal(from, to, true); mates(pos, rules, m)) return m;
      if (as_is.test(to))
        if (const Move m = Move::normal(from, to, false); mates(pos, rules, m)) return m;
    }
  }
  return Move();
}

}  // namespace kaisho::ai::shogi_search

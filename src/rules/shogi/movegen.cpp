#include "rules/shogi/movegen.hpp"

namespace kaisho::shogi {

template <>
MovementSets movement_sets<Variant::Shogi>(const Position& pos);
template <>
MovementSets movement_sets<Variant::Annan>(const Position& pos);
template <>
Bitboard attackers_to<Variant::Shogi>(const Position& pos, Color c, Square sq, Bitboard occ);
template <>
Bitboard attackers_to<Variant::Annan>(const Position& pos, Color c, Square sq, Bitboard occ);
template <>
void generate_legal<Variant::Shogi>(const Position& pos, const RuleSettings& rules, MoveList& list);
template <>
void generate_legal<Variant::Annan>(const Position& pos, const RuleSettings& rules, MoveList& list);

namespace {

constexpr int fi(Facing f) {
  return static_cast<int>(f);
}

// Squares one step forward (toward the enemy camp) of each square in bb, for colour c.
inline Bitboard shift_forward(Color c, Bitboard bb) {
  return c == kBlack ? (bb & ~kTables.rank[1]).shifted_right(1)
                     : (bb & ~kTables.rank[9]).shifted_left(1);
}

template <class Sets>
Bitboard attackers_with(const Sets& sets, Color c, Square sq, Bitboard occ) {
  const int rf = fi(facing_of(~c));  // attacks toward sq are the reversed attacks from sq
  using M = Movement;
  Bitboard a = (kTables.pawn[rf][sq] & sets(M::Pawn)) | (kTables.knight[rf][sq] & sets(M::Knight)) |
               (kTables.silver[rf][sq] & sets(M::Silver)) | (kTables.gold[rf][sq] & sets(M::Gold)) |
               (kTables.king[sq] & (sets(M::King) | sets(M::Horse) | sets(M::Dragon)));
  Bitboard rooks = sets(M::Rook) | sets(M::Dragon);
  if (rooks.any()) a |= rook_attacks(sq, occ) & rooks;
  Bitboard bishops = sets(M::Bishop) | sets(M::Horse);
  if (bishops.any()) a |= bishop_attacks(sq, occ) & bishops;
  Bitboard lances = sets(M::Lance);
  if (lances.any()) a |= lance_attacks(sq, facing_of(~c), occ) & lances;
  return a;
}

// Whether a pawn/lance/knight of colour `us` standing unpromoted on `to` would have a move
// there, through the backing it has after the move (Annan's "allow if backed"). `occ` and
// `own` describe the board after the move.
bool backing_gives_move(const Position& pos, Color us, Square to, Square vacated, Bitboard occ,
                        Bitboard own) {
  Square behind = square_behind(to, us);
  if (behind < 0 || behind == vacated || !own.test(behind)) return false;
  Movement m = movement_of(type_of(pos.at(behind)));
  return (attacks_of(m, facing_of(us), to, occ) & ~own).any();
}

template <Variant V>
void add_board_moves(const Position& pos, const RuleSettings& rules, Square from, Bitboard targets,
                     PieceType pt, Color us, MoveList& list) {
  if (!can_promote(pt)) {
    for (Square to : squares(targets)) list.add(Move::normal(from, to, false));
    return;
  }
  const Bitboard zone = promotion_zone(us);
  const Bitboard dead = dead_squares(pt, us);
  if (zone.test(from)) {
    for (Square to : squares(targets)) {
      list.add(Move::normal(from, to, true));
      if (!dead.test(to)) list.add(Move::normal(from, to, false));
    }
  } else {
    for (Square to : squares(targets)) {
      if (zone.test(to)) list.add(Move::normal(from, to, true));
      if (!dead.test(to)) list.add(Move::normal(from, to, false));
    }
  }
  if constexpr (V == Variant::Annan) {
    if (rules.annan_allow_if_backed) {
      Bitboard own = pos.pieces(us), occ = pos.occupied();
      for (Square to : squares(targets & dead)) {
        Bitboard from_bb = Bitboard::square(from), to_bb = Bitboard::square(to);
        if (backing_gives_move(pos, us, to, from, (occ ^ from_bb) | to_bb, (own ^ from_bb) | to_bb))
          list.add(Move::normal(from, to, false));
      }
    }
  }
}

Bitboard nifu_files(const Position& pos, Color us) {
  Bitboard files;
  for (Square sq : squares(pos.pieces(us, Movement::Pawn))) files |= kTables.file[file_of(sq)];
  return files;
}

// Pawn drops on `targets` (already without nifu files and dead squares), refusing the one
// that would give mate (uchifuzume). Plain Shogi: a pawn checks only from the square in front
// of the king, and such a checker is adjacent, so the defender's reply cannot be a drop.
void add_pawn_drops_shogi(const Position& pos, const RuleSettings& rules, Bitboard targets,
                          Color us, MoveList& list) {
  Square their_king = pos.king_square(~us);
  Bitboard check_square = kTables.pawn[fi(facing_of(~us))][their_king];
  for (Square to : squares(targets & ~check_square)) list.add(Move::drop(kPawn, to));
  if ((targets & check_square).any()) {
    Square to = check_square.lsb();
    Move m = Move::drop(kPawn, to);
    Position& scratch = const_cast<Position&>(pos);  // restored before returning
    scratch.do_move(m);
    bool mates = !has_legal_move<Variant::Shogi>(scratch, rules);
    scratch.undo_move();
    if (!mates) list.add(m);
  }
}

Bitboard pinned_pieces(const Position& pos, Color us, Square ksq) {
  const Color them = ~us;
  const Bitboard occ = pos.occupied();
  Bitboard snipers = (rook_attacks(ksq, Bitboard()) &
                      (pos.pieces(them, Movement::Rook) | pos.pieces(them, Movement::Dragon))) |
                     (bishop_attacks(ksq, Bitboard()) &
                      (pos.pieces(them, Movement::Bishop) | pos.pieces(them, Movement::Horse))) |
                     (kTables.ray[kTables.lance_direction[fi(facing_of(us))]][ksq] &
                      pos.pieces(them, Movement::Lance));
  Bitboard pinned;
  for (Square s : squares(snipers)) {
    Bitboard b = kTables.between[ksq][s] & occ;
    if (b.any() && !b.more_than_one()) pinned |= b & pos.pieces(us);
  }
  return pinned;
}

// kCapturesOnly: when not in check, only moves that capture (no drops); in check, every
// evasion. Used by the search's quiescence.
template <bool kCapturesOnly>
void generate_shogi(const Position& pos, const RuleSettings& rules, MoveList& list) {
  const Color us = pos.side_to_move(), them = ~us;
  const Facing f = facing_of(us);
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.occupied(), own = pos.pieces(us);
  const auto shogi_sets = [&](Color c) {
    return [&pos, c](Movement m) { return pos.pieces(c, m); };
  };
  const Bitboard checkers = attackers_with(shogi_sets(them), them, ksq, occ);

  // King moves: the destination must not be attacked once the king has left its square.
  const Bitboard occ_without_king = occ ^ Bitboard::square(ksq);
  const Bitboard king_targets = kCapturesOnly && checkers.none()
                                    ? kTables.king[ksq] & pos.pieces(them)
                                    : kTables.king[ksq] & ~own;
  for (Square to : squares(king_targets))
    if (attackers_with(shogi_sets(them), them, to, occ_without_king).none())
      list.add(Move::normal(ksq, to, false));
  if (checkers.more_than_one()) return;

  Bitboard move_target = ~own, drop_target = ~occ;
  if (checkers.any()) {
    Square c = checkers.lsb();
    drop_target = kTables.between[ksq][c];
    move_target = checkers | drop_target;
  } else if constexpr (kCapturesOnly) {
    move_target = pos.pieces(them);
    drop_target = Bitboard();
  }
  const Bitboard pinned = pinned_pieces(pos, us, ksq);
  for (int mi = 0; mi < 10; ++mi) {
    const Movement m = static_cast<Movement>(mi);
    if (m == Movement::King) continue;
    for (Square from : squares(pos.pieces(us, m))) {
      Bitboard targets = attacks_of(m, f, from, occ) & move_target;
      if (pinned.test(from)) targets &= kTables.line[ksq][from];
      if (targets.any())
        add_board_moves<Variant::Shogi>(pos, rules, from, targets, type_of(pos.at(from)), us, list);
    }
  }
  if (drop_target.none()) return;
  const Hand& hand = pos.hand(us);
  for (int t = kPawn; t <= kGold; ++t) {
    if (!hand.count[t]) continue;
    const PieceType pt = static_cast<PieceType>(t);
    Bitboard targets = drop_target & ~dead_squares(pt, us);
    if (pt == kPawn) {
      add_pawn_drops_shogi(pos, rules, targets & ~nifu_files(pos, us), us, list);
    } else {
      for (Square to : squares(targets)) list.add(Move::drop(pt, to));
    }
  }
}

// Annan: every move its pieces' current movement allows, then each is tried on the board and
// kept only if it leaves the mover's king safe (a move can add or remove backings anywhere
// near it, so pins cannot be precomputed) and, for a pawn drop, does not give mate.
template <bool kCapturesOnly>
void generate_annan(const Position& pos, const RuleSettings& rules, MoveList& list) {
  const Color us = pos.side_to_move();
  const bool captures_only = kCapturesOnly && !in_check<Variant::Annan>(pos);
  const Facing f = facing_of(us);
  const Bitboard occ = pos.occupied(), own = pos.pieces(us);
  const MovementSets sets = movement_sets<Variant::Annan>(pos);
  MoveList pseudo;
  for (int mi = 0; mi < 10; ++mi) {
    const Movement m = static_cast<Movement>(mi);
    for (Square from : squares(sets.of[us][mi])) {
      Bitboard targets = attacks_of(m, f, from, occ) & (captures_only ? pos.pieces(~us) : ~own);
      if (targets.any())
        add_board_moves<Variant::Annan>(pos, rules, from, targets, type_of(pos.at(from)), us,
                                        pseudo);
    }
  }
  const Hand& hand = pos.hand(us);
  const Bitboard empty = captures_only ? Bitboard() : ~occ;
  for (int t = kPawn; t <= kGold; ++t) {
    if (!hand.count[t]) continue;
    const PieceType pt = static_cast<PieceType>(t);
    Bitboard targets = empty;
    if (pt == kPawn) targets &= ~nifu_files(pos, us);
    const Bitboard dead = dead_squares(pt, us);
    for (Square to : squares(targets)) {
      if (dead.test(to)) {
        Bitboard to_bb = Bitboard::square(to);
        if (!rules.annan_allow_if_backed ||
            !backing_gives_move(pos, us, to, -1, occ | to_bb, own | to_bb))
          continue;
      }
      pseudo.add(Move::drop(pt, to));
    }
  }
  Position& scratch = const_cast<Position&>(pos);  // every move is undone again
  for (Move m : pseudo) {
    scratch.do_move(m);
    bool legal = !mover_king_attacked<Variant::Annan>(scratch);
    if (legal && m.is_drop() && m.dropped() == kPawn && in_check<Variant::Annan>(scratch))
      legal = has_legal_move<Variant::Annan>(scratch, rules);
    scratch.undo_move();
    if (legal) list.add(m);
  }
}

}  // namespace

template <>
MovementSets movement_sets<Variant::Shogi>(const Position& pos) {
  MovementSets s;
  for (int c = 0; c < 2; ++c)
    for (int m = 0; m < 10; ++m)
      s.of[c][m] = pos.pieces(static_cast<Color>(c), static_cast<Movement>(m));
  return s;
}

template <>
MovementSets movement_sets<Variant::Annan>(const Position& pos) {
  MovementSets s;
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    const Bitboard own = pos.pieces(c);
    const Bitboard backed = shift_forward(c, own) & own;
    const Bitboard unbacked = own & ~backed;
    for (int m = 0; m < 10; ++m) {
      Bitboard mine = pos.pieces(c, static_cast<Movement>(m));
      s.of[c][m] = (mine & unbacked) | (shift_forward(c, mine) & own);
    }
  }
  return s;
}

template <>
Movement movement_at<Variant::Shogi>(const Position& pos, Square sq) {
  return movement_of(type_of(pos.at(sq)));
}

template <>
Movement movement_at<Variant::Annan>(const Position& pos, Square sq) {
  const Piece p = pos.at(sq);
  const Square behind = square_behind(sq, color_of(p));
  if (behind >= 0) {
    const Piece back = pos.at(behind);
    if (back != kNoPiece && color_of(back) == color_of(p)) return movement_of(type_of(back));
  }
  return movement_of(type_of(p));
}

template <>
Bitboard attackers_to<Variant::Shogi>(const Position& pos, Color c, Square sq, Bitboard occ) {
  return attackers_with([&](Movement m) { return pos.pieces(c, m); }, c, sq, occ);
}

template <>
Bitboard attackers_to<Variant::Annan>(const Position& pos, Color c, Square sq, Bitboard occ) {
  const MovementSets sets = movement_sets<Variant::Annan>(pos);
  return attackers_with([&](Movement m) { return sets.get(c, m); }, c, sq, occ);
}

template <>
void generate_legal<Variant::Shogi>(const Position& pos, const RuleSettings& rules,
                                    MoveList& list) {
  generate_shogi<false>(pos, rules, list);
}
template <>
void generate_legal<Variant::Annan>(const Position& pos, const RuleSettings& rules,
                                    MoveList& list) {
  generate_annan<false>(pos, rules, list);
}

template <>
void generate_captures<Variant::Shogi>(const Position& pos, const RuleSettings& rules,
                                       MoveList& list) {
  generate_shogi<true>(pos, rules, list);
}
template <>
void generate_captures<Variant::Annan>(const Position& pos, const RuleSettings& rules,
                                       MoveList& list) {
  generate_annan<true>(pos, rules, list);
}

template <Variant V>
bool has_legal_move(const Position& pos, const RuleSettings& rules) {
  MoveList list;
  generate_legal<V>(pos, rules, list);
  return list.size() > 0;
}

template <Variant V>
uint64_t perft_plain(Position& pos, const RuleSettings& rules, int depth) {
  MoveList list;
  generate_legal<V>(pos, rules, list);
  if (depth <= 1) return depth == 1 ? static_cast<uint64_t>(list.size()) : 1;
  uint64_t total = 0;
  for (Move m : list) {
    pos.do_move(m);
    total += perft_plain<V>(pos, rules, depth - 1);
    pos.undo_move();
  }
  return total;
}

template bool has_legal_move<Variant::Shogi>(const Position&, const RuleSettings&);
template bool has_legal_move<Variant::Annan>(const Position&, const RuleSettings&);
template uint64_t perft_plain<Variant::Shogi>(Position&, const RuleSettings&, int);
template uint64_t perft_plain<Variant::Annan>(Position&, const RuleSettings&, int);

}  // namespace kaisho::shogi

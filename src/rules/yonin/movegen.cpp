#include "rules/yonin/movegen.hpp"

namespace kaisho::yonin {

namespace {

// Adds the moves of the piece on `from` (type t, facing f) to each target, with the
// promotion choices: promotion is offered when the move starts or ends within the three
// farthest rows of the piece's own facing; an unpromoted pawn may not reach its last row.
void add_board_moves(Square from, Bitboard targets, PieceType t, Facing f, MoveList& list) {
  if (!can_promote(t)) {
    for (Square to : squares(targets)) list.add(Move::normal(from, to, false));
    return;
  }
  const Bitboard zone = promotion_zone(f);
  const Bitboard dead = t == kPawn ? last_row(f) : Bitboard();
  const bool from_zone = zone.test(from);
  for (Square to : squares(targets)) {
    if (from_zone || zone.test(to)) list.add(Move::normal(from, to, true));
    if (!dead.test(to)) list.add(Move::normal(from, to, false));
  }
}

// The live pieces of our opponents' rooks and dragons that pin a piece of `us` to our king.
Bitboard pinned_pieces(const Position& pos, Seat us, Square ksq) {
  const Bitboard occ = pos.occupied();
  const Bitboard sliders =
      pos.attackers_of(us) & (pos.by_movement(Movement::Rook) | pos.by_movement(Movement::Dragon));
  Bitboard pinned;
  for (Square s : squares(rook_attacks(ksq, Bitboard()) & sliders)) {
    const Bitboard b = kTables.between[ksq][s] & occ;
    if (b.any() && !b.more_than_one()) pinned |= b & pos.pieces_of(us);
  }
  return pinned;
}

// Drops of one hand type on `targets`, already restricted to where the piece may stand.
// A pawn that would attack a live king is played on the board to see whether that player
// is left without a legal move (pawn-drop mate, forbidden against any player).
void add_drops(const Position& pos, Seat us, PieceType t, Bitboard targets, MoveList& list) {
  if (t != kPawn) {
    for (Square to : squares(targets)) list.add(Move::drop(t, to));
    return;
  }
  for (Square to : squares(targets)) {
    const Move m = Move::drop(kPawn, to);
    const Seat victim = pawn_drop_target(pos, us, to);
    if (victim == kNoSeat) {
      list.add(m);
      continue;
    }
    Position& scratch = const_cast<Position&>(pos);  // restored before returning
    scratch.do_move(m, us);
    // The pawn is adjacent to the king, so the victim's answers are board moves: no drop
    // can capture it or block it, and the test never recurses into another drop test.
    const bool mates = !has_legal_move(scratch, victim);
    scratch.undo();
    if (!mates) list.add(m);
  }
}

Bitboard drop_squares(const Position& pos, Seat us, PieceType t, Bitboard targets) {
  if (t != kPawn) return targets;
  return targets & ~last_row(home_facing(us)) & ~nifu_lines(pos, us) &
         ~in_front_of_flipped_kings(pos, us);
}

void generate_unfiltered(const Position& pos, Seat us, MoveList& list) {
  const Square ksq = pos.king_square(us);
  const Bitboard occ = pos.occupied();
  const Bitboard enemies = pos.attackers_of(us);
  const Bitboard allowed = ~forbidden_targets(pos, us);
  const Bitboard checkers = pos.checkers(us);

  // King moves: the destination must not be attacked once the king has left its square.
  const Bitboard occ_without_king = occ ^ Bitboard::square(ksq);
  for (Square to : squares(kTables.king[ksq] & allowed))
    if (pos.attackers_to(to, enemies, occ_without_king).none())
      list.add(Move::normal(ksq, to, false));
  if (checkers.more_than_one()) return;

  Bitboard move_target = allowed, drop_target = ~occ;
  if (checkers.any()) {
    const Square c = checkers.lsb();
    drop_target = kTables.between[ksq][c];
    move_target &= checkers | drop_target;
  }
  const Bitboard pinned = pinned_pieces(pos, us, ksq);
  for (Square from : squares(pos.pieces_of(us) & ~Bitboard::square(ksq))) {
    const Piece p = pos.at(from);
    const Facing f = facing_of(p);
    Bitboard targets = attacks_of(movement_of(type_of(p)), f, from, occ) & move_target;
    if (pinned.test(from)) targets &= kTables.line[ksq][from];
    if (targets.any()) add_board_moves(from, targets, type_of(p), f, list);
  }
  if (drop_target.none()) return;
  for (PieceType t : kHandTypes)
    if (pos.hand(us).count[t]) add_drops(pos, us, t, drop_squares(pos, us, t, drop_target), list);
}

}  // namespace

Bitboard forbidden_targets(const Position& pos, Seat us) {
  Bitboard b = pos.pieces_of(us) | pos.kings();
  if (pos.rules().pairs) b |= pos.pieces_of(partner_of(us));
  return b;
}

Bitboard nifu_lines(const Position& pos, Seat us) {
  const Facing f = home_facing(us);
  Bitboard lines;
  for (Square sq : squares(pos.pieces_of(us) & pos.by_movement(Movement::Pawn) & pos.by_facing(f)))
    lines |= pawn_line(sq, f);
  return lines;
}

Bitboard in_front_of_flipped_kings(const Position& pos, Seat us) {
  const int back = index_of(opposite(home_facing(us)));
  Bitboard b;
  for (Square k : squares(pos.flipped_kings())) b |= kTables.pawn[back][k];
  return b;
}

Seat pawn_drop_target(const Position& pos, Seat us, Square to) {
  const Bitboard ahead = kTables.pawn[index_of(home_facing(us))][to];
  for (Seat s = 0; s < kSeatCount; ++s)
    if (s != us && pos.is_live(s) && ahead.test(pos.king_square(s))) return s;
  return kNoSeat;
}

void generate_pseudo(const Position& pos, Seat us, MoveList& list) {
  const Bitboard occ = pos.occupied();
  const Bitboard allowed = ~forbidden_targets(pos, us);
  for (Square from : squares(pos.pieces_of(us))) {
    const Piece p = pos.at(from);
    const Bitboard targets = attacks_of(movement_of(type_of(p)), facing_of(p), from, occ) & allowed;
    add_board_moves(from, targets, type_of(p), facing_of(p), list);
  }
  for (PieceType t : kHandTypes) {
    if (!pos.hand(us).count[t]) continue;
    for (Square to : squares(drop_squares(pos, us, t, ~occ))) list.add(Move::drop(t, to));
  }
}

void generate_legal(const Position& pos, Seat us, MoveList& list) {
  const Seat partner = partner_of(us);
  const bool guard_partner = pos.rules().pairs && pos.is_live(partner) && !pos.in_check(partner);
  if (!guard_partner) {
    generate_unfiltered(pos, us, list);
    return;
  }
  // Pairs: a move may not put the partner's king in check (by the moved piece, a dropped
  // one, or a line the move opens, whoever owns the attacker). Each move is tried.
  MoveList candidates;
  generate_unfiltered(pos, us, candidates);
  Position& scratch = const_cast<Position&>(pos);  // every move is undone again
  for (Move m : candidates) {
    scratch.do_move(m, us);
    const bool checks_partner = scratch.in_check(partner);
    scratch.undo();
    if (!checks_partner) list.add(m);
  }
}

bool has_legal_move(const Position& pos, Seat us) {
  MoveList list;
  generate_legal(pos, us, list);
  return list.size() > 0;
}

}  // namespace kaisho::yonin

#include "ai/shogi/placement_sums.hpp"

#include "ai/shogi/eval_features.hpp"
#include "ai/shogi/eval_weights.hpp"

namespace kaisho::ai::shogi_search {

namespace {

namespace f = features;

int colour_sign(Color c) {
  return c == kBlack ? 1 : -1;
}

struct Sums {
  PlacementSums total;
  // sign: +1 to add the feature's weights as sente's, -1 as gote's (or to take sente's away).
  void add(int feature, int sign) {
    total.opening += sign * kEvalWeights[f::opening_weight(feature)];
    total.endgame += sign * kEvalWeights[f::endgame_weight(feature)];
  }

  // A piece's own features at sq: its square and (but a king) its place from both kings.
  void piece(const Position& pos, Piece p, Square sq, int sign) {
    visit_piece_features(pos, p, sq, sign * colour_sign(color_of(p)),
                         [this](int feature, int value) { add(feature, value); });
  }

  // A non-king piece's features that depend on colour k's king, were it on king_sq.
  void from_king(Piece p, Square sq, Color k, Square king_sq, int sign) {
    visit_king_features(p, sq, k, king_sq, sign * colour_sign(color_of(p)),
                        [this](int feature, int value) { add(feature, value); });
  }

  // The pair of p on sq and q on nb, seen from each of the two (a king sees none).
  void pair(Piece p, Square sq, Piece q, Square nb, int sign) {
    const Color cp = color_of(p), cq = color_of(q);
    if (type_of(p) != kKing)
      add(f::pair(type_of(p), cq != cp, type_of(q), f::pair_direction(cp, sq, nb)),
          sign * colour_sign(cp));
    if (type_of(q) != kKing)
      add(f::pair(type_of(q), cp != cq, type_of(p), f::pair_direction(cq, nb, sq)),
          sign * colour_sign(cq));
  }

  // The n-th piece of type t in colour c's hand (none beyond kMaxInHand).
  void hand(Color c, PieceType t, int n, int sign) {
    if (n >= 1 && n <= f::kMaxInHand) add(f::hand(t, n), sign * colour_sign(c));
  }
};

// A king's move from `from` to `to` changes every other piece's place from that king (the
// other king's features do not depend on it), besides the king's own square and pairs and,
// when it captures, the captured piece's features and pairs and the hand. The position
// before differs from `after` only on `from` (the king) and `to` (the captured piece, if
// any).
PlacementSums king_moved(const PlacementSums& before, const Position& after,
                         const MoveFacts& move) {
  Sums sums{before};
  const Color us = color_of(move.mover);
  const Square from = move.move.from(), to = move.move.to();
  const Piece king = move.mover, taken = move.captured;
  const Bitboard occ = after.occupied();
  const auto before_at = [&](Square sq) { return sq == to ? taken : after.at(sq); };
  Bitboard occ_before = occ | Bitboard::square(from);
  if (taken == kNoPiece) occ_before &= ~Bitboard::square(to);
  // The king and its pairs leave `from` (the pair with a captured neighbour included).
  sums.piece(after, king, from, -1);
  for (Square nb : squares(f::kNear[from] & occ_before))
    sums.pair(king, from, before_at(nb), nb, -1);
  if (taken != kNoPiece) {
    // The captured piece leaves, its place measured from the king still on `from`, with its
    // pairs but the one with the king (gone above).
    sums.piece(after, taken, to, -1);
    sums.from_king(taken, to, us, after.king_square(us), +1);
    sums.from_king(taken, to, us, from, -1);
    for (Square nb : squares(f::kNear[to] & occ_before & ~Bitboard::square(from)))
      sums.pair(taken, to, after.at(nb), nb, -1);
    const PieceType t = unpromote(type_of(taken));
    sums.hand(us, t, after.hand(us).count[t], +1);
  }
  sums.piece(after, king, to, +1);
  for (Square nb : squares(f::kNear[to] & occ)) sums.pair(king, to, after.at(nb), nb, +1);
  // Every other piece's place from the king moves.
  for (Square sq : squares(occ)) {
    const Piece p = after.at(sq);
    if (type_of(p) == kKing) continue;
    sums.from_king(p, sq, us, from, -1);
    sums.from_king(p, sq, us, to, +1);
  }
  return sums.total;
}

}  // namespace

PlacementSums placement_sums(const Position& pos) {
  Sums sums;
  visit_placement_features(pos, [&](int index, int value) { sums.add(index, value); });
  return sums.total;
}

MoveFacts facts_of(const Position& before, Move m) {
  if (m.is_drop()) return {m, make_piece(before.side_to_move(), m.dropped()), kNoPiece};
  return {m, before.at(m.from()), before.at(m.to())};
}

// The sums change in three steps: the mover leaves its square (with the pairs it had
// there, the captured piece included), the captured piece leaves the target square, and the
// piece now on the target square arrives; the last two share their neighbours, which are
// those of the position after.
PlacementSums placement_after(const PlacementSums& before, const Position& after,
                              const MoveFacts& move) {
  if (type_of(move.mover) == kKing) return king_moved(before, after, move);
  Sums sums{before};
  const Color us = color_of(move.mover);
  const Square to = move.move.to();
  const Bitboard occ = after.occupied();
  if (move.move.is_drop()) {
    const PieceType t = move.move.dropped();
    sums.hand(us, t, after.hand(us).count[t] + 1, -1);
  } else {
    const Square from = move.move.from();
    sums.piece(after, move.mover, from, -1);
    Bitboard near_from = f::kNear[from] & occ;
    if (move.captured == kNoPiece) near_from &= ~Bitboard::square(to);
    for (Square nb : squares(near_from))
      sums.pair(move.mover, from, nb == to ? move.captured : after.at(nb), nb, -1);
    if (move.captured != kNoPiece) {
      sums.piece(after, move.captured, to, -1);
      const PieceType taken = unpromote(type_of(move.captured));
      sums.hand(us, taken, after.hand(us).count[taken], +1);
    }
  }
  const Piece arrived = after.at(to);
  sums.piece(after, arrived, to, +1);
  for (Square nb : squares(f::kNear[to] & occ)) {
    sums.pair(arrived, to, after.at(nb), nb, +1);
    if (move.captured != kNoPiece) sums.pair(move.captured, to, after.at(nb), nb, -1);
  }
  return sums.total;
}

}  // namespace kaisho::ai::shogi_search

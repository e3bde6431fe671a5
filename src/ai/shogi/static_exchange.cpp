#include "ai/shogi/static_exchange.hpp"

#include <algorithm>

#include "ai/shogi/evaluation.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai::shogi_search {

int exchange_value(PieceType t) {
  return t == kKing ? 20000 : piece_value(t) + hand_value(unpromote(t));
}

int see(const Position& pos, Move m) {
  const Square to = m.to();
  int gain[40];
  int d = 0;
  gain[0] = pos.at(to) == kNoPiece ? 0 : exchange_value(type_of(pos.at(to)));
  Bitboard occ = pos.occupied();
  PieceType on_square;
  if (m.is_drop()) {
    on_square = m.dropped();
  } else {
    on_square = type_of(pos.at(m.from()));
    if (m.promotes()) on_square = promote(on_square);
    occ ^= Bitboard::square(m.from());
  }
  Color side = ~pos.side_to_move();
  while (d < 38) {
    const Bitboard attackers = attackers_to<Variant::Shogi>(pos, side, to, occ) & occ;
    if (attackers.none()) break;
    Square lva = -1;
    int lva_value = 1 << 20;
    for (Square sq : squares(attackers)) {
      const int v = exchange_value(type_of(pos.at(sq)));
      if (v < lva_value) lva_value = v, lva = sq;
    }
    ++d;
    gain[d] = exchange_value(on_square) - gain[d - 1];
    if (std::max(-gain[d - 1], gain[d]) < 0) break;
    on_square = type_of(pos.at(lva));
    occ ^= Bitboard::square(lva);
    side = ~side;
  }
  while (d > 0) {
    gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
    --d;
  }
  return gain[0];
}

}  // namespace kaisho::ai::shogi_search

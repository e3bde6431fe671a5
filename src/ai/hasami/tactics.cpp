#include "ai/hasami/tactics.hpp"

namespace kaisho::ai::hasami_search {

namespace {

// An earlier occurrence of the current position since the last capture.
bool occurred_before(const Position& pos) {
  const auto& keys = pos.key_history();
  const int last = static_cast<int>(keys.size()) - 1;
  const int oldest = last - pos.reversible_plies();
  const uint64_t key = keys[static_cast<size_t>(last)];
  for (int i = last - 4; i >= oldest; i -= 2)
    if (keys[static_cast<size_t>(i)] == key) return true;
  return false;
}

// What captured_squares(own | to, enemy, to) gives, walking the short runs of enemy pieces
// next to `to` square by square (cheaper than the general ray lookups; the tests compare the
// threats built on it with the rules engine's captures).
Bitboard captures_on_arrival(Bitboard own, Bitboard enemy, Square to) {
  Bitboard caps;
  const int file = shogi_family::file_of(to), rank = shogi_family::rank_of(to);
  // Steps toward rank i, rank a, file 9, file 1, with the number of squares left that way.
  const int step[4] = {1, -1, 9, -9};
  const int room[4] = {9 - rank, rank - 1, 9 - file, file - 1};
  for (int d = 0; d < 4; ++d) {
    Bitboard run;
    Square sq = to;
    int left = room[d];
    while (left > 0 && enemy.test(sq + step[d])) {
      sq += step[d];
      run |= Bitboard::square(sq);
      --left;
    }
    if (run.any() && left > 0 && own.test(sq + step[d])) caps |= run;
  }
  // The corner rule: `to` next to a corner holding an enemy piece, the corner's other
  // neighbour holding one of ours.
  if ((file == 1 || file == 9 || rank == 1 || rank == 9)) {
    for (int cf : {1, 9}) {
      for (int cr : {1, 9}) {
        const int inward_file = cf == 1 ? 1 : -1, inward_rank = cr == 1 ? 1 : -1;
        Square other;
        if (file == cf + inward_file && rank == cr) {
          other = shogi_family::make_square(cf, cr + inward_rank);
        } else if (file == cf && rank == cr + inward_rank) {
          other = shogi_family::make_square(cf + inward_file, cr);
        } else {
          continue;
        }
        const Square corner = shogi_family::make_square(cf, cr);
        if (enemy.test(corner) && own.test(other)) caps |= Bitboard::square(corner);
      }
    }
  }
  return caps;
}

Bitboard shift(Bitboard b, int by) {
  return by > 0 ? b.shifted_left(by) : b.shifted_right(-by);
}

// Parallel prefix fill: `gen` extended step by step (shifts of `step` squares) through the
// squares of `through`, which must exclude the squares a shift would wrap onto.
Bitboard fill(Bitboard gen, Bitboard through, int step) {
  Bitboard pro = through;
  gen |= pro & shift(gen, step);
  pro &= shift(pro, step);
  gen |= pro & shift(gen, 2 * step);
  pro &= shift(pro, 2 * step);
  gen |= pro & shift(gen, 4 * step);
  pro &= shift(pro, 4 * step);
  gen |= pro & shift(gen, 8 * step);
  return gen;
}
// The empty squares the pieces reach sliding in one direction (`enterable`: the squares a
// shift of `step` may land on without wrapping into another file). Each is reached by
// exactly one piece (the nearest behind it), so the counts over the four directions add up
// to the number of moves.
Bitboard slide(Bitboard pieces, Bitboard empty, int step, Bitboard enterable) {
  return fill(pieces, empty & enterable, step) & empty;
}

// The four steps (toward rank i, rank a, file 9, file 1) and the squares each may land on
// without wrapping from one file into the next. Built from constants: another file's
// tables may not be initialised yet when this is.
constexpr Bitboard rank_squares(int rank) {
  shogi_family::u128 bits = 0;
  for (int file = 1; file <= 9; ++file)
    bits |= shogi_family::u128{1} << shogi_family::make_square(file, rank);
  return Bitboard(bits);
}
struct Steps {
  int step[4] = {1, -1, 9, -9};
  Bitboard enterable[4] = {~rank_squares(1), ~rank_squares(9), ~Bitboard(), ~Bitboard()};
};
constexpr Steps kSteps;

// The empty squares where a piece of `own` arriving would capture: next to a run of enemy
// pieces closed by an own piece at its far end, or next to an enemy corner piece whose
// other neighbour is own.
Bitboard capturing_squares(Bitboard own, Bitboard enemy, Bitboard empty) {
  Bitboard squares;
  for (int d = 0; d < 4; ++d) {
    // Direction d runs from the arrival square into the run; fill back from own pieces
    // through enemy pieces (direction d ^ 1 is the opposite step).
    const int back = kSteps.step[d ^ 1];
    const Bitboard& enter = kSteps.enterable[d ^ 1];
    const Bitboard closed = fill(own, enemy & enter, back) & enemy;
    squares |= shift(closed, back) & enter & empty;
  }
  for (Square corner : {shogi_family::make_square(1, 1), shogi_family::make_square(1, 9),
                        shogi_family::make_square(9, 1), shogi_family::make_square(9, 9)}) {
    if (!enemy.test(corner)) continue;
    const int f = shogi_family::file_of(corner), r = shogi_family::rank_of(corner);
    const Square a = shogi_family::make_square(f == 1 ? 2 : 8, r);
    const Square b = shogi_family::make_square(f, r == 1 ? 2 : 8);
    if (own.test(a) && empty.test(b)) squares |= Bitboard::square(b);
    if (own.test(b) && empty.test(a)) squares |= Bitboard::square(a);
  }
  return squares;
}

}  // namespace

Threats threats_of(const Position& pos, Color attacker) {
  Threats t;
  const Bitboard occ = pos.occupied();
  const Bitboard own = pos.pieces(attacker);
  const Bitboard enemy = pos.pieces(~attacker);
  const Bitboard empty = ~occ;
  for (int d = 0; d < 4; ++d) {
    const Bitboard r = slide(own, empty, kSteps.step[d], kSteps.enterable[d]);
    t.reach |= r;
    t.mobility += r.count();
  }
  // A move's captures depend only on where it arrives (the square it left is on the line it
  // came along, with only empty squares in between, so it never closes a sandwich), which
  // is why the attacker's pieces plus the arrival square tell them exactly.
  const Bitboard arrivals = t.reach & capturing_squares(own, enemy, empty);
  for (Square to : shogi_family::squares(arrivals)) {
    const Bitboard caps = captures_on_arrival(own, enemy, to);
    if (caps.none()) continue;
    t.captured |= caps;
    t.arrivals |= Bitboard::square(to);
    ++t.moves;
    t.best = std::max(t.best, caps.count());
  }
  return t;
}

void generate_captures(const Position& pos, const Threats& ours, MoveList& list) {
  if (ours.arrivals.none()) return;
  const Bitboard occ = pos.occupied();
  for (Square from : shogi_family::squares(pos.pieces(pos.side_to_move()))) {
    const Bitboard dests = shogi_family::rook_attacks(from, occ) & ours.arrivals;
    for (Square to : shogi_family::squares(dests)) list.add(Move(from, to));
  }
}

NodeEnd node_end(const Position& pos, const GameSettings& settings, bool any_repetition) {
  if (!win_reason(pos, settings.win, ~pos.side_to_move()).empty()) return NodeEnd::MoverLost;
  if (!has_legal_move(pos)) return NodeEnd::MoverLost;
  if (any_repetition ? occurred_before(pos) : occurrences(pos) >= 4) return NodeEnd::Draw;
  if (settings.move_limit > 0 && pos.game_ply() >= settings.move_limit) return NodeEnd::Draw;
  return NodeEnd::None;
}

}  // namespace kaisho::ai::hasami_search

#pragma once
// Per-ply bookkeeping every alpha-beta search here keeps: the principal variation (a
// triangular table), two killer moves per ply, and the move picker that selects the best
// remaining move by its ordering key.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace kaisho::ai {

// The best line found from each ply. At a node: `start(ply)` on entry, `update(ply, m)` when
// m raises alpha (m followed by the child's line).
template <class Move, int Plies>
class PvTable {
 public:
  void start(int ply) { length_[ply] = ply; }
  void update(int ply, Move m) {
    line_[ply][ply] = m;
    for (int j = ply + 1; j < length_[ply + 1]; ++j) line_[ply][j] = line_[ply + 1][j];
    length_[ply] = std::max(length_[ply + 1], ply + 1);
  }
  // The line found at `ply`, appended to `out`.
  void append_line(int ply, std::vector<Move>& out) const {
    for (int j = ply; j < length_[ply]; ++j) out.push_back(line_[ply][j]);
  }

 private:
  std::array<std::array<Move, Plies + 1>, Plies + 1> line_{};
  std::array<int, Plies + 1> length_{};
};

// Two quiet moves per ply that recently caused a cutoff there.
template <class Move, int Plies>
class KillerMoves {
 public:
  void clear() {
    for (auto& k : moves_) k = {Move{}, Move{}};
  }
  Move first(int ply) const { return moves_[ply][0]; }
  Move second(int ply) const { return moves_[ply][1]; }
  void add(int ply, Move m) {
    if (moves_[ply][0] == m) return;
    moves_[ply][1] = moves_[ply][0];
    moves_[ply][0] = m;
  }

 private:
  std::array<std::array<Move, 2>, Plies + 1> moves_{};
};

// Moves the highest-keyed of moves[i..size) to place i (one step of a selection sort: cheap
// when a cutoff comes early) and returns it.
template <class Move, class Key>
Move pick_next(Move* moves, Key* keys, int size, int i) {
  int best = i;
  for (int j = i + 1; j < size; ++j)
    if (keys[j] > keys[best]) best = j;
  std::swap(keys[i], keys[best]);
  std::swap(moves[i], moves[best]);
  return moves[i];
}

// Principal variation search of one move at a node: the first move with the full window; a
// later one with a null window at `depth - reduction`, searched again without the reduction
// if it beats alpha, and with the full window if it then lands inside it. `child(alpha, beta,
// depth)` searches the position after the move for the opponent (negamax); the move's score
// is returned.
template <class Child>
int pvs_score(Child&& child, bool first, int alpha, int beta, int depth, int reduction) {
  if (first) return -child(-beta, -alpha, depth);
  int score = -child(-alpha - 1, -alpha, depth - reduction);
  if (score > alpha && reduction) score = -child(-alpha - 1, -alpha, depth);
  if (score > alpha && score < beta) score = -child(-beta, -alpha, depth);
  return score;
}

// Moves a history statistic by `amount` (|amount| <= kHistoryMax), each step the smaller the
// nearer the statistic already is to kHistoryMax in that direction, so that it stays within
// +-kHistoryMax and recent results weigh more than old ones.
constexpr int kHistoryMax = 16384;
inline void update_history(int16_t& h, int amount) {
  h = static_cast<int16_t>(h + amount - h * std::abs(amount) / kHistoryMax);
}

// The quiet moves searched so far at a node (the first 64 are kept). At a cutoff at `depth`
// by the quiet move `best`, `reward_cutoff` calls `update(move, amount)` to raise best's
// statistics and lower those of the others tried before it, by an amount growing with depth.
template <class Move>
class TriedQuiets {
 public:
  void add(Move m) {
    if (count_ < static_cast<int>(moves_.size())) moves_[static_cast<size_t>(count_++)] = m;
  }
  template <class Update>
  void reward_cutoff(Move best, int depth, Update&& update) const {
    const int bonus = std::min(16 * depth * depth, 1600);
    update(best, bonus);
    for (int i = 0; i < count_; ++i)
      if (moves_[static_cast<size_t>(i)] != best) update(moves_[static_cast<size_t>(i)], -bonus);
  }

 private:
  std::array<Move, 64> moves_;
  int count_ = 0;
};

}  // namespace kaisho::ai

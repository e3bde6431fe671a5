#pragma once
// A transposition table for two-player alpha-beta searches: one entry per bucket slot,
// replaced when the new result is deeper or from a newer search.
#include <cstdint>
#include <optional>
#include <vector>

namespace kaisho::ai {

enum class Bound : uint8_t { None, Upper, Lower, Exact };

struct TTEntry {
  uint64_t key = 0;
  uint32_t move = 0;
  int16_t score = 0;
  int8_t depth = -1;
  Bound bound = Bound::None;
  uint8_t generation = 0;
};

// Decided scores (beyond `bound`) count plies from the root; the table stores them counted
// from the node, so that a win found through a transposition keeps its true distance.
inline int score_to_tt(int score, int ply, int bound) {
  return score > bound ? score + ply : score < -bound ? score - ply : score;
}
inline int score_from_tt(int score, int ply, int bound) {
  return score > bound ? score - ply : score < -bound ? score + ply : score;
}

// An entry at least `depth` deep whose bound settles the window (alpha, beta) gives the
// node's score (decided scores converted back to this ply); otherwise nothing.
inline std::optional<int> tt_cutoff(const TTEntry& e, int depth, int alpha, int beta, int ply,
                                    int decided_bound) {
  if (e.depth < depth) return std::nullopt;
  const int s = score_from_tt(e.score, ply, decided_bound);
  if (e.bound == Bound::Exact || (e.bound == Bound::Lower && s >= beta) ||
      (e.bound == Bound::Upper && s <= alpha))
    return s;
  return std::nullopt;
}

// The bound a search result sets, from the window it was searched in.
inline Bound bound_of(int best, int original_alpha, int beta) {
  return best >= beta ? Bound::Lower : best > original_alpha ? Bound::Exact : Bound::Upper;
}

class TranspositionTable {
 public:
  explicit TranspositionTable(int megabytes = 16) { resize(megabytes); }

  void resize(int megabytes) {
    size_t count = 1;
    const size_t want = static_cast<size_t>(megabytes) * 1024 * 1024 / sizeof(TTEntry);
    while (count * 2 <= want) count *= 2;
    entries_.assign(count, TTEntry{});
    mask_ = count - 1;
  }
  void clear() { entries_.assign(entries_.size(), TTEntry{}); }
  void new_search() { ++generation_; }

  const TTEntry* probe(uint64_t key) const {
    const TTEntry& e = entries_[key & mask_];
    return e.key == key && e.bound != Bound::None ? &e : nullptr;
  }
  void store(uint64_t key, uint32_t move, int score, int depth, Bound bound) {
    TTEntry& e = entries_[key & mask_];
    if (e.key == key || e.generation != generation_ || depth >= e.depth) {
      if (move == 0 && e.key == key) move = e.move;  // keep a known best move
      e = TTEntry{key,   move,       static_cast<int16_t>(score), static_cast<int8_t>(depth),
                  bound, generation_};
    }
  }

 private:
  std::vector<TTEntry> entries_;
  size_t mask_ = 0;
  uint8_t generation_ = 0;
};

}  // namespace kaisho::ai

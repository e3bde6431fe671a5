#include "ai/hasami/hasami_searcher.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "ai/hasami/evaluation.hpp"
#include "ai/hasami/tactics.hpp"
#include "ai/levels.hpp"
#include "ai/negamax_searcher.hpp"
#include "core/rng.hpp"
#include "rules/hasami/game_state.hpp"
#include "rules/hasami/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::hasami;
using hasami_search::NodeEnd;

constexpr int kMaxQuiescencePly = 8;
constexpr int kMoveCapacity = MoveList::kCapacity;
struct NoUndo {};  // Hasami's position keeps its own history

class HasamiSearcher final
    : public NegamaxSearcher<HasamiSearcher, Move, NoUndo, 96, shogi_family::kSquareCount> {
 public:
  SearchResult search(const rules::GameState& state, const SearchLimits& requested,
                      const StopFlag& stop, const InfoCallback& on_info) override;

  // The skeleton's hooks (see ai/negamax_searcher.hpp).
  int search(int alpha, int beta, int depth, int ply);
  int quiescence(int alpha, int beta, int ply, int qply);
  void make(Move m, NoUndo&) { pos_.do_move(m); }
  void unmake(Move, const NoUndo&) { pos_.undo_move(); }
  // Captures are ordered above 1 << 28 (order()).
  bool is_capture(Move m, int key) const { return key >= (1 << 28) && pos_.captures_of(m).any(); }
  static int reduction(int index, int depth, bool capture) {
    return depth >= 3 && index >= 3 && !capture ? (index >= 12 ? 2 : 1) : 0;
  }
  int16_t& history_of(Move m) { return history_[pos_.side_to_move()][m.from()][m.to()]; }
  static uint32_t tt_code(Move m) { return m.raw(); }
  static std::string text(Move m) { return move_text(m); }

 private:
  // The score of a node the rules end, if they do (the side to move's view).
  bool ended(int ply, int& score) const;
  uint64_t tt_key() const;
  void order(const MoveList& list, Move tt_move, int ply,
             std::array<int, kMoveCapacity>& keys) const;

  // Per-search state.
  Position pos_;
  GameSettings settings_;
};

bool HasamiSearcher::ended(int ply, int& score) const {
  switch (hasami_search::node_end(pos_, settings_, true)) {
    case NodeEnd::MoverLost:
      score = -kWin + ply;
      return true;
    case NodeEnd::Draw:
      score = 0;
      return true;
    case NodeEnd::None:
      break;
  }
  return false;
}

// Under a move limit the number of moves left changes what a position is worth once the
// limit is within the search's reach, so the key then includes the move count.
uint64_t HasamiSearcher::tt_key() const {
  const uint64_t key = pos_.key();
  if (settings_.move_limit > 0 && settings_.move_limit - pos_.game_ply() <= kMaxPly)
    return key ^ (0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(pos_.game_ply() + 1));
  return key;
}

void HasamiSearcher::order(const MoveList& list, Move tt_move, int ply,
                           std::array<int, kMoveCapacity>& keys) const {
  const Color us = pos_.side_to_move();
  const Bitboard arrivals = hasami_search::threats_of(pos_, us).arrivals;
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    int k;
    if (m == tt_move) {
      k = 1 << 30;
    } else if (arrivals.test(m.to())) {
      k = (1 << 28) + pos_.captures_of(m).count();
    } else if (m == killers_.first(ply)) {
      k = (1 << 27) + 1;
    } else if (m == killers_.second(ply)) {
      k = 1 << 27;
    } else {
      k = history_[us][m.from()][m.to()];
    }
    keys[static_cast<size_t>(i)] = k;
  }
}

int HasamiSearcher::quiescence(int alpha, int beta, int ply, int qply) {
  pv_.start(ply);
  if (budget_.exhausted()) return 0;
  int score;
  if (ended(ply, score)) return score;
  const Color us = pos_.side_to_move();
  const hasami_search::Threats ours = hasami_search::threats_of(pos_, us);
  const int stand =
      hasami_search::evaluate(pos_, settings_.win, ours, hasami_search::threats_of(pos_, ~us));
  if (stand >= beta || ply >= kMaxPly || qply >= kMaxQuiescencePly) return stand;
  MoveList list;
  hasami_search::generate_captures(pos_, ours, list);
  std::array<int, kMoveCapacity> keys;
  for (int i = 0; i < list.size(); ++i)
    keys[static_cast<size_t>(i)] = pos_.captures_of(list[i]).count();
  return quiescence_moves(list.data(), keys.data(), list.size(), stand, alpha, beta, ply, qply);
}

int HasamiSearcher::search(int alpha, int beta, int depth, int ply) {
  pv_.start(ply);
  if (depth <= 0 || ply >= kMaxPly) return quiescence(alpha, beta, ply, 0);
  if (budget_.exhausted()) return 0;
  const bool pv_node = beta - alpha > 1;
  int score;
  if (ended(ply, score)) return score;
  alpha = std::max(alpha, -kWin + ply);
  beta = std::min(beta, kWin - ply - 1);
  if (alpha >= beta) return alpha;

  const uint64_t key = tt_key();
  Move tt_move;
  if (const TTEntry* e = tt_.probe(key)) {
    tt_move = Move(static_cast<Square>((e->move >> 7) & 127), static_cast<Square>(e->move & 127));
    if (!pv_node)
      if (const auto s = tt_cutoff(*e, depth, alpha, beta, ply, kWinBound)) return *s;
  }
  if (!pv_node && depth <= 3) {
    const int eval = hasami_search::evaluate(pos_, settings_.win);
    if (eval - 120 * depth >= beta && std::abs(beta) < kWinBound) return eval;
  }

  MoveList list;
  generate_moves(pos_, list);  // not empty: ended() has checked
  std::array<int, kMoveCapacity> keys;
  order(list, tt_move, ply, keys);
  return search_moves(list.data(), keys.data(), list.size(), alpha, beta, depth, ply, key);
}

SearchResult HasamiSearcher::search(const rules::GameState& state, const SearchLimits& requested,
                                    const StopFlag& stop, const InfoCallback& on_info) {
  const auto* hasami_state = dynamic_cast<const HasamiState*>(&state);
  if (!hasami_state || state.outcome().over()) return {};
  const SearchLimits limits = apply_level(requested, LevelTable::standard);
  pos_ = hasami_state->position();
  settings_ = hasami_state->settings();
  budget_.start(limits, stop);
  killers_.clear();
  tt_.new_search();

  MoveList root;
  generate_moves(pos_, root);
  if (root.size() == 0) return {};
  // Root order: captures first (the biggest first), then the generator's order.
  std::vector<Move> moves(root.begin(), root.end());
  std::stable_sort(moves.begin(), moves.end(), [&](Move a, Move b) {
    return pos_.captures_of(a).count() > pos_.captures_of(b).count();
  });
  Rng rng(limits.seed ^ pos_.key());
  return deepen(root_hooks(), root_plan(limits), std::move(moves), limits, budget_, rng, on_info);
}

}  // namespace

std::unique_ptr<Searcher> make_hasami_searcher() {
  return std::make_unique<HasamiSearcher>();
}

}  // namespace kaisho::ai

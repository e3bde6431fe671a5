#include "ai/hasami/hasami_searcher.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>

#include "ai/hasami/evaluation.hpp"
#include "ai/hasami/tactics.hpp"
#include "ai/levels.hpp"
#include "ai/transposition_table.hpp"
#include "core/rng.hpp"
#include "rules/hasami/game_state.hpp"
#include "rules/hasami/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::hasami;
using hasami_search::NodeEnd;
using Clock = std::chrono::steady_clock;

constexpr int kWin = 30000;
constexpr int kWinBound = kWin - 1000;  // scores beyond this are forced wins
constexpr int kInfinity = 32000;
constexpr int kMaxPly = 96;
constexpr int kMaxQuiescencePly = 8;
constexpr int kMoveCapacity = MoveList::kCapacity;

int score_to_tt(int s, int ply) {
  return s > kWinBound ? s + ply : s < -kWinBound ? s - ply : s;
}
int score_from_tt(int s, int ply) {
  return s > kWinBound ? s - ply : s < -kWinBound ? s + ply : s;
}

class HasamiSearcher final : public Searcher {
 public:
  SearchResult search(const rules::GameState& state, const SearchLimits& requested,
                      const StopFlag& stop, const InfoCallback& on_info) override;
  void clear() override {
    tt_.clear();
    for (auto& side : history_)
      for (auto& row : side) row.fill(0);
  }
  void set_hash_mb(int mb) override { tt_.resize(mb); }

 private:
  int search(int alpha, int beta, int depth, int ply);
  int quiescence(int alpha, int beta, int ply, int qply);
  bool out_of_budget();
  // The score of a node the rules end, if they do (the side to move's view).
  bool ended(int ply, int& score) const;
  uint64_t tt_key() const;
  void order(const MoveList& list, Move tt_move, int ply,
             std::array<int, kMoveCapacity>& keys) const;
  SearchInfo make_info(int depth, int score, const std::vector<Move>& pv) const;

  TranspositionTable tt_{16};
  std::array<std::array<std::array<int, shogi_family::kSquareCount>, shogi_family::kSquareCount>, 2>
      history_{};

  // Per-search state.
  Position pos_;
  GameSettings settings_;
  const StopFlag* stop_ = nullptr;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = 0;
  Clock::time_point start_;
  Clock::time_point deadline_;
  bool has_deadline_ = false;
  bool aborted_ = false;
  Move killers_[kMaxPly + 1][2] = {};
  Move pv_[kMaxPly + 1][kMaxPly + 1] = {};
  int pv_length_[kMaxPly + 1] = {};
};

bool HasamiSearcher::out_of_budget() {
  if (aborted_) return true;
  if (node_limit_ && nodes_ >= node_limit_) return aborted_ = true;
  if ((nodes_ & 1023) == 0) {
    if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
    if (has_deadline_ && Clock::now() >= deadline_) return aborted_ = true;
  }
  return false;
}

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
      k = (1 << 28) + hasami_search::square_count(pos_.captures_of(m));
    } else if (m == killers_[ply][0]) {
      k = (1 << 27) + 1;
    } else if (m == killers_[ply][1]) {
      k = 1 << 27;
    } else {
      k = history_[us][m.from()][m.to()];
    }
    keys[static_cast<size_t>(i)] = k;
  }
}

// Picks the best remaining move into place i (selection sort, one step at a time).
template <typename List>
Move pick(List& moves, std::array<int, kMoveCapacity>& keys, int size, int i) {
  int bi = i;
  for (int j = i + 1; j < size; ++j)
    if (keys[static_cast<size_t>(j)] > keys[static_cast<size_t>(bi)]) bi = j;
  std::swap(keys[static_cast<size_t>(i)], keys[static_cast<size_t>(bi)]);
  std::swap(moves[i], moves[bi]);
  return moves[i];
}

int HasamiSearcher::quiescence(int alpha, int beta, int ply, int qply) {
  pv_length_[ply] = ply;
  if (out_of_budget()) return 0;
  int score;
  if (ended(ply, score)) return score;
  const Color us = pos_.side_to_move();
  const hasami_search::Threats ours = hasami_search::threats_of(pos_, us);
  const int stand =
      hasami_search::evaluate(pos_, settings_.win, ours, hasami_search::threats_of(pos_, ~us));
  if (stand >= beta || ply >= kMaxPly || qply >= kMaxQuiescencePly) return stand;
  int best = stand;
  alpha = std::max(alpha, stand);
  MoveList list;
  hasami_search::generate_captures(pos_, ours, list);
  std::array<int, kMoveCapacity> keys;
  std::array<Move, kMoveCapacity> moves;
  for (int i = 0; i < list.size(); ++i) {
    moves[static_cast<size_t>(i)] = list[i];
    keys[static_cast<size_t>(i)] = hasami_search::square_count(pos_.captures_of(list[i]));
  }
  for (int i = 0; i < list.size(); ++i) {
    const Move m = pick(moves, keys, list.size(), i);
    if (out_of_budget()) return 0;
    ++nodes_;
    pos_.do_move(m);
    score = -quiescence(-beta, -alpha, ply + 1, qply + 1);
    pos_.undo_move();
    if (aborted_) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
  }
  return best;
}

int HasamiSearcher::search(int alpha, int beta, int depth, int ply) {
  pv_length_[ply] = ply;
  if (depth <= 0 || ply >= kMaxPly) return quiescence(alpha, beta, ply, 0);
  if (out_of_budget()) return 0;
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
    if (!pv_node && e->depth >= depth) {
      const int s = score_from_tt(e->score, ply);
      if (e->bound == Bound::Exact || (e->bound == Bound::Lower && s >= beta) ||
          (e->bound == Bound::Upper && s <= alpha))
        return s;
    }
  }
  if (!pv_node && depth <= 3) {
    const int eval = hasami_search::evaluate(pos_, settings_.win);
    if (eval - 120 * depth >= beta && std::abs(beta) < kWinBound) return eval;
  }

  MoveList list;
  generate_moves(pos_, list);  // not empty: ended() has checked
  std::array<int, kMoveCapacity> keys;
  order(list, tt_move, ply, keys);
  std::array<Move, kMoveCapacity> moves;
  for (int i = 0; i < list.size(); ++i) moves[static_cast<size_t>(i)] = list[i];

  const int original_alpha = alpha;
  int best = -kInfinity;
  Move best_move;
  const Color us = pos_.side_to_move();
  for (int i = 0; i < list.size(); ++i) {
    const Move m = pick(moves, keys, list.size(), i);
    const bool capture = keys[static_cast<size_t>(i)] >= (1 << 28) && pos_.captures_of(m).any();
    if (out_of_budget()) return 0;
    ++nodes_;
    pos_.do_move(m);
    if (i == 0) {
      score = -search(-beta, -alpha, depth - 1, ply + 1);
    } else {
      int reduction = 0;
      if (depth >= 3 && i >= 3 && !capture) reduction = i >= 12 ? 2 : 1;
      score = -search(-alpha - 1, -alpha, depth - 1 - reduction, ply + 1);
      if (score > alpha && reduction) score = -search(-alpha - 1, -alpha, depth - 1, ply + 1);
      if (score > alpha && score < beta) score = -search(-beta, -alpha, depth - 1, ply + 1);
    }
    pos_.undo_move();
    if (aborted_) return 0;
    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        pv_[ply][ply] = m;
        for (int j = ply + 1; j < pv_length_[ply + 1]; ++j) pv_[ply][j] = pv_[ply + 1][j];
        pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
        if (alpha >= beta) {
          if (!capture) {
            if (!(killers_[ply][0] == m)) {
              killers_[ply][1] = killers_[ply][0];
              killers_[ply][0] = m;
            }
            int& h = history_[us][m.from()][m.to()];
            h = std::min(h + depth * depth, 1 << 20);
          }
          break;
        }
      }
    }
  }
  const Bound bound = best >= beta            ? Bound::Lower
                      : best > original_alpha ? Bound::Exact
                                              : Bound::Upper;
  tt_.store(key, best_move.raw(), score_to_tt(best, ply), depth, bound);
  return best;
}

SearchInfo HasamiSearcher::make_info(int depth, int score, const std::vector<Move>& pv) const {
  SearchInfo info;
  info.depth = depth;
  info.score = score;
  if (score > kWinBound) info.mate_in = (kWin - score + 1) / 2;
  // The count of the loser's own moves, rounded up.
  if (score < -kWinBound) info.mate_in = -(kWin + score + 1) / 2;
  info.nodes = nodes_;
  info.time_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  for (Move m : pv) info.pv.push_back(move_text(m));
  return info;
}

SearchResult HasamiSearcher::search(const rules::GameState& state, const SearchLimits& requested,
                                    const StopFlag& stop, const InfoCallback& on_info) {
  const auto* hasami_state = dynamic_cast<const HasamiState*>(&state);
  SearchResult result;
  if (!hasami_state || state.outcome().over()) return result;
  const SearchLimits limits = apply_level(requested);
  const LevelProfile& profile = level_profile(limits.level);
  pos_ = hasami_state->position();
  settings_ = hasami_state->settings();
  stop_ = &stop;
  nodes_ = 0;
  aborted_ = false;
  start_ = Clock::now();
  node_limit_ = limits.infinite ? 0 : limits.nodes;
  has_deadline_ = !limits.infinite && limits.time_ms > 0;
  deadline_ = start_ + std::chrono::milliseconds(limits.time_ms);
  for (auto& k : killers_) k[0] = k[1] = Move();
  tt_.new_search();

  MoveList root;
  generate_moves(pos_, root);
  if (root.size() == 0) return result;
  Rng rng(limits.seed ^ pos_.key());
  if (profile.blunder_percent > 0 && static_cast<int>(rng.below(100)) < profile.blunder_percent) {
    result.best_move =
        move_text(root[static_cast<int>(rng.below(static_cast<uint64_t>(root.size())))]);
    result.info = make_info(0, 0, {});
    return result;
  }
  // Root order: captures first (the biggest first), then the generator's order; the seeded
  // noise each root move gets at the weak levels.
  std::vector<Move> order_of_root(root.begin(), root.end());
  std::stable_sort(order_of_root.begin(), order_of_root.end(), [&](Move a, Move b) {
    return pos_.captures_of(a).count() > pos_.captures_of(b).count();
  });
  std::vector<int> root_noise(order_of_root.size(), 0);
  for (int& n : root_noise)
    n = profile.noise ? static_cast<int>(rng.below(2 * static_cast<uint64_t>(profile.noise) + 1)) -
                            profile.noise
                      : 0;

  Move best = order_of_root[0];
  int best_score = 0;
  int completed_depth = 0;
  std::vector<Move> best_pv{best};
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 10) : kMaxPly - 10;
  for (int depth = 1; depth <= max_depth; ++depth) {
    int alpha = -kInfinity;
    const int beta = kInfinity;
    Move iteration_best;
    int iteration_judged = -kInfinity;
    int iteration_score = 0;
    std::vector<std::pair<int, size_t>> scored;
    for (size_t i = 0; i < order_of_root.size(); ++i) {
      const Move m = order_of_root[i];
      if (out_of_budget()) break;
      ++nodes_;
      pos_.do_move(m);
      int score;
      if (i == 0 || profile.noise) {
        score = -search(-beta, -alpha, depth - 1, 1);
      } else {
        score = -search(-alpha - 1, -alpha, depth - 1, 1);
        if (score > alpha && !aborted_) score = -search(-beta, -alpha, depth - 1, 1);
      }
      pos_.undo_move();
      if (aborted_) break;
      // The weak levels' noise blurs judgement, never a forced win or loss.
      const int judged = std::abs(score) > kWinBound ? score : score + root_noise[i];
      scored.emplace_back(judged, i);
      if (judged > iteration_judged) {
        iteration_judged = judged;
        iteration_score = score;
        iteration_best = m;
        best_pv.assign(1, m);
        for (int j = 1; j < pv_length_[1]; ++j) best_pv.push_back(pv_[1][j]);
        if (!profile.noise) alpha = std::max(alpha, score);
      }
    }
    // A partial iteration counts only if its first move (the previous best) was searched.
    if (iteration_best) {
      best = iteration_best;
      best_score = iteration_score;
    }
    if (aborted_) break;
    completed_depth = depth;
    // Next iteration: the best first, then by this iteration's scores.
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<Move> reordered;
    std::vector<int> renoised;
    for (const auto& [s, i] : scored) {
      reordered.push_back(order_of_root[i]);
      renoised.push_back(root_noise[i]);
    }
    order_of_root = std::move(reordered);
    root_noise = std::move(renoised);
    if (on_info) on_info(make_info(depth, best_score, best_pv));
    if (std::abs(best_score) > kWinBound && depth > 2 * (kWin - std::abs(best_score)) + 2) break;
    if (has_deadline_ && (Clock::now() - start_) * 2 > deadline_ - start_) break;
  }
  result.best_move = move_text(best);
  result.info = make_info(completed_depth, best_score, best_pv);
  return result;
}

}  // namespace

std::unique_ptr<Searcher> make_hasami_searcher() {
  return std::make_unique<HasamiSearcher>();
}

}  // namespace kaisho::ai

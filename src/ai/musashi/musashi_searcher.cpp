#include "ai/musashi/musashi_searcher.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>

#include "ai/levels.hpp"
#include "ai/musashi/evaluation.hpp"
#include "ai/musashi/tactics.hpp"
#include "ai/transposition_table.hpp"
#include "core/rng.hpp"
#include "rules/musashi/game_state.hpp"
#include "rules/musashi/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::musashi;
using musashi_search::NodeEnd;
using Clock = std::chrono::steady_clock;

constexpr int kWin = 30000;
constexpr int kWinBound = kWin - 1000;  // scores beyond this are forced wins
constexpr int kInfinity = 32000;
constexpr int kMaxPly = 120;
constexpr int kMaxQuiescencePly = 8;
constexpr int kMoveCapacity = MoveList::kCapacity;
// A Musashi ply is one step of one piece and the tree is narrow, so the depth caps of the
// level profiles (the same for every game) count double here.
constexpr int kLevelDepthScale = 2;

int score_to_tt(int s, int ply) {
  return s > kWinBound ? s + ply : s < -kWinBound ? s - ply : s;
}
int score_from_tt(int s, int ply) {
  return s > kWinBound ? s - ply : s < -kWinBound ? s + ply : s;
}

uint32_t encode(Move m) {
  return m.from == kNoPoint ? 0u : static_cast<uint32_t>(((m.from + 1) << 8) | (m.to + 1));
}
Move decode(uint32_t v) {
  if (v == 0) return Move{};
  return Move::make(static_cast<Point>((v >> 8) & 255) - 1, static_cast<Point>(v & 255) - 1);
}

class MusashiSearcher final : public Searcher {
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
  // The score of a node the rules end (the side to move's view), given its legal moves.
  bool ended(const MoveList& legal, int ply, int& score) const;
  void make(Move m, Position::Undo& undo);
  void unmake(Move m, const Position::Undo& undo);
  uint64_t tt_key() const;
  void order(const MoveList& list, Move tt_move, int ply,
             std::array<int, kMoveCapacity>& keys) const;
  SearchInfo make_info(int depth, int score, const std::vector<Move>& pv) const;

  TranspositionTable tt_{16};
  std::array<std::array<std::array<int, kMaxPoints>, kMaxPoints>, 2> history_{};

  // Per-search state.
  Position pos_ = Position::start(Board::get(Shape::Sechin33), Side::Father);
  RepetitionRecord record_;
  EndRules rules_;
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

bool MusashiSearcher::out_of_budget() {
  if (aborted_) return true;
  if (node_limit_ && nodes_ >= node_limit_) return aborted_ = true;
  if ((nodes_ & 1023) == 0) {
    if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
    if (has_deadline_ && Clock::now() >= deadline_) return aborted_ = true;
  }
  return false;
}

bool MusashiSearcher::ended(const MoveList& legal, int ply, int& score) const {
  switch (musashi_search::node_end(pos_, rules_, legal.size())) {
    case NodeEnd::MoverLost:
      score = -kWin + ply;
      return true;
    case NodeEnd::MoverWon:
      score = kWin - ply;
      return true;
    case NodeEnd::None:
      break;
  }
  return false;
}

// A children's move is recorded (the repetition ban) as the game does.
void MusashiSearcher::make(Move m, Position::Undo& undo) {
  const bool children = pos_.side_to_move() == Side::Children;
  undo = pos_.do_move(m);
  if (children) record_.add(pos_);
}

void MusashiSearcher::unmake(Move m, const Position::Undo& undo) {
  if (pos_.side_to_move() == Side::Father) record_.remove_last();  // the children moved
  pos_.undo_move(m, undo);
}

// Under a move limit the children's moves left change what a position is worth once the
// limit is within the search's reach, so the key then includes their move count.
uint64_t MusashiSearcher::tt_key() const {
  const uint64_t key = pos_.key();
  if (rules_.children_limit > 0 && rules_.children_limit - pos_.children_moves() <= kMaxPly)
    return key ^ (0x9e3779b97f4a7c15ULL * static_cast<uint64_t>(pos_.children_moves() + 1));
  return key;
}

void MusashiSearcher::order(const MoveList& list, Move tt_move, int ply,
                            std::array<int, kMoveCapacity>& keys) const {
  const int side = static_cast<int>(pos_.side_to_move());
  const Board& board = pos_.board();
  const PointSet around = board.neighbours(pos_.father());
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    int k;
    if (m == tt_move) {
      k = 1 << 30;
    } else if (side == 0 && board.captures(m.to, pos_.children())) {
      k = (1 << 28) + count(board.captures(m.to, pos_.children()));
    } else if (m == killers_[ply][0]) {
      k = (1 << 27) + 1;
    } else if (m == killers_[ply][1]) {
      k = 1 << 27;
    } else {
      k = history_[static_cast<size_t>(side)][static_cast<size_t>(m.from)]
                  [static_cast<size_t>(m.to)];
      // The children close in on the father rather than open his exits.
      if (side == 1) k += ((around & bit(m.to)) ? 64 : 0) - ((around & bit(m.from)) ? 64 : 0);
    }
    keys[static_cast<size_t>(i)] = k;
  }
}

// Picks the best remaining move into place i (selection sort, one step at a time).
Move pick(std::array<Move, kMoveCapacity>& moves, std::array<int, kMoveCapacity>& keys, int size,
          int i) {
  int bi = i;
  for (int j = i + 1; j < size; ++j)
    if (keys[static_cast<size_t>(j)] > keys[static_cast<size_t>(bi)]) bi = j;
  std::swap(keys[static_cast<size_t>(i)], keys[static_cast<size_t>(bi)]);
  std::swap(moves[static_cast<size_t>(i)], moves[static_cast<size_t>(bi)]);
  return moves[static_cast<size_t>(i)];
}

// Quiescence: the father's captures, the children's trapping moves.
int MusashiSearcher::quiescence(int alpha, int beta, int ply, int qply) {
  pv_length_[ply] = ply;
  if (out_of_budget()) return 0;
  MoveList legal;
  generate_legal(pos_, record_, legal);
  int score;
  if (ended(legal, ply, score)) return score;
  MoveList list;
  if (pos_.side_to_move() == Side::Father) {
    musashi_search::generate_captures(pos_, list);
  } else {
    musashi_search::select_traps(pos_, legal, list);
    if (list.size() > 0) return kWin - ply - 1;  // the trap ends the game at once
  }
  const int stand = musashi_search::evaluate(pos_, rules_);
  if (stand >= beta || ply >= kMaxPly || qply >= kMaxQuiescencePly) return stand;
  int best = stand;
  alpha = std::max(alpha, stand);
  std::array<int, kMoveCapacity> keys;
  std::array<Move, kMoveCapacity> moves;
  for (int i = 0; i < list.size(); ++i) {
    moves[static_cast<size_t>(i)] = list[i];
    keys[static_cast<size_t>(i)] = count(pos_.board().captures(list[i].to, pos_.children()));
  }
  for (int i = 0; i < list.size(); ++i) {
    const Move m = pick(moves, keys, list.size(), i);
    if (out_of_budget()) return 0;
    ++nodes_;
    Position::Undo undo;
    make(m, undo);
    score = -quiescence(-beta, -alpha, ply + 1, qply + 1);
    unmake(m, undo);
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

int MusashiSearcher::search(int alpha, int beta, int depth, int ply) {
  pv_length_[ply] = ply;
  if (depth <= 0 || ply >= kMaxPly) return quiescence(alpha, beta, ply, 0);
  if (out_of_budget()) return 0;
  const bool pv_node = beta - alpha > 1;
  MoveList list;
  generate_legal(pos_, record_, list);
  int score;
  if (ended(list, ply, score)) return score;
  alpha = std::max(alpha, -kWin + ply);
  beta = std::min(beta, kWin - ply - 1);
  if (alpha >= beta) return alpha;

  const uint64_t key = tt_key();
  Move tt_move;
  if (const TTEntry* e = tt_.probe(key)) {
    tt_move = decode(e->move);
    if (!pv_node && e->depth >= depth) {
      const int s = score_from_tt(e->score, ply);
      if (e->bound == Bound::Exact || (e->bound == Bound::Lower && s >= beta) ||
          (e->bound == Bound::Upper && s <= alpha))
        return s;
    }
  }
  const bool children = pos_.side_to_move() == Side::Children;
  if (children) {
    // A trapping move wins at once.
    MoveList traps;
    musashi_search::select_traps(pos_, list, traps);
    if (traps.size() > 0) {
      pv_[ply][ply] = traps[0];
      pv_length_[ply] = ply + 1;
      return kWin - ply - 1;
    }
  }
  if (!pv_node && depth <= 3) {
    const int eval = musashi_search::evaluate(pos_, rules_);
    if (eval - 110 * depth >= beta && std::abs(beta) < kWinBound) return eval;
  }

  std::array<int, kMoveCapacity> keys;
  order(list, tt_move, ply, keys);
  std::array<Move, kMoveCapacity> moves;
  for (int i = 0; i < list.size(); ++i) moves[static_cast<size_t>(i)] = list[i];

  const int original_alpha = alpha;
  int best = -kInfinity;
  Move best_move;
  const size_t side = static_cast<size_t>(pos_.side_to_move());
  for (int i = 0; i < list.size(); ++i) {
    const Move m = pick(moves, keys, list.size(), i);
    const bool capture = !children && pos_.board().captures(m.to, pos_.children());
    if (out_of_budget()) return 0;
    ++nodes_;
    Position::Undo undo;
    make(m, undo);
    if (i == 0) {
      score = -search(-beta, -alpha, depth - 1, ply + 1);
    } else {
      int reduction = 0;
      if (children && depth >= 3 && i >= 4) reduction = i >= 12 ? 2 : 1;
      score = -search(-alpha - 1, -alpha, depth - 1 - reduction, ply + 1);
      if (score > alpha && reduction) score = -search(-alpha - 1, -alpha, depth - 1, ply + 1);
      if (score > alpha && score < beta) score = -search(-beta, -alpha, depth - 1, ply + 1);
    }
    unmake(m, undo);
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
            int& h = history_[side][static_cast<size_t>(m.from)][static_cast<size_t>(m.to)];
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
  tt_.store(key, encode(best_move), score_to_tt(best, ply), depth, bound);
  return best;
}

SearchInfo MusashiSearcher::make_info(int depth, int score, const std::vector<Move>& pv) const {
  SearchInfo info;
  info.depth = depth;
  info.score = score;
  if (score > kWinBound) info.mate_in = (kWin - score + 1) / 2;
  // Losses can come on either side's move (the side to move may have no move, or in
  // Musashi run out of moves), so the count rounds up.
  if (score < -kWinBound) info.mate_in = -(kWin + score + 1) / 2;
  info.nodes = nodes_;
  info.time_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  for (Move m : pv) info.pv.push_back(move_text(m));
  return info;
}

SearchResult MusashiSearcher::search(const rules::GameState& state, const SearchLimits& requested,
                                     const StopFlag& stop, const InfoCallback& on_info) {
  const auto* musashi_state = dynamic_cast<const MusashiState*>(&state);
  SearchResult result;
  if (!musashi_state || state.outcome().over()) return result;
  SearchLimits limits = apply_level(requested);
  const LevelProfile& profile = level_profile(limits.level);
  if (limits.level > 0 && profile.max_depth > 0) {
    const int cap = profile.max_depth * kLevelDepthScale;
    limits.depth = requested.depth > 0 ? std::min(requested.depth, cap) : cap;
  }
  pos_ = musashi_state->position();
  record_ = musashi_state->record();
  rules_ = musashi_state->end_rules();
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
  generate_legal(pos_, record_, root);
  if (root.size() == 0) return result;
  Rng rng(limits.seed ^ pos_.key());
  if (profile.blunder_percent > 0 && static_cast<int>(rng.below(100)) < profile.blunder_percent) {
    result.best_move =
        move_text(root[static_cast<int>(rng.below(static_cast<uint64_t>(root.size())))]);
    result.info = make_info(0, 0, {});
    return result;
  }
  // Root order: the father's captures first (the biggest first); the seeded noise each
  // root move gets at the weak levels.
  std::vector<Move> order_of_root(root.begin(), root.end());
  if (pos_.side_to_move() == Side::Father) {
    std::stable_sort(order_of_root.begin(), order_of_root.end(), [&](Move a, Move b) {
      return count(pos_.board().captures(a.to, pos_.children())) >
             count(pos_.board().captures(b.to, pos_.children()));
    });
  }
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
      Position::Undo undo;
      make(m, undo);
      int score;
      if (i == 0 || profile.noise) {
        score = -search(-beta, -alpha, depth - 1, 1);
      } else {
        score = -search(-alpha - 1, -alpha, depth - 1, 1);
        if (score > alpha && !aborted_) score = -search(-beta, -alpha, depth - 1, 1);
      }
      unmake(m, undo);
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
    if (iteration_best.from != kNoPoint) {
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

std::unique_ptr<Searcher> make_musashi_searcher() {
  return std::make_unique<MusashiSearcher>();
}

}  // namespace kaisho::ai

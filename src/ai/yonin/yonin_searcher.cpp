#include "ai/yonin/yonin_searcher.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <vector>

#include "ai/levels.hpp"
#include "ai/transposition_table.hpp"
#include "ai/yonin/evaluation.hpp"
#include "ai/yonin/search_flow.hpp"
#include "core/rng.hpp"
#include "rules/yonin/game_state.hpp"
#include "rules/yonin/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::ai::yonin_search;
using Clock = std::chrono::steady_clock;

constexpr int kInfinity = 32000;
constexpr int kMaxPly = 64;
constexpr int kMaxQuiescencePly = 4;
constexpr int kListCount = kMaxPly + kMaxQuiescencePly + 4;
constexpr int kDecided = 3 * kWin - 200;  // a won or lost game (scores beyond this)

// A finished game is worth a little less the later it is won, a little more the later it is
// lost, so that the search wins soon and loses late.
int by_distance(int v, int ply) {
  return v > 0 ? v - ply : v < 0 ? v + ply : v;
}

bool is_capture(const Position& pos, Move m) {
  return !m.is_drop() && pos.at(m.to()) != kNoPiece;
}

class YoninSearcher final : public Searcher {
 public:
  YoninSearcher() : lists_(kListCount), keys_(kListCount) {}
  SearchResult search(const rules::GameState& state, const SearchLimits& requested,
                      const StopFlag& stop, const InfoCallback& on_info) override;
  void clear() override {
    tt_.clear();
    for (auto& seat : history_)
      for (auto& from : seat) from.fill(0);
  }
  void set_hash_mb(int mb) override { tt_.resize(mb); }

 private:
  int search(int alpha, int beta, int depth, int ply);
  int quiescence(int alpha, int beta, int ply, int qply);
  // Plays m (the player to move's), searches what follows with the rules' flow, takes it
  // back. qply < 0: the main search with `depth` left at this node; else quiescence.
  int child(Move m, int alpha, int beta, int depth, int ply, int qply);
  bool out_of_budget();
  bool maximizing() const { return same_side(pos_.to_move(), root_, settings_.rules.pairs); }
  // Sorts lists_[ply] best first: the table's move, captures (most valuable victim, least
  // valuable attacker), killers, history; promotions ahead of their quiet twins.
  void order(int ply, Move tt_move);
  void update_pv(int ply, Move m);
  void reward(int ply, Move m, int depth);
  SearchInfo make_info(int depth, int score, const std::vector<Move>& pv) const;

  TranspositionTable tt_{16};
  std::array<std::array<std::array<int, kSquareCount>, 96>, kSeatCount> history_{};
  std::vector<MoveList> lists_;
  std::vector<std::array<int, 1024>> keys_;

  // Per-search state.
  Position pos_;
  Settings settings_;
  SearchFlow flow_;
  Seat root_ = 0;
  uint64_t salt_ = 0;
  const StopFlag* stop_ = nullptr;
  uint64_t nodes_ = 0;
  uint64_t node_limit_ = 0;
  Clock::time_point start_;
  Clock::time_point deadline_;
  bool has_deadline_ = false;
  bool aborted_ = false;
  Move killers_[kListCount][2] = {};
  Move pv_[kListCount][kListCount] = {};
  int pv_length_[kListCount] = {};
};

bool YoninSearcher::out_of_budget() {
  if (aborted_) return true;
  if (node_limit_ && nodes_ >= node_limit_) return aborted_ = true;
  if ((nodes_ & 1023) == 0) {
    if (stop_->load(std::memory_order_relaxed)) return aborted_ = true;
    if (has_deadline_ && Clock::now() >= deadline_) return aborted_ = true;
  }
  return false;
}

void YoninSearcher::order(int ply, Move tt_move) {
  MoveList& list = lists_[static_cast<size_t>(ply)];
  auto& keys = keys_[static_cast<size_t>(ply)];
  const Seat us = pos_.to_move();
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    int k;
    if (m == tt_move) {
      k = 1 << 30;
    } else if (is_capture(pos_, m)) {
      k = (1 << 28) + board_value(type_of(pos_.at(m.to()))) * 16 -
          board_value(type_of(pos_.at(m.from()))) / 16;
    } else if (m == killers_[ply][0]) {
      k = (1 << 27) + 1;
    } else if (m == killers_[ply][1]) {
      k = 1 << 27;
    } else {
      k = history_[static_cast<size_t>(us)][m.from()][m.to()];
    }
    if (m.promotes()) k += 1 << 20;
    keys[static_cast<size_t>(i)] = k;
  }
  // Insertion sort, best first (lists are short; stable for equal keys).
  Move* moves = const_cast<Move*>(list.begin());
  for (int i = 1; i < list.size(); ++i) {
    const Move m = moves[i];
    const int k = keys[static_cast<size_t>(i)];
    int j = i - 1;
    while (j >= 0 && keys[static_cast<size_t>(j)] < k) {
      moves[j + 1] = moves[j];
      keys[static_cast<size_t>(j + 1)] = keys[static_cast<size_t>(j)];
      --j;
    }
    moves[j + 1] = m;
    keys[static_cast<size_t>(j + 1)] = k;
  }
}

void YoninSearcher::update_pv(int ply, Move m) {
  pv_[ply][ply] = m;
  for (int j = ply + 1; j < pv_length_[ply + 1]; ++j) pv_[ply][j] = pv_[ply + 1][j];
  pv_length_[ply] = std::max(pv_length_[ply + 1], ply + 1);
}

void YoninSearcher::reward(int ply, Move m, int depth) {
  if (!(killers_[ply][0] == m)) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  int& h = history_[static_cast<size_t>(pos_.to_move())][m.from()][m.to()];
  h = std::min(h + depth * depth, 1 << 19);
}

int YoninSearcher::child(Move m, int alpha, int beta, int depth, int ply, int qply) {
  ++nodes_;
  pv_length_[ply + 1] = ply + 1;
  pos_.do_move(m);
  int eliminations = 0;
  const End end =
      flow_.after_move(pos_, settings_, lists_[static_cast<size_t>(ply + 1)], eliminations);
  int score;
  if (end != End::None) {
    score = by_distance(terminal_value(pos_, settings_, end, root_), ply + 1);
  } else if (pos_.is_out(root_)) {
    // The root player is knocked out and the game goes on without them: nothing they can
    // do changes their place among the others any more (evaluate() knows it exactly).
    score = by_distance(evaluate(pos_, settings_, root_), ply + 1);
  } else if (qply >= 0) {
    score = quiescence(alpha, beta, ply + 1, qply + 1);
  } else {
    score = search(alpha, beta, depth - 1, ply + 1);
  }
  flow_.retract(pos_, eliminations);
  return score;
}

int YoninSearcher::quiescence(int alpha, int beta, int ply, int qply) {
  pv_length_[ply] = ply;
  if (out_of_budget()) return 0;
  const int stand = evaluate(pos_, settings_, root_);
  if (qply >= kMaxQuiescencePly || ply >= kListCount - 2) return stand;
  const bool maxing = maximizing();
  if (maxing ? stand >= beta : stand <= alpha) return stand;
  if (maxing)
    alpha = std::max(alpha, stand);
  else
    beta = std::min(beta, stand);
  int best = stand;
  // Captures only, best first.
  MoveList& list = lists_[static_cast<size_t>(ply)];
  MoveList captures;
  for (Move m : list)
    if (is_capture(pos_, m)) captures.add(m);
  if (captures.size() == 0) return stand;
  list = captures;
  order(ply, Move());
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    if (out_of_budget()) return 0;
    const int score = child(m, alpha, beta, 0, ply, qply);
    if (aborted_) return 0;
    if (maxing ? score > best : score < best) {
      best = score;
      if (maxing && score > alpha) alpha = score;
      if (!maxing && score < beta) beta = score;
      if (alpha >= beta) break;
    }
  }
  return best;
}

int YoninSearcher::search(int alpha, int beta, int depth, int ply) {
  pv_length_[ply] = ply;
  // A position seen before (in the game or on this path): going round the cycle changes
  // nothing, so it is worth what it is worth now.
  if (ply > 0 && flow_.occurrences_now() >= 2) return evaluate(pos_, settings_, root_);
  if (depth <= 0 || ply >= kMaxPly) return quiescence(alpha, beta, ply, 0);
  if (out_of_budget()) return 0;
  MoveList& list = lists_[static_cast<size_t>(ply)];
  const uint64_t key = pos_.key() ^ salt_;
  Move tt_move;
  if (const TTEntry* e = tt_.probe(key)) {
    for (Move m : list)
      if (m.raw() == e->move) tt_move = m;
    if (ply > 0 && e->depth >= depth && (tt_move || e->move == 0)) {
      const int s = e->score;
      if (e->bound == Bound::Exact || (e->bound == Bound::Lower && s >= beta) ||
          (e->bound == Bound::Upper && s <= alpha))
        return s;
    }
  }
  order(ply, tt_move);

  const bool maxing = maximizing();
  const bool checked = pos_.in_check(pos_.to_move());
  const int original_alpha = alpha, original_beta = beta;
  int best = maxing ? -kInfinity : kInfinity;
  Move best_move;
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    if (out_of_budget()) return 0;
    const bool quiet = !is_capture(pos_, m) && !m.promotes();
    int score;
    if (depth >= 3 && i >= 4 && quiet && !checked) {
      // Late quiet moves: a reduced null-window look first, the full search if it might
      // change the bound.
      if (maxing) {
        score = child(m, alpha, alpha + 1, depth - 1, ply, -1);
        if (!aborted_ && score > alpha) score = child(m, alpha, beta, depth, ply, -1);
      } else {
        score = child(m, beta - 1, beta, depth - 1, ply, -1);
        if (!aborted_ && score < beta) score = child(m, alpha, beta, depth, ply, -1);
      }
    } else {
      score = child(m, alpha, beta, depth, ply, -1);
    }
    if (aborted_) return 0;
    if (maxing ? score > best : score < best) {
      best = score;
      best_move = m;
      if (maxing && score > alpha) {
        alpha = score;
        update_pv(ply, m);
      } else if (!maxing && score < beta) {
        beta = score;
        update_pv(ply, m);
      }
      if (alpha >= beta) {
        if (quiet) reward(ply, m, depth);
        break;
      }
    }
  }
  Bound bound;
  if (maxing)
    bound = best >= original_beta   ? Bound::Lower
            : best > original_alpha ? Bound::Exact
                                    : Bound::Upper;
  else
    bound = best <= original_alpha ? Bound::Upper
            : best < original_beta ? Bound::Exact
                                   : Bound::Lower;
  tt_.store(key, best_move.raw(), best, depth, bound);
  return best;
}

SearchInfo YoninSearcher::make_info(int depth, int score, const std::vector<Move>& pv) const {
  SearchInfo info;
  info.depth = depth;
  info.score = score;
  // A decided game: the number of moves (of all players) until it ends.
  if (score > kDecided) info.mate_in = 3 * kWin - score;
  if (score < -kDecided) info.mate_in = -(3 * kWin + score);
  info.nodes = nodes_;
  info.time_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
  for (Move m : pv) info.pv.push_back(move_text(m));
  return info;
}

SearchResult YoninSearcher::search(const rules::GameState& state, const SearchLimits& requested,
                                   const StopFlag& stop, const InfoCallback& on_info) {
  const auto* yonin_state = dynamic_cast<const YoninState*>(&state);
  SearchResult result;
  if (!yonin_state || state.outcome().over()) return result;
  const SearchLimits limits = apply_level(requested);
  const LevelProfile& profile = level_profile(limits.level);
  pos_ = yonin_state->position();
  settings_ = yonin_state->settings();
  root_ = pos_.to_move();
  flow_.reset(pos_);
  // The table's scores are the root player's values under these settings.
  Rng salt(static_cast<uint64_t>(root_) * 1009 + (settings_.rules.pairs ? 7 : 0) +
           (settings_.rules.ownerless ? 31 : 0) + (settings_.end_at_last ? 131 : 0) +
           static_cast<uint64_t>(settings_.move_limit) * 4099);
  salt_ = salt.next();
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
  flow_.legal_moves(pos_, root);
  if (root.size() == 0) return result;
  Rng rng(limits.seed ^ pos_.key());
  if (profile.blunder_percent > 0 && static_cast<int>(rng.below(100)) < profile.blunder_percent) {
    result.best_move =
        move_text(root[static_cast<int>(rng.below(static_cast<uint64_t>(root.size())))]);
    result.info = make_info(0, 0, {});
    return result;
  }
  std::vector<Move> root_moves(root.begin(), root.end());
  std::vector<int> root_noise(root_moves.size(), 0);
  for (int& n : root_noise)
    n = profile.noise ? static_cast<int>(rng.below(static_cast<uint64_t>(2 * profile.noise + 1))) -
                            profile.noise
                      : 0;

  Move best = root_moves[0];
  int best_score = 0;
  int completed_depth = 0;
  std::vector<Move> best_pv{best};
  const int max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  for (int depth = 1; depth <= max_depth; ++depth) {
    int alpha = -kInfinity;
    Move iteration_best;
    int iteration_score = -kInfinity;
    std::vector<std::pair<int, size_t>> scored;
    for (size_t i = 0; i < root_moves.size(); ++i) {
      const Move m = root_moves[i];
      if (out_of_budget()) break;
      const int score = child(m, profile.noise ? -kInfinity : alpha, kInfinity, depth, 0, -1);
      if (aborted_) break;
      const int judged = score + root_noise[i];
      scored.emplace_back(judged, i);
      if (judged > iteration_score) {
        iteration_score = judged;
        iteration_best = m;
        best_pv.assign(1, m);
        for (int j = 1; j < pv_length_[1]; ++j) best_pv.push_back(pv_[1][j]);
        if (!profile.noise) alpha = std::max(alpha, score);
      }
    }
    if (aborted_ && !iteration_best) break;
    // A partial iteration counts: its first move is the previous best, so whatever beat it
    // was searched as deep.
    best = iteration_best;
    best_score = iteration_score;
    if (aborted_) break;
    completed_depth = depth;
    std::stable_sort(scored.begin(), scored.end(),
                     [](auto& a, auto& b) { return a.first > b.first; });
    std::vector<Move> reordered;
    std::vector<int> renoised;
    for (auto& [s, i] : scored) {
      reordered.push_back(root_moves[i]);
      renoised.push_back(root_noise[i]);
    }
    root_moves = reordered;
    root_noise = renoised;
    if (on_info) on_info(make_info(depth, best_score, best_pv));
    // A decided game needs no deeper look once the depth covers its distance.
    if (std::abs(best_score) > kDecided && depth > 3 * kWin - std::abs(best_score) + 1) break;
    if (root_moves.size() == 1 && !node_limit_ && limits.depth == 0) break;  // forced
    if (has_deadline_) {
      const auto elapsed = Clock::now() - start_;
      if (elapsed * 2 > deadline_ - start_) break;  // the next iteration would not finish
    }
  }
  result.best_move = move_text(best);
  result.info = make_info(completed_depth, best_score, best_pv);
  return result;
}

}  // namespace

std::unique_ptr<Searcher> make_yonin_searcher() {
  return std::make_unique<YoninSearcher>();
}

}  // namespace kaisho::ai

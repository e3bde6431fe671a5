#include "ai/shogi/shogi_searcher.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <optional>

#include "ai/iterative_deepening.hpp"
#include "ai/levels.hpp"
#include "ai/search_budget.hpp"
#include "ai/search_stack.hpp"
#include "ai/shogi/evaluation.hpp"
#include "ai/shogi/mate_in_one.hpp"
#include "ai/shogi/mate_search.hpp"
#include "ai/shogi/static_exchange.hpp"
#include "ai/transposition_table.hpp"
#include "core/rng.hpp"
#include "rules/shogi/game_state.hpp"
#include "rules/shogi/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::shogi;
using shogi_search::evaluate;
using shogi_search::evaluate_shogi;
using shogi_search::exchange_value;
using shogi_search::facts_of;
using shogi_search::find_mate;
using shogi_search::find_mate_in_one;
using shogi_search::hand_value;
using shogi_search::MoveFacts;
using shogi_search::piece_value;
using shogi_search::placement_after;
using shogi_search::placement_sums;
using shogi_search::PlacementSums;
using shogi_search::see;

constexpr int kMate = 30000;
constexpr int kMateBound = kMate - 1000;  // scores beyond this are mates
constexpr int kInfinity = 32000;
constexpr int kMaxPly = 96;
constexpr int kMaxQuiescencePly = 10;
constexpr int kPerpetualCheck = 20000;  // a line ending in perpetual check, for the checked side
constexpr int kNoEval = kInfinity;      // no static evaluation (the side to move is in check)

// Late-move reductions by depth and move number: about ln(depth) * ln(moves) / 2.
struct ReductionTable {
  int8_t r[64][64];
  ReductionTable() {
    for (int d = 0; d < 64; ++d)
      for (int i = 0; i < 64; ++i)
        r[d][i] = d == 0 || i == 0 ? 0 : static_cast<int8_t>(0.5 + std::log(d) * std::log(i) / 2.0);
  }
};
const ReductionTable kReductions;

// Moves searched at depth 1 to 5 of a non-PV node before the later quiet ones are pruned;
// half as many again when the side to move is improving.
constexpr int kLateMoveLimit[6] = {0, 8, 14, 24, 36, 52};
int late_move_limit(int depth, bool improving) {
  return improving ? kLateMoveLimit[depth] * 3 / 2 : kLateMoveLimit[depth];
}
// Depths at which a node whose static evaluation beats beta by a margin returns it.
constexpr int kFutilityDepth = 6;
// Depths at which moves that lose material in the exchange are pruned (plain Shogi).
constexpr int kExchangePruneDepth = 6;
// What one position expanded by the checkmate search counts in a node budget: about the time
// the alpha-beta search takes for that many nodes (it generates and plays every legal move
// and counts the replies to each check), so that a node limit stays a measure of effort.
constexpr uint64_t kMateNodeWeight = 16;
// Plain Shogi, searches with a time or node limit at full strength: the checkmate search
// first takes 1/kCheckmateFirstShare of the budget (checkmate_first); then each move about
// to lead an iteration is tested for a forced mate by the opponent after it
// (RootHooks::loses_by_force), each test with at most 1/kLossTestShare of the budget and all
// of them with at most 1/kAllLossTestsShare. A mate by a long series of checks and
// sacrifices lies beyond the alpha-beta horizon at a second a move, while the checkmate
// search proves most of them with a few hundred to a few thousand positions (docs/cpu.md).
constexpr uint64_t kCheckmateFirstShare = 10;
constexpr uint64_t kLossTestShare = 32;
constexpr uint64_t kAllLossTestsShare = 4;
// Depths from which the table's move is tested for singularity.
constexpr int kSingularDepth = 6;
// Plain Shogi, non-PV nodes, ProbCut: from kProbCutDepth, a capture whose exchange could beat
// beta by kProbCutMargin and that does so in a search four plies shallower cuts the node.
constexpr int kProbCutDepth = 5;
constexpr int kProbCutMargin = 200;

// The share of a search's limits a checkmate search run within it gets (checkmate_first,
// the tests for a forced loss): a 1/divisor part of the time and of the node limit (its
// positions weighing kMateNodeWeight nodes each); none for the searches it takes no part in
// (weak levels: a depth cap or noise; fixed-depth, infinite and mate searches; no limit to
// share) or a share that rounds to nothing.
std::optional<SearchLimits> checkmate_share(const SearchLimits& limits, uint64_t divisor) {
  if (limits.infinite || limits.mate > 0 || limits.depth > 0 || limits.noise > 0 ||
      limits.blunder_percent > 0 || (limits.nodes == 0 && limits.time_ms == 0))
    return std::nullopt;
  SearchLimits share = limits;
  share.nodes = limits.nodes / (divisor * kMateNodeWeight);
  share.time_ms = limits.time_ms / static_cast<int64_t>(divisor);
  if ((limits.nodes && share.nodes == 0) || (limits.time_ms && share.time_ms == 0))
    return std::nullopt;
  return share;
}

template <Variant V>
class ShogiSearcher final : public Searcher {
 public:
  SearchResult search(const rules::GameState& state, const SearchLimits& requested,
                      const StopFlag& stop, const InfoCallback& on_info) override;
  void clear() override {
    tt_.clear();
    std::fill(&history_[0][0][0], &history_[0][0][0] + sizeof(history_) / sizeof(int16_t), 0);
    for (auto& e : continuation_)
      for (auto& row : e) row.fill(0);
  }
  void set_hash_mb(int mb) override { tt_.resize(mb); }

 private:
  // `checked`: whether the side to move is in check (the caller has just tested it).
  int search(int alpha, int beta, int depth, int ply, bool checked);
  int quiescence(int alpha, int beta, int ply, int qply, bool checked);
  std::optional<int> probcut(int beta, int depth, int ply, uint64_t key);
  void order(const MoveList& list, Move tt_move, int ply, bool checked,
             std::array<int, 600>& keys) const;
  bool is_capture(Move m) const { return !m.is_drop() && pos_.at(m.to()) != kNoPiece; }
  std::optional<int> repetition(bool checked) const;
  uint64_t key() const { return pos_.key() ^ null_xor_; }
  int static_eval(int ply) const;
  void moved(Move m, const MoveFacts& facts, int ply);
  int quiet_score(Move m, int ply) const;
  void reward_quiets(Move best, const TriedQuiets<Move>& quiets, int depth, int ply);
  RootHooks<Move> root_hooks();
  std::optional<SearchResult> checkmate_first(const SearchLimits& limits, const StopFlag& stop,
                                              const InfoCallback& on_info);
  bool opponent_mates_after(Move m, const StopFlag& stop);

  TranspositionTable tt_{16};
  // Quiet-move statistics, each kept within +-kHistoryMax by update_history: by side, origin
  // (80 + type for a drop) and destination; and by the move one and two plies before
  // (continuation histories: the piece that moved there and its square, then this move's
  // piece and destination).
  int16_t history_[2][89][81] = {};
  using ContinuationEntry = std::array<std::array<int16_t, 81>, 16>;
  std::vector<ContinuationEntry> continuation_ = std::vector<ContinuationEntry>(16 * 81);
  // The continuation entry of the move made at each ply, offset by two. The two plies
  // before the root and a null move use entry 0 (no piece of type 0 ever moves), which so
  // gathers the statistics of moves without a known predecessor.
  std::array<ContinuationEntry*, kMaxPly + 3> played_{};

  // Per-search state.
  Position pos_;
  RuleSettings rules_;
  int move_limit_ = 0;
  SearchBudget budget_;
  KillerMoves<Move, kMaxPly> killers_;
  PvTable<Move, kMaxPly> pv_;
  // Shogi: the placement sums of the evaluation at each ply of the current path.
  std::array<PlacementSums, kMaxPly + 1> placement_;
  // Null move: the side to move is swapped without a move, so Position's key (which only
  // changes in do_move) lacks the side bit below an odd number of null moves; null_xor_
  // restores it. Repetitions are looked for only after the last null move (null_floor_).
  uint64_t null_xor_ = 0;
  int null_floor_ = 0;
  // Per entry of pos_.key_history(): whether the side to move there was in check (from the
  // game's record, then set by each search node on the path).
  std::vector<uint8_t> checked_;
  bool null_allowed_ = true;  // false for the node right after a null move
  // The move a node at each ply leaves out while its table move is tested for singularity.
  std::array<Move, kMaxPly + 1> excluded_{};
  // The static evaluation of the node at each ply of the path, kNoEval when in check.
  std::array<int, kMaxPly + 1> static_evals_{};
  // The tests of root moves for a forced loss (loss_test_limits): each one's limits, and
  // what is left of the share of the search all of them may spend (with a node limit its
  // nodes, else its time).
  SearchLimits loss_test_;
  uint64_t loss_test_nodes_left_ = 0;
  std::chrono::microseconds loss_test_time_left_{0};
};

// A position seen before (in the game or the search path) ends the line as the cycle would
// end the game (sennichite): a draw, unless one side gave check with every one of its moves
// of the cycle and the other did not; the checking side then loses (perpetual check).
template <Variant V>
std::optional<int> ShogiSearcher<V>::repetition(bool checked) const {
  const auto& keys = pos_.key_history();
  const int last = static_cast<int>(keys.size()) - 1;
  for (int i = last - 2; i >= null_floor_; i -= 2) {
    if (keys[i] != keys[last]) continue;
    // Position j follows move j; the last move was the opponent's, and the moves alternate.
    bool they_checked = checked, we_checked = true;
    for (int j = last - 1; j > i; --j)
      (((last - j) % 2 == 0) ? they_checked : we_checked) &= checked_[j] != 0;
    if (they_checked != we_checked) return they_checked ? kPerpetualCheck : -kPerpetualCheck;
    return 0;
  }
  return std::nullopt;
}

template <Variant V>
int ShogiSearcher<V>::static_eval(int ply) const {
  if constexpr (V == Variant::Shogi) {
    assert(placement_[ply] == placement_sums(pos_));
    return evaluate_shogi(pos_, placement_[ply]);
  } else {
    return evaluate<V>(pos_);
  }
}

// Called after pos_.do_move(m) at ply with the move's facts taken before it: the placement
// sums of ply + 1 and the move's continuation entry (only for a move that is searched: a
// move pruned right after do_move skips it).
template <Variant V>
void ShogiSearcher<V>::moved(Move m, const MoveFacts& facts, int ply) {
  if constexpr (V == Variant::Shogi)
    placement_[ply + 1] = placement_after(placement_[ply], pos_, facts);
  played_[ply + 2] = &continuation_[type_of(pos_.at(m.to())) * 81 + m.to()];
}

// A quiet move's ordering statistics at ply: its history and its continuation histories
// after the previous move and the one before.
template <Variant V>
int ShogiSearcher<V>::quiet_score(Move m, int ply) const {
  const PieceType t = m.is_drop() ? m.dropped() : type_of(pos_.at(m.from()));
  return history_[pos_.side_to_move()][m.from()][m.to()] + (*played_[ply + 1])[t][m.to()] +
         (*played_[ply])[t][m.to()];
}

// At a cutoff by the quiet move `best`: its history and continuation histories rise, those of
// the quiet moves searched before it fall (reward_cutoff).
template <Variant V>
void ShogiSearcher<V>::reward_quiets(Move best, const TriedQuiets<Move>& quiets, int depth,
                                     int ply) {
  const Color us = pos_.side_to_move();
  quiets.reward_cutoff(best, depth, [&](Move m, int amount) {
    const PieceType t = m.is_drop() ? m.dropped() : type_of(pos_.at(m.from()));
    update_history(history_[us][m.from()][m.to()], amount);
    update_history((*played_[ply + 1])[t][m.to()], amount);
    update_history((*played_[ply])[t][m.to()], amount);
  });
}

template <Variant V>
void ShogiSearcher<V>::order(const MoveList& list, Move tt_move, int ply, bool checked,
                             std::array<int, 600>& keys) const {
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    int k;
    if (m == tt_move) {
      k = 1 << 30;
    } else if (is_capture(m)) {
      k = (1 << 28) + piece_value(type_of(pos_.at(m.to()))) * 16 -
          piece_value(type_of(pos_.at(m.from()))) / 16;
      // Plain Shogi: a capture that loses material in the exchange goes after the killers.
      if constexpr (V == Variant::Shogi)
        if (!checked && see(pos_, m) < 0) k -= (1 << 28) - (1 << 26);
    } else if (m == killers_.first(ply)) {
      k = (1 << 27) + 1;
    } else if (m == killers_.second(ply)) {
      k = 1 << 27;
    } else {
      k = quiet_score(m, ply);
    }
    if (m.promotes()) k += 1 << 20;
    keys[i] = k;
  }
}

template <Variant V>
int ShogiSearcher<V>::quiescence(int alpha, int beta, int ply, int qply, bool checked) {
  assert(checked == in_check<V>(pos_));
  if (budget_.exhausted()) return 0;
  // The table: a cutoff for a null-window node, else its move first.
  const uint64_t key = this->key();
  Move tt_move;
  if (const TTEntry* e = tt_.probe(key)) {
    tt_move = Move::from_raw(static_cast<uint16_t>(e->move));
    if (beta - alpha == 1)
      if (const auto s = tt_cutoff(*e, 0, alpha, beta, ply, kMateBound)) return *s;
  }
  const int original_alpha = alpha;
  int best = -kInfinity;
  Move best_move;
  if (!checked) {
    const int stand = static_eval(ply);
    if (stand >= beta || ply >= kMaxPly || qply >= kMaxQuiescencePly) return stand;
    // At the horizon, standing pat would miss a mate by a drop (quiescence tries captures
    // only). Deeper in quiescence the test is left out to bound its cost.
    if constexpr (V == Variant::Shogi)
      if (qply == 0 && find_mate_in_one(pos_, rules_)) return kMate - ply - 1;
    best = stand;
    alpha = std::max(alpha, stand);
  } else if (ply >= kMaxPly || qply >= kMaxQuiescencePly) {
    return static_eval(ply);
  }
  MoveList list;
  generate_captures<V>(pos_, rules_, list);
  if (list.size() == 0) return checked ? -kMate + ply : best;
  std::array<int, 600> keys;
  order(list, tt_move, ply, checked, keys);
  Move* moves = list.data();
  for (int i = 0; i < list.size(); ++i) {
    const Move m = pick_next(moves, keys.data(), list.size(), i);
    if constexpr (V == Variant::Shogi) {
      // Skip captures that cannot raise alpha even if the piece is won for free, and those
      // that lose material in the exchange.
      if (!checked && !m.promotes() &&
          (best + exchange_value(type_of(pos_.at(m.to()))) + 200 <= alpha || see(pos_, m) < 0))
        continue;
    }
    if (budget_.exhausted()) return 0;
    budget_.count();
    const MoveFacts facts = facts_of(pos_, m);
    pos_.do_move(m);
    moved(m, facts, ply);
    const int score = -quiescence(-beta, -alpha, ply + 1, qply + 1, in_check<V>(pos_));
    pos_.undo_move();
    if (budget_.aborted()) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        best_move = m;
        if (alpha >= beta) break;
      }
    }
  }
  tt_.store(key, best_move.raw(), score_to_tt(best, ply, kMateBound), 0,
            bound_of(best, original_alpha, beta));
  return best;
}

// ProbCut at a non-PV node not in check (the constants' comment): each capture whose exchange
// could lift the static evaluation to beta + kProbCutMargin is tried, first by quiescence,
// then, if that holds, by a null-window search at depth - 4. The first that holds is stored
// as a lower bound at depth - 3 and its score returned.
template <Variant V>
std::optional<int> ShogiSearcher<V>::probcut(int beta, int depth, int ply, uint64_t key) {
  const int probcut_beta = beta + kProbCutMargin;
  MoveList captures;
  generate_captures<V>(pos_, rules_, captures);
  for (int i = 0; i < captures.size(); ++i) {
    const Move m = captures[i];
    if (see(pos_, m) < probcut_beta - static_evals_[ply]) continue;
    if (budget_.exhausted()) return std::nullopt;
    budget_.count();
    const MoveFacts facts = facts_of(pos_, m);
    pos_.do_move(m);
    moved(m, facts, ply);
    const bool gives_check = in_check<V>(pos_);
    int score = -quiescence(-probcut_beta, -probcut_beta + 1, ply + 1, 0, gives_check);
    if (score >= probcut_beta)
      score = -search(-probcut_beta, -probcut_beta + 1, depth - 4, ply + 1, gives_check);
    pos_.undo_move();
    if (budget_.aborted()) return std::nullopt;
    if (score >= probcut_beta) {
      tt_.store(key, m.raw(), score_to_tt(score, ply, kMateBound), depth - 3, Bound::Lower);
      return score;
    }
  }
  return std::nullopt;
}

template <Variant V>
int ShogiSearcher<V>::search(int alpha, int beta, int depth, int ply, bool checked) {
  assert(checked == in_check<V>(pos_));
  pv_.start(ply);
  if (depth <= 0 || ply >= kMaxPly) return quiescence(alpha, beta, ply, 0, checked);
  if (budget_.exhausted()) return 0;
  const bool pv_node = beta - alpha > 1;
  if (ply > 0) {
    if (const auto score = repetition(checked)) return *score;
    if (move_limit_ > 0 && pos_.game_ply() >= move_limit_) return 0;
    alpha = std::max(alpha, -kMate + ply);
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;
  }
  const uint64_t key = this->key();
  Move tt_move;
  int tt_score = 0;
  int tt_depth = -1;
  Bound tt_bound = Bound::None;
  // A node searched without its table move (to test that move for singularity) must
  // neither cut on the table's entry nor overwrite it.
  const Move excluded = excluded_[ply];
  if (const TTEntry* e = tt_.probe(key)) {
    tt_move = Move::from_raw(static_cast<uint16_t>(e->move));
    tt_score = score_from_tt(e->score, ply, kMateBound);
    tt_bound = e->bound;
    tt_depth = e->depth;
    if (!pv_node && ply > 0 && !excluded)
      if (const auto s = tt_cutoff(*e, depth, alpha, beta, ply, kMateBound)) return *s;
  }
  assert(pos_.key_history().size() <= checked_.size());
  checked_[pos_.key_history().size() - 1] = checked;
  // A mate in one ends the node at once (at depth 1 searching the moves finds it as well,
  // at less cost than the test). A search excluding the table move has already been through
  // this test at the same node.
  if constexpr (V == Variant::Shogi)
    if (ply > 0 && depth >= 2 && !checked && !excluded && find_mate_in_one(pos_, rules_))
      return kMate - ply - 1;
  bool have_eval = false;
  int eval = 0;
  // Improving: the side to move stands better by the static evaluation than two plies ago,
  // so a cut here is likelier (prune more readily) and late moves deserve less reduction.
  // A search excluding the table move is at the same node, whose evaluation is stored.
  if (!excluded) static_evals_[ply] = checked ? kNoEval : static_eval(ply);
  const bool improving = !checked && ply >= 2 && static_evals_[ply - 2] != kNoEval &&
                         static_evals_[ply] > static_evals_[ply - 2];
  if (!checked && !pv_node && std::abs(beta) < kMateBound) {
    eval = static_evals_[ply];
    have_eval = true;
    // The table's score, where its bound says the static evaluation is too low or too high,
    // is the better estimate for pruning.
    if (std::abs(tt_score) < kMateBound &&
        (tt_bound == Bound::Exact || (tt_bound == Bound::Lower && tt_score > eval) ||
         (tt_bound == Bound::Upper && tt_score < eval)))
      eval = tt_score;
    if (depth <= kFutilityDepth && eval - 150 * depth + (improving ? 75 : 0) >= beta) return eval;
    // Null move: shogi has no zugzwang worth the name (a hand piece can always be dropped),
    // so passing is a safe lower bound; if even a pass holds beta, cut.
    if (depth >= 3 && eval >= beta && null_allowed_ && !excluded) {
      // At least one full-width ply after the pass: quiescence has no drops, so a pass at
      // depth 0 would not see a drop mate threatened against the passing side.
      const int r = std::min(2 + depth / 4 + std::min(1, (eval - beta) / 300), depth - 2);
      const Color us = pos_.side_to_move();
      const uint64_t saved_xor = null_xor_;
      const int saved_floor = null_floor_;
      pos_.set_side_to_move(~us);
      null_xor_ ^= zobrist::side();
      null_floor_ = static_cast<int>(pos_.key_history().size()) - 1;
      null_allowed_ = false;
      placement_[ply + 1] = placement_[ply];
      played_[ply + 2] = &continuation_[0];
      budget_.count();
      // After the pass the side to move is the one that made the last move, and a legal move
      // never leaves its own king attacked.
      const int score = -search(-beta, -beta + 1, depth - 1 - r, ply + 1, false);
      null_allowed_ = true;
      pos_.set_side_to_move(us);
      null_xor_ = saved_xor;
      null_floor_ = saved_floor;
      if (budget_.aborted()) return 0;
      if (score >= beta) return score >= kMateBound ? beta : score;
    }
  }
  null_allowed_ = true;
  // ProbCut, unless the table already says a shallower search stays below its bound.
  if constexpr (V == Variant::Shogi) {
    if (!pv_node && !checked && !excluded && depth >= kProbCutDepth &&
        std::abs(beta) < kMateBound &&
        !(tt_move && tt_depth >= depth - 3 && tt_score < beta + kProbCutMargin)) {
      const auto score = probcut(beta, depth, ply, key);
      if (budget_.aborted()) return 0;
      if (score) return *score;
    }
  }
  // Without a move from the table, a deep node is searched one ply shallower (its ordering
  // is poor; a later visit finds the move stored).
  if (!tt_move && depth >= 4) --depth;
  if (checked && ply < kMaxPly / 2) ++depth;

  MoveList list;
  generate_legal<V>(pos_, rules_, list);
  if (list.size() == 0) return -kMate + ply;  // checkmate, or no legal move: both lose
  std::array<int, 600> keys;
  order(list, tt_move, ply, checked, keys);
  Move* moves = list.data();

  // Singular extension: when the table's move, tried at a reduced depth, is the only move
  // that reaches near its stored score, it is searched one ply deeper; when another move
  // also reaches beyond beta, two moves refute and the node is cut.
  int singular_extension = 0;
  if (depth >= kSingularDepth && tt_move && !excluded && ply < kMaxPly / 2 &&
      tt_depth >= depth - 3 && tt_bound != Bound::Upper && std::abs(tt_score) < kMateBound) {
    const int singular_beta = tt_score - 2 * depth;
    excluded_[ply] = tt_move;
    const int score = search(singular_beta - 1, singular_beta, (depth - 1) / 2, ply, checked);
    excluded_[ply] = Move();
    if (budget_.aborted()) return 0;
    if (score < singular_beta)
      singular_extension = 1;
    else if (singular_beta >= beta)
      return singular_beta;
  }

  const int original_alpha = alpha;
  TriedQuiets<Move> quiets;
  int best = -kInfinity;
  Move best_move;
  for (int i = 0; i < list.size(); ++i) {
    const Move m = pick_next(moves, keys.data(), list.size(), i);
    if (m == excluded) continue;
    const bool capture = is_capture(m);
    if (budget_.exhausted()) return 0;
    budget_.count();
    // A late quiet move at depth 3 or more may be reduced, by its statistics (read before
    // the move is made).
    const bool reducible = depth >= 3 && i >= 3 && !capture && !checked && !m.promotes();
    const int quiet_stat = reducible ? quiet_score(m, ply) : 0;
    // Plain Shogi, shallow nodes: a move that loses material in the exchange on its square (a
    // quiet move or drop that hands its piece over, a capture that loses more than it takes)
    // is not searched unless it gives check, once some move has been. The allowance grows
    // with depth, so that deeper nodes still try sacrifices.
    bool losing_exchange = false;
    if constexpr (V == Variant::Shogi)
      losing_exchange = depth <= kExchangePruneDepth && best > -kMateBound && !checked &&
                        !m.promotes() &&
                        see(pos_, m) < (capture ? -200 * depth : -30 * depth * depth);
    const MoveFacts facts = facts_of(pos_, m);
    pos_.do_move(m);
    const bool gives_check = in_check<V>(pos_);
    // Shallow non-PV nodes: a quiet move late in the order (depth 5 or less), or one that
    // leaves the static evaluation far below alpha (depth 3 or less), is not searched (once
    // some move has been).
    if ((losing_exchange && !gives_check) ||
        (have_eval && depth <= 5 && best > -kMateBound && !capture && !gives_check &&
         !m.promotes() &&
         (i >= late_move_limit(depth, improving) ||
          (depth <= 3 && eval + 100 + 120 * depth <= alpha)))) {
      pos_.undo_move();
      continue;
    }
    moved(m, facts, ply);
    // The move's depth: one ply more for a singular table move; one less for a check by a
    // piece the opponent simply takes (the child extends every node in check, and such a
    // check is rarely worth it).
    int new_depth = depth - 1;
    if (m == tt_move) new_depth += singular_extension;
    if (gives_check && !checked) {
      const Color them = pos_.side_to_move();
      const Bitboard occ = pos_.occupied();
      if (attackers_to<V>(pos_, them, m.to(), occ).any() &&
          attackers_to<V>(pos_, ~them, m.to(), occ).none())
        --new_depth;
    }
    // A late quiet move's reduction: less for a PV node and a killer, and by the move's
    // statistics (a move that often refuted others here is reduced less, one that often
    // failed more).
    int reduction = 0;
    if (reducible && !gives_check) {
      reduction = kReductions.r[std::min(depth, 63)][std::min(i, 63)];
      if (pv_node) --reduction;
      if (m == killers_.first(ply) || m == killers_.second(ply)) --reduction;
      if (!improving) ++reduction;
      reduction -= quiet_stat / 12000;
      reduction = std::clamp(reduction, 0, depth - 2);
    }
    const int score =
        pvs_score([&](int a, int b, int d) { return search(a, b, d, ply + 1, gives_check); },
                  i == 0, alpha, beta, new_depth, reduction);
    pos_.undo_move();
    if (budget_.aborted()) return 0;
    if (!capture) quiets.add(m);
    if (score > best) {
      best = score;
      best_move = m;
      if (score > alpha) {
        alpha = score;
        pv_.update(ply, m);
        if (alpha >= beta) {
          if (!capture) {
            killers_.add(ply, m);
            reward_quiets(m, quiets, depth, ply);
          }
          break;
        }
      }
    }
  }
  if (excluded) return best == -kInfinity ? alpha : best;  // the excluded move was the only one
  tt_.store(key, best_move.raw(), score_to_tt(best, ply, kMateBound), depth,
            bound_of(best, original_alpha, beta));
  return best;
}

template <Variant V>
RootHooks<Move> ShogiSearcher<V>::root_hooks() {
  RootHooks<Move> hooks = negamax_root_hooks<Move>(
      budget_, pv_,
      [this](Move m) {
        const MoveFacts facts = facts_of(pos_, m);
        pos_.do_move(m);
        moved(m, facts, 0);
      },
      [this](Move) { pos_.undo_move(); },
      [this](int alpha, int beta, int depth, int ply) {
        return search(alpha, beta, depth, ply, in_check<V>(pos_));
      });
  hooks.text = [](Move m) { return to_usi(m); };
  hooks.mate_in = [](int score) {
    return score > 0 ? (kMate - score + 1) / 2 : -(kMate + score) / 2;
  };
  return hooks;
}

template <Variant V>
SearchResult ShogiSearcher<V>::search(const rules::GameState& state, const SearchLimits& requested,
                                      const StopFlag& stop, const InfoCallback& on_info) {
  const auto* shogi_state = dynamic_cast<const ShogiState<V>*>(&state);
  if (!shogi_state || state.outcome().over()) return {};
  const SearchLimits limits =
      apply_level(requested, V == Variant::Annan ? LevelTable::annan : LevelTable::standard);
  budget_.start(limits, stop);
  pos_ = shogi_state->position();
  rules_ = shogi_state->settings().rules;
  if constexpr (V == Variant::Shogi) {
    if (auto mate = checkmate_first(limits, stop, on_info)) return std::move(*mate);
    if (limits.mate > 0) return {};  // "go mate": the checkmate search had the whole budget
  }
  move_limit_ = shogi_state->settings().move_limit;
  null_xor_ = 0;
  null_floor_ = 0;
  null_allowed_ = true;
  excluded_.fill(Move());
  static_evals_.fill(kNoEval);
  if constexpr (V == Variant::Shogi) placement_[0] = placement_sums(pos_);
  // The record's checks, aligned with the key history from its end; room for the deepest path.
  const auto& record_checks = shogi_state->gave_check();
  const size_t history = pos_.key_history().size();
  checked_.assign(history + kMaxPly + 1, 0);
  for (size_t k = 1; k <= std::min(record_checks.size(), history - 1); ++k)
    checked_[history - k] = record_checks[record_checks.size() - k];
  killers_.clear();
  played_.fill(&continuation_[0]);
  tt_.new_search();

  MoveList root;
  generate_legal<V>(pos_, rules_, root);
  if (root.size() == 0) return {};
  RootPlan plan;
  plan.max_depth = limits.depth > 0 ? limits.depth : kMaxPly - 10;
  if (limits.mate > 0) plan.max_depth = std::min(plan.max_depth, 2 * limits.mate + 1);
  plan.decided_bound = kMateBound;
  plan.aspiration_window = 50;
  plan.decided_depth = [](int score) { return 2 * (kMate - std::abs(score)) + 2; };
  plan.stop_at_win = limits.mate > 0;
  // A partial iteration still counts (its first move is the previous best), so the budget
  // is used up to about 60%.
  plan.iteration_start_fraction = 0.6;
  Rng rng(limits.seed ^ pos_.key());
  RootHooks<Move> hooks = root_hooks();
  const auto each = checkmate_share(limits, kLossTestShare);
  const auto all = checkmate_share(limits, kAllLossTestsShare);
  if (V == Variant::Shogi && each && all) {
    loss_test_ = *each;
    loss_test_nodes_left_ = all->nodes;
    loss_test_time_left_ = std::chrono::milliseconds(all->time_ms);
    hooks.loses_by_force = [this, &stop](Move m) { return opponent_mates_after(m, stop); };
  }
  return deepen(hooks, plan, std::vector<Move>(root.begin(), root.end()), limits, budget_, rng,
                on_info);
}

// Whether the checkmate search proves, within one test's limits, what is left of all the
// tests' share and of the search's own budget, that the opponent mates after root move m
// (false once any is spent); its positions count in the search's budget as in
// checkmate_first, so that a node limit holds exactly.
template <Variant V>
bool ShogiSearcher<V>::opponent_mates_after(Move m, const StopFlag& stop) {
  using std::chrono::duration_cast;
  using std::chrono::microseconds;
  using std::chrono::milliseconds;
  SearchLimits test = loss_test_;
  if (test.nodes) {
    test.nodes =
        std::min({test.nodes, loss_test_nodes_left_, budget_.nodes_left() / kMateNodeWeight});
    if (test.nodes == 0) return false;
  }
  if (test.time_ms) {
    test.time_ms = std::min({test.time_ms, budget_.ms_left(),
                             duration_cast<milliseconds>(loss_test_time_left_).count()});
    if (test.time_ms <= 0) return false;
  }
  const auto start = std::chrono::steady_clock::now();
  SearchBudget budget;
  budget.start(test, stop);
  pos_.do_move(m);
  const bool mated = !find_mate(pos_, rules_, budget).line.empty();
  pos_.undo_move();
  budget_.count(budget.nodes() * kMateNodeWeight);
  loss_test_nodes_left_ -= std::min(loss_test_nodes_left_, budget.nodes());
  loss_test_time_left_ -= duration_cast<microseconds>(std::chrono::steady_clock::now() - start);
  return mated;
}

// Plain Shogi: a checkmate search (df-pn, mate_search.hpp) before the alpha-beta search, so
// that a long forced mate beyond its horizon is played. It has a tenth of the node or time
// budget (its nodes, by kMateNodeWeight, and time count in the search's budget), or the whole
// budget for USI "go mate". Weak levels (a depth cap or noise), fixed-depth and infinite
// searches skip it, and find_mate gives up at once when the side to move is in check. Returns
// the result when a mate is proven.
template <Variant V>
std::optional<SearchResult> ShogiSearcher<V>::checkmate_first(const SearchLimits& limits,
                                                              const StopFlag& stop,
                                                              const InfoCallback& on_info) {
  const bool mate_only = limits.mate > 0;
  const std::optional<SearchLimits> share =
      mate_only ? limits : checkmate_share(limits, kCheckmateFirstShare);
  if (!share) return std::nullopt;
  SearchBudget budget;
  budget.start(*share, stop);
  const auto mate = find_mate(pos_, rules_, budget);
  budget_.count(budget.nodes() * kMateNodeWeight);
  if (mate.line.empty()) return std::nullopt;
  SearchResult result;
  result.best_move = to_usi(mate.line[0]);
  const int plies = static_cast<int>(mate.line.size());
  result.info.depth = plies;
  result.info.score = kMate - plies;
  result.info.mate_in = (plies + 1) / 2;
  result.info.nodes = budget.nodes();
  result.info.time_ms = budget.elapsed_ms();
  for (Move m : mate.line) result.info.pv.push_back(to_usi(m));
  if (on_info) on_info(result.info);
  return result;
}

}  // namespace

std::unique_ptr<Searcher> make_shogi_searcher(Variant variant) {
  if (variant == Variant::Shogi) return std::make_unique<ShogiSearcher<Variant::Shogi>>();
  return std::make_unique<ShogiSearcher<Variant::Annan>>();
}

}  // namespace kaisho::ai

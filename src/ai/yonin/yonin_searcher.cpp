#include "ai/yonin/yonin_searcher.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <vector>

#include "ai/iterative_deepening.hpp"
#include "ai/levels.hpp"
#include "ai/search_budget.hpp"
#include "ai/search_stack.hpp"
#include "ai/transposition_table.hpp"
#include "ai/yonin/evaluation.hpp"
#include "ai/yonin/search_flow.hpp"
#include "core/rng.hpp"
#include "rules/yonin/game_state.hpp"
#include "rules/yonin/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::ai::yonin_search;

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
  // `replied`: in singles, an opponent has already branched since the root's side last moved
  // (this node, if an opponent's, plays its natural move).
  int search(int alpha, int beta, int depth, int ply, bool replied);
  int quiescence(int alpha, int beta, int ply, int qply);
  // Plays m (the player to move's), searches what follows with the rules' flow, takes it
  // back. qply < 0: the main search with `depth` left at this node, the child searched with
  // `replied` (see search()); else quiescence.
  int child(Move m, int alpha, int beta, int depth, int ply, int qply, bool replied = false);
  bool maximizing() const { return same_side(pos_.to_move(), root_, settings_.rules.pairs); }
  // Sorts lists_[ply] best first: the table's move, captures (most valuable victim, least
  // valuable attacker), killers, history; promotions ahead of their quiet twins.
  void order(int ply, Move tt_move);
  // At a cutoff by the quiet move m: a killer, and its history rises (those of `tried`, the
  // quiet moves searched before it, fall).
  void reward(int ply, Move m, const TriedQuiets<Move>& tried, int depth);
  RootHooks<Move> root_hooks();

  TranspositionTable tt_{16};
  // Quiet-move statistics by seat, origin and destination, within +-kHistoryMax.
  std::array<std::array<std::array<int16_t, kSquareCount>, 96>, kSeatCount> history_{};
  std::vector<MoveList> lists_;
  std::vector<std::array<int, 1024>> keys_;

  // Per-search state.
  Position pos_;
  Settings settings_;
  SearchFlow flow_;
  Seat root_ = 0;
  uint64_t salt_ = 0;
  SearchBudget budget_;
  KillerMoves<Move, kListCount> killers_;
  PvTable<Move, kListCount> pv_;
};

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
    } else if (m == killers_.first(ply)) {
      k = (1 << 27) + 1;
    } else if (m == killers_.second(ply)) {
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

void YoninSearcher::reward(int ply, Move m, const TriedQuiets<Move>& tried, int depth) {
  killers_.add(ply, m);
  auto& history = history_[static_cast<size_t>(pos_.to_move())];
  tried.reward_cutoff(
      m, depth, [&](Move q, int amount) { update_history(history[q.from()][q.to()], amount); });
}

int YoninSearcher::child(Move m, int alpha, int beta, int depth, int ply, int qply, bool replied) {
  budget_.count();
  pv_.start(ply + 1);
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
    score = search(alpha, beta, depth - 1, ply + 1, replied);
  }
  flow_.retract(pos_, eliminations);
  return score;
}

int YoninSearcher::quiescence(int alpha, int beta, int ply, int qply) {
  pv_.start(ply);
  if (budget_.exhausted()) return 0;
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
    if (budget_.exhausted()) return 0;
    const int score = child(m, alpha, beta, 0, ply, qply);
    if (budget_.aborted()) return 0;
    if (maxing ? score > best : score < best) {
      best = score;
      if (maxing && score > alpha) alpha = score;
      if (!maxing && score < beta) beta = score;
      if (alpha >= beta) break;
    }
  }
  return best;
}

int YoninSearcher::search(int alpha, int beta, int depth, int ply, bool replied) {
  pv_.start(ply);
  // A position seen before (in the game or on this path): going round the cycle changes
  // nothing, so it is worth what it is worth now.
  if (ply > 0 && flow_.occurrences_now() >= 2) return evaluate(pos_, settings_, root_);
  if (depth <= 0 || ply >= kMaxPly) return quiescence(alpha, beta, ply, 0);
  if (budget_.exhausted()) return 0;
  MoveList& list = lists_[static_cast<size_t>(ply)];
  const bool maxing = maximizing();
  const bool pairs = settings_.rules.pairs;
  if (!maxing && replied && !pairs && list.size() > 0) {
    // Singles: one opponent per round searches all its moves against the root; the others
    // play their natural move (the first by the move ordering: the best capture, else a
    // killer or the history's favourite) at no cost in depth.
    order(ply, Move());
    const Move m = list[0];
    const int score = child(m, alpha, beta, depth + 1, ply, -1, true);
    if (!budget_.aborted()) pv_.update(ply, m);
    return score;
  }
  // After an opponent's move in singles, the round's reply is used.
  const bool child_replied = !maxing && !pairs;
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

  const bool checked = pos_.in_check(pos_.to_move());
  const int original_alpha = alpha, original_beta = beta;
  int best = maxing ? -kInfinity : kInfinity;
  Move best_move;
  TriedQuiets<Move> quiets;
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    if (budget_.exhausted()) return 0;
    const bool quiet = !is_capture(pos_, m) && !m.promotes();
    int score;
    if (depth >= 3 && i >= 4 && quiet && !checked) {
      // Late quiet moves: a reduced null-window look first, the full search if it might
      // change the bound.
      if (maxing) {
        score = child(m, alpha, alpha + 1, depth - 1, ply, -1, child_replied);
        if (!budget_.aborted() && score > alpha)
          score = child(m, alpha, beta, depth, ply, -1, child_replied);
      } else {
        score = child(m, beta - 1, beta, depth - 1, ply, -1, child_replied);
        if (!budget_.aborted() && score < beta)
          score = child(m, alpha, beta, depth, ply, -1, child_replied);
      }
    } else {
      score = child(m, alpha, beta, depth, ply, -1, child_replied);
    }
    if (budget_.aborted()) return 0;
    if (quiet) quiets.add(m);
    if (maxing ? score > best : score < best) {
      best = score;
      best_move = m;
      if (maxing && score > alpha) {
        alpha = score;
        pv_.update(ply, m);
      } else if (!maxing && score < beta) {
        beta = score;
        pv_.update(ply, m);
      }
      if (alpha >= beta) {
        if (quiet) reward(ply, m, quiets, depth);
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

RootHooks<Move> YoninSearcher::root_hooks() {
  RootHooks<Move> hooks;
  // child() plays the move, counts it and takes it back itself.
  hooks.enter = [](Move) {};
  hooks.leave = [](Move) {};
  hooks.score = [this](Move m, int alpha, int beta, int depth) {
    return child(m, alpha, beta, depth, 0, -1);
  };
  hooks.append_line = [this](std::vector<Move>& line) { pv_.append_line(1, line); };
  hooks.text = [](Move m) { return move_text(m); };
  // A decided game: the number of moves (of all players) until it ends.
  hooks.mate_in = [](int score) { return score > 0 ? 3 * kWin - score : -(3 * kWin + score); };
  return hooks;
}

SearchResult YoninSearcher::search(const rules::GameState& state, const SearchLimits& requested,
                                   const StopFlag& stop, const InfoCallback& on_info) {
  const auto* yonin_state = dynamic_cast<const YoninState*>(&state);
  if (!yonin_state || state.outcome().over()) return {};
  const SearchLimits limits = apply_level(requested, LevelTable::yonin);
  pos_ = yonin_state->position();
  settings_ = yonin_state->settings();
  root_ = pos_.to_move();
  flow_.reset(pos_);
  // The table's scores are the root player's values under these settings.
  Rng salt(static_cast<uint64_t>(root_) * 1009 + (settings_.rules.pairs ? 7 : 0) +
           (settings_.rules.ownerless ? 31 : 0) + (settings_.end_at_last ? 131 : 0) +
           static_cast<uint64_t>(settings_.move_limit) * 4099);
  salt_ = salt.next();
  budget_.start(limits, stop);
  killers_.clear();
  tt_.new_search();

  MoveList root;
  flow_.legal_moves(pos_, root);
  if (root.size() == 0) return {};
  RootPlan plan;
  plan.max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
  plan.decided_bound = kDecided;
  // Scores count every player's moves to the end.
  plan.decided_depth = [](int score) { return 3 * kWin - std::abs(score) + 1; };
  // Paranoid: the root player maximises against all the others, a full window each time.
  plan.null_window = false;
  Rng rng(limits.seed ^ pos_.key());
  return deepen(root_hooks(), plan, std::vector<Move>(root.begin(), root.end()), limits, budget_,
                rng, on_info);
}

}  // namespace

std::unique_ptr<Searcher> make_yonin_searcher() {
  return std::make_unique<YoninSearcher>();
}

}  // namespace kaisho::ai

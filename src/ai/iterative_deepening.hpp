#pragma once
// The root of every game's search: the weak levels' deliberate blunders and noise, then
// iterative deepening over the root moves (the previous iteration's best first, a partial
// iteration kept when it searched that move), progress reports, and when to stop deepening.
// A game supplies how to search one root move (RootHooks) and its score scale (RootPlan).
#include <algorithm>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/search_budget.hpp"
#include "ai/search_types.hpp"
#include "core/rng.hpp"

namespace kaisho::ai {

constexpr int kRootInfinity = 32000;  // beyond every score a game's search returns

template <class Move>
struct RootHooks {
  // Plays m at the root (counting it as a node) and takes it back.
  std::function<void(Move)> enter, leave;
  // The score of the entered move m for the root mover, searched `depth` plies deep in the
  // window (alpha, beta).
  std::function<int(Move m, int alpha, int beta, int depth)> score;
  // Appends the best line found after the root move (without it).
  std::function<void(std::vector<Move>&)> append_line;
  std::function<std::string(Move)> text;
  // Moves to the end of a decided game (> 0 the mover wins), from a score beyond the plan's
  // decided bound.
  std::function<int(int score)> mate_in;
  // Optional: whether root move m is proven to lose by force beyond the search's horizon
  // (plain Shogi: the opponent mates by checks after it), within the hook's own budget, which
  // it counts in the search's (and answers false once that is spent). deepen() tests each
  // move about to lead an iteration (each move at most once) and searches on without the
  // moves it proves lost, so that the move played has been tested (unless the budget ends
  // right after dropping the first move of the first iteration: its successor is then played
  // untested).
  std::function<bool(Move m)> loses_by_force;
};

// The root hooks of a two-player negamax search (Shogi, Annan, Hasami, Musashi): entering a
// root move counts it as a node and plays it (`play`), leaving takes it back (`take_back`);
// its score is the negated `negamax(alpha, beta, depth, ply)` of the position after it, one
// ply shallower at ply 1, whose best line the search's PV table keeps at ply 1. The game
// adds `text` and `mate_in`.
template <class Move, class Pv, class Play, class TakeBack, class Negamax>
RootHooks<Move> negamax_root_hooks(SearchBudget& budget, const Pv& pv, Play play,
                                   TakeBack take_back, Negamax negamax) {
  RootHooks<Move> hooks;
  hooks.enter = [&budget, play](Move m) {
    budget.count();
    play(m);
  };
  hooks.leave = take_back;
  hooks.score = [negamax](Move, int alpha, int beta, int depth) {
    return -negamax(-beta, -alpha, depth - 1, 1);
  };
  hooks.append_line = [&pv](std::vector<Move>& line) { pv.append_line(1, line); };
  return hooks;
}

struct RootPlan {
  int max_depth = 0;      // iterations at most (the limits' depth, capped by the game)
  int decided_bound = 0;  // |score| above this: a won or lost game
  // The depth from which a decided score cannot change any more (deepening then stops).
  std::function<int(int score)> decided_depth;
  bool null_window = true;    // search moves after the first with a null window first (PVS)
  int aspiration_window = 0;  // > 0: the first aspiration window's half-width (deeper iterations)
  bool stop_at_win = false;   // stop as soon as a win is found (USI "go mate")
  // With a deadline, a new iteration starts only while less than this part of the time is
  // used (a partial iteration still counts, so a game whose first root move is searched
  // quickly can afford more).
  double iteration_start_fraction = 0.5;
};

// Levels with blunders: maybe a random legal move instead of a search. Levels with noise:
// each root move's seeded offset in [-noise, noise].
template <class Move>
std::optional<Move> level_blunder(const SearchLimits& limits, Rng& rng,
                                  const std::vector<Move>& moves) {
  if (limits.blunder_percent > 0 && static_cast<int>(rng.below(100)) < limits.blunder_percent)
    return moves[static_cast<size_t>(rng.below(moves.size()))];
  return std::nullopt;
}

inline std::vector<int> level_noise(const SearchLimits& limits, Rng& rng, size_t count) {
  std::vector<int> noise(count, 0);
  if (limits.noise > 0)
    for (int& n : noise)
      n = static_cast<int>(rng.below(2 * static_cast<uint64_t>(limits.noise) + 1)) - limits.noise;
  return noise;
}

template <class Move>
SearchInfo describe(const RootHooks<Move>& hooks, const RootPlan& plan, const SearchBudget& budget,
                    int depth, int score, const std::vector<Move>& pv) {
  SearchInfo info;
  info.depth = depth;
  info.score = score;
  if (std::abs(score) > plan.decided_bound) info.mate_in = hooks.mate_in(score);
  info.nodes = budget.nodes();
  info.time_ms = budget.elapsed_ms();
  for (const Move& m : pv) info.pv.push_back(hooks.text(m));
  return info;
}

// Searches the root moves (non-empty, in the game's preferred first order) and returns the
// chosen move. The limits are the level's (apply_level); the budget must have been started
// for this search.
template <class Move>
SearchResult deepen(const RootHooks<Move>& hooks, const RootPlan& plan, std::vector<Move> moves,
                    const SearchLimits& limits, SearchBudget& budget, Rng& rng,
                    const InfoCallback& on_info) {
  SearchResult result;
  if (const auto blunder = level_blunder(limits, rng, moves)) {
    result.best_move = hooks.text(*blunder);
    result.info = describe<Move>(hooks, plan, budget, 0, 0, {});
    return result;
  }
  std::vector<int> noise = level_noise(limits, rng, moves.size());
  const bool noisy = limits.noise > 0;

  Move best = moves[0];
  int best_score = 0;
  int completed_depth = 0;
  std::vector<Move> best_pv{best};
  // The moves loses_by_force found no forced loss after: each is tested once.
  std::vector<Move> tested_safe;
  // Whether m, about to lead an iteration with this score, is proven to lose by force; the
  // last move left is not tested, nor a game already decided either way.
  auto proven_lost = [&](Move m, int score) {
    if (!hooks.loses_by_force || moves.size() <= 1 || std::abs(score) > plan.decided_bound ||
        std::find(tested_safe.begin(), tested_safe.end(), m) != tested_safe.end())
      return false;
    if (hooks.loses_by_force(m)) return true;
    tested_safe.push_back(m);
    return false;
  };
  for (int depth = 1; depth <= plan.max_depth; ++depth) {
    // Aspiration: from the fifth iteration on, a window around the last score; a result that
    // falls outside it is searched again with the window widened on that side.
    int window = plan.aspiration_window;
    const bool aspirate =
        window > 0 && !noisy && depth >= 5 && std::abs(best_score) < plan.decided_bound;
    int low = aspirate ? best_score - window : -kRootInfinity;
    int high = aspirate ? best_score + window : kRootInfinity;
    std::vector<std::pair<int, size_t>> judged_moves;
    while (true) {
      int alpha = low;
      const int beta = high;
      int iteration_best = -1;  // index into moves
      int iteration_judged = -kRootInfinity;
      int iteration_score = 0;
      std::vector<Move> iteration_pv;
      judged_moves.clear();
      for (size_t i = 0; i < moves.size();) {
        const Move m = moves[i];
        if (budget.exhausted()) break;
        hooks.enter(m);
        int score;
        if (noisy) {
          // With noise any move may be chosen, but not one whose score is at most the best
          // judged so far minus the noise (its judged score cannot pass that best; a decided
          // score is never noised): it is searched against that bound, a fail-low suffices.
          // Without this the noisy levels pruned nothing at the root.
          const int floor =
              iteration_best < 0 ? alpha : std::max(alpha, iteration_judged - limits.noise);
          score = hooks.score(m, floor, beta, depth);
        } else if (i == 0 || !plan.null_window) {
          score = hooks.score(m, alpha, beta, depth);
        } else {
          score = hooks.score(m, alpha, alpha + 1, depth);
          if (score > alpha && !budget.aborted()) score = hooks.score(m, alpha, beta, depth);
        }
        hooks.leave(m);
        if (budget.aborted()) break;
        // The weak levels' noise blurs judgement, never a decided game.
        const int judged = std::abs(score) > plan.decided_bound ? score : score + noise[i];
        if (judged > iteration_judged && proven_lost(m, score)) {
          // About to lead, but lost by force: dropped from the root moves (the chosen move,
          // if it is this one, gives way to the next).
          moves.erase(moves.begin() + static_cast<std::ptrdiff_t>(i));
          noise.erase(noise.begin() + static_cast<std::ptrdiff_t>(i));
          if (m == best) {
            best = moves[std::min(i, moves.size() - 1)];
            best_pv.assign(1, best);
          }
          continue;
        }
        judged_moves.emplace_back(judged, i);
        if (judged > iteration_judged) {
          iteration_judged = judged;
          iteration_score = score;
          iteration_best = static_cast<int>(i);
          iteration_pv.assign(1, m);
          hooks.append_line(iteration_pv);
          if (!noisy) alpha = std::max(alpha, score);
        }
        if (score >= beta) break;  // above the aspiration window: searched again
        ++i;
      }
      // A partial iteration counts only if its first move (the previous best) was searched:
      // whatever beat that was searched as deep. A move counts only with a score above the
      // aspiration window's floor (below it, it is no better than the move chosen before).
      if (iteration_best >= 0 && iteration_score > low) {
        best = moves[static_cast<size_t>(iteration_best)];
        best_score = iteration_score;
        best_pv = std::move(iteration_pv);
      }
      if (budget.aborted()) break;
      if (iteration_score <= low && low > -kRootInfinity) {
        low = std::max(low - window, -kRootInfinity);  // failed low: searched again
      } else if (iteration_score >= high && high < kRootInfinity) {
        high = std::min(high + window, kRootInfinity);  // failed high: that move goes first
        std::rotate(moves.begin(), moves.begin() + iteration_best,
                    moves.begin() + iteration_best + 1);
        std::rotate(noise.begin(), noise.begin() + iteration_best,
                    noise.begin() + iteration_best + 1);
      } else {
        break;
      }
      window *= 2;
    }
    if (budget.aborted()) break;
    completed_depth = depth;
    // Next iteration: the best first, then by this iteration's judgement.
    std::stable_sort(judged_moves.begin(), judged_moves.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<Move> reordered;
    std::vector<int> renoised;
    for (const auto& [judged, i] : judged_moves) {
      reordered.push_back(moves[i]);
      renoised.push_back(noise[i]);
    }
    moves = std::move(reordered);
    noise = std::move(renoised);
    if (on_info) on_info(describe(hooks, plan, budget, depth, best_score, best_pv));
    const bool decided = std::abs(best_score) > plan.decided_bound;
    if (decided && plan.stop_at_win && best_score > 0) break;
    if (decided && depth > plan.decided_depth(best_score)) break;
    // One legal move: nothing to choose, unless the caller asked for a fixed effort.
    if (moves.size() == 1 && !budget.has_node_limit() && limits.depth == 0) break;
    if (!limits.fixed_time && !budget.room_for_next_iteration(plan.iteration_start_fraction)) break;
  }
  result.best_move = hooks.text(best);
  result.info = describe(hooks, plan, budget, completed_depth, best_score, best_pv);
  return result;
}

}  // namespace kaisho::ai

#pragma once
// The skeleton of the two-player searches without drops (Hasami Shogi, Juroku Musashi): the
// move loops of a quiescence node and of a full-width node (PVS with late-move reductions,
// killers and quiet-move history, the transposition table store), and the root hooks. Each
// game keeps what is its own: when a node ends, its evaluation, which moves quiescence
// tries, move ordering, pruning and reductions.
//
// `Game` derives from NegamaxSearcher<Game, Move, Undo, MaxPly, Squares> (CRTP; MaxPly caps
// a line's length, Squares indexes the history by origin and destination) and provides:
//   void make(Move, Undo&); void unmake(Move, const Undo&);  // Undo: what unmake() needs
//   int search(int alpha, int beta, int depth, int ply);
//   int quiescence(int alpha, int beta, int ply, int qply);
//   bool is_capture(Move, int order_key) const;     // both asked at the node, before make()
//   int reduction(int index, int depth, bool capture) const;
//   int16_t& history_of(Move);                     // the side to move's statistic
//   static uint32_t tt_code(Move);                 // the move as the TT stores it
//   static std::string text(Move);
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "ai/iterative_deepening.hpp"
#include "ai/search_budget.hpp"
#include "ai/search_stack.hpp"
#include "ai/searcher.hpp"
#include "ai/transposition_table.hpp"

namespace kaisho::ai {

template <class Game, class MoveT, class UndoT, int MaxPly, int Squares>
class NegamaxSearcher : public Searcher {
 public:
  using Move = MoveT;
  using Undo = UndoT;
  static constexpr int kWin = 30000;
  static constexpr int kWinBound = kWin - 1000;  // scores beyond this are forced wins
  static constexpr int kInfinity = 32000;
  static constexpr int kMaxPly = MaxPly;

  void clear() override {
    tt_.clear();
    for (auto& side : history_)
      for (auto& row : side) row.fill(0);
  }
  void set_hash_mb(int mb) override { tt_.resize(mb); }

 protected:
  // Searches the captures (or other forcing moves) moves[0..size), keyed for ordering by
  // keys, at a quiescence node whose stand-pat score `stand` is below beta; returns the
  // node's score.
  int quiescence_moves(Move* moves, int* keys, int size, int stand, int alpha, int beta, int ply,
                       int qply) {
    int best = stand;
    alpha = std::max(alpha, stand);
    for (int i = 0; i < size; ++i) {
      const Move m = pick_next(moves, keys, size, i);
      if (budget_.exhausted()) return 0;
      budget_.count();
      Undo undo;
      game().make(m, undo);
      const int score = -game().quiescence(-beta, -alpha, ply + 1, qply + 1);
      game().unmake(m, undo);
      if (budget_.aborted()) return 0;
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

  // Searches the legal moves moves[0..size) (keyed for ordering by keys) of a node `depth`
  // plies deep in the window (alpha, beta), stores the result under `key` and returns the
  // node's score, or 0 if the budget ran out.
  int search_moves(Move* moves, int* keys, int size, int alpha, int beta, int depth, int ply,
                   uint64_t key) {
    const int original_alpha = alpha;
    int best = -kInfinity;
    Move best_move;
    TriedQuiets<Move> quiets;
    for (int i = 0; i < size; ++i) {
      const Move m = pick_next(moves, keys, size, i);
      const bool capture = game().is_capture(m, keys[i]);
      const int reduction = game().reduction(i, depth, capture);
      if (budget_.exhausted()) return 0;
      budget_.count();
      Undo undo;
      game().make(m, undo);
      const int score =
          pvs_score([&](int a, int b, int d) { return game().search(a, b, d, ply + 1); }, i == 0,
                    alpha, beta, depth - 1, reduction);
      game().unmake(m, undo);
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
              quiets.reward_cutoff(m, depth, [&](Move q, int amount) {
                update_history(game().history_of(q), amount);
              });
            }
            break;
          }
        }
      }
    }
    tt_.store(key, Game::tt_code(best_move), score_to_tt(best, ply, kWinBound), depth,
              bound_of(best, original_alpha, beta));
    return best;
  }

  RootHooks<Move> root_hooks() {
    RootHooks<Move> hooks = negamax_root_hooks<Move>(
        budget_, pv_, [this](Move m) { game().make(m, root_undo_); },
        [this](Move m) { game().unmake(m, root_undo_); },
        [this](int alpha, int beta, int depth, int ply) {
          return game().search(alpha, beta, depth, ply);
        });
    hooks.text = [](Move m) { return Game::text(m); };
    // Losses can come on either side's move (a side may have no move, or in Musashi run out
    // of moves), so their count rounds up like the wins'.
    hooks.mate_in = [](int score) {
      return score > 0 ? (kWin - score + 1) / 2 : -(kWin + score + 1) / 2;
    };
    return hooks;
  }

  // The root plan under `limits`: deepening to the limits' depth within the ply cap; a
  // decided score is final once the search sees to the end.
  static RootPlan root_plan(const SearchLimits& limits) {
    RootPlan plan;
    plan.max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 10) : kMaxPly - 10;
    plan.decided_bound = kWinBound;
    plan.decided_depth = [](int score) { return 2 * (kWin - std::abs(score)) + 2; };
    return plan;
  }

  TranspositionTable tt_{16};
  // Quiet-move statistics by side, origin and destination, within +-kHistoryMax.
  std::array<std::array<std::array<int16_t, Squares>, Squares>, 2> history_{};

  // Per-search state.
  SearchBudget budget_;
  KillerMoves<Move, MaxPly> killers_;
  PvTable<Move, MaxPly> pv_;

 private:
  Game& game() { return static_cast<Game&>(*this); }
  Undo root_undo_{};
};

}  // namespace kaisho::ai

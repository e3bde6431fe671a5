#include "ai/musashi/musashi_searcher.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "ai/iterative_deepening.hpp"
#include "ai/levels.hpp"
#include "ai/musashi/evaluation.hpp"
#include "ai/musashi/tactics.hpp"
#include "ai/search_budget.hpp"
#include "ai/search_stack.hpp"
#include "ai/transposition_table.hpp"
#include "core/rng.hpp"
#include "rules/musashi/game_state.hpp"
#include "rules/musashi/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::musashi;
using musashi_search::NodeEnd;

constexpr int kWin = 30000;
constexpr int kWinBound = kWin - 1000;  // scores beyond this are forced wins
constexpr int kInfinity = 32000;
constexpr int kMaxPly = 120;
constexpr int kMaxQuiescencePly = 8;
constexpr int kMoveCapacity = MoveList::kCapacity;

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
  // The score of a node the rules end (the side to move's view), given its legal moves.
  bool ended(const MoveList& legal, int ply, int& score) const;
  void make(Move m, Position::Undo& undo);
  void unmake(Move m, const Position::Undo& undo);
  uint64_t tt_key() const;
  void order(const MoveList& list, Move tt_move, int ply,
             std::array<int, kMoveCapacity>& keys) const;
  RootHooks<Move> root_hooks();

  TranspositionTable tt_{16};
  // Quiet-move statistics by side, origin and destination, within +-kHistoryMax.
  std::array<std::array<std::array<int16_t, kMaxPoints>, kMaxPoints>, 2> history_{};

  // Per-search state.
  Position pos_ = Position::start(Board::get(Shape::Sechin33), Side::Father);
  RepetitionRecord record_;
  EndRules rules_;
  SearchBudget budget_;
  KillerMoves<Move, kMaxPly> killers_;
  PvTable<Move, kMaxPly> pv_;
  Position::Undo root_undo_;
};

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
    } else if (m == killers_.first(ply)) {
      k = (1 << 27) + 1;
    } else if (m == killers_.second(ply)) {
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

// Quiescence: the father's captures, the children's trapping moves.
int MusashiSearcher::quiescence(int alpha, int beta, int ply, int qply) {
  pv_.start(ply);
  if (budget_.exhausted()) return 0;
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
    const Move m = pick_next(moves.data(), keys.data(), list.size(), i);
    if (budget_.exhausted()) return 0;
    budget_.count();
    Position::Undo undo;
    make(m, undo);
    score = -quiescence(-beta, -alpha, ply + 1, qply + 1);
    unmake(m, undo);
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

int MusashiSearcher::search(int alpha, int beta, int depth, int ply) {
  pv_.start(ply);
  if (depth <= 0 || ply >= kMaxPly) return quiescence(alpha, beta, ply, 0);
  if (budget_.exhausted()) return 0;
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
    if (!pv_node)
      if (const auto s = tt_cutoff(*e, depth, alpha, beta, ply, kWinBound)) return *s;
  }
  const bool children = pos_.side_to_move() == Side::Children;
  if (children) {
    // A trapping move wins at once.
    MoveList traps;
    musashi_search::select_traps(pos_, list, traps);
    if (traps.size() > 0) {
      pv_.start(ply + 1);
      pv_.update(ply, traps[0]);
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
  TriedQuiets<Move> quiets;
  for (int i = 0; i < list.size(); ++i) {
    const Move m = pick_next(moves.data(), keys.data(), list.size(), i);
    const bool capture = !children && pos_.board().captures(m.to, pos_.children());
    if (budget_.exhausted()) return 0;
    budget_.count();
    Position::Undo undo;
    make(m, undo);
    const int reduction = children && depth >= 3 && i >= 4 ? (i >= 12 ? 2 : 1) : 0;
    score = pvs_score([&](int a, int b, int d) { return search(a, b, d, ply + 1); }, i == 0, alpha,
                      beta, depth - 1, reduction);
    unmake(m, undo);
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
              update_history(history_[side][static_cast<size_t>(q.from)][static_cast<size_t>(q.to)],
                             amount);
            });
          }
          break;
        }
      }
    }
  }
  tt_.store(key, encode(best_move), score_to_tt(best, ply, kWinBound), depth,
            bound_of(best, original_alpha, beta));
  return best;
}

RootHooks<Move> MusashiSearcher::root_hooks() {
  RootHooks<Move> hooks = negamax_root_hooks<Move>(
      budget_, pv_, [this](Move m) { make(m, root_undo_); },
      [this](Move m) { unmake(m, root_undo_); },
      [this](int alpha, int beta, int depth, int ply) { return search(alpha, beta, depth, ply); });
  hooks.text = [](Move m) { return move_text(m); };
  // Losses can come on either side's move (the side to move may have no move, or in
  // Musashi run out of moves), so their count rounds up.
  hooks.mate_in = [](int score) {
    return score > 0 ? (kWin - score + 1) / 2 : -(kWin + score + 1) / 2;
  };
  return hooks;
}

SearchResult MusashiSearcher::search(const rules::GameState& state, const SearchLimits& requested,
                                     const StopFlag& stop, const InfoCallback& on_info) {
  const auto* musashi_state = dynamic_cast<const MusashiState*>(&state);
  if (!musashi_state || state.outcome().over()) return {};
  const SearchLimits limits = apply_level(requested, LevelTable::musashi);
  pos_ = musashi_state->position();
  record_ = musashi_state->record();
  rules_ = musashi_state->end_rules();
  budget_.start(limits, stop);
  killers_.clear();
  tt_.new_search();

  MoveList root;
  generate_legal(pos_, record_, root);
  if (root.size() == 0) return {};
  // Root order: the father's captures first (the biggest first).
  std::vector<Move> moves(root.begin(), root.end());
  if (pos_.side_to_move() == Side::Father) {
    std::stable_sort(moves.begin(), moves.end(), [&](Move a, Move b) {
      return count(pos_.board().captures(a.to, pos_.children())) >
             count(pos_.board().captures(b.to, pos_.children()));
    });
  }
  RootPlan plan;
  plan.max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 10) : kMaxPly - 10;
  plan.decided_bound = kWinBound;
  plan.decided_depth = [](int score) { return 2 * (kWin - std::abs(score)) + 2; };
  Rng rng(limits.seed ^ pos_.key());
  return deepen(root_hooks(), plan, std::move(moves), limits, budget_, rng, on_info);
}

}  // namespace

std::unique_ptr<Searcher> make_musashi_searcher() {
  return std::make_unique<MusashiSearcher>();
}

}  // namespace kaisho::ai

#include "ai/musashi/musashi_searcher.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <string>

#include "ai/levels.hpp"
#include "ai/musashi/evaluation.hpp"
#include "ai/musashi/tactics.hpp"
#include "ai/negamax_searcher.hpp"
#include "core/rng.hpp"
#include "rules/musashi/game_state.hpp"
#include "rules/musashi/notation.hpp"

namespace kaisho::ai {

namespace {

using namespace kaisho::musashi;
using musashi_search::NodeEnd;

constexpr int kMaxQuiescencePly = 8;
constexpr int kMoveCapacity = MoveList::kCapacity;

class MusashiSearcher final
    : public NegamaxSearcher<MusashiSearcher, Move, Position::Undo, 120, kMaxPoints> {
 public:
  SearchResult search(const rules::GameState& state, const SearchLimits& requested,
                      const StopFlag& stop, const InfoCallback& on_info) override;

  // The skeleton's hooks (see ai/negamax_searcher.hpp).
  int search(int alpha, int beta, int depth, int ply);
  int quiescence(int alpha, int beta, int ply, int qply);
  void make(Move m, Position::Undo& undo);
  void unmake(Move m, const Position::Undo& undo);
  // Only the father captures.
  bool is_capture(Move m, int) const {
    return pos_.side_to_move() == Side::Father && pos_.board().captures(m.to, pos_.children());
  }
  // Only the children's moves are reduced: the father's few moves are each worth a look.
  int reduction(int index, int depth, bool) const {
    return pos_.side_to_move() == Side::Children && depth >= 3 && index >= 4 ? (index >= 12 ? 2 : 1)
                                                                             : 0;
  }
  int16_t& history_of(Move m) {
    return history_[static_cast<size_t>(pos_.side_to_move())][static_cast<size_t>(m.from)]
                   [static_cast<size_t>(m.to)];
  }
  static uint32_t tt_code(Move m) {
    return m.from == kNoPoint ? 0u : static_cast<uint32_t>(((m.from + 1) << 8) | (m.to + 1));
  }
  static Move from_tt_code(uint32_t v) {
    if (v == 0) return Move{};
    return Move::make(static_cast<Point>((v >> 8) & 255) - 1, static_cast<Point>(v & 255) - 1);
  }
  static std::string text(Move m) { return move_text(m); }

 private:
  // The score of a node the rules end (the side to move's view), given its legal moves.
  bool ended(const MoveList& legal, int ply, int& score) const;
  uint64_t tt_key() const;
  void order(const MoveList& list, Move tt_move, int ply,
             std::array<int, kMoveCapacity>& keys) const;

  // Per-search state.
  Position pos_ = Position::start(Board::get(Shape::Sechin33), Side::Father);
  RepetitionRecord record_;
  EndRules rules_;
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
  std::array<int, kMoveCapacity> keys;
  for (int i = 0; i < list.size(); ++i)
    keys[static_cast<size_t>(i)] = count(pos_.board().captures(list[i].to, pos_.children()));
  return quiescence_moves(list.data(), keys.data(), list.size(), stand, alpha, beta, ply, qply);
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
    tt_move = from_tt_code(e->move);
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
  return search_moves(list.data(), keys.data(), list.size(), alpha, beta, depth, ply, key);
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
  Rng rng(limits.seed ^ pos_.key());
  return deepen(root_hooks(), root_plan(limits), std::move(moves), limits, budget_, rng, on_info);
}

}  // namespace

std::unique_ptr<Searcher> make_musashi_searcher() {
  return std::make_unique<MusashiSearcher>();
}

}  // namespace kaisho::ai

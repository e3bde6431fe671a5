#include "ai/shogi/evaluation.hpp"

#include <array>

#include "ai/shogi/eval_features.hpp"
#include "ai/shogi/eval_weights.hpp"

namespace kaisho::ai::shogi_search {

namespace {

constexpr std::array<int, kPieceTypeCount> kBoardValue = {0, 100, 300, 350, 500, 800,  950, 560,
                                                          0, 560, 540, 540, 560, 1050, 1250};
constexpr std::array<int, kHandTypeCount> kHandValue = {0, 115, 330, 380, 560, 900, 1050, 620};
// What a movement is worth to the piece that has it (Annan: borrowed movement).
constexpr std::array<int, 10> kMovementValue = {100, 300, 350, 500, 560, 800, 950, 600, 1050, 1250};

constexpr int kDefenderBonus = 28;      // own gold or silver beside the king
constexpr int kAttackedNeighbour = 18;  // square beside the king the opponent attacks
constexpr int kHandThreat = 12;         // per non-pawn piece in the opponent's hand
constexpr int kKingOutOfCamp = 35;      // king outside its own three ranks

// Annan: own golds and silvers beside the king, squares beside it the opponent attacks
// (weighed by the opponent's pieces in hand), and a king outside its camp.
int king_safety(const Position& pos, Color us) {
  const Color them = ~us;
  const Square k = pos.king_square(us);
  const Bitboard around = kTables.king[k];
  int score = 0;
  score += kDefenderBonus *
           ((pos.pieces(us, Movement::Gold) | pos.pieces(us, Movement::Silver)) & around).count();
  const Bitboard occ = pos.occupied();
  int attacked = 0;
  for (Square sq : squares(around))
    if (attackers_to<Variant::Annan>(pos, them, sq, occ).any()) ++attacked;
  int threats = 0;
  for (int t = kLance; t <= kGold; ++t) threats += pos.hand(them).count[t];
  score -= kAttackedNeighbour * attacked * (1 + threats / 2);
  score -= kHandThreat * threats;
  if (!kTables.far_rows[static_cast<int>(facing_of(them))][3].test(k)) score -= kKingOutOfCamp;
  return score;
}

}  // namespace

int piece_value(PieceType t) {
  return kBoardValue[t];
}
int hand_value(PieceType t) {
  return t <= kGold ? kHandValue[t] : 0;
}

int evaluate_shogi(const Position& pos, const PlacementSums& placement) {
  int opening = placement.opening, endgame = placement.endgame;
  visit_dynamic_features(pos, [&](int index, int value) {
    opening += kEvalWeights[features::opening_weight(index)] * value;
    endgame += kEvalWeights[features::endgame_weight(index)] * value;
  });
  const int phase = game_phase(pos);
  const int sente =
      (opening * (features::kPhaseMax - phase) + endgame * phase) / features::kPhaseMax;
  return pos.side_to_move() == kBlack ? sente : -sente;
}

template <>
int evaluate<Variant::Shogi>(const Position& pos) {
  return evaluate_shogi(pos, placement_sums(pos));
}

template <>
int evaluate<Variant::Annan>(const Position& pos) {
  int score[2] = {0, 0};
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    for (Square sq : squares(pos.pieces(c))) score[ci] += kBoardValue[type_of(pos.at(sq))];
    for (int t = kPawn; t <= kGold; ++t) score[ci] += kHandValue[t] * pos.hand(c).count[t];
    score[ci] += king_safety(pos, c);
  }
  // Borrowed movement: what each colour's pieces move like, minus what they are.
  const MovementSets effective = movement_sets<Variant::Annan>(pos);
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    int delta = 0;
    for (int m = 0; m < 10; ++m) {
      delta += kMovementValue[m] *
               (effective.of[ci][m].count() - pos.pieces(c, static_cast<Movement>(m)).count());
    }
    score[ci] += delta / 4;
  }
  const int diff = score[kBlack] - score[kWhite];
  return pos.side_to_move() == kBlack ? diff : -diff;
}

}  // namespace kaisho::ai::shogi_search

#include "ai/shogi/evaluation.hpp"

#include <array>

namespace kaisho::ai::shogi_search {

namespace {

constexpr std::array<int, kPieceTypeCount> kBoardValue = {
    0, 100, 300, 350, 500, 800, 950, 560, 0, 560, 540, 540, 560, 1050, 1250};
constexpr std::array<int, kHandTypeCount> kHandValue = {0, 115, 330, 380, 560, 900, 1050, 620};
// What a movement is worth to the piece that has it (Annan: borrowed movement).
constexpr std::array<int, 10> kMovementValue = {100, 300, 350, 500, 560, 800, 950, 600, 1050, 1250};

constexpr int kDefenderBonus = 28;       // own gold or silver beside the king
constexpr int kAttackedNeighbour = 18;   // square beside the king the opponent attacks
constexpr int kHandThreat = 12;          // per non-pawn piece in the opponent's hand
constexpr int kKingOutOfCamp = 35;       // king outside its own three ranks

// Placement relative to the two kings, by the piece's type and its king distance (the larger
// of the file and rank differences, 1..8): attackers near the enemy king, defenders near
// their own. Index: PieceType, then distance.
using DistanceTable = std::array<std::array<int8_t, 9>, kPieceTypeCount>;
constexpr std::array<int8_t, 9> kGoldAttack = {0, 55, 42, 24, 10, 3, 0, 0, 0};
constexpr std::array<int8_t, 9> kGoldDefence = {0, 40, 30, 14, 4, 0, -4, -8, -12};
constexpr DistanceTable kAttack = {{
    {},                                      // none
    {0, 18, 10, 4, 0, 0, 0, 0, 0},           // pawn
    {0, 12, 10, 7, 4, 2, 0, 0, 0},           // lance
    {0, 8, 26, 16, 6, 0, 0, 0, 0},           // knight
    {0, 48, 36, 20, 8, 2, 0, 0, 0},          // silver
    {0, 20, 16, 10, 5, 0, 0, 0, 0},          // bishop
    {0, 24, 18, 12, 6, 0, 0, 0, 0},          // rook
    kGoldAttack,                             // gold
    {},                                      // king
    kGoldAttack, kGoldAttack, kGoldAttack, kGoldAttack,
    {0, 50, 40, 24, 10, 4, 0, 0, 0},         // horse
    {0, 65, 50, 32, 14, 5, 0, 0, 0},         // dragon
}};
constexpr DistanceTable kDefence = {{
    {},
    {0, 14, 10, 4, 0, 0, 0, 0, 0},           // pawn
    {0, 4, 4, 2, 0, 0, 0, 0, 0},             // lance
    {0, 4, 4, 2, 0, 0, 0, 0, 0},             // knight
    {0, 32, 26, 12, 3, 0, -3, -6, -8},       // silver
    {0, 6, 6, 4, 0, 0, 0, 0, 0},             // bishop
    {0, 0, 0, 0, 0, 0, 0, 0, 0},             // rook
    kGoldDefence,                            // gold
    {},
    {0, 20, 15, 6, 0, 0, 0, 0, 0},           // tokin: attacks more than it defends
    {0, 20, 15, 6, 0, 0, 0, 0, 0},
    {0, 20, 15, 6, 0, 0, 0, 0, 0},
    {0, 30, 22, 10, 2, 0, 0, 0, 0},          // promoted silver
    {0, 45, 35, 18, 5, 0, 0, 0, 0},          // horse
    {0, 15, 10, 5, 0, 0, 0, 0, 0},           // dragon
}};

struct DistanceTables {
  uint8_t d[kSquareCount][kSquareCount];
  constexpr DistanceTables() : d{} {
    for (int a = 0; a < kSquareCount; ++a)
      for (int b = 0; b < kSquareCount; ++b) {
        const int df = file_of(a) > file_of(b) ? file_of(a) - file_of(b) : file_of(b) - file_of(a);
        const int dr = rank_of(a) > rank_of(b) ? rank_of(a) - rank_of(b) : rank_of(b) - rank_of(a);
        d[a][b] = static_cast<uint8_t>(df > dr ? df : dr);
      }
  }
};
constexpr DistanceTables kDistance;

constexpr int kRookMobility = 3;    // per square a rook or dragon reaches
constexpr int kBishopMobility = 4;  // per square a bishop or horse reaches

// Placement and slider mobility of colour c's pieces.
int placement(const Position& pos, Color c) {
  const Square own_king = pos.king_square(c), their_king = pos.king_square(~c);
  const Bitboard occ = pos.occupied(), not_own = ~pos.pieces(c);
  int score = 0;
  for (Square sq : squares(pos.pieces(c))) {
    const PieceType t = type_of(pos.at(sq));
    score += kAttack[t][kDistance.d[sq][their_king]] + kDefence[t][kDistance.d[sq][own_king]];
  }
  for (Square sq : squares(pos.pieces(c, Movement::Rook) | pos.pieces(c, Movement::Dragon)))
    score += kRookMobility * (rook_attacks(sq, occ) & not_own).count();
  for (Square sq : squares(pos.pieces(c, Movement::Bishop) | pos.pieces(c, Movement::Horse)))
    score += kBishopMobility * (bishop_attacks(sq, occ) & not_own).count();
  return score;
}

template <Variant V>
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
    if (attackers_to<V>(pos, them, sq, occ).any()) ++attacked;
  int threats = 0;
  for (int t = kLance; t <= kGold; ++t) threats += pos.hand(them).count[t];
  score -= kAttackedNeighbour * attacked * (1 + threats / 2);
  score -= kHandThreat * threats;
  if (!kTables.far_rows[static_cast<int>(facing_of(them))][3].test(k)) score -= kKingOutOfCamp;
  return score;
}

}  // namespace

int piece_value(PieceType t) { return kBoardValue[t]; }
int hand_value(PieceType t) { return t <= kGold ? kHandValue[t] : 0; }

template <Variant V>
int evaluate(const Position& pos) {
  int score[2] = {0, 0};
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    for (Square sq : squares(pos.pieces(c))) score[ci] += kBoardValue[type_of(pos.at(sq))];
    for (int t = kPawn; t <= kGold; ++t) score[ci] += kHandValue[t] * pos.hand(c).count[t];
    score[ci] += king_safety<V>(pos, c);
    if constexpr (V == Variant::Shogi) score[ci] += placement(pos, c);
  }
  if constexpr (V == Variant::Annan) {
    // Borrowed movement: what each colour's pieces move like, minus what they are.
    const MovementSets effective = movement_sets<Variant::Annan>(pos);
    for (int ci = 0; ci < 2; ++ci) {
      const Color c = static_cast<Color>(ci);
      int delta = 0;
      for (int m = 0; m < 10; ++m) {
        delta += kMovementValue[m] * (effective.of[ci][m].count() -
                                      pos.pieces(c, static_cast<Movement>(m)).count());
      }
      score[ci] += delta / 4;
    }
  }
  const int diff = score[kBlack] - score[kWhite];
  return pos.side_to_move() == kBlack ? diff : -diff;
}

template int evaluate<Variant::Shogi>(const Position&);
template int evaluate<Variant::Annan>(const Position&);

}  // namespace kaisho::ai::shogi_search

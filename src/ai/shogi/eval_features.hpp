#pragma once
// The features of the learned Shogi evaluation (plain Shogi only), shared by the evaluation
// (ai/shogi/evaluation.cpp) and its trainer (`kaisho train-eval`), so that both always mean
// the same thing by a weight.
//
// Every feature belongs to one colour and is seen from that colour's side: a gote piece's
// square is turned 180 degrees first, so that "forward" and "own camp" are the same for
// both. The evaluation from sente's view is sum(weight * value) over sente's features minus
// the same sum over gote's; the side to move adds the tempo weight.
//
//   piece-square   one per (piece type, square) of every piece on the board (kings too);
//                  the material value of a piece is learned here, as the mean of its row
//   own king       one per (piece type, file distance and rank offset from the owner's king)
//   enemy king     one per (piece type, file distance and rank offset from the opponent's
//                  king); left and right of a king share a weight, which halves what the
//                  training has to learn from the same games
//   hand           one per (type, n) for n = 1..count of that type in hand: the n-th piece
//                  of a type in hand is worth its own weight
//   king safety    squares beside the owner's king the opponent attacks; those times the
//                  opponent's non-pawn pieces in hand (up to 8); non-pawn pieces in the
//                  opponent's hand; own golds and silvers beside the king
//   mobility       squares a rook or dragon reaches; squares a bishop or horse reaches
//   tempo          the side to move
//   king zones     one per (piece type, place within kZoneReach of the owner's king, where
//                  that king stands), and the same for the opponent's king (king_zone)
//   pairs          one per (piece type, own or opponent's neighbour, the neighbour's type,
//                  direction) for every piece but a king and each piece near it (within
//                  kPairFiles files and kPairRanks ranks); left and right share a weight
//   lines          one per (long-range piece, direction, own or opponent's blocker, the
//                  blocker's type, its distance) for the first piece on each line a lance,
//                  rook, bishop, dragon or horse slides along; left and right share a weight
//   threats        one per (piece type, the movement of its cheapest attacker, whether its
//                  owner guards it, whether its owner is to move) for every piece but a king
//                  that the opponent attacks
//   king squares   one per (place beside the king, how many of the opponent's pieces attack
//                  it (0, 1, 2+), whether an own piece other than the king guards it, what
//                  stands on it, the opponent's non-pawn pieces in hand (0, 1, 2+)) for each
//                  square beside a king
//   drop checks    one per (type in the opponent's hand, how many empty squares it could be
//                  dropped on to check the king where it cannot be taken (1, 2, 3+))
//
// Every feature has two weights, one for the opening and one for the endgame, and the
// evaluation blends them by the game's phase (game_phase: 0 at the start, kPhaseMax once
// enough material is in hand or in the other camp), so that a piece's place or the danger to
// a king can matter more as the game goes on.
#include <array>
#include <cstdint>

#include "rules/shogi/movegen.hpp"

namespace kaisho::ai::shogi_search {

using namespace kaisho::shogi;

namespace features {

constexpr int kOffsets = 9 * 17;  // file distance 0..8, rank offset -8..8
constexpr int kPieceSquare = 0;
constexpr int kOwnKing = kPieceSquare + kPieceTypeCount * kSquareCount;
constexpr int kEnemyKing = kOwnKing + kPieceTypeCount * kOffsets;
constexpr int kHand = kEnemyKing + kPieceTypeCount * kOffsets;
constexpr int kMaxInHand = 18;
constexpr int kKingAttacked = kHand + kHandTypeCount * (kMaxInHand + 1);
constexpr int kKingAttackedTimesHand = kKingAttacked + 1;
constexpr int kHandThreats = kKingAttacked + 2;
constexpr int kKingDefenders = kKingAttacked + 3;
constexpr int kRookMobility = kKingAttacked + 4;
constexpr int kBishopMobility = kKingAttacked + 5;
constexpr int kTempo = kKingAttacked + 6;
constexpr int kZoneReach = 3;                  // king zones: how many files and ranks from the king
constexpr int kZoneFiles = 5, kZoneRanks = 3;  // where the king stands (king_zone)
constexpr int kZoneSize =
    kPieceTypeCount * kZoneFiles * kZoneRanks * (2 * kZoneReach + 1) * (2 * kZoneReach + 1);
constexpr int kOwnKingZone = kTempo + 1;
constexpr int kEnemyKingZone = kOwnKingZone + kZoneSize;
constexpr int kPairFiles = 1;  // how many files and ranks away a piece's pair may stand
constexpr int kPairRanks = 2;
constexpr int kPairDirections = (kPairFiles + 1) * (2 * kPairRanks + 1);  // pair_direction
constexpr int kPairs = kEnemyKingZone + kZoneSize;
constexpr int kLineSliders = 5;     // lance, rook, bishop, dragon, horse (line_slider)
constexpr int kLineDirections = 5;  // forward, backward, sideways, diagonal forward and backward
constexpr int kLineReach = 8;       // the blocker's distance, 1..8
constexpr int kLines = kPairs + kPieceTypeCount * 2 * kPieceTypeCount * kPairDirections;
constexpr int kThreats = kLines + kLineSliders * kLineDirections * 2 * kPieceTypeCount * kLineReach;
constexpr int kMovements = 10;  // the attacker's movement (Movement)
constexpr int kKingSquares = kThreats + kPieceTypeCount * kMovements * 2 * 2;
constexpr int kKingPlaces = 6;  // beside the king, left and right merged (king_square)
constexpr int kDropChecks = kKingSquares + kKingPlaces * 3 * 2 * 3 * 3;
constexpr int kCount = kDropChecks + kHandTypeCount * 3;

// Weights: every feature has an opening weight and an endgame weight, stored side by side
// (opening_weight(i) and endgame_weight(i) name the layout; nothing else may assume it).
constexpr int kWeightCount = 2 * kCount;
constexpr int opening_weight(int feature) {
  return 2 * feature;
}
constexpr int endgame_weight(int feature) {
  return 2 * feature + 1;
}
constexpr int kPhaseMax = 16;

// The square as colour c sees it (gote's view turned 180 degrees).
constexpr Square seen_by(Color c, Square sq) {
  return c == kBlack ? sq : kSquareCount - 1 - sq;
}

// Pairs: a piece and another within kPairFiles files and kPairRanks ranks of it (kNear[sq]
// holds the squares near sq), seen from each of the two. pair_direction(c, from, to) numbers
// the place of `to` relative to `from` as colour c sees it, left and right merged: |file
// step| * (2 * kPairRanks + 1) + rank step + kPairRanks, the rank step seen by c (gote's
// view turned); kPairRanks (the square itself) is never used.
inline const std::array<Bitboard, kSquareCount> kNear = [] {
  std::array<Bitboard, kSquareCount> near{};
  for (int from = 0; from < kSquareCount; ++from)
    for (int to = 0; to < kSquareCount; ++to) {
      const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
      if (to != from && df >= -kPairFiles && df <= kPairFiles && dr >= -kPairRanks &&
          dr <= kPairRanks)
        near[from] |= Bitboard::square(to);
    }
  return near;
}();

constexpr int kPairSpan = 9 * kPairFiles + kPairRanks;  // the largest |to - from|
inline constexpr auto kPairDirection = [] {
  std::array<std::array<int8_t, 2 * kPairSpan + 1>, 2> t{};  // [colour][to - from + span]
  for (int df = -kPairFiles; df <= kPairFiles; ++df)
    for (int dr = -kPairRanks; dr <= kPairRanks; ++dr) {
      const int across = (df < 0 ? -df : df) * (2 * kPairRanks + 1) + kPairRanks;
      t[0][df * 9 + dr + kPairSpan] = static_cast<int8_t>(across + dr);
      t[1][df * 9 + dr + kPairSpan] = static_cast<int8_t>(across - dr);
    }
  return t;
}();

constexpr int pair_direction(Color c, Square from, Square to) {
  return kPairDirection[c == kBlack ? 0 : 1][to - from + kPairSpan];
}

// The feature of a piece of type t with a neighbour q in direction dir (pair_direction).
constexpr int pair(PieceType t, bool enemy_neighbour, PieceType q, int dir) {
  return kPairs + ((t * 2 + enemy_neighbour) * kPieceTypeCount + q) * kPairDirections + dir;
}

// Lines: the slider's number (lance 0, rook 1, bishop 2, dragon 3, horse 4), or -1.
constexpr int line_slider(PieceType t) {
  return t == kLance    ? 0
         : t == kRook   ? 1
         : t == kBishop ? 2
         : t == kDragon ? 3
         : t == kHorse  ? 4
                        : -1;
}

// The feature of a slider whose line in direction dir (0 forward, 1 backward, 2 sideways, 3
// diagonal forward, 4 diagonal backward, seen by its owner) first meets a piece of type q
// (the slider's own or the opponent's) `distance` squares away (1..kLineReach).
constexpr int line(int slider, int dir, bool enemy_blocker, PieceType q, int distance) {
  return kLines +
         (((slider * kLineDirections + dir) * 2 + enemy_blocker) * kPieceTypeCount + q) *
             kLineReach +
         distance - 1;
}

// Threats: a piece of type t that the opponent attacks, by the movement of its cheapest
// attacker (cheapest_attacker), whether its owner also guards its square, and whether its owner
// is to move (it may step away) or not (it may be taken).
constexpr int threat(PieceType t, Movement attacker, bool guarded, bool owner_to_move) {
  return kThreats + ((t * kMovements + static_cast<int>(attacker)) * 2 + guarded) * 2 +
         owner_to_move;
}

// King squares: the square beside a king at `place` (|file step| * 3 + rank step + 1, the rank
// step seen by the king's owner; 1, the king's own square, is never used), attacked by
// `attackers` of the opponent's pieces (0, 1, 2 for two or more), guarded by an own piece
// other than the king or not, standing empty (0), holding an own piece (1) or an opponent's
// (2), with `hand` non-pawn pieces in the opponent's hand (0, 1, 2 for two or more).
constexpr int king_square(int place, int attackers, bool guarded, int occupant, int hand) {
  return kKingSquares + (((place * 3 + attackers) * 2 + guarded) * 3 + occupant) * 3 + hand;
}

// Drop checks: the opponent holds a piece of type t that it could drop on `squares` (1, 2, 3
// for three or more) empty squares to check the king where the king's side cannot take it.
constexpr int drop_check(PieceType t, int squares) {
  return kDropChecks + t * 3 + (squares < 3 ? squares : 3) - 1;
}

// The n-th piece of type t in hand (1 <= n <= kMaxInHand).
constexpr int hand(PieceType t, int n) {
  return kHand + t * (kMaxInHand + 1) + n;
}

// The place of `sq` relative to `king`, both already seen by the same colour.
constexpr int offset(Square king, Square sq) {
  const int df = file_of(sq) - file_of(king);
  return (df < 0 ? -df : df) * 17 + (rank_of(sq) - rank_of(king) + 8);
}

// The king-relative feature of a piece of type t on sq: its place from its owner's king
// (`own`) or from the opponent's; both squares seen by the piece's owner.
constexpr int king_place(bool own, PieceType t, Square king, Square sq) {
  return (own ? kOwnKing : kEnemyKing) + t * kOffsets + offset(king, sq);
}

// King zones: a piece of type t on sq within kZoneReach files and ranks of a king, by where
// that king stands (both squares seen by the piece's owner): the king's file counted from the
// nearer edge (0..4; the board is mirrored when the king is on files 6..9, so its left and
// right stay apart) and its rank from its own back rank (0, 1, 2 or more). The first
// feature of the zone block of the owner's king (kOwnKingZone) or the opponent's
// (kEnemyKingZone); -1 when sq is out of reach. What the king-relative features cannot
// tell: a gold beside a king in the corner is not one beside a king in the centre.
constexpr int king_zone(int block, PieceType t, Square king, Square sq) {
  const int kf = file_of(king);
  const bool mirrored = kf > 5;
  int df = file_of(sq) - kf;
  if (mirrored) df = -df;
  const int dr = rank_of(sq) - rank_of(king);
  if (df < -kZoneReach || df > kZoneReach || dr < -kZoneReach || dr > kZoneReach) return -1;
  const int file_bucket = mirrored ? 9 - kf : kf - 1;
  const int back = block == kOwnKingZone ? 9 - rank_of(king) : rank_of(king) - 1;
  const int rank_bucket = back < kZoneRanks - 1 ? back : kZoneRanks - 1;
  constexpr int kSide = 2 * kZoneReach + 1;
  return block + ((t * kZoneFiles + file_bucket) * kZoneRanks + rank_bucket) * kSide * kSide +
         (df + kZoneReach) * kSide + dr + kZoneReach;
}

}  // namespace features

// How far the game has gone, 0 (the start) to features::kPhaseMax: the pieces in hand (a
// pawn counts 1, any other piece 3) and the pieces in the other side's camp (2 each), of
// both colours; kPhaseMax is reached at 24.
inline int game_phase(const Position& pos) {
  constexpr int kFull = 24;
  int raw = 0;
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    const Hand& hand = pos.hand(c);
    raw += hand.count[kPawn];
    for (int t = kLance; t <= kGold; ++t) raw += 3 * hand.count[t];
    raw += 2 * (pos.pieces(c) & promotion_zone(c)).count();
  }
  return raw >= kFull ? features::kPhaseMax : raw * features::kPhaseMax / kFull;
}

// What each colour attacks (every piece's moves on the board, kings' too), by the mover's
// movement and in all; the squares two or more of its pieces attack; what its pieces other
// than the king attack; and how many squares not its own its rooks/dragons and
// bishops/horses reach by sliding (counted per piece).
struct AttackMaps {
  Bitboard by_movement[2][features::kMovements];
  Bitboard all[2];
  Bitboard twice[2];
  Bitboard but_king[2];
  int rook_reach[2] = {0, 0};
  int bishop_reach[2] = {0, 0};
};

inline AttackMaps attack_maps(const Position& pos) {
  using M = Movement;
  AttackMaps maps;
  const Bitboard occ = pos.occupied();
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    const Facing facing = facing_of(c);
    const Bitboard not_own = ~pos.pieces(c);
    // Pawns, all at once: an unpromoted pawn never stands on its last rank, so one step
    // forward (a square lower for sente, higher for gote) stays on its file, and no two
    // pawns attack the same square.
    const Bitboard pawns = pos.pieces(c, M::Pawn);
    maps.by_movement[ci][static_cast<int>(M::Pawn)] =
        c == kBlack ? pawns.shifted_right(1) : pawns.shifted_left(1);
    Bitboard all = maps.by_movement[ci][static_cast<int>(M::Pawn)], twice;
    for (int mi = static_cast<int>(M::Pawn) + 1; mi < features::kMovements; ++mi) {
      const M m = static_cast<M>(mi);
      Bitboard a;
      for (Square sq : squares(pos.pieces(c, m))) {
        Bitboard x;
        if (m == M::Rook || m == M::Dragon) {
          const Bitboard slide = rook_attacks(sq, occ);
          maps.rook_reach[ci] += (slide & not_own).count();
          x = m == M::Dragon ? slide | kTables.king[sq] : slide;
        } else if (m == M::Bishop || m == M::Horse) {
          const Bitboard slide = bishop_attacks(sq, occ);
          maps.bishop_reach[ci] += (slide & not_own).count();
          x = m == M::Horse ? slide | kTables.king[sq] : slide;
        } else {
          x = attacks_of(m, facing, sq, occ);
        }
        twice |= all & x;
        all |= x;
        a |= x;
      }
      maps.by_movement[ci][mi] = a;
    }
    maps.all[ci] = all;
    maps.twice[ci] = twice;
    Bitboard but_king;
    for (int mi = 0; mi < features::kMovements; ++mi)
      if (mi != static_cast<int>(M::King)) but_king |= maps.by_movement[ci][mi];
    maps.but_king[ci] = but_king;
  }
  return maps;
}

// The movements from the cheapest piece to the dearest (the king last: it takes only what
// nothing guards).
inline constexpr Movement kMovementsByCost[] = {
    Movement::Pawn,   Movement::Lance, Movement::Knight, Movement::Silver, Movement::Gold,
    Movement::Bishop, Movement::Rook,  Movement::Horse,  Movement::Dragon, Movement::King};

// The movement of the cheapest of colour c's pieces attacking sq (which c must attack).
inline Movement cheapest_attacker(const AttackMaps& maps, Color c, Square sq) {
  for (Movement m : kMovementsByCost)
    if (maps.by_movement[c][static_cast<int>(m)].test(sq)) return m;
  return Movement::King;
}

// The features split in two. Placement features (piece-square, king-relative, king zones,
// pairs, hand) change only near the squares a move touches, so the search keeps their sum
// move by move (placement_sums.hpp); dynamic features (king safety, mobility, lines, threats,
// tempo) are counted afresh at every evaluation. Both call add(index, value) for every
// feature of the position with a non-zero value: value is positive for sente's features and
// negative for gote's (sente's view).
//
// visit_piece_features: the features of piece p on sq by itself (its square and, but for a
// king, its place from both kings and in their zones), each with `sign`; the kings stand
// where they stand in pos.
template <class Add>
void visit_piece_features(const Position& pos, Piece p, Square sq, int sign, Add&& add) {
  namespace f = features;
  const Color c = color_of(p);
  const PieceType t = type_of(p);
  const Square s = f::seen_by(c, sq);
  add(f::kPieceSquare + t * kSquareCount + s, sign);
  if (t == kKing) return;
  const Square own_king = f::seen_by(c, pos.king_square(c));
  const Square enemy_king = f::seen_by(c, pos.king_square(~c));
  add(f::king_place(true, t, own_king, s), sign);
  add(f::king_place(false, t, enemy_king, s), sign);
  if (const int z = f::king_zone(f::kOwnKingZone, t, own_king, s); z >= 0) add(z, sign);
  if (const int z = f::king_zone(f::kEnemyKingZone, t, enemy_king, s); z >= 0) add(z, sign);
}

// visit_king_features: those of visit_piece_features's features of the non-king piece p on
// sq that depend on where colour k's king stands, were it on king_sq: p's place from it and
// in its zone.
template <class Add>
void visit_king_features(Piece p, Square sq, Color k, Square king_sq, int sign, Add&& add) {
  namespace f = features;
  const Color c = color_of(p);
  const PieceType t = type_of(p);
  const Square s = f::seen_by(c, sq), king = f::seen_by(c, king_sq);
  add(f::king_place(c == k, t, king, s), sign);
  const int z = f::king_zone(c == k ? f::kOwnKingZone : f::kEnemyKingZone, t, king, s);
  if (z >= 0) add(z, sign);
}

template <class Add>
void visit_placement_features(const Position& pos, Add&& add) {
  namespace f = features;
  const Bitboard occ = pos.occupied();
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    const int sign = c == kBlack ? 1 : -1;
    for (Square sq : squares(pos.pieces(c))) {
      const PieceType t = type_of(pos.at(sq));
      visit_piece_features(pos, pos.at(sq), sq, sign, add);
      if (t == kKing) continue;
      for (Square nb : squares(f::kNear[sq] & occ)) {
        const Piece q = pos.at(nb);
        add(f::pair(t, color_of(q) != c, type_of(q), f::pair_direction(c, sq, nb)), sign);
      }
    }
    for (int t = kPawn; t <= kGold; ++t) {
      const int n = pos.hand(c).count[t] < f::kMaxInHand ? pos.hand(c).count[t] : f::kMaxInHand;
      for (int i = 1; i <= n; ++i) add(f::hand(static_cast<PieceType>(t), i), sign);
    }
  }
}

// The line features of colour c's long-range pieces (features::line), each with `sign`.
template <class Add>
void visit_line_features(const Position& pos, Color c, int sign, Add&& add) {
  namespace f = features;
  struct Ray {
    int file_step, forward_step, dir;
  };
  static constexpr Ray kRookRays[] = {{0, 1, 0}, {0, -1, 1}, {1, 0, 2}, {-1, 0, 2}};
  static constexpr Ray kBishopRays[] = {{1, 1, 3}, {-1, 1, 3}, {1, -1, 4}, {-1, -1, 4}};
  static constexpr Ray kLanceRay = {0, 1, 0};
  const int forward = c == kBlack ? -1 : 1;  // the rank step towards the opponent
  using M = Movement;
  const Bitboard sliders = pos.pieces(c, M::Lance) | pos.pieces(c, M::Rook) |
                           pos.pieces(c, M::Dragon) | pos.pieces(c, M::Bishop) |
                           pos.pieces(c, M::Horse);
  for (Square sq : squares(sliders)) {
    const PieceType t = type_of(pos.at(sq));
    const int slider = f::line_slider(t);
    const auto walk = [&](const Ray& ray) {
      int file = file_of(sq), rank = rank_of(sq);
      for (int distance = 1;; ++distance) {
        file += ray.file_step;
        rank += ray.forward_step * forward;
        if (!on_board(file, rank)) return;  // open to the edge: no feature
        const Piece q = pos.at(make_square(file, rank));
        if (q == kNoPiece) continue;
        add(f::line(slider, ray.dir, color_of(q) != c, type_of(q), distance), sign);
        return;
      }
    };
    if (t == kLance) {
      walk(kLanceRay);
      continue;
    }
    for (const Ray& ray : (t == kRook || t == kDragon) ? kRookRays : kBishopRays) walk(ray);
  }
}

// The threat features of colour c's pieces (features::threat), each with `sign`.
template <class Add>
void visit_threat_features(const Position& pos, const AttackMaps& maps, Color c, int sign,
                           Add&& add) {
  const bool owner_to_move = pos.side_to_move() == c;
  for (Square sq : squares(pos.pieces(c) & maps.all[~c])) {
    const PieceType t = type_of(pos.at(sq));
    if (t == kKing) continue;
    add(features::threat(t, cheapest_attacker(maps, ~c, sq), maps.all[c].test(sq), owner_to_move),
        sign);
  }
}

// The place (features::king_square) of the square `king + delta - 10` beside colour c's king
// on `king`: a square beside it is 9 * file step + rank step away.
inline constexpr auto kKingPlace = [] {
  std::array<std::array<int8_t, 21>, 2> t{};
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr)
      for (int c = 0; c < 2; ++c)  // gote's view is turned: its forward is sente's backward
        t[c][df * 9 + dr + 10] = static_cast<int8_t>((df < 0 ? -df : df) * 3 + (c ? -dr : dr) + 1);
  return t;
}();

// The king-square and drop-check features of colour c's king (features::king_square,
// features::drop_check), each with `sign`.
template <class Add>
void visit_king_danger_features(const Position& pos, const AttackMaps& maps, Color c, int sign,
                                Add&& add) {
  namespace f = features;
  const Color them = ~c;
  const Square king = pos.king_square(c);
  int hand = 0;
  for (int t = kLance; t <= kGold; ++t) hand += pos.hand(them).count[t];
  const int hand_bucket = hand < 2 ? hand : 2;
  const Bitboard near = kTables.king[king];
  for (Square sq : squares(near)) {
    const int place = kKingPlace[c][sq - king + 10];
    const int attackers = maps.twice[them].test(sq) ? 2 : maps.all[them].test(sq) ? 1 : 0;
    const Piece p = pos.at(sq);
    const int occupant = p == kNoPiece ? 0 : color_of(p) == c ? 1 : 2;
    add(f::king_square(place, attackers, maps.but_king[c].test(sq), occupant, hand_bucket), sign);
  }
  // A dropped piece checks from where the same piece of the king's colour on the king's square
  // would attack; it cannot be taken where no other piece guards it and the king does not
  // reach it or the opponent backs it. Such a square is never one where a pawn, lance or knight
  // could not move again (it lies behind the king as the dropped piece faces); whether a pawn
  // drop would mate (which the rules forbid) is not asked.
  const Bitboard occ = pos.occupied();
  const Bitboard safe = ~occ & ~maps.but_king[c] & (~near | maps.all[them]);
  const Facing facing = facing_of(c);
  for (int t = kPawn; t <= kGold; ++t) {
    if (pos.hand(them).count[t] == 0) continue;
    const PieceType type = static_cast<PieceType>(t);
    // The square in front of the king is on the king's file: no second pawn there.
    if (type == kPawn && (pos.pieces(them, Movement::Pawn) & kTables.file[file_of(king)]).any())
      continue;
    const Bitboard checks = attacks_of(movement_of(type), facing, king, occ) & safe;
    if (const int n = checks.count()) add(f::drop_check(type, n), sign);
  }
}

// The dynamic features; the tempo feature is +1 when sente is to move, -1 when gote is.
template <class Add>
void visit_dynamic_features(const Position& pos, Add&& add) {
  namespace f = features;
  const AttackMaps maps = attack_maps(pos);
  for (int ci = 0; ci < 2; ++ci) {
    const Color c = static_cast<Color>(ci);
    const int sign = c == kBlack ? 1 : -1;
    const Bitboard around = kTables.king[pos.king_square(c)];
    const int attacked = (maps.all[1 - ci] & around).count();
    int threats = 0;
    for (int t = kLance; t <= kGold; ++t) threats += pos.hand(~c).count[t];
    if (attacked) add(f::kKingAttacked, sign * attacked);
    if (attacked && threats)
      add(f::kKingAttackedTimesHand, sign * attacked * (threats < 8 ? threats : 8));
    if (threats) add(f::kHandThreats, sign * threats);
    const int defenders =
        ((pos.pieces(c, Movement::Gold) | pos.pieces(c, Movement::Silver)) & around).count();
    if (defenders) add(f::kKingDefenders, sign * defenders);

    const int rook_reach = maps.rook_reach[ci], bishop_reach = maps.bishop_reach[ci];
    if (rook_reach) add(f::kRookMobility, sign * rook_reach);
    if (bishop_reach) add(f::kBishopMobility, sign * bishop_reach);
    visit_line_features(pos, c, sign, add);
    visit_threat_features(pos, maps, c, sign, add);
    visit_king_danger_features(pos, maps, c, sign, add);
  }
  add(f::kTempo, pos.side_to_move() == kBlack ? 1 : -1);
}

// Every feature of the position: the placement features, then the dynamic ones.
template <class Add>
void visit_features(const Position& pos, Add&& add) {
  visit_placement_features(pos, add);
  visit_dynamic_features(pos, add);
}

}  // namespace kaisho::ai::shogi_search

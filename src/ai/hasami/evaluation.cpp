#include "ai/hasami/evaluation.hpp"

#include <algorithm>

namespace kaisho::ai::hasami_search {

namespace {

using shogi_family::kTables;

// A won count (never seen at a node the search evaluates, but a threatened capture may
// reach it).
constexpr int kWonValue = 2400;

// capture5: the value of having captured 0..5; each capture is worth more the nearer it
// brings the fifth.
constexpr int kCapture5[6] = {0, 100, 215, 350, 530, kWonValue};
// lead3: the value of a lead of -3..3.
constexpr int kLead3[7] = {-kWonValue, -440, -170, 0, 170, 440, kWonValue};
// all: the value of having captured 0..9; a side left with one piece can capture nothing.
constexpr int kCaptureAll[10] = {0, 100, 200, 300, 405, 515, 635, 775, 960, kWonValue};

constexpr int kMobility = 2;
constexpr int kSafeAxis = 4;            // per piece and axis along which the edge protects it
constexpr int kHalfOpen = 7;            // an enemy on one side and an empty square on the other
constexpr int kTheirThreatSingle = 45;  // percent of the loss an opponent's threat costs
constexpr int kTheirThreatDouble = 80;  // ... when it threatens on two squares or more
constexpr int kOurThreat = 15;          // percent of the gain the mover's own threat is worth

// Pieces of `own` that have an enemy on one side and an empty square on the other along a
// rank or file (the enemy needs one more piece there to capture).
int half_open(Bitboard own, Bitboard enemy, Bitboard empty) {
  // Shifts along a rank (+-9) and along a file (+-1, masked at the file's ends).
  const Bitboard not_a = ~kTables.rank[1], not_i = ~kTables.rank[9];
  auto up = [&](Bitboard b) { return b.shifted_right(1) & not_i; };   // toward rank a
  auto down = [&](Bitboard b) { return b.shifted_left(1) & not_a; };  // toward rank i
  auto left = [](Bitboard b) { return b.shifted_left(9); };           // toward file 9
  auto right = [](Bitboard b) { return b.shifted_right(9); };         // toward file 1
  // own pieces whose neighbour toward rank i is an enemy: down(own) & enemy, moved back up.
  const Bitboard enemy_below = up(enemy) & own, empty_below = up(empty) & own;
  const Bitboard enemy_above = down(enemy) & own, empty_above = down(empty) & own;
  const Bitboard enemy_right = left(enemy) & own, empty_right = left(empty) & own;
  const Bitboard enemy_left = right(enemy) & own, empty_left = right(empty) & own;
  const Bitboard open = (enemy_below & empty_above) | (enemy_above & empty_below) |
                        (enemy_left & empty_right) | (enemy_right & empty_left);
  return open.count();
}

int edge_safety(Bitboard own) {
  const Bitboard file_edges = kTables.file[1] | kTables.file[9];
  const Bitboard rank_edges = kTables.rank[1] | kTables.rank[9];
  return (own & file_edges).count() + (own & rank_edges).count();
}

}  // namespace

int material(WinRule rule, int mine, int theirs) {
  switch (rule) {
    case WinRule::Capture5:
      return kCapture5[std::min(mine, 5)] - kCapture5[std::min(theirs, 5)];
    case WinRule::Lead3:
      return kLead3[std::clamp(mine - theirs, -3, 3) + 3];
    case WinRule::CaptureAll:
      return kCaptureAll[std::min(mine, 9)] - kCaptureAll[std::min(theirs, 9)];
  }
  return 0;
}

int evaluate(const Position& pos, WinRule rule, const Threats& ours, const Threats& their) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const int mine = pos.captured_by(us), theirs = pos.captured_by(them);
  const int base = material(rule, mine, theirs);
  int score = base;

  score += kMobility * (ours.mobility - their.mobility);

  // The opponent's threats: the side to move can usually parry one, seldom two.
  if (their.best > 0) {
    const int loss = base - material(rule, mine, theirs + their.best);
    score -= loss * (their.moves >= 2 ? kTheirThreatDouble : kTheirThreatSingle) / 100;
  }
  // Our own threats: the quiescence search plays them; a little credit for the initiative.
  if (ours.best > 0) score += (material(rule, mine + ours.best, theirs) - base) * kOurThreat / 100;

  const Bitboard empty = ~pos.occupied();
  const Bitboard own = pos.pieces(us), enemy = pos.pieces(them);
  score -= kHalfOpen * (half_open(own, enemy, empty) - half_open(enemy, own, empty));
  score += kSafeAxis * (edge_safety(own) - edge_safety(enemy));
  return score;
}

}  // namespace kaisho::ai::hasami_search

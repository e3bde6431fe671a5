#pragma once
// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): pure maths, no I/O.
#include <vector>

namespace kaisho::rating {

struct Rating {
  double rating = 1500;      // Glicko scale
  double deviation = 350;    // RD
  double volatility = 0.06;  // sigma
};

struct GameResult {
  Rating opponent;
  double score;       // 1 win, 0.5 draw, 0 loss
  double weight = 1;  // a four-player game counts each pairing as 1/(N-1)
};

// A rating is provisional while its deviation is this high or higher: a new player's first
// games move it a lot, and the site shows it with a "?" (the threshold lichess and lishogi use).
constexpr double kProvisionalDeviation = 110;
inline bool is_provisional(const Rating& r) {
  return r.deviation >= kProvisionalDeviation;
}

// The score the two ratings expect of `player` against `opponent`, 0..1 (Glicko-2's E).
double expected_score(const Rating& player, const Rating& opponent);

// The rating after one rating period with these results (an empty list only widens RD).
Rating update(const Rating& player, const std::vector<GameResult>& results, double tau = 0.5);

}  // namespace kaisho::rating

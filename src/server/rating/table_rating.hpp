#pragma once
// Rating one finished game for every seat: each pair of seats is a result between them (a win,
// a draw counted as half, a loss); in a game of N seats each pairing weighs 1/(N-1), so a
// four-player game counts as much as one two-player game. Seats marked fixed (CPU levels)
// keep their rating.
#include <functional>
#include <optional>
#include <vector>

#include "server/rating/glicko2.hpp"

namespace kaisho::rating {

// score(a, b): seat a's result against seat b (1, 0.5, 0), or nullopt if they are not compared
// (partners in a team game).
using PairScore = std::function<std::optional<double>(size_t a, size_t b)>;

std::vector<Rating> rate_table(const std::vector<Rating>& before, const std::vector<bool>& fixed,
                               const PairScore& score);

}  // namespace kaisho::rating

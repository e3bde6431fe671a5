#include "server/rating/table_rating.hpp"

namespace kaisho::rating {

std::vector<Rating> rate_table(const std::vector<Rating>& before, const std::vector<bool>& fixed,
                               const PairScore& score) {
  const size_t n = before.size();
  std::vector<Rating> after = before;
  const double weight = n > 1 ? 1.0 / static_cast<double>(n - 1) : 1.0;
  for (size_t s = 0; s < n; ++s) {
    if (fixed[s]) continue;
    std::vector<GameResult> results;
    for (size_t t = 0; t < n; ++t) {
      if (t == s) continue;
      if (auto sc = score(s, t)) results.push_back({before[t], *sc, weight});
    }
    after[s] = update(before[s], results);
  }
  return after;
}

}  // namespace kaisho::rating

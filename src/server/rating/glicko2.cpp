#include "server/rating/glicko2.hpp"

#include <cmath>

namespace kaisho::rating {

namespace {
constexpr double kScale = 173.7178;
constexpr double kPi = 3.14159265358979323846;
double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (kPi * kPi));
}
double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}
}  // namespace

double expected_score(const Rating& player, const Rating& opponent) {
  return expected((player.rating - 1500.0) / kScale, (opponent.rating - 1500.0) / kScale,
                  opponent.deviation / kScale);
}

Rating update(const Rating& player, const std::vector<GameResult>& results, double tau) {
  // Step 2: to the Glicko-2 scale.
  const double mu = (player.rating - 1500.0) / kScale;
  const double phi = player.deviation / kScale;
  const double sigma = player.volatility;
  if (results.empty()) {
    const double phi_star = std::sqrt(phi * phi + sigma * sigma);
    return {player.rating, phi_star * kScale, sigma};
  }
  // Steps 3 and 4: estimated variance and improvement (pairings weighted).
  double v_inverse = 0, delta_sum = 0;
  for (const auto& r : results) {
    const double mu_j = (r.opponent.rating - 1500.0) / kScale;
    const double phi_j = r.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    v_inverse += r.weight * g(phi_j) * g(phi_j) * e * (1 - e);
    delta_sum += r.weight * g(phi_j) * (r.score - e);
  }
  const double v = 1.0 / v_inverse;
  const double delta = v * delta_sum;
  // Step 5: new volatility by the Illinois algorithm.
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    return ex * (delta * delta - phi * phi - v - ex) / (2 * std::pow(phi * phi + v + ex, 2)) -
           (x - a) / (tau * tau);
  };
  double A = a, B;
  if (delta * delta > phi * phi + v) {
    B = std::log(delta * delta - phi * phi - v);
  } else {
    int k = 1;
    while (f(a - k * tau) < 0) ++k;
    B = a - k * tau;
  }
  double fA = f(A), fB = f(B);
  while (std::abs(B - A) > 1e-6) {
    const double C = A + (A - B) * fA / (fB - fA);
    const double fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA /= 2;
    }
    B = C;
    fB = fC;
  }
  const double sigma_new = std::exp(A / 2);
  // Steps 6-8.
  const double phi_star = std::sqrt(phi * phi + sigma_new * sigma_new);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * delta_sum;
  return {mu_new * kScale + 1500.0, phi_new * kScale, sigma_new};
}

}  // namespace kaisho::rating

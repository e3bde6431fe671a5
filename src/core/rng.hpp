#pragma once
// Deterministic pseudo-random numbers (splitmix64): fixed seeds give the same Zobrist keys,
// the same random playouts and the same CPU choices on every machine.
#include <cstdint>

namespace kaisho {

class Rng {
 public:
  explicit constexpr Rng(uint64_t seed) : state_(seed) {}
  constexpr uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n); n > 0.
  constexpr uint64_t below(uint64_t n) { return next() % n; }

 private:
  uint64_t state_;
};

}  // namespace kaisho

#pragma once
// Latency samples in microseconds, kept in logarithmic buckets (about 1% wide), so that
// millions of samples cost a few kilobytes and percentiles stay within 1%.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

namespace kaisho::loadtest {

class LatencyHistogram {
 public:
  void add(int64_t micros) {
    const int64_t us = std::max<int64_t>(micros, 1);
    ++buckets_[bucket_of(us)];
    ++count_;
    max_ = std::max(max_, us);
  }
  uint64_t count() const { return count_; }
  int64_t max_us() const { return max_; }

  // The smallest value v such that a fraction q (0..1) of the samples is at or below v
  // (the bucket's upper edge); 0 without samples.
  int64_t percentile_us(double q) const {
    if (count_ == 0) return 0;
    const auto rank = static_cast<uint64_t>(std::ceil(q * static_cast<double>(count_)));
    uint64_t seen = 0;
    for (size_t b = 0; b < kBuckets; ++b) {
      seen += buckets_[b];
      if (seen >= std::max<uint64_t>(rank, 1)) return std::min(upper_edge(b), max_);
    }
    return max_;
  }

 private:
  static constexpr size_t kBuckets = 2200;  // up to about 10^9.5 us
  static constexpr double kStep = 1.01;
  static size_t bucket_of(int64_t us) {
    const auto b = static_cast<size_t>(std::log(static_cast<double>(us)) / std::log(kStep));
    return std::min(b, kBuckets - 1);
  }
  static int64_t upper_edge(size_t b) {
    return static_cast<int64_t>(std::ceil(std::pow(kStep, static_cast<double>(b + 1))));
  }

  std::array<uint64_t, kBuckets> buckets_{};
  uint64_t count_ = 0;
  int64_t max_ = 0;
};

}  // namespace kaisho::loadtest

#pragma once
// What one person or one address may create, as token buckets keyed by who asks: a bucket
// holds `burst` tokens and refills at `per_hour`; each creation takes one. Buckets that have
// refilled completely are forgotten (forget_full), so the maps hold only recent creators.
#include <cstdint>
#include <string>
#include <unordered_map>

namespace kaisho::server {

class KeyedBuckets {
 public:
  KeyedBuckets(double per_hour, double burst) : per_ms_(per_hour / 3'600'000.0), burst_(burst) {}

  // Takes one token for `key`; false (and nothing taken) when its bucket is empty.
  bool take(const std::string& key, int64_t now_ms) {
    if (per_ms_ <= 0) return true;  // no limit
    auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst_, now_ms});
    Bucket& b = it->second;
    b.tokens = std::min(burst_, b.tokens + static_cast<double>(now_ms - b.at) * per_ms_);
    b.at = now_ms;
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  void forget_full(int64_t now_ms) {
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      const double tokens =
          it->second.tokens + static_cast<double>(now_ms - it->second.at) * per_ms_;
      it = tokens >= burst_ ? buckets_.erase(it) : std::next(it);
    }
  }

  size_t size() const { return buckets_.size(); }

 private:
  struct Bucket {
    double tokens;
    int64_t at;
  };
  std::unordered_map<std::string, Bucket> buckets_;
  double per_ms_;
  double burst_;
};

// The hall's limits on creation (docs/reliability.md lists them and their flags).
struct CreationLimits {
  KeyedBuckets new_persons_per_address;
  KeyedBuckets groups_per_person;
  KeyedBuckets groups_per_address;
  void forget_full(int64_t now_ms) {
    new_persons_per_address.forget_full(now_ms);
    groups_per_person.forget_full(now_ms);
    groups_per_address.forget_full(now_ms);
  }
};

}  // namespace kaisho::server

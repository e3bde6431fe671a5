#pragma once
// What one person or one address may create, as token buckets keyed by who asks: a bucket
// holds `burst` tokens and refills at `per_hour`; each creation takes one. Buckets that have
// refilled completely are forgotten (forget_full), so the maps hold only recent creators.
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

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

  // Returns the token take() just took (for a creation that did not happen after all).
  void give_back(const std::string& key) {
    if (auto it = buckets_.find(key); it != buckets_.end())
      it->second.tokens = std::min(burst_, it->second.tokens + 1);
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

// The limits on creation (docs/reliability.md lists them and their flags), shared by the
// halls of a process so that one address gets one budget whichever hall it reaches.
// Thread-safe: each hall calls it from its own strand.
class CreationLimits {
 public:
  CreationLimits(KeyedBuckets new_persons_per_address, KeyedBuckets groups_per_person,
                 KeyedBuckets groups_per_address)
      : new_persons_per_address_(std::move(new_persons_per_address)),
        groups_per_person_(std::move(groups_per_person)),
        groups_per_address_(std::move(groups_per_address)) {}

  bool take_new_person(const std::string& address, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    return new_persons_per_address_.take(address, now_ms);
  }
  // Takes from both buckets, or from neither.
  bool take_new_group(const std::string& person, const std::string& address, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (!groups_per_person_.take(person, now_ms)) return false;
    if (groups_per_address_.take(address, now_ms)) return true;
    groups_per_person_.give_back(person);
    return false;
  }
  void forget_full(int64_t now_ms) {
    std::lock_guard lock(mutex_);
    new_persons_per_address_.forget_full(now_ms);
    groups_per_person_.forget_full(now_ms);
    groups_per_address_.forget_full(now_ms);
  }

 private:
  std::mutex mutex_;
  KeyedBuckets new_persons_per_address_;
  KeyedBuckets groups_per_person_;
  KeyedBuckets groups_per_address_;
};

}  // namespace kaisho::server

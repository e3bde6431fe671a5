#pragma once
// Token buckets: how often something may happen. A bucket holds at most `burst` tokens and
// refills at `per_second` tokens a second; each action takes one. This is the one
// implementation behind the server's rate limits (the network's per-address limits on new
// connections, WebSocket opens and messages). Not thread-safe: the owner locks.
//
// Time is a point on any monotonic clock, given as the time since that clock's epoch, so that
// the network passes std::chrono::steady_clock::now().time_since_epoch() and a hall its
// Scheduler's now_ms() (a fake clock in its tests) as std::chrono::milliseconds.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <string>
#include <unordered_map>

namespace kaisho {

using BucketTime = std::chrono::nanoseconds;

struct BucketRate {
  double per_second = 0;  // <= 0: no limit (every take succeeds, nothing is owed)
  double burst = 0;       // the most a bucket holds; a new bucket starts full
  bool unlimited() const { return per_second <= 0; }
};

// One bucket. It does not keep its rate (many buckets share one): every call is given it, and
// must be given the same one.
class TokenBucket {
 public:
  // A full bucket.
  TokenBucket(const BucketRate& rate, BucketTime now) : tokens_(rate.burst), at_(now) {}

  // Takes one token; false, with nothing taken, when less than one is left.
  bool take(const BucketRate& rate, BucketTime now) {
    if (rate.unlimited()) return true;
    refill(rate, now);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

  // Takes one token whether or not there is one: the bucket may go into debt, which later
  // refills repay before it holds anything again. Returns how long the caller should wait
  // before its next action for the debt to be repaid (zero while the bucket is not in debt).
  std::chrono::milliseconds take_owing(const BucketRate& rate, BucketTime now) {
    if (rate.unlimited()) return std::chrono::milliseconds(0);
    refill(rate, now);
    tokens_ -= 1;
    if (tokens_ >= 0) return std::chrono::milliseconds(0);
    return std::chrono::milliseconds(
        static_cast<int64_t>(std::ceil(-tokens_ / rate.per_second * 1000)));
  }

  // Returns a token take() took (for an action that did not happen after all).
  void give_back(const BucketRate& rate) { tokens_ = std::min(rate.burst, tokens_ + 1); }

  // Whether the bucket has refilled completely by `now` (it is then the same as a new one).
  bool full(const BucketRate& rate, BucketTime now) const {
    return tokens_ + refilled(rate, now) >= rate.burst;
  }

 private:
  double refilled(const BucketRate& rate, BucketTime now) const {
    return rate.per_second * std::chrono::duration<double>(now - at_).count();
  }
  void refill(const BucketRate& rate, BucketTime now) {
    tokens_ = std::min(rate.burst, tokens_ + refilled(rate, now));
    at_ = now;
  }

  double tokens_;
  BucketTime at_;
};

// A bucket per key (an address, a person), made full on its first use. A bucket that has
// refilled completely is no different from a new one, so forget_full may drop it: the map
// holds only those who acted recently. Not thread-safe.
class KeyedTokenBuckets {
 public:
  explicit KeyedTokenBuckets(BucketRate rate) : rate_(rate) {}

  // Takes one token from `key`'s bucket; false, with nothing taken, when it is empty.
  bool take(const std::string& key, BucketTime now) {
    if (rate_.unlimited()) return true;  // no limit: no bucket is kept either
    auto it = buckets_.try_emplace(key, rate_, now).first;
    return it->second.take(rate_, now);
  }

  // Returns the token take() just took from `key` (an action that did not happen after all).
  void give_back(const std::string& key) {
    if (auto it = buckets_.find(key); it != buckets_.end()) it->second.give_back(rate_);
  }

  void forget_full(BucketTime now) {
    std::erase_if(buckets_, [&](const auto& entry) { return entry.second.full(rate_, now); });
  }

  size_t size() const { return buckets_.size(); }

 private:
  BucketRate rate_;
  std::unordered_map<std::string, TokenBucket> buckets_;
};

}  // namespace kaisho

#pragma once
// What one person or one address may do, as token buckets keyed by who asks: a bucket holds
// `burst` tokens and refills at `per_hour`; each action takes one. Buckets that have
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

// How often one person or one address may act (docs/reliability.md lists each limit and its
// flag), shared by the halls of a process so that one address or person gets one budget
// whichever hall it reaches. Thread-safe: each hall calls it from its own strand.
class RateLimits {
 public:
  struct Buckets {
    KeyedBuckets new_persons_per_address;  // hello without a known token
    KeyedBuckets groups_per_person;        // create_group
    KeyedBuckets groups_per_address;
    KeyedBuckets joins_per_person;   // join_group of a group one is not a member of
    KeyedBuckets names_per_person;   // set_name
    KeyedBuckets hellos_per_person;  // hello with a known token (each one may change presence)
    KeyedBuckets practice_games_per_person;  // practice_game (each one stores a game)
  };
  explicit RateLimits(Buckets buckets) : b_(std::move(buckets)) {}

  bool take_new_person(const std::string& address, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    return b_.new_persons_per_address.take(address, now_ms);
  }
  // Takes from both buckets, or from neither.
  bool take_new_group(const std::string& person, const std::string& address, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (!b_.groups_per_person.take(person, now_ms)) return false;
    if (b_.groups_per_address.take(address, now_ms)) return true;
    b_.groups_per_person.give_back(person);
    return false;
  }
  bool take_join(const std::string& person, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    return b_.joins_per_person.take(person, now_ms);
  }
  bool take_name(const std::string& person, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    return b_.names_per_person.take(person, now_ms);
  }
  bool take_hello(const std::string& person, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    return b_.hellos_per_person.take(person, now_ms);
  }
  bool take_practice_game(const std::string& person, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    return b_.practice_games_per_person.take(person, now_ms);
  }
  void forget_full(int64_t now_ms) {
    std::lock_guard lock(mutex_);
    for (KeyedBuckets* k : {&b_.new_persons_per_address, &b_.groups_per_person,
                            &b_.groups_per_address, &b_.joins_per_person, &b_.names_per_person,
                            &b_.hellos_per_person, &b_.practice_games_per_person})
      k->forget_full(now_ms);
  }

 private:
  std::mutex mutex_;
  Buckets b_;
};

}  // namespace kaisho::server

#pragma once
// What one person or one address may do, as token buckets keyed by who asks: a bucket holds
// `burst` tokens and refills at `per_hour`; each action takes one. Buckets that have
// refilled completely are forgotten (forget_full), so the maps hold only recent creators.
#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "core/token_bucket.hpp"

namespace kaisho::server {

// A token bucket per person or address (core/token_bucket.hpp), its rate given per hour and
// its time the hall's milliseconds.
class KeyedBuckets {
 public:
  KeyedBuckets(double per_hour, double burst) : buckets_(BucketRate{per_hour / 3600.0, burst}) {}
  // Takes one token for `key`; false (and nothing taken) when its bucket is empty.
  bool take(const std::string& key, int64_t now_ms) {
    return buckets_.take(key, std::chrono::milliseconds(now_ms));
  }
  // Returns the token take() just took (for a creation that did not happen after all).
  void give_back(const std::string& key) { buckets_.give_back(key); }
  void forget_full(int64_t now_ms) { buckets_.forget_full(std::chrono::milliseconds(now_ms)); }
  size_t size() const { return buckets_.size(); }

 private:
  KeyedTokenBuckets buckets_;
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
    KeyedBuckets practice_games_per_person;   // practice_game (each one is replayed, stored)
    KeyedBuckets practice_games_per_address;  // the same, from one address
    KeyedBuckets histories_per_person;        // history (each one reads the database)
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
  // Takes from both buckets, or from neither.
  bool take_practice_game(const std::string& person, const std::string& address, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (!b_.practice_games_per_person.take(person, now_ms)) return false;
    if (b_.practice_games_per_address.take(address, now_ms)) return true;
    b_.practice_games_per_person.give_back(person);
    return false;
  }
  bool take_history(const std::string& person, int64_t now_ms) {
    std::lock_guard lock(mutex_);
    return b_.histories_per_person.take(person, now_ms);
  }
  void forget_full(int64_t now_ms) {
    std::lock_guard lock(mutex_);
    for (KeyedBuckets* k :
         {&b_.new_persons_per_address, &b_.groups_per_person, &b_.groups_per_address,
          &b_.joins_per_person, &b_.names_per_person, &b_.hellos_per_person,
          &b_.practice_games_per_person, &b_.practice_games_per_address, &b_.histories_per_person})
      k->forget_full(now_ms);
  }

 private:
  std::mutex mutex_;
  Buckets b_;
};

}  // namespace kaisho::server

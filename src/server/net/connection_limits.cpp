#include "server/net/connection_limits.hpp"

#include <utility>

namespace kaisho::net {

namespace {

BucketTime steady_now() {
  return std::chrono::steady_clock::now().time_since_epoch();
}

}  // namespace

Places::Id Places::admit(const std::string& address, bool per_address_cap) {
  std::function<void()> evict;
  Id id = 0;
  {
    std::lock_guard lock(mutex_);
    int& n = by_address_[address];
    if (per_address_cap && n >= per_address_) {
      if (n == 0) by_address_.erase(address);
      return 0;
    }
    if (count_ >= total_) {
      if (idle_.empty()) {
        if (n == 0) by_address_.erase(address);
        return 0;
      }
      // The oldest idle connection gives up its place now; it is closed outside the lock.
      const Id oldest = idle_.begin()->second;
      evict = std::move(entries_[oldest].evict);
      drop(oldest);
      ++evicted_;
    }
    id = ++next_;
    entries_[id] = Entry{address, {}, 0};
    ++by_address_[address];
    ++count_;
  }
  if (evict) evict();
  return id;
}

void Places::on_evict(Id id, std::function<void()> evict) {
  std::lock_guard lock(mutex_);
  if (auto it = entries_.find(id); it != entries_.end()) it->second.evict = std::move(evict);
}

void Places::idle(Id id, bool idle) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(id);
  if (it == entries_.end()) return;
  if (it->second.idle_since) idle_.erase(it->second.idle_since);
  it->second.idle_since = idle ? ++idle_clock_ : 0;
  if (idle) idle_[it->second.idle_since] = id;
}

void Places::release(Id id) {
  std::lock_guard lock(mutex_);
  drop(id);
}

bool Places::pressed() const {
  std::lock_guard lock(mutex_);
  return count_ * 4 >= total_ * 3;
}

uint64_t Places::evicted() const {
  std::lock_guard lock(mutex_);
  return evicted_;
}

void Places::drop(Id id) {
  auto it = entries_.find(id);
  if (it == entries_.end()) return;
  if (it->second.idle_since) idle_.erase(it->second.idle_since);
  if (auto a = by_address_.find(it->second.address); a != by_address_.end() && --a->second <= 0)
    by_address_.erase(a);
  entries_.erase(it);
  --count_;
}

bool OpenRate::take(const std::string& address) {
  std::lock_guard lock(mutex_);
  const BucketTime now = steady_now();
  if (buckets_.size() > 4096) buckets_.forget_full(now);
  return buckets_.take(address, now);
}

bool AddressLimits::admit(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = entries_.try_emplace(address, Entry{0, TokenBucket(rate_, steady_now())}).first;
  if (it->second.connections >= max_connections_) return false;
  ++it->second.connections;
  return true;
}

void AddressLimits::release(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(address);
  if (it != entries_.end() && --it->second.connections <= 0) entries_.erase(it);
}

std::chrono::milliseconds AddressLimits::take(const std::string& address) {
  std::lock_guard lock(mutex_);
  auto it = entries_.find(address);
  if (it == entries_.end()) return std::chrono::milliseconds(0);
  return it->second.messages.take_owing(rate_, steady_now());
}

}  // namespace kaisho::net

#pragma once
// The network's limits on connections, per remote address and in all (ServerConfig gives
// each one's size): places for connections, how often an address may open one, and how
// often an address's WebSockets together may send. Plain C++ (no Boost), thread-safe: the
// network threads share them. Internal to kaisho_net (http_server.cpp uses them; net_test
// checks them directly).
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>

#include "core/token_bucket.hpp"

namespace kaisho::net {

// Places for connections, per address and in all, for one kind of connection (plain HTTP
// before an upgrade; WebSockets). A place is held from admission until release. When every
// place is taken, a newcomer takes the place of the oldest connection that is idle — a plain
// HTTP connection waiting for a request, a WebSocket that has not said anything yet — which
// is closed (its `evict` runs): many addresses each inside their own limit cannot fill the
// server with connections that do nothing and lock everyone else out. A trusted proxy's
// connections carry many clients (told apart only later, by X-Forwarded-For): only the total
// caps them.
class Places {
 public:
  using Id = uint64_t;
  Places(int per_address, int total) : per_address_(per_address), total_(total) {}

  // A place for a new connection from `address`, or 0 when there is none (the per-address cap,
  // when `per_address_cap`, or every place busy). An evicted connection's `evict` runs here,
  // on the caller's thread, outside the lock.
  Id admit(const std::string& address, bool per_address_cap);
  // How to close the connection holding `id` if it must give up its place.
  void on_evict(Id id, std::function<void()> evict);
  // The connection starts (true) or stops (false) being idle; the oldest idle one goes first.
  void idle(Id id, bool idle);
  void release(Id id);
  // Three quarters of the places are taken: idle connections get less time.
  bool pressed() const;
  uint64_t evicted() const;

 private:
  struct Entry {
    std::string address;
    std::function<void()> evict;
    uint64_t idle_since;  // 0: busy
  };
  void drop(Id id);  // under the lock

  mutable std::mutex mutex_;
  std::unordered_map<Id, Entry> entries_;
  std::map<uint64_t, Id> idle_;  // idle since (a sequence number) -> connection
  std::unordered_map<std::string, int> by_address_;
  int count_ = 0;
  Id next_ = 0;
  uint64_t idle_clock_ = 0;
  uint64_t evicted_ = 0;
  const int per_address_;
  const int total_;
};

// How often one address may open a connection (of one kind): a token bucket per address. The
// buckets that have refilled are forgotten whenever more than 4096 addresses are held, so a
// storm from many addresses costs bounded memory.
class OpenRate {
 public:
  OpenRate(double per_second, double burst) : buckets_(BucketRate{per_second, burst}) {}
  // Takes one of `address`'s tokens; false when it has none left (the connection is refused).
  bool take(const std::string& address);

 private:
  std::mutex mutex_;
  KeyedTokenBuckets buckets_;
};

// Per remote address: how many WebSocket connections are open (at most `max_connections`), and
// a token bucket shared by their messages. An address is known from its first admitted
// connection and forgotten when its last one closes.
class AddressLimits {
 public:
  AddressLimits(int max_connections, double rate, double burst)
      : max_connections_(max_connections), rate_{rate, burst} {}

  // One more connection from `address`; false when it has its most already.
  bool admit(const std::string& address);
  // One of its admitted connections has closed.
  void release(const std::string& address);
  // Takes one message's token; returns how long the connection should wait before it reads
  // its next message (zero while the address is within its rate; over it, the address's
  // bucket goes into debt, so that its connections together keep to the rate).
  std::chrono::milliseconds take(const std::string& address);

 private:
  struct Entry {
    int connections;
    TokenBucket messages;
  };
  std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  const int max_connections_;
  const BucketRate rate_;
};

}  // namespace kaisho::net

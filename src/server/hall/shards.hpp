#pragma once
// Several halls in one process, one per core, each on its own strand: groups are spread over
// them (a group is played by the hall that claimed it), and presence is shared (a person's
// connections are counted over all halls). The network layer sends each connection to one
// hall, chosen by the group in its address (docs/server.md).
#include <functional>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/scheduler.hpp"
#include "server/hall/siblings.hpp"

namespace kaisho::server {

class Hall;

class HallShards final : public HallSiblings {
 public:
  // Every hall is added before the first connection; index = the order of adding.
  void add(Scheduler& scheduler, Hall& hall);
  size_t size() const { return shards_.size(); }
  Scheduler& scheduler(size_t i) { return *shards_[i].scheduler; }
  Hall& hall(size_t i) { return *shards_[i].hall; }

  // The hall for a new connection: the one its address names (shard=K), else the one its
  // group hashes to, else `fallback` (spread).
  size_t route(const std::string& target, size_t fallback) const;

  int claim(const std::string& group, int me) override;
  void release(const std::string& group, int me) override;
  void connected(const std::string& person, int me) override;
  void disconnected(const std::string& person, int me) override;
  bool present(const std::string& person) const override;
  void renamed(const std::string& person, const std::string& name, int me) override;

 private:
  struct Shard {
    Scheduler* scheduler;
    Hall* hall;
  };
  // Runs `fn` on every hall but `me`, each on its own strand.
  void on_others(int me, const std::function<void(Hall&)>& fn);

  std::vector<Shard> shards_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, int> holders_;      // group -> hall
  std::unordered_map<std::string, int> connections_;  // person -> connections, all halls
};

}  // namespace kaisho::server

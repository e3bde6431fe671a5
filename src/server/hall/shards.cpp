#include "server/hall/shards.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include "server/hall/hall.hpp"

namespace kaisho::server {

namespace {

// The value of `key` in the query of a request target (/ws?group=G&shard=1), "" if absent.
std::string query_value(const std::string& target, const std::string& key) {
  const size_t q = target.find('?');
  if (q == std::string::npos) return "";
  size_t at = q + 1;
  while (at < target.size()) {
    const size_t end = std::min(target.find('&', at), target.size());
    const size_t eq = target.find('=', at);
    if (eq != std::string::npos && eq < end && target.compare(at, eq - at, key) == 0)
      return target.substr(eq + 1, end - eq - 1);
    at = end + 1;
  }
  return "";
}

}  // namespace

void HallShards::add(Scheduler& scheduler, Hall& hall) {
  shards_.push_back({&scheduler, &hall});
}

size_t HallShards::route(const std::string& target, size_t fallback) const {
  const size_t n = shards_.size();
  const std::string shard = query_value(target, "shard");
  if (!shard.empty() && shard.size() < 4 && std::isdigit(static_cast<unsigned char>(shard[0]))) {
    const size_t k = static_cast<size_t>(std::stoul(shard));
    if (k < n) return k;
  }
  if (const std::string group = query_value(target, "group"); !group.empty())
    return std::hash<std::string>{}(group) % n;
  return fallback % n;
}

int HallShards::claim(const std::string& group, int me) {
  std::lock_guard lock(mutex_);
  return holders_.try_emplace(group, me).first->second;
}

void HallShards::release(const std::string& group, int me) {
  std::lock_guard lock(mutex_);
  auto it = holders_.find(group);
  if (it != holders_.end() && it->second == me) holders_.erase(it);
}

void HallShards::connected(const std::string& person, int me) {
  bool arrived;
  {
    std::lock_guard lock(mutex_);
    arrived = ++connections_[person] == 1;
  }
  if (arrived) on_others(me, [person](Hall& hall) { hall.presence_elsewhere(person); });
}

void HallShards::disconnected(const std::string& person, int me) {
  bool left = false;
  {
    std::lock_guard lock(mutex_);
    auto it = connections_.find(person);
    if (it != connections_.end() && --it->second <= 0) {
      connections_.erase(it);
      left = true;
    }
  }
  if (left) on_others(me, [person](Hall& hall) { hall.presence_elsewhere(person); });
}

bool HallShards::present(const std::string& person) const {
  std::lock_guard lock(mutex_);
  return connections_.contains(person);
}

void HallShards::renamed(const std::string& person, const std::string& name, int me) {
  on_others(me, [person, name](Hall& hall) { hall.renamed_elsewhere(person, name); });
}

void HallShards::on_others(int me, const std::function<void(Hall&)>& fn) {
  for (size_t i = 0; i < shards_.size(); ++i) {
    if (static_cast<int>(i) == me) continue;
    Hall* hall = shards_[i].hall;
    shards_[i].scheduler->post([hall, fn] { fn(*hall); });
  }
}

}  // namespace kaisho::server

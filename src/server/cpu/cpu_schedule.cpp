#include "server/cpu/cpu_schedule.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace kaisho::server::cpu {

namespace {
std::string kind_of(std::string_view game, int level) {
  return std::string(game) + "/" + std::to_string(level);
}
}  // namespace

CpuSchedule::CpuSchedule(ScheduleConfig config) : config_(config) {
  config_.workers = std::max(1, config_.workers);
  config_.full_ms = std::max<int64_t>(1, config_.full_ms);
  config_.floor_share = std::clamp(config_.floor_share, 0.01, 1.0);
  config_.target_ms = std::clamp<int64_t>(config_.target_ms, 1, config_.bound_ms);
}

double CpuSchedule::cost_of(const std::string& kind, int level) const {
  if (auto it = learnt_cost_ms_.find(kind); it != learnt_cost_ms_.end()) return it->second;
  // Until a search of the class has run: the top levels search for their whole time, the
  // others stop at their node cap, in a fraction of it.
  const double full = static_cast<double>(config_.full_ms);
  return level <= 0 || level >= 7 ? full : full / 4;
}

double CpuSchedule::cost_ms(std::string_view game, int level) const {
  return cost_of(kind_of(game, level), level);
}

double CpuSchedule::demand_ms(Owner& o, int64_t now_ms) const {
  double sum = 0;
  for (auto it = o.tables.begin(); it != o.tables.end();) {
    if (now_ms - it->second.seen_ms > config_.table_window_ms) {
      it = o.tables.erase(it);
      continue;
    }
    sum += it->second.floor_ms;
    ++it;
  }
  return sum;
}

void CpuSchedule::add(CpuJobId id, const std::string& owner, const std::string& table,
                      std::string_view game, int level, bool urgent, int64_t now_ms) {
  forget_idle_owners(now_ms);
  Job job;
  job.owner = owner;
  job.kind = kind_of(game, level);
  job.deadline_ms = now_ms + (urgent ? config_.bound_ms / 2 : config_.bound_ms);
  job.cost_ms = cost_of(job.kind, level);
  Owner& o = owners_[owner];
  o.waiting.emplace(job.deadline_ms, id);
  ++o.jobs;
  o.tables[table] = {now_ms, job.cost_ms * config_.floor_share};
  total_cost_ms_ += job.cost_ms;
  jobs_.emplace(id, std::move(job));
}

void CpuSchedule::remove(std::map<CpuJobId, Job>::iterator it) {
  Job& job = it->second;
  Owner& o = owners_[job.owner];
  o.waiting.erase({job.deadline_ms, it->first});
  --o.jobs;
  assert(o.jobs >= 0);
  total_cost_ms_ = jobs_.size() == 1 ? 0 : std::max(0.0, total_cost_ms_ - job.cost_ms);
  if (job.running) --running_;
  jobs_.erase(it);
}

bool CpuSchedule::cancel_waiting(CpuJobId id) {
  auto it = jobs_.find(id);
  if (it == jobs_.end() || it->second.running) return false;
  remove(it);
  return true;
}

std::optional<Allotment> CpuSchedule::next(int64_t now_ms) {
  // Rounds between owners: an owner's most urgent search runs at most once a round, so one
  // with thirty tables waits for the others' turns; within a round, the earliest deadline
  // first (a stand-in for a player out of time before a table that can wait).
  Owner* chosen = nullptr;
  for (int pass = 0; pass < 2 && !chosen; ++pass) {
    for (auto& [name, o] : owners_) {
      if (o.waiting.empty() || o.served_round >= round_) continue;
      if (!chosen || *o.waiting.begin() < *chosen->waiting.begin()) chosen = &o;
    }
    if (!chosen) ++round_;  // every owner waiting had its turn: a new round
  }
  if (!chosen) return std::nullopt;
  chosen->served_round = round_;
  const CpuJobId id = chosen->waiting.begin()->second;
  chosen->waiting.erase(chosen->waiting.begin());
  Job& job = jobs_.at(id);
  job.running = true;
  ++running_;

  const double full = static_cast<double>(config_.full_ms);
  const double floor = config_.floor_share;
  // Shared out across the workers, a search of every table that asked lately (as admission
  // counts them: as if all asked at once, so that a quiet moment does not hand one search
  // the time the others will need in a moment) ends within the target, or within the time
  // the most urgent waiting search has left if that is less (after a loss of workers, the
  // searches that waited longest are not left to miss their deadlines)...
  const int64_t network = config_.bound_ms - config_.target_ms;
  double window = static_cast<double>(config_.target_ms);
  for (const auto& [other_id, other] : jobs_) {
    const double slack = static_cast<double>(other.deadline_ms - now_ms - network);
    if (!other.running && slack > 0) window = std::min(window, slack);
  }
  double active_ms = 0;
  for (auto& [name, o] : owners_) active_ms += demand_ms(o, now_ms);
  active_ms /= config_.floor_share;
  double share = window * config_.workers / std::max({active_ms, total_cost_ms_, job.cost_ms});
  // ...and this one within what its deadline leaves it after the network's part.
  const double left = static_cast<double>(job.deadline_ms - now_ms - network);
  share = std::min(share, left / std::max(1.0, job.cost_ms));
  share = std::clamp(share, floor, 1.0);
  Allotment a;
  a.id = id;
  a.share = share;
  a.time_ms = std::max<int64_t>(1, std::llround(full * share));
  a.deadline_ms = job.deadline_ms;
  job.share = share;
  return a;
}

void CpuSchedule::take_back(CpuJobId id) {
  auto it = jobs_.find(id);
  if (it == jobs_.end() || !it->second.running) return;
  Job& job = it->second;
  Owner& o = owners_[job.owner];
  o.served_round = round_ - 1;  // its turn in this round is given back
  o.waiting.emplace(job.deadline_ms, id);
  job.running = false;
  job.share = 0;
  --running_;
}

void CpuSchedule::finished(CpuJobId id, int64_t spent_ms, bool stopped) {
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return;
  const double share = it->second.share;
  if (!stopped && share > 0) {
    // What it would have cost at its full share: the time, and the node cap, scale with it.
    const double sample = static_cast<double>(std::max<int64_t>(1, spent_ms)) / share;
    auto [learnt, fresh] = learnt_cost_ms_.try_emplace(it->second.kind, sample);
    if (!fresh) learnt->second += 0.1 * (sample - learnt->second);
  }
  remove(it);
}

CpuAdmission CpuSchedule::admit(const std::string& owner, const std::string& table,
                                std::string_view game, int level, int64_t now_ms) {
  forget_idle_owners(now_ms);
  Owner& me = owners_[owner];
  int active = 0;
  for (auto& [name, o] : owners_)
    if (&o == &me || o.jobs > 0 || demand_ms(o, now_ms) > 0) ++active;
  const double part = static_cast<double>(config_.target_ms) * config_.workers / active;
  double mine = demand_ms(me, now_ms);
  if (auto it = me.tables.find(table); it != me.tables.end()) mine -= it->second.floor_ms;
  const int asked = level <= 0 ? 8 : level;
  for (int l = asked; l >= 1; --l) {
    const double floor_ms = cost_of(kind_of(game, l), l) * config_.floor_share;
    if (mine + floor_ms > part + 1e-9) continue;
    if (l != asked) return CpuAdmission{false, l};
    me.tables[table] = {now_ms, floor_ms};
    return CpuAdmission{};
  }
  return CpuAdmission{false, 0};
}

void CpuSchedule::forget_idle_owners(int64_t now_ms) {
  if (now_ms - swept_ms_ < config_.table_window_ms) return;
  swept_ms_ = now_ms;
  for (auto it = owners_.begin(); it != owners_.end();) {
    Owner& o = it->second;
    const bool idle = o.jobs == 0 && demand_ms(o, now_ms) == 0;
    it = idle ? owners_.erase(it) : std::next(it);
  }
}

size_t CpuSchedule::waiting() const {
  return jobs_.size() - running_;
}

size_t CpuSchedule::running() const {
  return running_;
}

}  // namespace kaisho::server::cpu

#include "server/cpu/cpu_schedule.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

namespace kaisho::server::cpu {

namespace {
std::string kind_of(std::string_view game, int level) {
  return std::string(game) + "/" + std::to_string(level);
}

// A table's record of what its searches got is kept this long after its last search for the
// hall to take (a game that is never finished leaves it behind).
constexpr int64_t kPlayedKeptMs = 3'600'000;
// A running search is cut short only when that moves its end by at least this much.
constexpr int64_t kCutMinMs = 5;
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
                      std::string_view game, int level, bool urgent, int64_t now_ms, bool played) {
  now_ms_ = std::max(now_ms_, now_ms);
  forget_idle_owners(now_ms);
  Job job;
  job.owner = owner;
  job.table = table;
  job.played = played;
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

double CpuSchedule::load_share(int64_t now_ms, double own_cost_ms) {
  // Shared out across the workers, a search of every table that asked lately (as admission
  // counts them: as if all asked at once, so that a quiet moment does not hand one search
  // the time the others will need in a moment) ends within the target.
  double active_ms = 0;
  for (auto& [name, o] : owners_) active_ms += demand_ms(o, now_ms);
  active_ms /= config_.floor_share;
  return static_cast<double>(config_.target_ms) * config_.workers /
         std::max({active_ms, total_cost_ms_, own_cost_ms, 1.0});
}

std::optional<Allotment> CpuSchedule::next(int64_t now_ms, bool away) {
  now_ms_ = std::max(now_ms_, now_ms);
  // Rounds between owners: an owner's most urgent search runs at most once a round, so one
  // with thirty tables waits for the others' turns; within a round, the earliest deadline
  // first (a stand-in for a player out of time before a table that can wait).
  using Entry = std::set<std::pair<int64_t, CpuJobId>>::iterator;
  const auto first_of = [&](Owner& o) {
    Entry e = o.waiting.begin();
    while (away && e != o.waiting.end() && jobs_.at(e->second).local) ++e;
    return e;
  };
  Owner* chosen = nullptr;
  Entry entry;
  bool any = false;
  for (int pass = 0; pass < 2 && !chosen; ++pass) {
    for (auto& [name, o] : owners_) {
      const Entry e = first_of(o);
      if (e == o.waiting.end()) continue;
      any = true;
      if (o.served_round >= round_) continue;
      if (!chosen || *e < *entry) {
        chosen = &o;
        entry = e;
      }
    }
    if (!any) return std::nullopt;
    if (!chosen) ++round_;  // every owner waiting had its turn: a new round
  }
  if (!chosen) return std::nullopt;
  chosen->served_round = round_;
  const CpuJobId id = entry->second;
  chosen->waiting.erase(entry);
  Job& job = jobs_.at(id);
  job.running = true;
  ++running_;

  const double full = static_cast<double>(config_.full_ms);
  const double floor = config_.floor_share;
  // The load's share, within the time the most urgent waiting search has left if that is
  // less (after a loss of workers, the searches that waited longest are not left to miss
  // their deadlines)...
  const int64_t network = config_.bound_ms - config_.target_ms;
  double window = static_cast<double>(config_.target_ms);
  for (const auto& [other_id, other] : jobs_) {
    const double slack = static_cast<double>(other.deadline_ms - now_ms - network);
    if (!other.running && slack > 0) window = std::min(window, slack);
  }
  double share = load_share(now_ms, job.cost_ms) * window / static_cast<double>(config_.target_ms);
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
  job.learn_share = share;
  job.away = false;
  job.started_ms = now_ms;
  job.stop_at_ms = now_ms + a.time_ms;
  return a;
}

void CpuSchedule::sent_away(CpuJobId id) {
  if (auto it = jobs_.find(id); it != jobs_.end() && it->second.running) it->second.away = true;
}

void CpuSchedule::take_back(CpuJobId id) {
  auto it = jobs_.find(id);
  if (it == jobs_.end() || !it->second.running) return;
  Job& job = it->second;
  Owner& o = owners_[job.owner];
  o.served_round = round_ - 1;  // its turn in this round is given back
  o.waiting.emplace(job.deadline_ms, id);
  job.running = false;
  job.away = false;
  job.local = true;
  job.share = 0;
  job.learn_share = 0;
  --running_;
}

std::vector<Revision> CpuSchedule::revise(int64_t now_ms) {
  now_ms_ = std::max(now_ms_, now_ms);
  std::vector<Revision> out;
  if (running_ == 0) return out;
  const double full = static_cast<double>(config_.full_ms);
  std::set<CpuJobId> cut;
  // The load: a search that started when fewer tables were counted (the first of many people
  // starting at once) is held to the share a search starting now gets (never below the floor).
  const double now_share = load_share(now_ms, 0);
  for (auto& [id, job] : jobs_) {
    if (!job.running || job.away) continue;
    const double share = std::clamp(now_share, config_.floor_share, 1.0);
    if (share >= job.share) continue;
    const int64_t stop = std::max<int64_t>(now_ms, job.started_ms + std::llround(full * share));
    if (stop + kCutMinMs > job.stop_at_ms) continue;
    job.share = share;
    job.stop_at_ms = stop;
    cut.insert(id);
  }
  // The deadlines: the waiting searches, most urgent first, each at its floor on the thread
  // that is free first. One that would start too late to meet its deadline has a running
  // search cut short for it, just in time (the one that has run longest, which has the most
  // to show), unless none that can be cut (on the pool's own threads) ends after that time.
  struct Slot {
    int64_t end = 0;
    CpuJobId job = 0;  // the running search still in it, 0 when free or given to a waiting one
  };
  std::vector<Slot> slots;
  for (const auto& [id, job] : jobs_)
    if (job.running) slots.push_back({std::max(now_ms, job.stop_at_ms), job.away ? 0 : id});
  for (int k = static_cast<int>(slots.size()); k < config_.workers; ++k)
    slots.push_back({now_ms, 0});
  std::vector<std::pair<int64_t, CpuJobId>> waiting;
  for (const auto& [name, o] : owners_)
    waiting.insert(waiting.end(), o.waiting.begin(), o.waiting.end());
  std::sort(waiting.begin(), waiting.end());
  const int64_t network = config_.bound_ms - config_.target_ms;
  for (const auto& [deadline, id] : waiting) {
    const int64_t need =
        static_cast<int64_t>(std::llround(jobs_.at(id).cost_ms * config_.floor_share));
    const int64_t latest = deadline - network - need;
    auto first = std::min_element(slots.begin(), slots.end(),
                                  [](const Slot& a, const Slot& b) { return a.end < b.end; });
    if (first->end > latest) {
      Slot* victim = nullptr;
      for (Slot& s : slots) {
        if (!s.job || s.end <= std::max(now_ms, latest)) continue;
        if (!victim || jobs_.at(s.job).started_ms < jobs_.at(victim->job).started_ms) victim = &s;
      }
      if (victim) {
        Job& job = jobs_.at(victim->job);
        job.stop_at_ms = std::max(now_ms, latest);
        job.share = std::max(0.0, static_cast<double>(job.stop_at_ms - job.started_ms) / full);
        cut.insert(victim->job);
        victim->end = job.stop_at_ms;
        first = slots.begin() + (victim - slots.data());
      }
    }
    first->end = std::max(first->end, now_ms) + need;
    first->job = 0;
  }
  for (CpuJobId id : cut) {
    const Job& job = jobs_.at(id);
    out.push_back({id, job.share, job.stop_at_ms});
  }
  return out;
}

void CpuSchedule::finished(CpuJobId id, int64_t spent_ms, bool stopped) {
  finished(id, spent_ms, stopped, !stopped, 0);
}

void CpuSchedule::finished(CpuJobId id, int64_t spent_ms, bool stopped, bool answered,
                           double got_share) {
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return;
  const Job& job = it->second;
  if (!stopped && job.learn_share > 0) {
    // What it would have cost at its full share: the time, and the node cap, scale with it.
    const double sample = static_cast<double>(std::max<int64_t>(1, spent_ms)) / job.learn_share;
    auto [learnt, fresh] = learnt_cost_ms_.try_emplace(job.kind, sample);
    if (!fresh) learnt->second += 0.1 * (sample - learnt->second);
  }
  if (answered && job.played) {
    // The CPU time it had when it ran out of time (or was cut short); else the share it was
    // started with when it ended on its own (its node cap and depth were set by that share),
    // or the share it was cut to.
    const double given = stopped ? job.share : job.learn_share;
    const double share =
        std::clamp(got_share > 0 ? std::min(got_share, job.learn_share) : given, 1e-3, 1.0);
    Played& p = played_[job.table];
    ++p.searches;
    p.log_share += std::log(share);
    p.last_ms = now_ms_;
  }
  remove(it);
}

double CpuSchedule::share_now(int64_t now_ms) {
  return std::clamp(load_share(now_ms, 0), config_.floor_share, 1.0);
}

CpuPlayed CpuSchedule::take_played(const std::string& table) {
  auto it = played_.find(table);
  if (it == played_.end()) return {};
  CpuPlayed p;
  p.searches = it->second.searches;
  p.share = std::exp(it->second.log_share / std::max(1, it->second.searches));
  played_.erase(it);
  return p;
}

CpuAdmission CpuSchedule::admit(const std::string& owner, const std::string& table,
                                std::string_view game, int level, int64_t now_ms) {
  now_ms_ = std::max(now_ms_, now_ms);
  forget_idle_owners(now_ms);
  Owner& me = owners_[owner];
  // Every table counted at its level's floor search as if all asked at once: the whole pool
  // holds them within the target, whoever came first; the owner's own tables hold within
  // its part of it (the pool split between the owners using it).
  int active = 0;
  double total = 0;
  for (auto& [name, o] : owners_) {
    const double demand = demand_ms(o, now_ms);
    total += demand;
    if (&o == &me || o.jobs > 0 || demand > 0) ++active;
  }
  const double pool = static_cast<double>(config_.target_ms) * config_.workers;
  const double part = pool / active;
  double mine = demand_ms(me, now_ms);
  if (auto it = me.tables.find(table); it != me.tables.end()) {
    mine -= it->second.floor_ms;  // its next game: counted once
    total -= it->second.floor_ms;
  }
  const int asked = level <= 0 ? 8 : level;
  for (int l = asked; l >= 1; --l) {
    const double floor_ms = cost_of(kind_of(game, l), l) * config_.floor_share;
    if (mine + floor_ms > part + 1e-9 || total + floor_ms > pool + 1e-9) continue;
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
  for (auto it = played_.begin(); it != played_.end();)
    it = now_ms - it->second.last_ms > kPlayedKeptMs ? played_.erase(it) : std::next(it);
}

size_t CpuSchedule::waiting() const {
  return jobs_.size() - running_;
}

size_t CpuSchedule::running() const {
  return running_;
}

}  // namespace kaisho::server::cpu

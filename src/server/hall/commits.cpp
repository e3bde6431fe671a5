// What is stored before it is shown: a group's writes go to the write queue one batch at a
// time, fenced by its lease; the group waits meanwhile (its requests queued, in order), then is
// shown. A group whose lease another server has taken leaves the hall.
#include "core/log.hpp"
#include "server/hall/hall_internal.hpp"

namespace kaisho::server {

namespace {

// Events that change what the group's record holds (the others — presence, names, moves,
// the CPU thinking — are shown without writing it; a move is its own write).
bool changes_record(const std::string& kind) {
  return kind != "move" && kind != "cpu_move" && kind != "present" && kind != "away" &&
         kind != "name" && kind != "cpu_playing";
}

}  // namespace

void Hall::bump(Group& g, const std::string& kind, const std::string& detail) {
  ++g.version;
  g.touched_ms = scheduler_.now_ms();
  if (changes_record(kind)) g.dirty = true;
  g.log.push_back({g.version, kind, detail});
  while (g.log.size() > kEventLog) g.log.pop_front();
}

void Hall::persist(Group& g, std::vector<Write> writes, Then then) {
  assert(!g.committing);
  const bool record = g.dirty;
  if (record) {
    writes.push_back({GroupRow{g.id, encode_stored_group(record_of(g))}, {}});
    g.dirty = false;
  }
  for (auto& w : writes) w.fence = {g.id, g.epoch};
  g.committing = true;
  std::weak_ptr<bool> alive = alive_;
  const std::string id = g.id;
  writes_.write(std::move(writes), scheduler_,
                [this, alive, id, record, then = std::move(then)](Outcomes outcomes) {
                  if (auto a = alive.lock(); !a || !*a) return;
                  committed(id, record, then, std::move(outcomes));
                });
}

void Hall::committed(const std::string& group_id, bool wrote_record, const Then& then,
                     Outcomes outcomes) {
  auto it = groups_.find(group_id);
  if (it == groups_.end()) return;
  Group& g = *it->second;
  g.committing = false;
  for (const auto& o : outcomes)
    if (!o && o.error().code == "fenced") {
      log::warning("group " + text::quote(group_id) + " was taken by another server");
      return lose_group(group_id);
    }
  if (wrote_record) {
    // A record that could not be written is shown all the same (the moves are safe: they are
    // writes of their own) and written again with the group's next change.
    if (!outcomes.back()) g.dirty = g.record_failed = true;
    outcomes.pop_back();
  }
  if (then) then(g, outcomes);
  // `then` may have lost the group, or started another write.
  it = groups_.find(group_id);
  if (it == groups_.end()) return;
  Group& now = *it->second;
  if (!now.committing && now.show_after) {
    now.show_after = false;
    broadcast(now);
  }
  run_queued(group_id);
}

bool Hall::wait_for_commit(Group& g, std::function<void()> fn) {
  if (!g.committing) return false;
  g.queued.push_back(std::move(fn));
  return true;
}

void Hall::run_queued(const std::string& group_id) {
  for (;;) {
    auto it = groups_.find(group_id);
    if (it == groups_.end() || it->second->committing || it->second->queued.empty()) return;
    auto fn = std::move(it->second->queued.front());
    it->second->queued.pop_front();
    fn();
  }
}

void Hall::lose_group(const std::string& group_id) {
  auto it = groups_.find(group_id);
  if (it == groups_.end()) return;
  Group& g = *it->second;
  cancel_turn(g);  // a late CPU answer finds no group and is dropped
  Error moved = make_error("moved", "the group is played by another server now",
                           {{"group", group_id}, {"server", ""}, {"shard", ""}});
  for (const auto& m : g.members) {
    if (auto p = persons_.find(m); p != persons_.end())
      for (ConnId c : p->second->conns) send_error(c, "", moved);
    forget_membership(m, group_id);
  }
  groups_.erase(it);
  if (config_.siblings) config_.siblings->release(group_id, config_.shard);
}

void Hall::leases_renewed(const std::vector<std::string>& held, int64_t started_ms) {
  const std::set<std::string> still(held.begin(), held.end());
  std::vector<std::string> lost;
  for (const auto& [id, g] : groups_)
    if (g->claimed_ms < started_ms && !still.contains(id)) lost.push_back(id);
  for (const auto& id : lost) {
    log::warning("the lease of group " + text::quote(id) + " lapsed: another server has it");
    lose_group(id);
  }
}

}  // namespace kaisho::server

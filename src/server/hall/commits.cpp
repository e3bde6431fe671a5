// What is stored before it is shown: a group's writes go to the write queue one batch at a
// time, fenced by its lease; the group waits meanwhile (its requests queued, in order), then is
// shown. A group whose lease another server has taken leaves the hall.
#include "core/log.hpp"
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"

namespace kaisho::server {

namespace {

// How soon the store is asked again what a ply holds when it did not answer.
constexpr int64_t kVerifyAgainMs = 250;

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
  writes_.write(std::move(writes), scheduler_,
                [this, alive = alive_check(), ref = g.weak_from_this(), record,
                 then = std::move(then)](Outcomes outcomes) {
                  if (alive()) committed(ref, record, then, std::move(outcomes));
                });
}

void Hall::committed(const GroupRef& ref, bool wrote_record, const Then& then, Outcomes outcomes) {
  // The incarnation that wrote has left the hall (idle, taken, loaded again): what its write
  // did belongs to nobody in memory now; a newer one reads what the store holds.
  auto g = ref.lock();
  if (!g) return;
  g->committing = false;
  for (const auto& o : outcomes)
    if (!o && o.error().code == "fenced") {
      log::warning("the group was taken by another server", {{"group", g->id}});
      meters_->groups_lost_fenced.add();
      return lose_group(g->id);
    }
  if (wrote_record) {
    // A record that could not be written is shown all the same (the moves are safe: they are
    // writes of their own) and written again with the group's next change.
    if (!outcomes.back()) g->dirty = g->record_failed = true;
    outcomes.pop_back();
  }
  if (then) then(*g, outcomes);
  settle(ref);
}

void Hall::settle(const GroupRef& ref) {
  auto g = ref.lock();
  if (!g) return;
  // `then` may have lost the group, loaded it again, or started another write.
  if (auto it = groups_.find(g->id); it == groups_.end() || it->second != g) return;
  if (!g->committing && g->show_after) {
    g->show_after = false;
    broadcast(*g);
  }
  run_queued(ref);
}

bool Hall::wait_for_commit(Group& g, std::function<void()> fn) {
  if (!g.committing) return false;
  g.queued.push_back(std::move(fn));
  return true;
}

void Hall::run_queued(const GroupRef& ref) {
  for (;;) {
    auto g = ref.lock();
    if (!g || g->committing || g->queued.empty()) return;
    if (auto it = groups_.find(g->id); it == groups_.end() || it->second != g) return;
    auto fn = std::move(g->queued.front());
    g->queued.pop_front();
    fn();
  }
}

void Hall::verify_move(Group& g, int ply, const std::string& move, Error failed,
                       std::function<void(Group&)> stored, Done done) {
  // The table stays busy (its requests queued) until the store has said what the ply holds.
  g.committing = true;
  const int64_t game_id = g.game_db_id;
  reads_.read<Result<std::optional<std::string>>>(
      scheduler_, [game_id, ply](Store& store) { return store.stored_move(game_id, ply); },
      [this, alive = alive_check(), ref = g.weak_from_this(), ply, move, failed, stored,
       done](Result<std::optional<std::string>> found) {
        if (!alive()) return;
        auto held = ref.lock();
        if (!held) return;
        if (!found) {
          meters_->read_failed("move");
          // No answer (the database is away, or this connection has just noticed it was
          // lost): asked again shortly; the table waits, as it would for its write.
          scheduler_.after(kVerifyAgainMs, [this, alive, ref, ply, move, failed, stored, done] {
            if (!alive()) return;
            if (auto again = ref.lock()) {
              again->committing = false;
              verify_move(*again, ply, move, failed, stored, done);
            }
          });
          return;
        }
        held->committing = false;
        meters_->moves_settled.add();
        if (found->has_value() && **found == move) {
          stored(*held);  // it was stored: the reply was what got lost
        } else if (!found->has_value()) {
          done(*held, failed);  // it was not: the page (or the CPU's retry) tries again
        } else {
          // Another move at its ply: this memory is behind the store. The group is loaded
          // again from what the store holds.
          done(*held, make_error("store",
                                 "the table was behind its record and is loaded again; "
                                 "try again"));
          return reload_group(*held);
        }
        settle(ref);
      });
}

void Hall::reload_group(Group& g) {
  if (auto it = groups_.find(g.id); it == groups_.end() || it->second.get() != &g) return;
  log::warning("the group is loaded again: its table differed from the store", {{"group", g.id}});
  meters_->groups_reloaded.add();
  const std::string id = g.id;
  const std::vector<std::string> members = g.members;
  auto queued = std::make_shared<std::deque<std::function<void()>>>(std::move(g.queued));
  cancel_turn(g);
  for (const auto& m : members) forget_membership(m, id);
  const std::shared_ptr<Group> keep = groups_[id];  // alive until this returns
  groups_.erase(id);
  // The hall keeps its in-process claim; the store's lease is claimed again (a newer epoch).
  open_group(id, [this, id, members, queued](const Opened& opened) {
    if (opened.group) {
      broadcast(*opened.group);  // whole, to every member online: nothing was shown of it yet
      for (auto& fn : *queued) fn();
      return;
    }
    // It could not be loaded now: its people are sent to find it again (the page reconnects
    // and opens it, here or where it is played now).
    Error moved = make_error("moved", "the group is being loaded again",
                             {{"group", id}, {"server", ""}, {"shard", ""}});
    for (const auto& m : members)
      if (auto p = persons_.find(m); p != persons_.end())
        for (ConnId c : p->second->conns) send_error(c, "", moved);
  });
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
    log::warning("the group's lease lapsed: another server has it", {{"group", id}});
    meters_->groups_lost_lapsed.add();
    lose_group(id);
  }
}

}  // namespace kaisho::server

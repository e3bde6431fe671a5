// Keeping the hall in the store: people and groups are written as they change, and a
// group is loaded again when someone opens it; groups nobody is at leave memory.
#include "core/log.hpp"
#include "server/hall/hall_internal.hpp"

namespace kaisho::server {

void Hall::save_person(const Person& p, std::function<void(Status)> then) {
  std::weak_ptr<bool> alive = alive_;
  writes_.write({Write{PersonRow{p.id, p.token_hash, p.name}, {}}}, scheduler_,
                [alive, then = std::move(then)](Outcomes outcomes) {
                  if (auto a = alive.lock(); !a || !*a) return;
                  then(outcomes.front() ? ok_status() : Status(outcomes.front().error()));
                });
}

StoredGroup Hall::record_of(const Group& g) const {
  StoredGroup r;
  r.game = g.game;
  r.options = g.options;
  r.timer = g.timer;
  r.cpu_level = g.cpu_level;
  r.members = g.members;
  r.chosen = g.chosen;
  r.status = g.status;
  r.seats = g.seats;
  r.order = g.order;
  r.rotation = g.rotation;
  r.game_number = g.game_number;
  r.game_db_id = g.game_db_id;
  r.version = g.version;
  // Stand-ins are kept with their moves (MoveWrite::stand_in), not in the record.
  r.left_during.assign(g.left_during.begin(), g.left_during.end());
  r.removed.assign(g.removed.begin(), g.removed.end());
  r.result = g.result;
  return r;
}

Status Hall::restore() {
  // Nothing is loaded here: people, ratings and groups are read from the store when they are
  // first needed, so a restart loads no group, and a game in progress goes on when one of its
  // people comes back (nobody present: nothing to play for).
  sweep_idle_later();
  return ok_status();
}

Hall::Opened Hall::open_group(const std::string& id) {
  Opened opened;
  if (auto it = groups_.find(id); it != groups_.end()) {
    opened.group = it->second.get();
    return opened;
  }
  // Unknown ids are answered without claiming anything.
  if (!store_.group(id)) return opened;
  // Only one hall plays a group: the one that holds its claim, in this process and then
  // among the servers sharing the store.
  if (config_.siblings) {
    const int holder = config_.siblings->claim(id, config_.shard);
    if (holder != config_.shard) {
      opened.elsewhere = {config_.server_name, holder};
      return opened;
    }
  }
  auto let_go = [&] {
    store_.release_group(id, config_.server_name);
    if (config_.siblings) config_.siblings->release(id, config_.shard);
  };
  auto claimed = store_.claim_group(id, config_.server_name, config_.lease_ttl_ms);
  const int64_t claimed_ms = scheduler_.now_ms();  // after the claim: see Group::claimed_ms
  if (!claimed || !claimed->ours) {
    if (config_.siblings) config_.siblings->release(id, config_.shard);
    opened.elsewhere.server = claimed ? claimed->holder : "";
    if (opened.elsewhere.server.empty()) opened.elsewhere.server = "?";  // holder not yet known
    return opened;
  }
  // Read once claimed: the last holder may have saved a newer version before letting go.
  auto row = store_.group(id);
  if (!row) {
    let_go();
    return opened;
  }
  auto record = decode_stored_group(row->data_json);
  if (!record) {
    // A damaged row: this group is not played (its claims are let go), and everything else
    // goes on. The operator reads why; the client is told the group cannot be opened.
    log::error("group " + text::quote(id) + " cannot be read: " + record.error().message);
    let_go();
    opened.error =
        make_error("group_unreadable", "the group's stored data cannot be read", {{"group", id}});
    return opened;
  }
  StoredGroup& r = record.value();
  auto g = std::make_unique<Group>();
  g->id = row->id;
  g->game = r.game;
  g->options = std::move(r.options);
  g->timer = r.timer;
  g->cpu_level = r.cpu_level;
  g->members = std::move(r.members);
  g->chosen = std::move(r.chosen);
  g->status = r.status;
  g->seats = std::move(r.seats);
  g->order = std::move(r.order);
  g->rotation = r.rotation;
  g->game_number = r.game_number;
  g->game_db_id = r.game_db_id;
  // Versions go on from the new lease's epoch: each claim raises it, so nobody is ever shown
  // a version that went back, whichever server played the group before.
  g->epoch = claimed->epoch;
  g->claimed_ms = claimed_ms;
  g->version = std::max(r.version, g->epoch << 32) + 1;
  g->result = std::move(r.result);
  g->stand_ins = std::move(r.stand_ins);  // a record written before stand-ins were moves'
  g->left_during.insert(r.left_during.begin(), r.left_during.end());
  g->removed.insert(r.removed.begin(), r.removed.end());
  if (g->game_db_id) g->state = load_game_state(*g);
  if (g->status == TableStatus::Playing && !g->state) g->status = TableStatus::Idle;
  g->touched_ms = scheduler_.now_ms();
  Group& ref = *g;
  groups_[ref.id] = std::move(g);
  for (const auto& m : ref.members) groups_of_[m].insert(ref.id);
  if (ref.status == TableStatus::Playing) {
    if (ref.state->outcome().over()) {
      finish_game(ref);
    } else {
      ref.last_move_version = ref.version;
      ref.turn_started_ms = scheduler_.now_ms();
      schedule_turn(ref);  // the turn timer starts afresh: nobody loses time to the wait
    }
  }
  opened.group = &ref;
  return opened;
}

std::unique_ptr<rules::GameState> Hall::load_game_state(Group& g) {
  auto record = store_.game(g.game_db_id);
  if (!record || record->start_text.empty()) return nullptr;
  auto data = decode_stored_game(record->data_json, record->game);
  if (!data || record->game != g.game) {
    log::error("game " + std::to_string(g.game_db_id) + " of group " + text::quote(g.id) +
               " cannot be read: " +
               (data ? "it is of another game than the group's" : data.error().message));
    return nullptr;
  }
  std::string text = record->start_text;
  if (!record->moves.empty()) text += " moves " + text::join(record->moves, " ");
  std::vector<std::pair<std::string, std::string>> o(data->options.begin(), data->options.end());
  auto options = g.rules_game().make_options(o);
  auto loaded = options ? g.rules_game().load(text, options.value())
                        : Result<std::unique_ptr<rules::GameState>>(options.error());
  if (!loaded) {
    log::error("game " + std::to_string(g.game_db_id) + " of group " + text::quote(g.id) +
               " cannot be replayed: " + loaded.error().message);
    return nullptr;
  }
  // The moves the CPU made for a person, from the moves themselves (newer games).
  if (std::any_of(record->stand_ins.begin(), record->stand_ins.end(),
                  [](const std::string& s) { return !s.empty(); })) {
    g.stand_ins.clear();
    auto replay = g.rules_game().from_position(record->start_text, options.value());
    for (size_t ply = 0; replay && ply < record->moves.size(); ++ply) {
      const int seat = replay.value()->seat_to_move();
      if (ply < record->stand_ins.size() && !record->stand_ins[ply].empty())
        g.stand_ins.push_back({static_cast<int>(ply), seat, record->stand_ins[ply]});
      if (!replay.value()->play(record->moves[ply])) break;
    }
  }
  return std::move(loaded.value());
}

void Hall::sweep_idle_later() {
  std::weak_ptr<bool> alive = alive_;
  scheduler_.after(config_.idle_sweep_ms, [this, alive] {
    if (auto a = alive.lock(); !a || !*a) return;
    sweep_idle();
    sweep_idle_later();
  });
}

Hall::Person* Hall::cache_person(const PersonRow& row) const {
  auto person = std::make_unique<Person>();
  person->id = row.id;
  person->name = row.name;
  person->token_hash = row.token_hash;
  person->away_since_ms = scheduler_.now_ms();
  Person* p = person.get();
  person_by_token_hash_[row.token_hash] = row.id;
  persons_[row.id] = std::move(person);
  return p;
}

Hall::Person* Hall::find_person(const std::string& person_id) const {
  if (auto it = persons_.find(person_id); it != persons_.end()) return it->second.get();
  if (person_id.empty()) return nullptr;
  auto row = store_.person(person_id);
  return row ? cache_person(row.value()) : nullptr;
}

void Hall::load_ratings(const std::string& person_id) const {
  if (ratings_loaded_.contains(person_id)) return;
  // Marked as loaded only once read: a failed read is tried again when next needed, instead
  // of showing the default rating until the person leaves memory.
  auto rows = store_.ratings_of(person_id);
  if (!rows) {
    log::error("the ratings of " + text::quote(person_id) +
               " cannot be read: " + rows.error().message);
    return;
  }
  for (const auto& r : rows.value()) ratings_[{r.person, r.game}] = {r.value, r.games};
  ratings_loaded_.insert(person_id);
}

void Hall::sweep_idle() {
  const int64_t now = scheduler_.now_ms();
  std::vector<std::string> idle;
  for (const auto& [id, g] : groups_) {
    if (anyone_here(*g) || now - g->touched_ms < config_.idle_group_ms) continue;
    // A record not written yet is written first; the group goes at the next sweep.
    if (g->dirty && !g->committing) persist(*g, {}, nullptr);
    if (!g->committing && !g->dirty) idle.push_back(id);
  }
  for (const auto& id : idle) {
    Group& g = *groups_[id];
    cancel_turn(g);  // a late CPU answer finds no group and is dropped
    for (const auto& m : g.members) forget_membership(m, id);
    groups_.erase(id);
    store_.release_group(id, config_.server_name);
    if (config_.siblings) config_.siblings->release(id, config_.shard);
  }
  // People nobody needs now (not connected, in no table in memory) leave the caches too.
  for (auto it = persons_.begin(); it != persons_.end();) {
    const Person& p = *it->second;
    if (p.conns.empty() && !groups_of_.contains(p.id)) {
      person_by_token_hash_.erase(p.token_hash);
      ratings_loaded_.erase(p.id);
      for (auto r = ratings_.lower_bound({p.id, ""});
           r != ratings_.end() && r->first.first == p.id;)
        r = ratings_.erase(r);
      it = persons_.erase(it);
    } else {
      ++it;
    }
  }
  limits_->forget_full(now);
}

}  // namespace kaisho::server

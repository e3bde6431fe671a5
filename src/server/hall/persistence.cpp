// Keeping the hall in the store: people and groups are written as they change, and a
// group is loaded again when someone opens it; groups nobody is at leave memory.
#include "server/hall/hall_internal.hpp"

namespace kaisho::server {

void Hall::save_person(const Person& p) {
  (void)store_.put_person({p.id, p.token_hash, p.name});
}

void Hall::save_group(Group& g) {
  json j = {{"game", g.game},
            {"options", g.options},
            {"timer", g.timer},
            {"cpu_level", g.cpu_level},
            {"members", g.members},
            {"chosen", g.chosen},
            {"status", std::string(to_string(g.status))},
            {"seats", g.seats},
            {"order", g.order},
            {"rotation", g.rotation},
            {"game_number", g.game_number},
            {"game_db_id", g.game_db_id},
            {"version", g.version}};
  json stand_ins = json::array();
  for (const auto& si : g.stand_ins)
    stand_ins.push_back({{"ply", si.ply}, {"seat", si.seat}, {"reason", si.reason}});
  j["stand_ins"] = stand_ins;
  if (g.result) j["result"] = json::parse(pr::encode_result(*g.result));
  // A write that fails is tried again with the group's next change.
  if (store_.put_group({g.id, j.dump()})) g.saved_version = g.version;
}

Status Hall::restore() {
  // Nothing is loaded here: people, ratings and groups are read from the store when they are
  // first needed, so a restart loads no group, and a game in progress goes on when one of its
  // people comes back (nobody present: nothing to play for).
  sweep_idle_later();
  return ok_status();
}

Hall::Group* Hall::load_group(const std::string& id, Holder* elsewhere) {
  if (auto it = groups_.find(id); it != groups_.end()) return it->second.get();
  // Unknown ids are answered without claiming anything.
  if (!store_.group(id)) return nullptr;
  // Only one hall plays a group: the one that holds its claim, in this process and then
  // among the servers sharing the store.
  if (config_.siblings) {
    const int holder = config_.siblings->claim(id, config_.shard);
    if (holder != config_.shard) {
      if (elsewhere) *elsewhere = {config_.server_name, holder};
      return nullptr;
    }
  }
  auto claimed = store_.claim_group(id, config_.server_name);
  if (!claimed || !claimed.value()) {
    if (config_.siblings) config_.siblings->release(id, config_.shard);
    if (elsewhere) {
      elsewhere->server = claimed ? store_.group_owner(id) : "";
      if (elsewhere->server.empty()) elsewhere->server = "?";  // held, holder not yet known
    }
    return nullptr;
  }
  // Read once claimed: the last holder may have saved a newer version before letting go.
  auto row = store_.group(id);
  json j = row ? json::parse(row->data_json, nullptr, false) : json(nullptr);
  if (!row || j.is_discarded() || !rules::find_game(j.value("game", ""))) {
    store_.release_group(id);
    if (config_.siblings) config_.siblings->release(id, config_.shard);
    return nullptr;
  }
  auto g = std::make_unique<Group>();
  g->id = row->id;
  g->game = j["game"];
  g->options = j.value("options", decltype(g->options){});
  g->timer = j.value("timer", 0);
  g->cpu_level = j.value("cpu_level", 3);
  g->members = j.value("members", std::vector<std::string>{});
  g->chosen = j.value("chosen", std::vector<std::string>{});
  g->status = table_status(j.value("status", "idle"));
  g->seats = j.value("seats", std::vector<std::string>{});
  g->order = j.value("order", std::vector<std::string>{});
  g->rotation = j.value("rotation", 0);
  g->game_number = j.value("game_number", 0);
  g->game_db_id = j.value("game_db_id", int64_t{0});
  // Versions go on from the stored one: nobody is ever shown a version that went back.
  g->version = j.value("version", int64_t{0}) + 1;
  if (j.contains("result")) {
    if (auto r = pr::decode_result(j["result"].dump())) g->result = r.value();
  }
  for (const auto& si : j.value("stand_ins", json::array()))
    if (si.is_object())
      g->stand_ins.push_back(
          {si.value("ply", 0), si.value("seat", 0), si.value("reason", std::string("timeout"))});
  if (g->game_db_id) {
    auto record = store_.game(g->game_db_id);
    if (record && !record->start_text.empty()) {
      std::string text = record->start_text;
      if (!record->moves.empty()) text += " moves " + text::join(record->moves, " ");
      json data = json::parse(record->data_json, nullptr, false);
      std::vector<std::pair<std::string, std::string>> o;
      const json stored_options =
          data.is_discarded() ? json::object() : data.value("options", json::object());
      for (auto& [k, v] : stored_options.items())
        if (v.is_string()) o.emplace_back(k, v.get<std::string>());
      auto opts = g->rules_game().make_options(o);
      if (opts) {
        auto loaded = g->rules_game().load(text, opts.value());
        if (loaded) g->state = std::move(loaded.value());
      }
    }
  }
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
  return &ref;
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
  if (!ratings_loaded_.insert(person_id).second) return;
  for (const auto& r : store_.ratings_of(person_id))
    ratings_[{r.person, r.game}] = {r.value, r.games};
}

void Hall::sweep_idle() {
  const int64_t now = scheduler_.now_ms();
  std::vector<std::string> idle;
  for (const auto& [id, g] : groups_)
    if (!anyone_here(*g) && now - g->touched_ms >= config_.idle_group_ms) idle.push_back(id);
  for (const auto& id : idle) {
    Group& g = *groups_[id];
    if (g.saved_version != g.version) save_group(g);
    cancel_turn(g);  // a late CPU answer finds no group and is dropped
    for (const auto& m : g.members) forget_membership(m, id);
    groups_.erase(id);
    store_.release_group(id);
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

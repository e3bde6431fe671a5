// Opening a group: one in memory is at hand; one that is not is loaded from the store and
// claimed for this hall off the hall's thread (its record, its game with every move replayed,
// its people and their ratings), then installed. A load that cannot read everything fails the
// open (the page tries again): a table is never opened without some of its moves.
#include "core/log.hpp"
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"

namespace kaisho::server {

// What the store holds of a group, read and replayed off the hall's thread.
struct LoadedGroup {
  enum class Found { None, Ours, Elsewhere, Failed };
  std::string id;
  Found found = Found::None;
  std::string holder;  // Elsewhere: the server holding a live lease ("" not known yet)
  Error error;         // Failed: "store" (try again) or "group_unreadable"
  int64_t epoch = 0;   // Ours: the lease's epoch
  StoredGroup record;
  std::unique_ptr<rules::GameState> state;  // the game in progress or last played; null: none
  std::vector<PersonRow> persons;           // the group's people the store has
  std::vector<std::pair<std::string, std::vector<RatingRow>>> ratings;  // as read (not all)
};

namespace {

Error store_error(const Error& e) {
  return make_error("store", "the group could not be read just now (" + e.message + "); try again");
}

// The group's game (record.game_db_id), replayed from its start with every move, and the moves
// the CPU made for a person. A game the store cannot read fails the load; one whose stored
// record is damaged is left out (logged), as a table with no game.
Status load_game(Store& store, LoadedGroup& out) {
  const StoredGroup& g = out.record;
  const rules::Game* game = rules::find_game(g.game);
  auto record = store.game(g.game_db_id);
  if (!record) {
    if (record.error().code == "store") return record.error();
    log::error("the group's game cannot be read", {{"group", out.id},
                                                   {"game", std::to_string(g.game_db_id)},
                                                   {"error", record.error().message}});
    return ok_status();
  }
  if (record->start_text.empty()) return ok_status();
  auto data = decode_stored_game(record->data_json, record->game);
  // A record naming another group's game is damaged: that game is not this group's to show.
  const char* wrong = !data                             ? nullptr
                      : record->group_id != out.id      ? "it is another group's game"
                      : record->game != g.game || !game ? "it is of another game than the group's"
                                                        : nullptr;
  if (!data || wrong) {
    log::error("the group's game cannot be read", {{"group", out.id},
                                                   {"game", std::to_string(g.game_db_id)},
                                                   {"error", data ? wrong : data.error().message}});
    return ok_status();
  }
  std::string text = record->start_text;
  if (!record->moves.empty()) text += " moves " + text::join(record->moves, " ");
  std::vector<std::pair<std::string, std::string>> o(data->options.begin(), data->options.end());
  auto options = game->make_options(o);
  auto loaded = options ? game->load(text, options.value())
                        : Result<std::unique_ptr<rules::GameState>>(options.error());
  if (!loaded) {
    log::error("the group's game cannot be replayed", {{"group", out.id},
                                                       {"game", std::to_string(g.game_db_id)},
                                                       {"error", loaded.error().message}});
    return ok_status();
  }
  // The moves the CPU made for a person, from the moves themselves (newer games; older ones
  // kept them in the group's record).
  if (std::any_of(record->stand_ins.begin(), record->stand_ins.end(),
                  [](const std::string& s) { return !s.empty(); })) {
    out.record.stand_ins.clear();
    auto replay = game->from_position(record->start_text, options.value());
    for (size_t ply = 0; replay && ply < record->moves.size(); ++ply) {
      const int seat = replay.value()->seat_to_move();
      if (ply < record->stand_ins.size() && !record->stand_ins[ply].empty())
        out.record.stand_ins.push_back({static_cast<int>(ply), seat, record->stand_ins[ply]});
      if (!replay.value()->play(record->moves[ply])) break;
    }
  }
  out.state = std::move(loaded.value());
  return ok_status();
}

// The group `id` as the store holds it, claimed for `server` if nobody else holds it.
LoadedGroup load_group(Store& store, const std::string& id, const std::string& server,
                       int64_t ttl_ms) {
  using Found = LoadedGroup::Found;
  LoadedGroup out;
  out.id = id;
  auto fail = [&](Error e) {
    out.found = Found::Failed;
    out.error = std::move(e);
    return std::move(out);
  };
  // Unknown ids are answered without claiming anything.
  if (auto exists = store.group(id); !exists) {
    if (exists.error().code == "no_such_group") return out;
    return fail(store_error(exists.error()));
  }
  auto claimed = store.claim_group(id, server, ttl_ms);
  if (!claimed) return fail(store_error(claimed.error()));
  if (!claimed->ours) {
    out.found = Found::Elsewhere;
    out.holder = claimed->holder;
    return out;
  }
  out.epoch = claimed->epoch;
  auto let_go = [&](Error e) {
    store.release_group(id, server, out.epoch);
    return fail(std::move(e));
  };
  // Read once claimed: the last holder may have saved a newer version before letting go.
  auto row = store.group(id);
  if (!row) return let_go(store_error(row.error()));
  auto record = decode_stored_group(row->data_json);
  if (!record) {
    // A damaged row: this group is not played (its claims are let go), and everything else
    // goes on. The operator reads why; the client is told the group cannot be opened.
    log::error("the group cannot be read", {{"group", id}, {"error", record.error().message}});
    return let_go(
        make_error("group_unreadable", "the group's stored data cannot be read", {{"group", id}}));
  }
  out.record = std::move(record.value());
  if (out.record.game_db_id)
    if (Status s = load_game(store, out); !s) return let_go(store_error(s.error()));
  // Its people, so that the hall can name them without reading; and the ratings of those who
  // sit at the table (others' are read when first shown).
  std::set<std::string> people(out.record.members.begin(), out.record.members.end());
  std::set<std::string> seated;
  for (const auto* list : {&out.record.seats, &out.record.order, &out.record.chosen})
    for (const auto& p : *list)
      if (!p.empty()) people.insert(p), seated.insert(p);
  for (const auto& p : people) {
    auto person = store.person(p);
    if (person)
      out.persons.push_back(std::move(person.value()));
    else if (person.error().code != "no_such_person")
      return let_go(store_error(person.error()));
  }
  for (const auto& p : seated)
    if (auto rows = store.ratings_of(p)) out.ratings.emplace_back(p, std::move(rows.value()));
  out.found = Found::Ours;
  return out;
}

}  // namespace

void Hall::open_group(const std::string& id, std::function<void(const Opened&)> then) {
  if (auto it = groups_.find(id); it != groups_.end()) {
    Opened opened;
    opened.group = it->second.get();
    return then(opened);
  }
  auto [waiting, first] = opening_.try_emplace(id);
  waiting->second.push_back(std::move(then));
  if (!first) return;  // one load for every open of the group meanwhile
  auto finish = [this, id](Opened opened) {
    auto node = opening_.extract(id);
    if (node.empty()) return;
    for (auto& fn : node.mapped()) {
      // Each sees the group as it is when its turn comes (an earlier one may have changed it).
      if (opened.group) {
        auto it = groups_.find(id);
        opened.group = it == groups_.end() ? nullptr : it->second.get();
        if (!opened.group)
          opened.error = make_error("store", "the group is being loaded again; try again");
      }
      fn(opened);
    }
  };
  // Only one hall plays a group: the one that holds its claim, in this process and then
  // among the servers sharing the store.
  if (config_.siblings) {
    const int holder = config_.siblings->claim(id, config_.shard);
    if (holder != config_.shard) {
      Opened opened;
      opened.elsewhere = {config_.server_name, holder};
      return finish(opened);
    }
  }
  reads_.read<std::shared_ptr<LoadedGroup>>(
      scheduler_,
      [id, server = config_.server_name, ttl = config_.lease_ttl_ms](Store& store) {
        return std::make_shared<LoadedGroup>(load_group(store, id, server, ttl));
      },
      [this, alive = alive_check(), id, finish](std::shared_ptr<LoadedGroup> loaded) {
        if (!alive()) return;
        Opened opened;
        switch (loaded->found) {
          case LoadedGroup::Found::Ours:
            opened.group = install_group(*loaded);
            break;
          case LoadedGroup::Found::Elsewhere:
            // Holder not known yet: "?" (the proxy sends the page on all the same).
            opened.elsewhere.server = loaded->holder.empty() ? "?" : loaded->holder;
            break;
          case LoadedGroup::Found::Failed:
            opened.error = loaded->error;
            if (opened.error->code == "store") meters_->read_failed("group");
            break;
          case LoadedGroup::Found::None:
            break;
        }
        if (!opened.group && config_.siblings) config_.siblings->release(id, config_.shard);
        finish(opened);
      });
}

Hall::Group* Hall::install_group(LoadedGroup& loaded) {
  StoredGroup& r = loaded.record;
  for (const auto& row : loaded.persons)
    if (!persons_.contains(row.id)) cache_person(row);
  for (const auto& [person, rows] : loaded.ratings)
    if (!ratings_loaded_.contains(person)) cache_ratings(person, rows);
  auto g = std::make_shared<Group>();
  g->id = loaded.id;
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
  g->epoch = loaded.epoch;
  // Installed after the claim returned: see Group::claimed_ms.
  g->claimed_ms = scheduler_.now_ms();
  g->version = std::max(r.version, g->epoch << 32) + 1;
  g->result = std::move(r.result);
  g->stand_ins = std::move(r.stand_ins);
  g->left_during.insert(r.left_during.begin(), r.left_during.end());
  g->removed.insert(r.removed.begin(), r.removed.end());
  g->state = std::move(loaded.state);
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

void Hall::refuse_unopened(ConnId c, const std::string& rid, const std::string& group_id,
                           const Opened& opened) {
  if (opened.error) return send_error(c, rid, *opened.error);
  const Holder& elsewhere = opened.elsewhere;
  if (!elsewhere.server.empty() || elsewhere.shard >= 0) {
    // Another hall or server plays this group: the client reconnects there (through the
    // proxy, which routes by server; this process routes by shard).
    Error e = make_error(
        "moved",
        "the group is played by server " + elsewhere.server +
            (elsewhere.shard >= 0 ? " (hall " + std::to_string(elsewhere.shard) + ")" : ""));
    e.params = {{"group", group_id},
                {"server", elsewhere.server == "?" ? "" : elsewhere.server},
                {"shard", elsewhere.shard >= 0 ? std::to_string(elsewhere.shard) : ""}};
    return send_error(c, rid, e);
  }
  send_error(c, rid, "no_such_group", "there is no group " + text::quote(group_id));
}

}  // namespace kaisho::server

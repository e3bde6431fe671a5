#include "server/hall/hall.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

#include "ai/levels.hpp"
#include "core/text.hpp"
#include "rules/registry/registry.hpp"
#include "server/identity/names.hpp"
#include "server/identity/tokens.hpp"
#include "server/rating/table_rating.hpp"
#include "server/records/export.hpp"

namespace kaisho::server {

using nlohmann::json;
namespace pr = protocol;

namespace {
constexpr size_t kEventLog = 64;
constexpr double kCpuDeviation = 50;  // CPU ratings are fixed; they count as well known

// The name the site gives a person who has not chosen one. Clients that know a person has it
// (default_name) write it in their own language.
std::string default_name_for(const std::string& person_id) {
  return "Guest " + person_id.substr(0, 4);
}

std::string outcome_kind(const rules::Outcome& o) {
  switch (o.kind) {
    case rules::OutcomeKind::Win:
      return "win";
    case rules::OutcomeKind::Draw:
      return "draw";
    case rules::OutcomeKind::Placement:
      return "placement";
    default:
      return "ongoing";
  }
}
// A stored game's players ({"person", "name"} or {"cpu_level", "name"} by seat) as references.
std::vector<pr::PlayerRef> player_refs(const json& players) {
  std::vector<pr::PlayerRef> out;
  for (const auto& p : players) {
    pr::PlayerRef ref;
    if (p.is_object()) {
      ref.person_id = p.value("person", "");
      ref.cpu_level = p.value("cpu_level", 0);
      ref.default_name =
          !ref.person_id.empty() && p.value("name", "") == default_name_for(ref.person_id);
    }
    out.push_back(ref);
  }
  return out;
}

}  // namespace

struct Hall::Person {
  std::string id;
  std::string name;
  std::string token_hash;
  std::set<ConnId> conns;
  int64_t away_since_ms = 0;
};

struct Hall::Conn {
  std::string person;
  std::string address;
  double tokens = 0;
  int64_t refilled_ms = 0;
  int refused = 0;
};

struct Hall::Group {
  std::string id;
  std::string game;
  std::map<std::string, std::map<std::string, std::string>> options;  // per game
  int timer = 0;
  int cpu_level = 3;
  std::vector<std::string> members;
  std::vector<std::string> chosen;  // seat choices for the next game ("" none)
  int64_t version = 0;
  int64_t saved_version = -1;  // the version last written to the store
  std::string status = "idle";
  std::vector<std::string> seats;  // person per seat ("" = CPU)
  std::vector<std::string> order;  // seats of the first game of the current line-up
  int rotation = 0;
  int game_number = 0;
  std::unique_ptr<rules::GameState> state;
  int64_t game_db_id = 0;
  int64_t turn_started_ms = 0;
  int64_t touched_ms = 0;  // the last change or request: idle groups leave memory
  bool paused = false;     // nobody present: no CPU move, no timer, until someone comes
  TimerId turn_timer = 0;
  TimerId grace_timer = 0;
  uint64_t cpu_ticket = 0;
  int cpu_seat = -1;       // seat the CPU is thinking for (stand-ins too), -1 none
  std::string cpu_reason;  // "seat", "away", "timeout"
  int64_t last_move_version = 0;
  std::optional<pr::ResultView> result;
  std::vector<pr::StandIn> stand_ins;  // moves of this game the CPU made for a person
  // This game's moves in readable styles (Shogi, Annan): a cache that grows with the game, so
  // each move is written once, not at every broadcast.
  mutable pr::ReadableMoves notation;
  std::deque<pr::MissedEvent> log;

  const rules::Game& rules_game() const { return *rules::find_game(game); }
  rules::Options game_options() const {
    std::vector<std::pair<std::string, std::string>> o;
    auto it = options.find(game);
    if (it != options.end())
      for (auto& [k, v] : it->second) o.emplace_back(k, v);
    auto r = rules_game().make_options(o);
    return r ? r.value() : rules::Options::defaults(rules_game().option_schema());
  }
};

Hall::Hall(Scheduler& scheduler, Store& store, Outbox& outbox, CpuService& cpu, HallConfig config)
    : scheduler_(scheduler),
      store_(store),
      outbox_(outbox),
      cpu_(cpu),
      config_(config),
      limits_{{config.new_persons_per_address_per_hour, config.new_persons_per_address_burst},
              {config.groups_per_person_per_hour, config.groups_per_person_burst},
              {config.groups_per_address_per_hour, config.groups_per_address_burst}},
      alive_(std::make_shared<bool>(true)) {}

HallStats Hall::stats() const {
  return {groups_.size(), persons_.size(), groups_visited_};
}

Hall::~Hall() {
  *alive_ = false;
}

// ---------------------------------------------------------------- persistence

void Hall::save_person(const Person& p) {
  (void)store_.put_person({p.id, p.token_hash, p.name});
}

void Hall::save_group(Group& g) {
  g.saved_version = g.version;
  json j = {{"game", g.game},
            {"options", g.options},
            {"timer", g.timer},
            {"cpu_level", g.cpu_level},
            {"members", g.members},
            {"chosen", g.chosen},
            {"status", g.status},
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
  (void)store_.put_group({g.id, j.dump()});
}

Status Hall::restore() {
  for (auto& p : store_.persons()) {
    auto person = std::make_unique<Person>();
    person->id = p.id;
    person->name = p.name;
    person->token_hash = p.token_hash;
    person->away_since_ms = scheduler_.now_ms();
    person_by_token_hash_[p.token_hash] = p.id;
    persons_[p.id] = std::move(person);
  }
  for (auto& r : store_.ratings()) ratings_[{r.person, r.game}] = {r.value, r.games};
  // Groups stay in the store until someone opens them: a restart loads none, and a game in
  // progress goes on when one of its people comes back (nobody present: nothing to play for).
  sweep_idle_later();
  return ok_status();
}

Hall::Group* Hall::load_group(const std::string& id) {
  if (auto it = groups_.find(id); it != groups_.end()) return it->second.get();
  auto row = store_.group(id);
  if (!row) return nullptr;
  json j = json::parse(row->data_json, nullptr, false);
  if (j.is_discarded() || !rules::find_game(j.value("game", ""))) return nullptr;
  auto g = std::make_unique<Group>();
  g->id = row->id;
  g->game = j["game"];
  g->options = j.value("options", decltype(g->options){});
  g->timer = j.value("timer", 0);
  g->cpu_level = j.value("cpu_level", 3);
  g->members = j.value("members", std::vector<std::string>{});
  g->chosen = j.value("chosen", std::vector<std::string>{});
  g->status = j.value("status", "idle");
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
  if (g->status == "playing" && !g->state) g->status = "idle";
  g->touched_ms = scheduler_.now_ms();
  Group& ref = *g;
  groups_[ref.id] = std::move(g);
  for (const auto& m : ref.members) groups_of_[m].insert(ref.id);
  if (ref.status == "playing") {
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
  }
  limits_.forget_full(now);
}

// ---------------------------------------------------------------- connections

void Hall::connected(ConnId c, const std::string& address) {
  Conn conn;
  conn.address = address;
  conn.tokens = config_.message_burst;
  conn.refilled_ms = scheduler_.now_ms();
  conns_[c] = conn;
}

void Hall::disconnected(ConnId c) {
  auto it = conns_.find(c);
  if (it == conns_.end()) return;
  const std::string person = it->second.person;
  conns_.erase(it);
  if (person.empty()) return;
  auto p = persons_.find(person);
  if (p == persons_.end()) return;
  p->second->conns.erase(c);
  if (p->second->conns.empty()) {
    p->second->away_since_ms = scheduler_.now_ms();
    presence_changed(person);
  }
}

void Hall::drop_person(const std::string& person_id) {
  auto p = persons_.find(person_id);
  if (p == persons_.end()) return;
  for (ConnId c : std::set<ConnId>(p->second->conns)) {
    outbox_.close(c);
    disconnected(c);
  }
}

bool Hall::present(const std::string& person_id) const {
  auto p = persons_.find(person_id);
  return p != persons_.end() && !p->second->conns.empty();
}

const std::string& Hall::person_of(ConnId c) const {
  static const std::string none;
  auto it = conns_.find(c);
  return it == conns_.end() ? none : it->second.person;
}

std::string Hall::name_of(const std::string& person_id) const {
  auto p = persons_.find(person_id);
  return p == persons_.end() ? "?" : p->second->name;
}

void Hall::send_error(ConnId c, const std::string& rid, const std::string& code,
                      const std::string& message) {
  outbox_.send(c, pr::encode(pr::ErrorReply{rid, code, message, {}}));
}
void Hall::send_error(ConnId c, const std::string& rid, const Error& e) {
  outbox_.send(c, pr::encode(pr::ErrorReply{rid, e.code.empty() ? "bad_message" : e.code, e.message,
                                            e.params}));
}

void Hall::received(ConnId c, std::string_view text) {
  auto it = conns_.find(c);
  if (it == conns_.end()) return;
  Conn& conn = it->second;
  // Token bucket per connection.
  const int64_t now = scheduler_.now_ms();
  conn.tokens =
      std::min(config_.message_burst, conn.tokens + static_cast<double>(now - conn.refilled_ms) *
                                                        config_.messages_per_second / 1000.0);
  conn.refilled_ms = now;
  if (conn.tokens < 1) {
    if (++conn.refused >= config_.flood_close_after) {
      outbox_.close(c);
      disconnected(c);
      return;
    }
    send_error(c, "", "rate_limited", "too many messages; slow down");
    return;
  }
  conn.tokens -= 1;
  std::string rid_seen;  // echoed even when a later field of the message is wrong
  auto decoded = pr::decode_request(text, &rid_seen);
  if (!decoded) {
    if (decoded.error().code == "too_large") {
      outbox_.close(c);
      disconnected(c);
      return;
    }
    send_error(c, rid_seen, decoded.error());
    return;
  }
  const std::string& rid = decoded->rid;
  const pr::Request& req = decoded->request;
  if (!std::holds_alternative<pr::Hello>(req) && conn.person.empty()) {
    send_error(c, rid, "not_hello", "send hello first");
    return;
  }
  std::visit(
      [&](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, pr::Hello>)
          on_hello(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::SetName>)
          on_set_name(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::CreateGroup>)
          on_create(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::JoinGroup>)
          on_join(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::LeaveGroup>)
          on_leave(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::ChangeSettings>)
          on_settings(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::TakeSeat>)
          on_seat(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::StartGame>)
          on_start(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::PlayMove>)
          on_move(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::Resign>)
          on_resign(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::Sync>)
          on_sync(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::ListHistory>)
          on_history(c, rid);
        else if constexpr (std::is_same_v<T, pr::GetRecord>)
          on_record(c, rid, m);
      },
      req);
}

// ---------------------------------------------------------------- identity

void Hall::on_hello(ConnId c, const std::string& rid, const pr::Hello& m) {
  Conn& conn = conns_[c];
  if (!conn.person.empty()) return send_error(c, rid, "bad_message", "hello was already sent");
  std::string token;
  Person* person = nullptr;
  if (m.token && looks_like_token(*m.token)) {
    auto it = person_by_token_hash_.find(token_hash(*m.token));
    if (it != person_by_token_hash_.end()) {
      person = persons_[it->second].get();
      token = *m.token;
    }
  }
  if (!person) {
    // A first visit, or a token we never issued: a new person with a new token — as many as
    // one address may make in a while.
    if (!limits_.new_persons_per_address.take(conn.address, scheduler_.now_ms()))
      return send_error(c, rid, "too_many_new_persons",
                        "too many new visitors from your address; try again later");
    token = new_device_token();
    auto p = std::make_unique<Person>();
    p->id = new_random_id(10);
    p->token_hash = token_hash(token);
    p->name = default_name_for(p->id);
    person = p.get();
    person_by_token_hash_[p->token_hash] = p->id;
    persons_[p->id] = std::move(p);
    // A name given with hello that would be refused by set_name is not used: the person
    // keeps the site's name (the client's own field shows and can fix it).
    if (m.name) {
      auto n = clean_name(*m.name);
      if (n) person->name = n.value();
    }
    save_person(*person);
  }
  conn.person = person->id;
  const bool was_away = person->conns.empty();
  person->conns.insert(c);
  outbox_.send(
      c, pr::encode(pr::Welcome{token, person->id, person->name, has_default_name(person->id)}));
  if (was_away) presence_changed(person->id);
}

void Hall::on_set_name(ConnId c, const std::string& rid, const pr::SetName& m) {
  auto n = clean_name(m.name);
  if (!n) return send_error(c, rid, n.error());
  Person& p = *persons_[person_of(c)];
  p.name = n.value();
  save_person(p);
  outbox_.send(c, pr::encode(pr::Welcome{"", p.id, p.name, has_default_name(p.id)}));
  for (const std::string& id : std::set<std::string>(groups_of_[p.id])) {
    ++groups_visited_;
    Group& g = *groups_[id];
    bump(g, "name", p.id);
    broadcast(g);
  }
}

void Hall::presence_changed(const std::string& person_id) {
  const bool here = present(person_id);
  auto mine = groups_of_.find(person_id);
  if (mine == groups_of_.end()) return;
  for (const std::string& id : std::set<std::string>(mine->second)) {
    ++groups_visited_;
    Group& g = *groups_[id];
    bump(g, here ? "present" : "away", person_id);
    if (here && g.paused)
      resume(g);
    else if (!here && !anyone_here(g))
      pause(g);
    else
      seat_owner_changed(g, person_id);
    broadcast(g);
  }
}

void Hall::forget_membership(const std::string& person_id, const std::string& group_id) {
  auto it = groups_of_.find(person_id);
  if (it == groups_of_.end()) return;
  it->second.erase(group_id);
  if (it->second.empty()) groups_of_.erase(it);
}

bool Hall::anyone_here(const Group& g) const {
  for (const auto& m : g.members)
    if (present(m)) return true;
  return false;
}

void Hall::pause(Group& g) {
  cancel_turn(g);
  g.paused = g.status == "playing";
}

void Hall::resume(Group& g) {
  g.paused = false;
  if (g.status != "playing") return;
  g.turn_started_ms = scheduler_.now_ms();  // a fresh turn timer for whoever is to move
  schedule_turn(g);
}

bool Hall::is_member(const Group& g, const std::string& person_id) const {
  return std::find(g.members.begin(), g.members.end(), person_id) != g.members.end();
}

bool Hall::at_table(const Group& g, const std::string& person_id) const {
  return present(person_id) && is_member(g, person_id);
}

void Hall::seat_owner_changed(Group& g, const std::string& person_id) {
  if (g.status != "playing" || !g.state || g.state->outcome().over()) return;
  const int seat = g.state->seat_to_move();
  if (seat < 0 || g.seats[static_cast<size_t>(seat)] != person_id) return;
  if (at_table(g, person_id) && g.cpu_seat == seat && g.cpu_reason == "away") {
    // The owner is back: they take over at once; the CPU's answer will be ignored.
    ++g.cpu_ticket;
    g.cpu_seat = -1;
  }
  schedule_turn(g);
}

// ---------------------------------------------------------------- groups

Hall::Group* Hall::find_group(ConnId c, const std::string& rid, const std::string& group_id,
                              bool must_be_member) {
  Group* loaded = load_group(group_id);
  if (!loaded) {
    send_error(c, rid, "no_such_group", "there is no group " + text::quote(group_id));
    return nullptr;
  }
  Group& g = *loaded;
  g.touched_ms = scheduler_.now_ms();
  if (must_be_member &&
      std::find(g.members.begin(), g.members.end(), person_of(c)) == g.members.end()) {
    send_error(c, rid, "not_member", "join the group first");
    return nullptr;
  }
  return &g;
}

void Hall::on_create(ConnId c, const std::string& rid, const pr::CreateGroup& m) {
  const rules::Game* game = rules::find_game(m.game);
  if (!game) return send_error(c, rid, "bad_message", "unknown game " + text::quote(m.game));
  const int64_t now = scheduler_.now_ms();
  const std::string& person = person_of(c);
  if (!limits_.groups_per_person.take(person, now) ||
      !limits_.groups_per_address.take(conns_[c].address, now))
    return send_error(c, rid, "too_many_groups",
                      "too many new tables in a short time; try again later");
  auto g = std::make_unique<Group>();
  g->id = new_random_id(15);
  g->game = m.game;
  g->members.push_back(person);
  g->version = 1;
  g->touched_ms = now;
  Group& ref = *g;
  groups_[g->id] = std::move(g);
  groups_of_[person].insert(ref.id);
  bump(ref, "created", ref.id);
  broadcast(ref);
}

void Hall::on_join(ConnId c, const std::string& rid, const pr::JoinGroup& m) {
  Group* g = find_group(c, rid, m.group, false);
  if (!g) return;
  const std::string& person = person_of(c);
  if (!is_member(*g, person)) {
    g->members.push_back(person);
    groups_of_[person].insert(g->id);
    bump(*g, "joined", person);
    if (g->paused)
      resume(*g);
    else
      seat_owner_changed(*g, person);  // one who left during their game takes the seat back
    broadcast(*g);
  } else {
    outbox_.send(c, pr::encode(view(*g, person)));
  }
}

void Hall::on_leave(ConnId c, const std::string& rid, const pr::LeaveGroup& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  const std::string person = person_of(c);
  g->members.erase(std::remove(g->members.begin(), g->members.end(), person), g->members.end());
  forget_membership(person, g->id);
  std::replace(g->chosen.begin(), g->chosen.end(), person, std::string());
  bump(*g, "left", person);
  if (!anyone_here(*g))
    pause(*g);
  else
    seat_owner_changed(*g, person);  // their seat stays theirs; the CPU plays it from now on
  broadcast(*g);
  outbox_.send(c, pr::encode(pr::ErrorReply{rid, "left", "you left the group", {}}));
}

void Hall::on_settings(ConnId c, const std::string& rid, const pr::ChangeSettings& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  if (g->status == "playing")
    return send_error(c, rid, "game_in_progress", "settings change between games");
  // Validate everything before changing anything.
  std::string game = m.game.value_or(g->game);
  const rules::Game* rules_game = rules::find_game(game);
  if (!rules_game) return send_error(c, rid, "bad_settings", "unknown game " + text::quote(game));
  if (m.timer && *m.timer != 0 && *m.timer != 30 && *m.timer != 60)
    return send_error(c, rid, "bad_settings", "the turn timer is 0 (none), 30 or 60 seconds");
  if (m.cpu_level && (*m.cpu_level < ai::kMinLevel || *m.cpu_level > ai::kMaxLevel))
    return send_error(c, rid, "bad_settings", "the CPU level is 1 to 8");
  std::map<std::string, std::string> options = g->options[game];
  if (m.options) {
    std::vector<std::pair<std::string, std::string>> merged(options.begin(), options.end());
    for (auto& kv : *m.options) merged.push_back(kv);
    auto valid = rules_game->make_options(merged);
    if (!valid) return send_error(c, rid, "bad_settings", valid.error().message);
    for (auto& kv : *m.options) options[kv.first] = kv.second;
  }
  if (game != g->game) {
    g->chosen.clear();
    g->order.clear();
    g->state.reset();
    g->result.reset();
    g->status = "idle";
  }
  g->game = game;
  g->options[game] = options;
  if (m.timer) g->timer = *m.timer;
  if (m.cpu_level) g->cpu_level = *m.cpu_level;
  bump(*g, "settings", person_of(c));
  broadcast(*g);
}

void Hall::on_seat(ConnId c, const std::string& rid, const pr::TakeSeat& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  if (g->status == "playing")
    return send_error(c, rid, "game_in_progress", "seats change between games");
  const int n = g->rules_game().seat_count();
  g->chosen.resize(static_cast<size_t>(n));
  const std::string person = person_of(c);
  if (m.seat) {
    if (*m.seat < 0 || *m.seat >= n)
      return send_error(c, rid, "bad_message", "no seat " + std::to_string(*m.seat));
    const std::string& holder = g->chosen[static_cast<size_t>(*m.seat)];
    if (!holder.empty() && holder != person)
      return send_error(c, rid, "seat_taken", "that seat is taken");
  }
  std::replace(g->chosen.begin(), g->chosen.end(), person, std::string());
  if (m.seat) g->chosen[static_cast<size_t>(*m.seat)] = person;
  g->order.clear();  // an explicit choice starts a new line-up
  bump(*g, "seat", person);
  broadcast(*g);
}

bool Hall::alternation_on(const Group& g) const {
  const rules::Options o = g.game_options();
  if (g.game == "shogi" && o.get("handicap") != "none") return false;  // the giver keeps it
  for (const char* key : {"alternate_first", "swap_roles", "rotate_first"})
    if (!o.get(key).empty()) return o.get_bool(key);
  return true;
}

void Hall::on_start(ConnId c, const std::string& rid, const pr::StartGame& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  if (g->status == "playing")
    return send_error(c, rid, "game_in_progress", "a game is already being played");
  if (Status s = start_game(*g); !s) return send_error(c, rid, s.error());
}

bool Hall::same_lineup(const Group& g) const {
  const size_t n = static_cast<size_t>(g.rules_game().seat_count());
  if (g.order.size() != n || g.game_number == 0) return false;
  for (const auto& p : g.order)
    if (!p.empty() && !is_member(g, p)) return false;
  return true;
}

std::vector<std::string> Hall::fresh_lineup(const Group& g) const {
  // Chosen seats first, then present members in join order, the CPU for the rest.
  std::vector<std::string> seats = g.chosen;
  seats.resize(static_cast<size_t>(g.rules_game().seat_count()));
  for (const auto& member : g.members) {
    if (!present(member) || std::find(seats.begin(), seats.end(), member) != seats.end()) continue;
    auto free = std::find(seats.begin(), seats.end(), std::string());
    if (free == seats.end()) break;
    *free = member;
  }
  return seats;
}

Status Hall::start_game(Group& g) {
  const rules::Game& game = g.rules_game();
  const size_t n = static_cast<size_t>(game.seat_count());
  g.chosen.resize(n);
  // The same line-up rotates when alternation is on; otherwise seats are filled afresh.
  if (same_lineup(g)) {
    if (alternation_on(g)) ++g.rotation;
  } else {
    g.order = fresh_lineup(g);
    g.rotation = 0;
  }
  std::vector<std::string> seats(n);
  for (size_t s = 0; s < n; ++s) seats[s] = g.order[(s + static_cast<size_t>(g.rotation)) % n];
  const rules::Options options = g.game_options();
  auto state = game.new_game(options);
  if (!state) return make_error("bad_settings", state.error().message);
  json players = json::array();
  GameRow row;
  row.group_id = g.id;
  row.game = g.game;
  row.start_text = state.value()->start_text();
  row.started_ms = scheduler_.wall_ms();
  for (size_t s = 0; s < n; ++s) {
    if (seats[s].empty())
      players.push_back({{"cpu_level", g.cpu_level}, {"name", "CPU"}});
    else
      players.push_back({{"person", seats[s]}, {"name", name_of(seats[s])}});
    row.player_ids.push_back(seats[s]);
  }
  json data = {{"options", options.values()}, {"players", players}, {"cpu_level", g.cpu_level}};
  row.data_json = data.dump();
  auto id = store_.begin_game(row);
  if (!id) return make_error("store", id.error().message);
  g.seats = seats;
  g.state = std::move(state.value());
  g.game_db_id = id.value();
  ++g.game_number;
  g.status = "playing";
  g.result.reset();
  g.stand_ins.clear();
  g.notation.clear();
  g.cpu_seat = -1;
  ++g.cpu_ticket;
  bump(g, "start", std::to_string(g.game_number));
  g.last_move_version = g.version;
  g.turn_started_ms = scheduler_.now_ms();
  if (g.state->outcome().over()) {
    finish_game(g);
    return ok_status();
  }
  broadcast(g);
  schedule_turn(g);
  return ok_status();
}

// ---------------------------------------------------------------- play

void Hall::on_move(ConnId c, const std::string& rid, const pr::PlayMove& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  if (g->status != "playing" || !g->state)
    return send_error(c, rid, "no_game", "no game is being played");
  const std::string person = person_of(c);
  const int seat = g->state->seat_to_move();
  if (std::find(g->seats.begin(), g->seats.end(), person) == g->seats.end())
    return send_error(c, rid, "not_your_seat", "you have no seat at this table");
  if (seat < 0 || g->seats[static_cast<size_t>(seat)] != person)
    return send_error(c, rid, "not_your_turn", "it is not your turn");
  if (m.version < g->last_move_version)
    return send_error(c, rid, "stale_version",
                      "the position has changed since version " + std::to_string(m.version));
  if (Status s = commit_move(*g, m.move); !s) return send_error(c, rid, s.error());
  after_move(*g, "move", m.move);
}

Status Hall::commit_move(Group& g, const std::string& move) {
  auto next = g.state->clone();
  if (Status s = next->play(move); !s) {
    Error e = s.error();
    e.code = "illegal_move";
    return e;
  }
  // Durable before anyone is told: a crash after this line loses nothing acknowledged.
  if (Status s =
          store_.append_move(g.game_db_id, static_cast<int>(g.state->moves_played().size()), move);
      !s)
    return make_error("store", "the move could not be stored: " + s.error().message);
  g.state = std::move(next);
  cancel_turn(g);
  return ok_status();
}

void Hall::after_move(Group& g, const std::string& kind, const std::string& detail) {
  bump(g, kind, detail);
  g.last_move_version = g.version;
  g.turn_started_ms = scheduler_.now_ms();
  if (g.state->outcome().over()) {
    finish_game(g);
    return;
  }
  broadcast(g);
  schedule_turn(g);
}

void Hall::on_resign(ConnId c, const std::string& rid, const pr::Resign& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  if (g->status != "playing" || !g->state)
    return send_error(c, rid, "no_game", "no game is being played");
  const std::string person = person_of(c);
  auto seat = std::find(g->seats.begin(), g->seats.end(), person);
  if (seat == g->seats.end())
    return send_error(c, rid, "not_your_seat", "you have no seat at this table");
  auto next = g->state->clone();
  if (Status s = next->resign(static_cast<int>(seat - g->seats.begin())); !s)
    return send_error(c, rid, "no_resignation", s.error().message);
  g->state = std::move(next);
  cancel_turn(*g);
  after_move(*g, "resign", person);
}

void Hall::cancel_turn(Group& g) {
  if (g.turn_timer) scheduler_.cancel(g.turn_timer);
  if (g.grace_timer) scheduler_.cancel(g.grace_timer);
  g.turn_timer = g.grace_timer = 0;
  ++g.cpu_ticket;
  g.cpu_seat = -1;
}

void Hall::schedule_turn(Group& g) {
  if (g.turn_timer) scheduler_.cancel(g.turn_timer);
  if (g.grace_timer) scheduler_.cancel(g.grace_timer);
  g.turn_timer = g.grace_timer = 0;
  if (g.status != "playing" || !g.state || g.state->outcome().over()) return;
  if (!anyone_here(g)) {
    g.paused = true;  // nobody to play for: the game waits, stored, for someone to come back
    return;
  }
  g.paused = false;
  const int seat = g.state->seat_to_move();
  const std::string owner = g.seats[static_cast<size_t>(seat)];
  if (g.cpu_seat == seat) return;  // already thinking
  const int64_t now = scheduler_.now_ms();
  if (owner.empty()) {
    request_cpu(g, "seat");
    return;
  }
  if (!is_member(g, owner)) {
    request_cpu(g, "away");  // they left the group: no grace, the CPU plays at once
    return;
  }
  std::weak_ptr<bool> alive = alive_;
  const std::string id = g.id;
  const uint64_t ticket = g.cpu_ticket;
  if (!present(owner)) {
    const int64_t since = persons_[owner]->away_since_ms;
    const int64_t wait = std::max<int64_t>(0, since + config_.away_grace_ms - now);
    g.grace_timer = scheduler_.after(wait, [this, alive, id, ticket] {
      if (auto a = alive.lock(); !a || !*a) return;
      auto it = groups_.find(id);
      if (it == groups_.end() || it->second->cpu_ticket != ticket) return;
      Group& gr = *it->second;
      gr.grace_timer = 0;
      const int s = gr.state->seat_to_move();
      if (s >= 0 && !at_table(gr, gr.seats[static_cast<size_t>(s)])) request_cpu(gr, "away");
    });
  }
  if (g.timer > 0) {
    const int64_t deadline = g.turn_started_ms + g.timer * 1000;
    g.turn_timer =
        scheduler_.after(std::max<int64_t>(0, deadline - now), [this, alive, id, ticket] {
          if (auto a = alive.lock(); !a || !*a) return;
          auto it = groups_.find(id);
          if (it == groups_.end() || it->second->cpu_ticket != ticket) return;
          it->second->turn_timer = 0;
          request_cpu(*it->second, "timeout");
        });
  }
}

void Hall::request_cpu(Group& g, const std::string& why) {
  if (g.turn_timer) scheduler_.cancel(g.turn_timer);
  if (g.grace_timer) scheduler_.cancel(g.grace_timer);
  g.turn_timer = g.grace_timer = 0;
  const int seat = g.state->seat_to_move();
  g.cpu_seat = seat;
  g.cpu_reason = why;
  const uint64_t ticket = ++g.cpu_ticket;
  CpuRequest request;
  request.game = &g.rules_game();
  request.state = g.state->clone();
  request.limits.level = g.cpu_level;
  int64_t budget = config_.cpu_move_ms;
  if (g.timer > 0) budget = std::min<int64_t>(budget, g.timer * 1000 / 2);
  request.limits.time_ms = budget;
  request.limits.fixed_time = true;  // the CPU has no clock to save time for
  request.limits.seed = static_cast<uint64_t>(g.state->moves_played().size());
  std::weak_ptr<bool> alive = alive_;
  const std::string id = g.id;
  if (why != "seat") {
    bump(g, "cpu_playing", std::to_string(seat));
    broadcast(g);
  }
  cpu_.request(std::move(request), [this, alive, id, ticket](std::string move) {
    if (auto a = alive.lock(); !a || !*a) return;
    auto it = groups_.find(id);
    if (it == groups_.end()) return;
    Group& gr = *it->second;
    if (gr.cpu_ticket != ticket || gr.status != "playing") return;  // superseded
    gr.cpu_seat = -1;
    const int moved_for = gr.state->seat_to_move();
    const std::string reason = gr.cpu_reason == "timeout" ? "timeout" : "away";
    Status s = commit_move(gr, move);
    if (!s && s.error().code == "illegal_move") {
      // The engine and the rules disagree (a CPU bug): the rules win, and the game must not
      // stall, so the first legal move is played instead.
      const auto legal = gr.state->legal_moves();
      if (!legal.empty()) {
        move = legal.front();
        s = commit_move(gr, move);
      }
    }
    if (!s) {
      // The store failed: try again shortly.
      const std::string why_again = gr.cpu_reason;
      gr.grace_timer = scheduler_.after(1000, [this, id, why_again] {
        auto again = groups_.find(id);
        if (again != groups_.end()) request_cpu(*again->second, why_again);
      });
      return;
    }
    if (moved_for >= 0 && !gr.seats[static_cast<size_t>(moved_for)].empty())
      gr.stand_ins.push_back(
          {static_cast<int>(gr.state->moves_played().size()) - 1, moved_for, reason});
    after_move(gr, "cpu_move", move);
  });
}

// ---------------------------------------------------------------- results

rating::Rating Hall::rating_of(const std::string& person, const std::string& game) const {
  auto it = ratings_.find({person, game});
  return it == ratings_.end() ? rating::Rating{} : it->second.first;
}

int Hall::games_of(const std::string& person, const std::string& game) const {
  auto it = ratings_.find({person, game});
  return it == ratings_.end() ? 0 : it->second.second;
}

rating::Rating Hall::cpu_rating(int level) {
  return {static_cast<double>(ai::level_rating(level)), kCpuDeviation, 0.06};
}

bool Hall::has_default_name(const std::string& person_id) const {
  return name_of(person_id) == default_name_for(person_id);
}

void Hall::finish_game(Group& g) {
  cancel_turn(g);
  const rules::Outcome o = g.state->outcome();
  const size_t n = g.seats.size();
  pr::ResultView r;
  r.kind = outcome_kind(o);
  r.winner = o.winner;
  r.places = o.places;
  r.reason = o.reason;
  // Everyone's rating before the game; CPU seats are fixed at their level's rating.
  std::vector<rating::Rating> before(n);
  for (size_t s = 0; s < n; ++s) {
    before[s] = g.seats[s].empty() ? cpu_rating(g.cpu_level) : rating_of(g.seats[s], g.game);
  }
  auto score = [&](size_t a, size_t b) -> std::optional<double> {
    if (o.kind == rules::OutcomeKind::Draw) return 0.5;
    if (o.kind == rules::OutcomeKind::Placement)
      return o.places[a] < o.places[b] ? 1.0 : o.places[a] == o.places[b] ? 0.5 : 0.0;
    if (o.kind == rules::OutcomeKind::Win) {
      if (n == 2) return static_cast<int>(a) == o.winner ? 1.0 : 0.0;
      // Four seats with a single winner means teams (pairs): partners are not compared.
      auto team = [](size_t s) { return s % 2; };
      if (team(a) == team(b)) return std::nullopt;
      return team(a) == team(static_cast<size_t>(o.winner)) ? 1.0 : 0.0;
    }
    return std::nullopt;
  };
  // One person holding two seats (a test of one's own, or a hot-seat game) is not rated.
  std::vector<bool> fixed(n);
  for (size_t s = 0; s < n; ++s)
    fixed[s] = g.seats[s].empty() || std::count(g.seats.begin(), g.seats.end(), g.seats[s]) > 1;
  const std::vector<rating::Rating> after = rating::rate_table(before, fixed, score);
  for (size_t s = 0; s < n; ++s) {
    if (fixed[s]) continue;
    const std::string& person = g.seats[s];
    auto& stored = ratings_[{person, g.game}];
    stored = {after[s], stored.second + 1};
    (void)store_.put_rating({person, g.game, after[s], stored.second});
    // What the ratings expected of this seat and what it scored, over the seats it is compared
    // with: the client explains the change with them.
    double expected = 0, scored = 0;
    int compared = 0;
    for (size_t o2 = 0; o2 < n; ++o2) {
      if (o2 == s) continue;
      const std::optional<double> sc = score(s, o2);
      if (!sc) continue;
      expected += rating::expected_score(before[s], before[o2]);
      scored += *sc;
      ++compared;
    }
    pr::RatingChange change;
    change.person_id = person;
    change.seat = static_cast<int>(s);
    change.before = before[s].rating;
    change.after = after[s].rating;
    change.deviation_before = before[s].deviation;
    change.deviation_after = after[s].deviation;
    change.expected = compared ? expected / compared : 0.5;
    change.score = compared ? scored / compared : 0.5;
    change.provisional_before = rating::is_provisional(before[s]);
    change.provisional = rating::is_provisional(after[s]);
    r.rating_changes.push_back(change);
  }
  (void)store_.finish_game(g.game_db_id, pr::encode_result(r), scheduler_.wall_ms());
  g.result = r;
  g.status = "finished";
  bump(g, "result", r.reason);
  broadcast(g);
  // "Draw and replay": the table goes straight on to the next game.
  if (o.kind == rules::OutcomeKind::Draw && o.reason == "repetition") (void)start_game(g);
}

// ---------------------------------------------------------------- views

void Hall::bump(Group& g, const std::string& kind, const std::string& detail) {
  ++g.version;
  g.touched_ms = scheduler_.now_ms();
  g.log.push_back({g.version, kind, detail});
  while (g.log.size() > kEventLog) g.log.pop_front();
}

pr::GroupView Hall::view(const Group& g, const std::string& person_id) const {
  pr::GroupView v;
  const rules::Game& game = g.rules_game();
  v.id = g.id;
  v.version = g.version;
  v.game = g.game;
  const rules::Options options = g.game_options();
  for (auto& [k, val] : options.values()) v.options[k] = val;
  v.timer = g.timer;
  v.cpu_level = g.cpu_level;
  static std::map<std::string, std::string> schemas;  // encoded once per game; hall thread only
  auto schema = schemas.find(g.game);
  if (schema == schemas.end())
    schema = schemas.emplace(g.game, pr::encode_schema(game.option_schema())).first;
  v.schema_json = schema->second;
  for (const auto& m : g.members)
    v.members.push_back({m, name_of(m), present(m), has_default_name(m)});
  v.you = person_id;
  v.status = g.status;
  v.seat_names = game.seat_names();
  const size_t n = static_cast<size_t>(game.seat_count());
  const std::vector<std::string> seats = seats_shown(g);
  for (size_t s = 0; s < n; ++s) {
    pr::SeatView sv;
    sv.seat = static_cast<int>(s);
    const std::string owner = s < seats.size() ? seats[s] : std::string();
    sv.cpu = owner.empty();
    sv.person_id = owner;
    sv.name = owner.empty() ? "CPU " + std::to_string(g.cpu_level) : name_of(owner);
    sv.default_name = !owner.empty() && has_default_name(owner);
    sv.cpu_level = owner.empty() ? g.cpu_level : 0;
    sv.present = !owner.empty() && present(owner);
    sv.away = !owner.empty() && !at_table(g, owner);
    sv.cpu_playing = g.cpu_seat == static_cast<int>(s) && !owner.empty();
    sv.planned =
        g.status == "idle" && !owner.empty() && (s >= g.chosen.size() || g.chosen[s] != owner);
    const rating::Rating r = owner.empty() ? cpu_rating(g.cpu_level) : rating_of(owner, g.game);
    sv.rating = pr::RatingView{r.rating, r.deviation, owner.empty() ? 0 : games_of(owner, g.game),
                               !owner.empty() && rating::is_provisional(r)};
    v.seats.push_back(sv);
  }
  v.your_seats = your_seats(g, person_id);
  static std::map<std::string, std::string> boards;  // encoded once per board; hall thread only
  const std::string board_key = g.game + (g.game == "musashi" ? options.get("board") : "");
  auto b = boards.find(board_key);
  if (b == boards.end()) b = boards.emplace(board_key, pr::encode_board(game.board(options))).first;
  v.board_json = b->second;
  if (g.state) {
    pr::GameView gv;
    gv.number = g.game_number;
    gv.position = g.state->position_text();
    gv.start = g.state->start_text();
    gv.moves = g.state->moves_played();
    gv.to_move = g.state->seat_to_move();
    gv.legal_moves = g.state->legal_moves();
    std::sort(gv.legal_moves.begin(), gv.legal_moves.end());
    gv.last_move = gv.moves.empty() ? "" : gv.moves.back();
    gv.in_check = g.state->seats_in_check();
    gv.out = g.state->seats_out();
    gv.clock_limit = g.timer;
    if (g.timer > 0 && g.status == "playing" && gv.to_move >= 0 &&
        !g.seats[static_cast<size_t>(gv.to_move)].empty())
      gv.remaining_ms =
          std::max<int64_t>(0, g.turn_started_ms + g.timer * 1000 - scheduler_.now_ms());
    gv.result = g.result;
    gv.stand_ins = g.stand_ins;
    for (const auto& style : g.state->readable_styles()) {
      auto& list = g.notation[style];
      if (list.size() > gv.moves.size()) list.clear();
      if (list.size() < gv.moves.size()) {
        const auto more = g.state->readable_moves(style, list.size());
        list.insert(list.end(), more.begin(), more.end());
      }
      if (list.size() == gv.moves.size()) gv.notation[style] = list;
    }
    v.current = gv;
  }
  return v;
}

std::vector<std::string> Hall::seats_shown(const Group& g) const {
  if (g.status != "idle") return g.seats;
  // Before a game: the line-up a start would make now, so everyone sees where they will sit.
  if (!same_lineup(g)) return fresh_lineup(g);
  const size_t n = g.order.size();
  const size_t next = static_cast<size_t>(g.rotation + (alternation_on(g) ? 1 : 0));
  std::vector<std::string> seats(n);
  for (size_t s = 0; s < n; ++s) seats[s] = g.order[(s + next) % n];
  return seats;
}

std::vector<int> Hall::your_seats(const Group& g, const std::string& person_id) const {
  std::vector<int> out;
  const std::vector<std::string> seats = seats_shown(g);
  for (size_t s = 0; s < seats.size(); ++s)
    if (!person_id.empty() && seats[s] == person_id) out.push_back(static_cast<int>(s));
  return out;
}

void Hall::broadcast(Group& g) {
  // Nobody is shown a version the store does not have: after a restart versions carry on
  // from the stored one, so they never go back (clients ignore older versions).
  if (g.saved_version != g.version) save_group(g);
  std::optional<pr::GroupEncoder> encoder;  // built once, for the first member online
  for (const auto& m : g.members) {
    auto p = persons_.find(m);
    if (p == persons_.end() || p->second->conns.empty()) continue;
    if (!encoder) encoder.emplace(view(g, ""));
    const std::string text = encoder->for_member(m, your_seats(g, m));
    for (ConnId c : p->second->conns) outbox_.send(c, text);
  }
}

void Hall::on_sync(ConnId c, const std::string& rid, const pr::Sync& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  std::vector<pr::MissedEvent> missed;
  for (const auto& e : g->log)
    if (e.version > m.version) missed.push_back(e);
  outbox_.send(c, pr::encode(view(*g, person_of(c)), &missed));
}

void Hall::on_history(ConnId c, const std::string&) {
  std::vector<pr::HistoryEntry> out;
  for (auto& row : store_.finished_games_of(person_of(c), 100)) {
    pr::HistoryEntry e;
    e.game_id = row.id;
    e.game = row.game;
    e.group = row.group_id;
    json data = json::parse(row.data_json, nullptr, false);
    const json players = data.is_discarded() ? json::array() : data.value("players", json::array());
    for (auto& p : players) e.players.push_back(p.value("name", "?"));
    e.seats = player_refs(players);
    e.result_json = row.result_json;
    e.started_ms = row.started_ms;
    e.ended_ms = row.ended_ms;
    out.push_back(std::move(e));
  }
  outbox_.send(c, pr::encode(out));
}

void Hall::on_record(ConnId c, const std::string& rid, const pr::GetRecord& m) {
  auto row = store_.game(m.game_id);
  if (!row) return send_error(c, rid, "no_game", row.error().message);
  // A record is for the people who played it and the members of its group.
  const std::string& me = person_of(c);
  const bool played =
      std::find(row->player_ids.begin(), row->player_ids.end(), me) != row->player_ids.end();
  const Group* group = played ? nullptr : load_group(row->group_id);
  const bool member = group != nullptr && is_member(*group, me);
  if (!played && !member)
    return send_error(c, rid, "no_game", "no game " + std::to_string(m.game_id));
  pr::RecordView r;
  r.game_id = row->id;
  r.game = row->game;
  json data = json::parse(row->data_json, nullptr, false);
  if (!data.is_discarded()) {
    const json players = data.value("players", json::array());
    for (auto& p : players) r.players.push_back(p.value("name", "?"));
    r.seats = player_refs(players);
    r.options_json = data.value("options", json::object()).dump();
  }
  r.start = row->start_text;
  r.moves = row->moves;
  // Every position of the game, for replaying it in the client (which holds no rules).
  if (const rules::Game* game = rules::find_game(row->game)) {
    std::vector<std::pair<std::string, std::string>> o;
    const json stored = json::parse(r.options_json.empty() ? "{}" : r.options_json, nullptr, false);
    if (!stored.is_discarded())
      for (auto& [k, v] : stored.items())
        if (v.is_string()) o.emplace_back(k, v.get<std::string>());
    auto options = game->make_options(o);
    auto state = options ? game->from_position(row->start_text, options.value())
                         : Result<std::unique_ptr<rules::GameState>>(options.error());
    if (state) {
      r.positions.push_back(state.value()->position_text());
      for (const auto& move : row->moves) {
        if (!state.value()->play(move)) break;
        r.positions.push_back(state.value()->position_text());
      }
      for (const auto& style : state.value()->readable_styles())
        if (auto list = state.value()->readable_moves(style, 0); list.size() == r.moves.size())
          r.notation[style] = std::move(list);
    }
  }
  r.result_json = row->result_json;
  r.exports = export_record(*row, r.players);
  outbox_.send(c, pr::encode(r));
}

}  // namespace kaisho::server

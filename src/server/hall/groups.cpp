// Groups and their tables before a game: create, join, leave, settings, seats, line-ups.
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"
#include "server/identity/tokens.hpp"

namespace kaisho::server {

Hall::Group* Hall::find_group(ConnId c, const std::string& rid, const std::string& group_id,
                              bool must_be_member, std::string* refused) {
  auto it = groups_.find(group_id);
  if (it == groups_.end()) {
    // dispatch opened it; it left memory since (taken, or being loaded again).
    Opened gone;
    gone.error = make_error("store", "the group is being loaded again; try again");
    refuse_unopened(c, rid, group_id, gone);
    if (refused) *refused = "store";
    return nullptr;
  }
  Group& g = *it->second;
  g.touched_ms = scheduler_.now_ms();
  if (must_be_member &&
      std::find(g.members.begin(), g.members.end(), person_of(c)) == g.members.end()) {
    send_error(c, rid, "not_member", "join the group first");
    if (refused) *refused = "not_member";
    return nullptr;
  }
  return &g;
}

void Hall::on_create(ConnId c, const std::string& rid, const pr::CreateGroup& m) {
  const rules::Game* game = rules::find_game(m.game);
  if (!game) return send_error(c, rid, "bad_message", "unknown game " + text::quote(m.game));
  const int64_t now = scheduler_.now_ms();
  const std::string person = person_of(c);
  if (!room_for_another_table(c, rid, person)) return;
  if (!limits_->take_new_group(person, conns_[c].address, now))
    return send_error(c, rid, "too_many_groups",
                      "too many new tables in a short time; try again later");
  // A new id: nobody else holds it; its lease starts at epoch 1. Claimed off the hall's
  // thread; the table exists once the claim is in.
  const std::string id = new_random_id(15);
  reads_.read<Result<Claim>>(
      scheduler_,
      [id, server = config_.server_name, ttl = config_.lease_ttl_ms](Store& store) {
        return store.claim_group(id, server, ttl);
      },
      [this, alive = alive_check(), c, rid, id, game = m.game, person](Result<Claim> claimed) {
        if (!alive()) return;
        if (!claimed || !claimed->ours) {
          if (conns_.contains(c))
            send_error(c, rid, "store", "the table could not be made just now; try again");
          if (!claimed) meters_->read_failed("claim");
          return;
        }
        auto g = std::make_shared<Group>();
        g->id = id;
        g->epoch = claimed->epoch;
        g->claimed_ms = scheduler_.now_ms();  // after the claim: see Group::claimed_ms
        g->game = game;
        g->members.push_back(person);
        g->version = g->epoch << 32;
        g->touched_ms = scheduler_.now_ms();
        Group& ref = *g;
        groups_[id] = std::move(g);
        groups_of_[person].insert(id);
        if (config_.siblings) (void)config_.siblings->claim(id, config_.shard);
        bump(ref, "created", id);
        broadcast(ref);
      });
}

void Hall::on_join(ConnId c, const std::string& rid, const pr::JoinGroup& m) {
  Group* g = find_group(c, rid, m.group, false);
  if (!g) return;
  const std::string& person = person_of(c);
  if (!is_member(*g, person)) {
    if (g->removed.contains(person))
      return send_error(
          c, rid, make_error("removed", "you were removed from this group", {{"group", g->id}}));
    if (g->members.size() >= static_cast<size_t>(config_.max_members))
      return send_error(
          c, rid,
          make_error("group_full", "this group has as many members as a group may have",
                     {{"group", g->id}, {"max", std::to_string(config_.max_members)}}));
    if (!room_for_another_table(c, rid, person)) return;
    if (!limits_->take_join(person, scheduler_.now_ms()))
      return send_error(c, rid,
                        make_error("rate_limited", "too many tables joined lately; try again later",
                                   {{"reason", "joins"}}));
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
    if (auto conn = conns_.find(c); conn != conns_.end()) conn->second.holds[g->id] = g->version;
  }
}

void Hall::on_leave(ConnId c, const std::string& rid, const pr::LeaveGroup& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  const std::string person = person_of(c);
  g->members.erase(std::remove(g->members.begin(), g->members.end(), person), g->members.end());
  forget_membership(person, g->id);
  std::replace(g->chosen.begin(), g->chosen.end(), person, std::string());
  // Leaving during one's own game is remembered: the game then counts for them only if it
  // lowers their rating (results.cpp).
  if (g->status == TableStatus::Playing &&
      std::find(g->seats.begin(), g->seats.end(), person) != g->seats.end())
    g->left_during.insert(person);
  bump(*g, "left", person);
  if (!anyone_here(*g))
    pause(*g);
  else
    seat_owner_changed(*g, person);  // their seat stays theirs; the CPU plays it from now on
  broadcast(*g);
  outbox_.send(c, pr::encode(pr::ErrorReply{rid, "left", "you left the group", {}}));
}

bool Hall::room_for_another_table(ConnId c, const std::string& rid, const std::string& person) {
  auto mine = groups_of_.find(person);
  if (mine == groups_of_.end() ||
      mine->second.size() < static_cast<size_t>(config_.max_groups_per_person))
    return true;
  send_error(c, rid,
             make_error("too_many_tables", "you are at too many tables at once; leave one first",
                        {{"max", std::to_string(config_.max_groups_per_person)}}));
  return false;
}

void Hall::on_remove(ConnId c, const std::string& rid, const pr::RemoveMember& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  const std::string& me = person_of(c);
  // The longest-standing member (the creator while they are in the group) keeps the group.
  if (g->members.front() != me)
    return send_error(c, rid, "not_keeper", "only the group's first member may remove members");
  if (m.person == me)
    return send_error(c, rid, "bad_message", "leave the group instead of removing yourself");
  if (!is_member(*g, m.person))
    return send_error(
        c, rid, make_error("not_member", "that person is not a member", {{"person", m.person}}));
  // A player of the game in progress keeps their seat: removing them would hand the game to
  // the CPU and (the own-play rule) take its result from them.
  if (g->status == TableStatus::Playing &&
      std::find(g->seats.begin(), g->seats.end(), m.person) != g->seats.end())
    return send_error(c, rid, "game_in_progress", "a player of the game in progress stays");
  g->members.erase(std::remove(g->members.begin(), g->members.end(), m.person), g->members.end());
  std::replace(g->chosen.begin(), g->chosen.end(), m.person, std::string());
  g->removed.insert(m.person);
  forget_membership(m.person, g->id);
  bump(*g, "removed", m.person);
  broadcast(*g);
  // The removed person's pages are told (they are no longer sent the group's state).
  if (auto p = persons_.find(m.person); p != persons_.end())
    for (ConnId other : p->second->conns)
      outbox_.send(other,
                   pr::encode(pr::ErrorReply{
                       "", "removed", "you were removed from the group", {{"group", g->id}}}));
}

void Hall::on_settings(ConnId c, const std::string& rid, const pr::ChangeSettings& m) {
  Group* g = find_group(c, rid, m.group, true);
  if (!g) return;
  if (g->status == TableStatus::Playing)
    return send_error(c, rid, "game_in_progress", "settings change between games");
  if (!plays_next_game(*g, person_of(c))) return refuse_spectator(c, rid);
  // Validate everything before changing anything.
  std::string game = m.game.value_or(g->game);
  const rules::Game* rules_game = rules::find_game(game);
  if (!rules_game) return send_error(c, rid, "bad_settings", "unknown game " + text::quote(game));
  if (m.timer && !is_turn_timer(*m.timer))
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
    g->status = TableStatus::Idle;
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
  if (g->status == TableStatus::Playing)
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

bool Hall::same_lineup(const Group& g) const {
  const size_t n = static_cast<size_t>(g.rules_game().seat_count());
  if (g.order.size() != n || g.game_number == 0) return false;
  for (const auto& p : g.order)
    if (!p.empty() && !is_member(g, p)) return false;
  return true;
}

std::vector<std::string> Hall::fresh_lineup(const Group& g) const {
  // Chosen seats first, then present members in join order, the CPU for the rest. In Yonin's
  // pairs opposite seats are partners: the seats fill partner first (South, North, West, East),
  // so that two friends at a table play together unless they choose otherwise.
  const size_t n = static_cast<size_t>(g.rules_game().seat_count());
  std::vector<std::string> seats = g.chosen;
  seats.resize(n);
  std::vector<size_t> order(n);
  for (size_t s = 0; s < n; ++s) order[s] = s;
  if (g.game == "yonin" && n == 4 && g.game_options().get("format") == "pairs")
    order = {0, 2, 1, 3};
  for (const auto& member : g.members) {
    if (!present(member) || std::find(seats.begin(), seats.end(), member) != seats.end()) continue;
    auto free =
        std::find_if(order.begin(), order.end(), [&](size_t s) { return seats[s].empty(); });
    if (free == order.end()) break;
    seats[*free] = member;
  }
  return seats;
}

std::vector<std::string> Hall::next_lineup(const Group& g) const {
  if (!same_lineup(g)) return fresh_lineup(g);
  // The same people again, moved round by one seat when alternation is on.
  const size_t n = g.order.size();
  const size_t next = static_cast<size_t>(g.rotation + (alternation_on(g) ? 1 : 0));
  std::vector<std::string> seats(n);
  for (size_t s = 0; s < n; ++s) seats[s] = g.order[(s + next) % n];
  return seats;
}

std::vector<std::string> Hall::seats_shown(const Group& g) const {
  // Before a game: the line-up a start would make now, so everyone sees where they will sit.
  return g.status == TableStatus::Idle ? next_lineup(g) : g.seats;
}

bool Hall::plays_next_game(const Group& g, const std::string& person_id) const {
  const std::vector<std::string> seats = next_lineup(g);
  return !person_id.empty() && std::find(seats.begin(), seats.end(), person_id) != seats.end();
}

void Hall::refuse_spectator(ConnId c, const std::string& rid) {
  send_error(c, rid, "not_a_player",
             "only the players of the next game may change the table's settings or start it");
}

}  // namespace kaisho::server

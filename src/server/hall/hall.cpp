// The hall: construction, connections, and the dispatch of each request to its handler.
#include "server/hall/hall_internal.hpp"
#include "server/hall/meters.hpp"
#include "server/identity/names.hpp"

namespace kaisho::server {

Hall::Hall(Scheduler& scheduler, WriteQueue& writes, ReadQueue& reads, Outbox& outbox,
           CpuService& cpu, HallConfig config)
    : scheduler_(scheduler),
      writes_(writes),
      reads_(reads),
      outbox_(outbox),
      cpu_(cpu),
      config_(config),
      limits_(config.limits ? config.limits : make_rate_limits(config)),
      meters_(std::make_unique<HallMeters>(config.shard)),
      alive_(std::make_shared<bool>(true)) {
  prepare_name_checks();  // before the hall's thread runs (see names.hpp)
}

std::shared_ptr<RateLimits> make_rate_limits(const HallConfig& config) {
  return std::make_shared<RateLimits>(RateLimits::Buckets{
      {config.new_persons_per_address_per_hour, config.new_persons_per_address_burst},
      {config.groups_per_person_per_hour, config.groups_per_person_burst},
      {config.groups_per_address_per_hour, config.groups_per_address_burst},
      {config.joins_per_person_per_hour, config.joins_per_person_burst},
      {config.names_per_person_per_hour, config.names_per_person_burst},
      {config.hellos_per_person_per_hour, config.hellos_per_person_burst},
      {config.practice_games_per_person_per_hour, config.practice_games_per_person_burst},
      {config.practice_games_per_address_per_hour, config.practice_games_per_address_burst},
      {config.histories_per_person_per_hour, config.histories_per_person_burst}});
}

std::function<bool()> Hall::alive_check() const {
  return [alive = std::weak_ptr<bool>(alive_)] {
    auto a = alive.lock();
    return a && *a;
  };
}

Hall::~Hall() {
  *alive_ = false;
}

HallStats Hall::stats() const {
  return {groups_.size(), persons_.size(), groups_visited_};
}

void Hall::connected(ConnId c, const std::string& address) {
  Conn conn;
  conn.address = address;
  conn.tokens = config_.message_burst;
  conn.refilled_ms = scheduler_.now_ms();
  conns_[c] = conn;
  // A connection that never says hello holds a socket for nothing: it is closed.
  std::weak_ptr<bool> alive = alive_;
  scheduler_.after(config_.hello_timeout_ms, [this, alive, c] {
    if (auto a = alive.lock(); !a || !*a) return;
    auto it = conns_.find(c);
    if (it == conns_.end() || !it->second.person.empty()) return;
    outbox_.close(c);
    disconnected(c);
  });
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
  if (config_.siblings) config_.siblings->disconnected(person, config_.shard);
  if (p->second->conns.empty() && !present(person)) {
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
  if (config_.siblings) return config_.siblings->present(person_id);
  auto p = persons_.find(person_id);
  return p != persons_.end() && !p->second->conns.empty();
}

void Hall::presence_elsewhere(const std::string& person_id) {
  if (!groups_of_.contains(person_id)) return;
  if (Person* p = find_person(person_id); p && !present(person_id))
    p->away_since_ms = scheduler_.now_ms();
  presence_changed(person_id);
}

const std::string& Hall::person_of(ConnId c) const {
  static const std::string none;
  auto it = conns_.find(c);
  return it == conns_.end() ? none : it->second.person;
}

std::string Hall::name_of(const std::string& person_id) const {
  const Person* p = find_person(person_id);
  return p ? p->name : "?";
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
  std::string rid_seen;  // echoed even when a later field of the message is wrong
  if (conn.tokens < 1) {
    if (++conn.refused >= config_.flood_close_after) {
      outbox_.close(c);
      disconnected(c);
      return;
    }
    // The request's id is echoed, so that a page waiting for its answer is answered (read
    // only so far: at most flood_close_after times before the connection is closed).
    (void)pr::decode_request(text, &rid_seen);
    send_error(
        c, rid_seen,
        make_error("rate_limited", "too many messages; slow down", {{"reason", "messages"}}));
    return;
  }
  conn.tokens -= 1;
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
  if (conn.greeting) {
    // Sent right after hello (the page greets and syncs at once): answered once hello is.
    // The message rate bounds this queue.
    conn.waiting.emplace_back(rid, req);
    return;
  }
  if (!std::holds_alternative<pr::Hello>(req) && conn.person.empty()) {
    send_error(c, rid, "not_hello", "send hello first");
    return;
  }
  dispatch(c, rid, req);
}

void Hall::greeted(ConnId c) {
  for (;;) {
    auto it = conns_.find(c);
    if (it == conns_.end() || it->second.greeting || it->second.waiting.empty()) return;
    auto [rid, req] = std::move(it->second.waiting.front());
    it->second.waiting.pop_front();
    if (!std::holds_alternative<pr::Hello>(req) && it->second.person.empty())
      send_error(c, rid, "not_hello", "send hello first");
    else
      dispatch(c, rid, req);
  }
}

void Hall::dispatch(ConnId c, const std::string& rid, const pr::Request& req) {
  // A request for a group whose write is in flight waits for it, in order, so that it sees
  // (and answers from) what is stored.
  const std::string* target = std::visit(
      [](const auto& m) -> const std::string* {
        if constexpr (requires { m.group; }) return &m.group;
        return nullptr;
      },
      req);
  if (target) {
    auto it = groups_.find(*target);
    if (it == groups_.end()) {
      // Not in memory: loaded (off the hall's thread), then the request runs, or is answered
      // with why the group could not be opened.
      const std::string id = *target;
      return open_group(id, [this, c, rid, req, id](const Opened& opened) {
        if (!conns_.contains(c)) return;
        if (opened.group) return dispatch(c, rid, req);
        refuse_unopened(c, rid, id, opened);
      });
    }
    Group& g = *it->second;
    if (g.committing && g.queued.size() >= config_.max_queued_per_group)
      return send_error(
          c, rid,
          make_error("busy", "the table is busy saving; try again in a moment", {{"group", g.id}}));
    if (wait_for_commit(g, [this, c, rid, req] {
          if (conns_.contains(c)) dispatch(c, rid, req);
        }))
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
        else if constexpr (std::is_same_v<T, pr::RemoveMember>)
          on_remove(c, rid, m);
        else if constexpr (std::is_same_v<T, pr::Ping>)
          outbox_.send(c, pr::encode_pong(rid));
        else if constexpr (std::is_same_v<T, pr::PracticeGame>)
          on_practice_game(c, rid, m);
      },
      req);
}

}  // namespace kaisho::server

#include "loadtest/load_run.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/rng.hpp"
#include "core/text.hpp"
#include "loadtest/ws_client_pool.hpp"

namespace kaisho::loadtest {

namespace {

using Clock = std::chrono::steady_clock;
using json = nlohmann::json;

// The resident memory of a process in MiB (0 if it cannot be read).
double rss_mb(int pid) {
  if (pid <= 0) return 0;
  std::ifstream f("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  return 0;
}

enum class Phase { Connect, Gather, Play, Done };

struct Person {
  int table = 0;
  std::string source;
  std::string token;
  std::string id;  // the person's id (from welcome)
  bool open = false;
  bool welcomed = false;
  bool dropped_on_purpose = false;
  bool ever_opened = false;
  bool role_known = false;  // whether this person holds a seat (known from a full state)
  bool player = false;
  uint64_t counted_move = 0;       // the table's move sequence number last measured here
  int64_t scheduled_version = -1;  // the state version a move of ours is chosen in
  // A move sent and not yet seen played: the game number and move count it was sent at
  // (a state that only reports presence must not make us move twice).
  bool awaiting = false;
  int awaiting_number = 0;
  size_t awaiting_count = 0;
  std::string awaiting_move;
  int64_t awaiting_version = 0;
  Clock::time_point awaiting_since;
  int store_retries = 0;
  // The heartbeat (as a page's): the last message heard, and a ping not answered yet.
  Clock::time_point heard;
  bool pinged = false;
  std::string server;  // the server (and hall) a `moved` named for this person's group
  std::string shard;
  // What this person was shown of the current game (crash-safety mode).
  int game_number = 0;
  std::vector<std::string> moves;
  // The last whole group state with the patches since applied (LoadOptions::patches), and
  // its version (-1: none held).
  json state;
  int64_t state_version = -1;
};

struct Table {
  std::string id;
  std::vector<int> members;  // person indices; members[0] leads (creates, starts)
  bool create_sent = false;
  bool start_sent = false;
  bool started = false;
  bool playing = false;
  uint64_t move_seq = 0;  // moves sent at this table
  int64_t move_from_version = 0;
  int mover = -1;
  Clock::time_point move_sent_at;
  Clock::time_point last_move_at;
  Clock::time_point last_ack_at;  // the timed phase's start until the first ack
  // A CPU table (the soak): what its host saw at the last look. Its watcher joins once the
  // first game is on (a member with no seat) and stays: the server plays a table only while
  // someone is there.
  bool cpu = false;
  int watcher = -1;
  bool host_stepping_away = false;
  bool fresh_look = false;  // the next state is the first since the host came back
  int looked_number = -1;
  size_t looked_count = 0;
  int finished_number = 0;
  bool stuck = false;
};

class LoadRun final : public ClientEvents {
 public:
  explicit LoadRun(const LoadOptions& o)
      : o_(o),
        pool_(o.host, o.port, *this),
        rng_(o.seed),
        people_(static_cast<size_t>(o.connections + 2 * o.cpu_tables)),
        tables_(static_cast<size_t>(o.groups + o.cpu_tables)) {
    // People first, then the CPU tables' hosts (one each), then their watchers (one each).
    for (int i = 0; i < static_cast<int>(people_.size()); ++i) {
      Person& p = people_[static_cast<size_t>(i)];
      const int extra = i - o.connections;  // hosts, then watchers
      p.table = i < o.connections ? i % o.groups : o.groups + extra % std::max(1, o.cpu_tables);
      p.source = "127.0.0." + std::to_string(1 + i % std::max(1, o.sources));
      Table& t = tables_[static_cast<size_t>(p.table)];
      if (i >= o.connections && extra >= o.cpu_tables)
        t.watcher = i;
      else
        t.members.push_back(i);
    }
    for (int t = o.groups; t < static_cast<int>(tables_.size()); ++t)
      tables_[static_cast<size_t>(t)].cpu = true;
  }

  LoadReport run() {
    if (!o_.acks_file.empty()) acks_ = std::make_unique<std::ofstream>(o_.acks_file);
    report_.connections_target = static_cast<int>(people_.size());
    report_.groups = static_cast<int>(tables_.size());
    report_.rss_mb_start = rss_mb(o_.server_pid);
    setup_started_ = Clock::now();
    open_batch(0);
    tick();
    // The timed phase ends the loop with stop(); the limit here is a safety net.
    pool_.run_for(o_.setup_timeout_seconds * 3 + o_.seconds + 60 + (o_.min_games > 0 ? 600 : 0));
    finish();
    return std::move(report_);
  }

  void on_open(ClientId id) override {
    Person& p = person(id);
    p.open = true;
    p.heard = Clock::now();
    p.pinged = false;
    if (p.ever_opened) ++report_.reconnects;
    p.ever_opened = true;
    json hello = {{"type", "hello"}};
    if (!p.token.empty()) hello["token"] = p.token;
    if (o_.patches) hello["patches"] = true;
    p.state_version = -1;  // a new connection starts from a whole state
    pool_.send(id, hello.dump());
  }

  void on_message(ClientId id, std::string&& text) override {
    Person& p = person(id);
    p.heard = Clock::now();
    p.pinged = false;
    if (p.role_known && !p.player && !o_.survive_restarts &&
        !tables_[static_cast<size_t>(p.table)].cpu &&
        text.find("\"missed\"") == std::string::npos) {
      // A spectator needs only the version: no full parse (it keeps the load generator light).
      // In a patch the message's own version is its last (keys are in order, ops first).
      const size_t at = text.rfind("\"version\":");
      if (at != std::string::npos && (text.find("\"type\":\"group\"") != std::string::npos ||
                                      text.find("\"type\":\"group_patch\"") != std::string::npos)) {
        measure(id, p, std::strtoll(text.c_str() + at + 10, nullptr, 10));
        return;
      }
    }
    json m = json::parse(text, nullptr, false);
    if (m.is_discarded() || !m.is_object()) {
      count_error("unparsable_reply");
      return;
    }
    const std::string type = m.value("type", "");
    if (type == "welcome") {
      on_welcome(id, p, m);
    } else if (type == "group") {
      if (!o_.patches) return on_group(id, p, m["group"]);
      p.state = std::move(m["group"]);
      p.state_version = p.state.is_object() ? p.state.value("version", int64_t{0}) : -1;
      on_group(id, p, p.state);
    } else if (type == "group_patch") {
      on_patch(id, p, m);
    } else if (type == "error") {
      const std::string code = m.value("code", "?");
      if (code == "moved") {
        // Another server plays the group (several servers behind a proxy): reconnect,
        // through the proxy, to the one named (or, not yet known, as routed again).
        const json params = m.value("params", json::object());
        p.server = params.value("server", "");
        p.shard = params.value("shard", "");
        ++report_.moved;
        p.dropped_on_purpose = true;
        pool_.drop(id);
        return;
      }
      count_error(code);
      if (p.awaiting && code == "store" && p.store_retries < 20) {
        // The server could not store the move just now: sent again half a second later, as
        // a page does.
        ++p.store_retries;
        const Table& t = tables_[static_cast<size_t>(p.table)];
        pool_.after(
            500, [this, id, group = t.id, move = p.awaiting_move, version = p.awaiting_version] {
              const Person& q = person(id);
              if (!q.awaiting || q.awaiting_move != move || !q.welcomed) return;
              pool_.send(
                  id, json{{"type", "move"}, {"group", group}, {"move", move}, {"version", version}}
                          .dump());
            });
        return;
      }
      if (code == "store" && !p.awaiting) {
        // Something else the server could not store (a `start`): look again shortly, and
        // whoever starts the table's next game tries again.
        Table& t = tables_[static_cast<size_t>(p.table)];
        t.start_sent = false;
        pool_.after(500, [this, id] {
          const Person& q = person(id);
          const Table& tq = tables_[static_cast<size_t>(q.table)];
          if (q.welcomed && !tq.id.empty())
            pool_.send(id, json{{"type", "sync"}, {"group", tq.id}, {"version", 0}}.dump());
        });
        return;
      }
      if (p.awaiting &&
          (code == "stale_version" || code == "not_your_turn" || code == "illegal_move")) {
        // Our move was refused (chosen in a state a restart overtook): look again.
        p.awaiting = false;
        p.scheduled_version = -1;
        const Table& t = tables_[static_cast<size_t>(p.table)];
        pool_.send(id, json{{"type", "sync"}, {"group", t.id}, {"version", 0}}.dump());
      }
    }
  }

  void on_closed(ClientId id, const std::string&) override {
    Person& p = person(id);
    const bool was_open = p.open;
    p.open = false;
    if (p.welcomed) --welcomed_now_;
    p.welcomed = false;
    if (phase_ == Phase::Done) return;
    if (!was_open)
      ++report_.connect_failures;
    else if (!p.dropped_on_purpose)
      ++report_.disconnects;
    p.dropped_on_purpose = false;
    // Come back, as a person whose page reconnects would; a CPU table's host looks in later.
    const Table& t = tables_[static_cast<size_t>(p.table)];
    const bool host_away = t.cpu && t.host_stepping_away;
    const int64_t delay = host_away  ? o_.look_ms
                          : was_open ? 200 + static_cast<int64_t>(rng_.below(600))
                                     : 500;
    pool_.after(delay, [this, id] {
      if (phase_ != Phase::Done) pool_.connect(id, person(id).source, target_of(person(id)));
    });
  }

 private:
  Person& person(ClientId id) { return people_[id]; }

  // Where a person connects: /ws, with its group once known (a proxy routes by it) and the
  // server it was told plays that group.
  std::string target_of(const Person& p) const {
    const std::string& group = tables_[static_cast<size_t>(p.table)].id;
    std::string target = "/ws";
    if (!group.empty()) target += "?group=" + group;
    if (!group.empty() && !p.server.empty()) target += "&server=" + p.server;
    if (!group.empty() && !p.shard.empty()) target += "&shard=" + p.shard;
    return target;
  }

  void count_error(const std::string& code) {
    ++report_.errors;
    ++report_.error_codes[code];
  }

  // Opens connections at the configured rate, 10 ms at a time.
  void open_batch(int next) {
    const int per_batch = std::max(1, o_.connect_per_second / 100);
    const int total = static_cast<int>(people_.size());
    int i = next;
    for (; i < total && i < next + per_batch; ++i)
      pool_.connect(static_cast<ClientId>(i), people_[static_cast<size_t>(i)].source);
    if (i < total) pool_.after(10, [this, i] { open_batch(i); });
  }

  void on_welcome(ClientId id, Person& p, const json& m) {
    const std::string token = m.value("token", "");
    if (!token.empty()) p.token = token;
    if (m.contains("person") && m["person"].is_object()) p.id = m["person"].value("id", p.id);
    p.awaiting = false;
    if (!p.welcomed) ++welcomed_now_;
    p.welcomed = true;
    report_.connections_peak = std::max(report_.connections_peak, welcomed_now_);
    if (phase_ != Phase::Connect) enter_table(id, p);
  }

  // Creates the person's group (its leader) or joins it (everyone else, also on return).
  void enter_table(ClientId id, Person& p) {
    Table& t = tables_[static_cast<size_t>(p.table)];
    // A CPU table's watcher comes once a game is on, so the start gives it no seat.
    if (t.watcher == static_cast<int>(id)) {
      if (t.started && !t.id.empty())
        pool_.send(id, json{{"type", "join_group"}, {"group", t.id}}.dump());
      return;
    }
    // Anyone coming back may be the one to start the next game: the table decides afresh
    // (a `start` may have been lost with a connection).
    t.start_sent = false;
    if (t.cpu) {
      t.host_stepping_away = false;
      t.fresh_look = true;
    }
    if (!t.id.empty()) {
      pool_.send(id, json{{"type", "join_group"}, {"group", t.id}}.dump());
    } else if (t.members[0] == static_cast<int>(id) && !t.create_sent) {
      t.create_sent = true;
      pool_.send(id, json{{"type", "create_group"}, {"game", o_.game}}.dump());
    }
  }

  // A patch to the state held (docs/protocol.md, group_patch): applied when it starts from the
  // version held, else the whole state is asked for again (sync), as the page does.
  void on_patch(ClientId id, Person& p, json& m) {
    const std::string group = m.value("group", "");
    if (p.state_version < 0 || m.value("base", int64_t{-1}) != p.state_version) {
      if (m.value("version", int64_t{0}) <= p.state_version) return;  // held already
      pool_.send(id, json{{"type", "sync"}, {"group", group}, {"version", 0}}.dump());
      return;
    }
    json& ops = m["ops"];
    if (!ops.is_array()) return count_error("bad_patch");
    for (json& op : ops)
      if (op.is_object() && op.value("path", "") == "/table/game/legal_moves" &&
          op.contains("value") && op["value"].is_string())
        op["value"] = expand_moves(op["value"].get<std::string>());
    try {
      p.state.patch_inplace(ops);
    } catch (const json::exception&) {
      count_error("bad_patch");
      p.state_version = -1;
      pool_.send(id, json{{"type", "sync"}, {"group", group}, {"version", 0}}.dump());
      return;
    }
    ++report_.patches;
    p.state_version = m.value("version", int64_t{0});
    p.state["version"] = p.state_version;
    if (p.state["table"].is_object()) p.state["table"]["your_seats"] = m["your_seats"];
    on_group(id, p, p.state);
  }

  // A patch's compact legal moves ("7g7f,7f+ N*1b,1d": groups by their first two characters)
  // as the array a whole state holds.
  static json expand_moves(const std::string& compact) {
    json out = json::array();
    for (std::string_view group : text::split(compact, ' ')) {
      if (group.size() < 2) continue;
      const std::string prefix(group.substr(0, 2));
      for (std::string_view rest : text::split(group.substr(2), ','))
        out.push_back(prefix + std::string(rest));
    }
    return out;
  }

  void on_group(ClientId id, Person& p, const json& g) {
    if (!g.is_object()) return count_error("bad_group_state");
    Table& t = tables_[static_cast<size_t>(p.table)];
    const int64_t version = g.value("version", int64_t{0});
    if (t.id.empty()) {
      t.id = g.value("id", "");
      json settings = {{"type", "settings"}, {"group", t.id}};
      if (t.cpu) settings["cpu_level"] = o_.cpu_level;
      if (!o_.options.empty()) {
        json options = json::object();
        for (const auto& [key, value] : o_.options) options[key] = value;
        settings["options"] = options;
      }
      if (settings.size() > 2) pool_.send(id, settings.dump());
      // The others were waiting for the id.
      for (int member : t.members)
        if (member != static_cast<int>(id) && people_[static_cast<size_t>(member)].welcomed)
          enter_table(static_cast<ClientId>(member), people_[static_cast<size_t>(member)]);
    }
    const json& table = g["table"];
    if (!table.is_object()) return count_error("bad_group_state");
    const std::string status = table.value("status", "");
    const bool leader = t.members[0] == static_cast<int>(id);
    // The next game is started by its first player (only the next game's players may start
    // it; after a failover the line-up may not begin with the leader).
    bool starter = leader;
    if (const auto next = table.find("next_players");
        next != table.end() && next->is_array() && !next->empty() && (*next)[0].is_string())
      starter = (*next)[0].get<std::string>() == p.id;
    if (status == "playing") {
      if (!t.started) {
        t.started = true;
        ++report_.tables_started;
        if (t.watcher >= 0 && people_[static_cast<size_t>(t.watcher)].welcomed)
          enter_table(static_cast<ClientId>(t.watcher), people_[static_cast<size_t>(t.watcher)]);
      }
      t.playing = true;
    } else {
      t.playing = false;
    }
    if (t.cpu) {
      if (t.watcher == static_cast<int>(id)) return;  // the watcher only stays
      cpu_table_state(id, t, status, table.contains("game") ? &table["game"] : nullptr);
      if (status == "playing") return;
    }
    if (starter && status != "playing" && !t.start_sent) {
      const bool everyone_in = g["members"].is_array() && g["members"].size() == t.members.size();
      if (status == "finished" || everyone_in) {
        t.start_sent = true;
        pool_.after(status == "finished" ? 300 : 0, [this, id, &t] {
          pool_.send(id, json{{"type", "start"}, {"group", t.id}}.dump());
        });
      }
    }
    if (status == "playing") t.start_sent = false;
    if (status == "finished" && !t.cpu && table.contains("game") && table["game"].is_object()) {
      const int number = table["game"].value("number", 0);
      if (number > t.finished_number) {
        t.finished_number = number;
        if (phase_ == Phase::Play) ++report_.games_finished;
      }
    }

    // Seats are known once a game is on; the leader always reads everything (it starts
    // the games).
    const json& seats = table["your_seats"];
    p.role_known = status == "playing" && seats.is_array() && !leader;
    p.player = seats.is_array() && !seats.empty();
    if (table.contains("game") && table["game"].is_object()) {
      const json& game = table["game"];
      if (o_.survive_restarts) check_continuity(p, game);
      acknowledge(p, t, game);
      measure(id, p, version);
      if (status == "playing" && p.player) consider_move(id, p, t, game, seats, version);
    } else {
      measure(id, p, version);
    }
  }

  // A CPU table's host sees its table: the moves made since the last look (a look that
  // finds a game in progress exactly where it was counts the table as stuck); while a game
  // is on, the host steps away again so that the CPU plays its seat.
  void cpu_table_state(ClientId id, Table& t, const std::string& status, const json* game) {
    if (game) {
      const int number = game->value("number", 0);
      const size_t count = (*game)["moves"].is_array() ? (*game)["moves"].size() : 0;
      if (phase_ == Phase::Play && t.looked_number >= 0) {
        uint64_t made = 0;
        if (number == t.looked_number)
          made = count - std::min(count, t.looked_count);
        else if (number > t.looked_number)
          made = count;
        report_.cpu_moves += made;
        cpu_moves_window_ += made;
        if (t.fresh_look && status == "playing" && made == 0) t.stuck = true;
      }
      if (status == "finished" && number > t.finished_number) {
        t.finished_number = number;
        if (phase_ == Phase::Play) ++report_.cpu_games;
      }
      t.looked_number = number;
      t.looked_count = count;
    }
    t.fresh_look = false;
    if (status != "playing" || t.host_stepping_away) return;
    t.host_stepping_away = true;
    pool_.after(100, [this, id] {
      person(id).dropped_on_purpose = true;
      pool_.drop(id);
    });
  }

  // A state newer than the table's last move: the move's latency as this member sees it.
  void measure(ClientId, Person& p, int64_t version) {
    Table& t = tables_[static_cast<size_t>(p.table)];
    if (phase_ != Phase::Play || t.move_seq == 0 || p.counted_move >= t.move_seq) return;
    if (version <= t.move_from_version) return;
    p.counted_move = t.move_seq;
    const auto us =
        std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t.move_sent_at)
            .count();
    report_.latency.add(us);
    window_latency_.add(us);
  }

  // The mover is shown a state of its game holding its move at the ply it was sent for: the
  // move is acknowledged (stored by the server, which shows nothing before that).
  void acknowledge(Person& p, Table& t, const json& game) {
    if (!p.awaiting || game.value("number", 0) != p.awaiting_number) return;
    const json& moves = game["moves"];
    if (!moves.is_array() || moves.size() <= p.awaiting_count) return;
    const bool ours = moves[p.awaiting_count] == p.awaiting_move;
    p.awaiting = false;
    p.store_retries = 0;
    if (!ours || phase_ != Phase::Play) return;
    const auto now = Clock::now();
    ++report_.moves;
    ++moves_window_;
    t.last_move_at = now;
    const auto since = t.last_ack_at == Clock::time_point{} ? play_started_ : t.last_ack_at;
    report_.longest_stall_ms = std::max<int64_t>(
        report_.longest_stall_ms,
        std::chrono::duration_cast<std::chrono::milliseconds>(now - since).count());
    t.last_ack_at = now;
    if (acks_) {
      const auto wall = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
      *acks_ << t.id << ' ' << game.value("id", int64_t{0}) << ' ' << p.awaiting_count << ' '
             << p.awaiting_move << ' ' << wall << '\n';
    }
  }

  void consider_move(ClientId id, Person& p, Table& t, const json& game, const json& seats,
                     int64_t version) {
    const int to_move = game.value("to_move", -1);
    if (to_move < 0 || std::find(seats.begin(), seats.end(), to_move) == seats.end()) return;
    if (phase_ != Phase::Play || p.scheduled_version == version) return;
    const json& legal = game["legal_moves"];
    const json& played = game["moves"];
    if (!legal.is_array() || legal.empty() || !played.is_array()) return;
    const int number = game.value("number", 0);
    if (p.awaiting && number == p.awaiting_number && played.size() == p.awaiting_count) return;
    p.awaiting = false;
    p.scheduled_version = version;
    const std::string move = legal[rng_.below(legal.size())].get<std::string>();
    const int64_t think =
        o_.think_ms / 2 +
        static_cast<int64_t>(rng_.below(static_cast<uint64_t>(std::max(1, o_.think_ms))));
    pool_.after(think, [this, id, &t, move, version, number, count = played.size()] {
      Person& q = person(id);
      // A newer state arrived meanwhile (or the connection went): that one decides.
      if (q.scheduled_version != version || !q.welcomed || phase_ != Phase::Play) return;
      q.awaiting = true;
      q.awaiting_number = number;
      q.awaiting_count = count;
      q.awaiting_move = move;
      q.awaiting_version = version;
      q.awaiting_since = Clock::now();
      q.store_retries = 0;
      ++t.move_seq;
      t.move_from_version = version;
      t.move_sent_at = Clock::now();
      t.mover = static_cast<int>(id);
      pool_.send(
          id, json{{"type", "move"}, {"group", t.id}, {"move", move}, {"version", version}}.dump());
    });
  }

  // Nothing a person was shown of a game may disappear from a later state of that game.
  void check_continuity(Person& p, const json& game) {
    const int number = game.value("number", 0);
    const json& moves = game["moves"];
    if (!moves.is_array()) return;
    if (number < p.game_number) {
      report_.lost_moves += p.moves.size();
      return;
    }
    if (number == p.game_number) {
      size_t common = 0;
      while (common < p.moves.size() && common < moves.size() && moves[common] == p.moves[common])
        ++common;
      report_.lost_moves += p.moves.size() - common;
    }
    p.game_number = number;
    p.moves.clear();
    for (const auto& m : moves) p.moves.push_back(m.get<std::string>());
  }

  // Every 100 ms: phase changes, deliberate drops, the end of the run.
  void tick() {
    const auto now = Clock::now();
    const double since_setup = std::chrono::duration<double>(now - setup_started_).count();
    const bool setup_timed_out = since_setup > o_.setup_timeout_seconds;
    const int people = static_cast<int>(people_.size());
    if (phase_ == Phase::Connect && (welcomed_now_ == people || setup_timed_out)) {
      report_.rss_mb_connected = rss_mb(o_.server_pid);
      phase_ = Phase::Gather;
      for (int i = 0; i < people; ++i)
        if (people_[static_cast<size_t>(i)].welcomed)
          enter_table(static_cast<ClientId>(i), people_[static_cast<size_t>(i)]);
    } else if (phase_ == Phase::Gather &&
               (report_.tables_started == report_.groups || setup_timed_out)) {
      report_.setup_complete = report_.tables_started == report_.groups;
      report_.rss_mb_tables = rss_mb(o_.server_pid);
      phase_ = Phase::Play;
      play_started_ = now;
      window_started_ = now;
      // Nobody has moved yet: every seated person asks for the current state and moves.
      for (int i = 0; i < people; ++i) {
        Person& p = people_[static_cast<size_t>(i)];
        const Table& t = tables_[static_cast<size_t>(p.table)];
        if (p.welcomed && p.player && !t.id.empty() && !t.cpu)
          pool_.send(static_cast<ClientId>(i),
                     json{{"type", "sync"}, {"group", t.id}, {"version", 0}}.dump());
      }
    } else if (phase_ == Phase::Play) {
      const double played = std::chrono::duration<double>(now - play_started_).count();
      if (o_.sample_seconds > 0 &&
          std::chrono::duration<double>(now - window_started_).count() >= o_.sample_seconds)
        take_sample(now, played);
      if (played >= o_.seconds && report_.games_finished >= static_cast<uint64_t>(o_.min_games)) {
        report_.seconds = played;
        // The last (partial) window, unless one has only just been taken.
        if (o_.sample_seconds > 0 &&
            std::chrono::duration<double>(now - window_started_).count() >= 1)
          take_sample(now, played);
        phase_ = Phase::Done;
        play_ended_ = now;
        pool_.stop();
        return;
      }
      drop_some();
    }
    if (phase_ != Phase::Connect) heartbeat(now);
    pool_.after(100, [this] { tick(); });
  }

  // As a page does: a connection silent for a while is pinged, and given up when the ping is
  // not answered (a server paused or cut off while the socket looks open); the person
  // connects again, through the proxy to whoever plays the group now.
  void heartbeat(Clock::time_point now) {
    for (size_t i = 0; i < people_.size(); ++i) {
      Person& p = people_[i];
      if (!p.welcomed) continue;
      if (tables_[static_cast<size_t>(p.table)].cpu) continue;
      const auto silent = now - p.heard;
      if (!p.pinged && silent > std::chrono::seconds(2)) {
        p.pinged = true;
        pool_.send(static_cast<ClientId>(i), R"({"type":"ping"})");
      } else if (p.pinged && silent > std::chrono::seconds(4)) {
        p.pinged = false;
        p.dropped_on_purpose = true;
        ++report_.drops;
        pool_.drop(static_cast<ClientId>(i));
      }
    }
  }

  void drop_some() {
    drop_credit_ += o_.reconnects_per_second / 10.0;
    while (drop_credit_ >= 1) {
      drop_credit_ -= 1;
      const auto i = static_cast<size_t>(rng_.below(people_.size()));
      if (!people_[i].open || tables_[static_cast<size_t>(people_[i].table)].cpu) continue;
      people_[i].dropped_on_purpose = true;
      ++report_.drops;
      pool_.drop(static_cast<ClientId>(i));
    }
  }

  void take_sample(Clock::time_point now, double played) {
    LoadSample sample;
    sample.at_seconds = played;
    sample.rss_mb = rss_mb(o_.server_pid);
    sample.moves = moves_window_;
    sample.latency_ms_p99 = static_cast<double>(window_latency_.percentile_us(0.99)) / 1000.0;
    sample.cpu_moves = cpu_moves_window_;
    report_.samples.push_back(sample);
    moves_window_ = 0;
    cpu_moves_window_ = 0;
    window_latency_ = LatencyHistogram();
    window_started_ = now;
  }

  void finish() {
    report_.rss_mb_end = rss_mb(o_.server_pid);
    if (o_.groups > 0 && report_.rss_mb_tables > 0)
      report_.idle_table_kb =
          (report_.rss_mb_tables - report_.rss_mb_connected) * 1024.0 / o_.groups;
    report_.connections_held = welcomed_now_;
    const auto end = Clock::now();
    const auto recent = std::chrono::milliseconds(std::max(5000, 3 * o_.think_ms));
    for (const Table& t : tables_) {
      if (t.stuck) ++report_.cpu_tables_stuck;
      if (t.cpu) continue;
      if (t.playing) ++report_.tables_playing;
      if (t.move_seq > 0 && end - t.last_move_at < recent) ++report_.groups_moving_at_end;
    }
    count_open_stalls(play_ended_ != Clock::time_point{} ? play_ended_ : end);
  }

  // The stall each people's table is in when the timed phase ends counts too, from its last
  // acknowledged move (or the phase's start) to `play_end`: a table that never moves again
  // has waited that long, and would otherwise be left out of longest_stall_ms. Tables that
  // never started are not waiting for a move (setup_complete says so instead).
  void count_open_stalls(Clock::time_point play_end) {
    if (play_started_ == Clock::time_point{}) return;  // the timed phase never began
    for (const Table& t : tables_) {
      if (t.cpu || !t.started) continue;
      const auto since = t.last_ack_at == Clock::time_point{} ? play_started_ : t.last_ack_at;
      report_.longest_stall_ms = std::max<int64_t>(
          report_.longest_stall_ms,
          std::chrono::duration_cast<std::chrono::milliseconds>(play_end - since).count());
    }
  }

  const LoadOptions o_;
  WsClientPool pool_;
  Rng rng_;
  std::vector<Person> people_;
  std::vector<Table> tables_;
  LoadReport report_;
  Phase phase_ = Phase::Connect;
  int welcomed_now_ = 0;
  double drop_credit_ = 0;
  Clock::time_point setup_started_;
  Clock::time_point play_started_;
  Clock::time_point play_ended_;  // when the timed phase ended (unset: cut short)
  Clock::time_point window_started_;
  LatencyHistogram window_latency_;
  uint64_t moves_window_ = 0;
  uint64_t cpu_moves_window_ = 0;
  std::unique_ptr<std::ofstream> acks_;
};

}  // namespace

LoadReport run_load(const LoadOptions& options) {
  LoadRun run(options);
  return run.run();
}

}  // namespace kaisho::loadtest

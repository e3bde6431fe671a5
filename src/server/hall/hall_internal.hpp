#pragma once
// The hall's own state, shared by its .cpp files only (hall.cpp, identity, groups, play,
// turns, results, views, persistence): people, connections, groups with their tables, and
// the typed states of a table. Nothing outside src/server/hall includes this.
#include <algorithm>
#include <deque>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>

#include "ai/levels.hpp"
#include "core/text.hpp"
#include "rules/registry/registry.hpp"
#include "server/hall/hall.hpp"
#include "server/hall/stored_records.hpp"

namespace kaisho::server {

using nlohmann::json;
namespace pr = protocol;

// Why the CPU is thinking for a seat: it is a CPU seat, its person is away (or left), or the
// person's turn timer ran out. The last two are stand-ins, marked in the game's stand_ins.
enum class CpuReason : uint8_t { Seat, Away, Timeout };

inline std::string_view to_string(CpuReason r) {
  switch (r) {
    case CpuReason::Away:
      return "away";
    case CpuReason::Timeout:
      return "timeout";
    default:
      return "seat";
  }
}

// "win", "draw", "placement" (or "ongoing"): an outcome's kind as the protocol's result says it.
std::string outcome_kind(const rules::Outcome& o);

constexpr size_t kEventLog = 64;      // the events a sync can replay
constexpr double kCpuDeviation = 50;  // CPU ratings are fixed; they count as well known

// The name the site gives a person who has not chosen one. Clients that know a person has it
// (default_name) write it in their own language.
inline std::string default_name_for(const std::string& person_id) {
  return "Guest " + person_id.substr(0, 4);
}

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
  bool patches = false;  // takes group_patch (hello)
  // Its hello is being answered (its person read): what it sends meanwhile waits, in order.
  bool greeting = false;
  std::deque<std::pair<std::string, pr::Request>> waiting;  // (rid, request)
  // The version of each group's state this connection was last sent: a patch goes only to a
  // connection that holds its base.
  std::map<std::string, int64_t> holds;
  double tokens = 0;
  int64_t refilled_ms = 0;
  int refused = 0;
};

// One incarnation of a group in this hall: made when the group is created or loaded, gone when
// it leaves memory (idle, taken by another server, loaded again). Continuations hold a weak
// reference (Hall::GroupRef), so they never reach a later incarnation of the same group.
struct Hall::Group : std::enable_shared_from_this<Hall::Group> {
  std::string id;
  std::string game;
  std::map<std::string, std::map<std::string, std::string>> options;  // per game
  int timer = 0;
  int cpu_level = 3;
  std::vector<std::string> members;
  std::vector<std::string> chosen;  // seat choices for the next game ("" none)
  int64_t version = 0;
  // The group's lease: its epoch fences every write (Fence); versions shown go on from
  // epoch << 32, so they never go back whichever server loads the group next.
  int64_t epoch = 0;
  // When the claim had returned (not when it was asked): a lease renewal that began later
  // (leases_renewed's started_ms) saw the claim, so a group missing from its answer is lost.
  // Read before the claim, a renewal that ran while the claim waited would lose a new group.
  int64_t claimed_ms = 0;
  bool dirty = false;          // the record changed since it was last written
  bool record_failed = false;  // its last write failed: shown anyway, written with the next
  bool committing = false;     // a write of the group is in flight
  bool show_after = false;     // a change waits for that write before it is shown
  // The state last shown to the members: the next one is sent as what changed since it
  // (group_patch). A member whose page missed it asks for the whole state (sync).
  std::optional<pr::GroupEncoder> shown;
  std::deque<std::function<void()>> queued;  // requests that wait for the write (bounded)
  TableStatus status = TableStatus::Idle;
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
  CpuJobId cpu_job = 0;  // the search running or waiting for the table, 0 none
  int cpu_seat = -1;     // seat the CPU is thinking for (stand-ins too), -1 none
  CpuReason cpu_reason = CpuReason::Seat;
  int64_t last_move_version = 0;
  std::optional<pr::ResultView> result;
  std::vector<pr::StandIn> stand_ins;  // moves of this game the CPU made for a person
  std::set<std::string> left_during;   // persons who left the group during this game
  std::set<std::string> removed;       // persons removed from the group: they may not rejoin
  // This game's moves in readable styles (Shogi, Annan): a cache that grows with the game, so
  // each move is written once, not at every broadcast.
  mutable pr::ReadableMoves notation;
  std::deque<pr::MissedEvent> log;

  bool playing() const { return status == TableStatus::Playing; }
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

}  // namespace kaisho::server

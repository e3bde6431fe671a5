#include "server/hall/stored_records.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <set>

#include "ai/levels.hpp"
#include "rules/registry/registry.hpp"
#include "server/protocol/json_read.hpp"

namespace kaisho::server {

using json_read::FieldReader;
using nlohmann::json;

namespace {

constexpr size_t kMaxPersonIdBytes = 64;

bool valid_person(const std::string& id) {
  return !id.empty() && id.size() <= kMaxPersonIdBytes;
}

// A seat list: empty (no game yet) or one entry per seat, each a person or "" (the CPU).
bool valid_seats(const std::vector<std::string>& seats, size_t seat_count) {
  if (!seats.empty() && seats.size() != seat_count) return false;
  return std::all_of(seats.begin(), seats.end(),
                     [](const std::string& s) { return s.empty() || valid_person(s); });
}

}  // namespace

std::string_view to_string(TableStatus s) {
  switch (s) {
    case TableStatus::Playing:
      return "playing";
    case TableStatus::Finished:
      return "finished";
    default:
      return "idle";
  }
}

bool is_turn_timer(int seconds) {
  return seconds == 0 || seconds == 30 || seconds == 60;
}

std::string encode_stored_group(const StoredGroup& g) {
  json stand_ins = json::array();
  for (const auto& si : g.stand_ins)
    stand_ins.push_back({{"ply", si.ply}, {"seat", si.seat}, {"reason", si.reason}});
  json j = {{"format", kStoredGroupFormat},
            {"game", g.game},
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
            {"version", g.version},
            {"stand_ins", stand_ins},
            {"left_during", g.left_during},
            {"removed", g.removed}};
  if (g.result) j["result"] = json::parse(protocol::encode_result(*g.result));
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

Result<StoredGroup> decode_stored_group(std::string_view text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return make_error("bad_data", "the group record is not valid JSON");
  StoredGroup g;
  int format = 1;
  std::string status = "idle";
  FieldReader fields(j, "the group record");
  fields.optional("format", format)
      .check(format >= 1 && format <= kStoredGroupFormat,
             "has format " + std::to_string(format) + " (this server reads 1 to " +
                 std::to_string(kStoredGroupFormat) + ")")
      .required("game", g.game);
  const rules::Game* game = fields.ok() ? rules::find_game(g.game) : nullptr;
  fields.check(game != nullptr, "names an unknown game");
  if (!fields.ok()) return fields.error();
  const size_t seat_count = static_cast<size_t>(game->seat_count());
  fields.optional("options", g.options)
      .optional("timer", g.timer)
      .check(is_turn_timer(g.timer), "has a turn timer the settings do not offer")
      .optional("cpu_level", g.cpu_level)
      .check(g.cpu_level >= ai::kMinLevel && g.cpu_level <= ai::kMaxLevel,
             "has a CPU level out of range")
      .required("members", g.members)
      .check(std::all_of(g.members.begin(), g.members.end(), valid_person),
             "has a member that is not a person id")
      .check(std::set<std::string>(g.members.begin(), g.members.end()).size() == g.members.size(),
             "lists a member twice")
      .optional("chosen", g.chosen)
      .check(g.chosen.size() <= seat_count && valid_seats(g.chosen, g.chosen.size()),
             "has seat choices that do not fit the game's seats")
      .optional("status", status)
      .check(status == "idle" || status == "playing" || status == "finished",
             "has an unknown table status")
      .optional("seats", g.seats)
      .check(valid_seats(g.seats, seat_count), "has seats that do not fit the game")
      .optional("order", g.order)
      .check(valid_seats(g.order, seat_count), "has a line-up that does not fit the game")
      .optional("rotation", g.rotation)
      .check(g.rotation >= 0, "has a negative rotation")
      .optional("game_number", g.game_number)
      .check(g.game_number >= 0, "has a negative game number")
      .optional("game_db_id", g.game_db_id)
      .check(g.game_db_id >= 0, "has a negative game id")
      .optional("version", g.version)
      .check(g.version >= 0, "has a negative version")
      .optional("left_during", g.left_during)
      .optional("removed", g.removed);
  if (!fields.ok()) return fields.error();
  g.status = status == "playing"    ? TableStatus::Playing
             : status == "finished" ? TableStatus::Finished
                                    : TableStatus::Idle;
  if (g.status != TableStatus::Idle && (g.seats.size() != seat_count || g.game_db_id == 0))
    return make_error("bad_data", "the group record has a game without its seats or its id");
  if (auto it = j.find("stand_ins"); it != j.end() && !it->is_null()) {
    if (!it->is_array())
      return make_error("bad_data", "the group record's stand_ins are not a list");
    for (const auto& si : *it) {
      protocol::StandIn s;
      FieldReader stand_in(si, "a stand-in of the group record");
      stand_in.required("ply", s.ply)
          .required("seat", s.seat)
          .optional("reason", s.reason)
          .check(s.ply >= 0 && s.seat >= 0 && static_cast<size_t>(s.seat) < seat_count,
                 "is out of range")
          .check(s.reason == "timeout" || s.reason == "away", "has an unknown reason");
      if (!stand_in.ok()) return stand_in.error();
      g.stand_ins.push_back(s);
    }
  }
  if (auto it = j.find("result"); it != j.end() && !it->is_null()) {
    auto result = protocol::decode_result(it->dump());
    if (!result)
      return make_error("bad_data", "the group record's result: " + result.error().message);
    g.result = result.value();
  }
  return g;
}

std::string encode_stored_game(const StoredGame& g) {
  json players = json::array();
  for (const auto& p : g.players) {
    if (p.person.empty())
      players.push_back({{"cpu_level", p.cpu_level}, {"name", p.name}});
    else
      players.push_back({{"person", p.person}, {"name", p.name}});
  }
  json j = {{"options", g.options}, {"players", players}, {"cpu_level", g.cpu_level}};
  if (g.practice) j["practice"] = true;
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

Result<StoredGame> decode_stored_game(std::string_view text, const std::string& game_id) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_discarded()) return make_error("bad_data", "the game record is not valid JSON");
  const rules::Game* game = rules::find_game(game_id);
  if (!game) return make_error("bad_data", "the game record is of an unknown game");
  StoredGame g;
  FieldReader fields(j, "the game record");
  fields.optional("options", g.options)
      .optional("cpu_level", g.cpu_level)
      .optional("practice", g.practice);
  if (!fields.ok()) return fields.error();
  json players = json::array();
  if (auto it = j.find("players"); it != j.end()) players = *it;
  if (!players.is_array() || players.size() != static_cast<size_t>(game->seat_count()))
    return make_error("bad_data", "the game record's players do not fit the game's seats");
  for (const auto& p : players) {
    StoredPlayer player;
    FieldReader seat(p, "a player of the game record");
    seat.optional("person", player.person)
        .optional("cpu_level", player.cpu_level)
        .optional("name", player.name)
        .check(player.person.empty() || valid_person(player.person), "has a bad person id");
    if (!seat.ok()) return seat.error();
    g.players.push_back(player);
  }
  return g;
}

}  // namespace kaisho::server

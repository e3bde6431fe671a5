#pragma once
// What the hall keeps in the store, and the one codec that writes and reads it: a group's
// settings, members and table (GroupRow.data_json), and a game's options and players
// (GameRow.data_json). A row may be old, damaged or edited by hand, so reading one never
// throws and never trusts it: a row that is not a well-formed record of a known format, or
// whose values are out of range (an unknown game, a seat list of the wrong length, a timer or
// CPU level the settings cannot take) is refused with an Error (code "bad_data") naming what
// is wrong, and the caller goes on without it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "server/protocol/messages.hpp"

namespace kaisho::server {

// A table before its first game, during a game, and after one (until the next starts).
enum class TableStatus { Idle, Playing, Finished };
std::string_view to_string(TableStatus s);

// The format of the group records this server writes ("format" in the JSON). Rows written
// before the field existed are format 1; a newer format is refused (a newer server wrote it).
constexpr int kStoredGroupFormat = 1;

struct StoredGroup {
  std::string game;
  std::map<std::string, std::map<std::string, std::string>> options;  // per game
  int timer = 0;
  int cpu_level = 3;
  std::vector<std::string> members;  // person ids, in join order
  std::vector<std::string> chosen;   // seat choices for the next game ("" none)
  TableStatus status = TableStatus::Idle;
  std::vector<std::string> seats;  // person per seat ("" = CPU) of the current or last game
  std::vector<std::string> order;  // seats of the first game of the current line-up
  int rotation = 0;
  int game_number = 0;
  int64_t game_db_id = 0;                    // the current or last game (0: none)
  int64_t version = 0;                       // the group's state version when it was written
  std::vector<protocol::StandIn> stand_ins;  // moves of this game the CPU made for a person
  std::vector<std::string> left_during;      // persons who left the group during this game
  std::vector<std::string> removed;          // persons removed from the group (may not join again)
  std::optional<protocol::ResultView> result;
};

// The turn timers a group may choose: none, 30 or 60 seconds per move.
bool is_turn_timer(int seconds);

std::string encode_stored_group(const StoredGroup& g);
Result<StoredGroup> decode_stored_group(std::string_view text);

// A game's players by seat: a person, or the CPU at a level; with the name shown then.
struct StoredPlayer {
  std::string person;  // "" for a CPU seat
  int cpu_level = 0;
  std::string name;
};

struct StoredGame {
  std::map<std::string, std::string> options;  // the game's local rules as played
  std::vector<StoredPlayer> players;           // by seat
  int cpu_level = 0;
  bool practice = false;  // played against the CPU in the page, sent by the device: unrated
};

std::string encode_stored_game(const StoredGame& g);
// `game` is the game's id (GameRow.game), which says how many seats the record must have.
Result<StoredGame> decode_stored_game(std::string_view text, const std::string& game);

}  // namespace kaisho::server

#pragma once
// Durable storage behind an interface: the embedded default is SQLite (sqlite_store.cpp);
// a PostgreSQL store can implement the same interface when one machine is not enough.
// Every call is synchronous and durable when it returns (the server relies on this: a move
// is stored before anyone is told of it).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "server/rating/glicko2.hpp"

namespace kaisho::server {

struct PersonRow {
  std::string id;
  std::string token_hash;
  std::string name;
};

struct RatingRow {
  std::string person;
  std::string game;
  rating::Rating value;
  int games = 0;
};

// A group's settings, members and table, as JSON text written by the hall.
struct GroupRow {
  std::string id;
  std::string data_json;
};

struct GameRow {
  int64_t id = 0;
  std::string group_id;
  std::string game;
  std::string data_json;                // options, players (seat -> person or CPU level), names
  std::string start_text;               // position text the record starts from
  std::vector<std::string> player_ids;  // person id per seat ("" = CPU)
  std::vector<std::string> moves;
  std::string result_json;  // empty while the game is going on
  int64_t started_ms = 0;
  int64_t ended_ms = 0;
};

class Store {
 public:
  virtual ~Store() = default;
  virtual Status put_person(const PersonRow& person) = 0;
  virtual std::vector<PersonRow> persons() = 0;
  virtual Status put_rating(const RatingRow& rating) = 0;
  virtual std::vector<RatingRow> ratings() = 0;
  virtual Status put_group(const GroupRow& group) = 0;
  // One group by id (error code "no_such_group" when there is none). Groups are loaded when
  // someone opens their link, not all at start.
  virtual Result<GroupRow> group(const std::string& id) = 0;
  // Records a new game (without moves) and returns its id.
  virtual Result<int64_t> begin_game(const GameRow& game) = 0;
  virtual Status append_move(int64_t game_id, int ply, const std::string& move) = 0;
  virtual Status finish_game(int64_t game_id, const std::string& result_json, int64_t ended_ms) = 0;
  virtual std::vector<GameRow> unfinished_games() = 0;
  virtual Result<GameRow> game(int64_t game_id) = 0;
  // Finished games a person played, newest first.
  virtual std::vector<GameRow> finished_games_of(const std::string& person_id, int limit) = 0;
};

// Opens (creating if needed) an SQLite database file in WAL mode.
Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path);

}  // namespace kaisho::server

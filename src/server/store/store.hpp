#pragma once
// Durable storage behind an interface: the embedded default is SQLite (sqlite_store.cpp);
// PostgreSQL (postgres_store.cpp) lets several servers share one hall. Every call is
// synchronous and durable when it returns (the server relies on this: a move is stored before
// anyone is told of it). Nothing is loaded wholesale: people, ratings and groups are read
// when they are needed, so a store shared by several servers is always the truth.
#include <cstdint>
#include <functional>
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

// How a game ends, decided from the ratings as they are when it ends (see Store::end_game).
struct GameEnd {
  std::vector<RatingRow> ratings;  // the new ratings of the people rated
  std::string result_json;
  int64_t ended_ms = 0;
};

class Store {
 public:
  virtual ~Store() = default;
  virtual Status put_person(const PersonRow& person) = 0;
  // One person, by id or by the hash of their device token (error "no_such_person").
  virtual Result<PersonRow> person(const std::string& id) = 0;
  virtual Result<PersonRow> person_by_token(const std::string& token_hash) = 0;
  // A person's ratings: one row per game in which a game of theirs has counted (games > 0;
  // end_game may keep a default row for a person never rated). An error when the store cannot
  // be read, so that a caller never takes "no rows" for "not rated yet".
  virtual Result<std::vector<RatingRow>> ratings_of(const std::string& person) = 0;
  // Ends a game and rates it, in one transaction: reads the current ratings of `persons` in
  // `game` (locked until the end; a person never rated gets a default row with games 0, in
  // the order given), asks `end` for the new ratings and the result, and writes both with the
  // game's end. Two games ending at once (on two servers) are rated one after the other, so
  // neither update is lost; a game that has already ended is not ended or rated again. The
  // result stored is returned.
  using EndFn = std::function<GameEnd(const std::vector<RatingRow>& current)>;
  virtual Result<std::string> end_game(int64_t game_id, const std::string& game,
                                       const std::vector<std::string>& persons,
                                       const EndFn& end) = 0;
  virtual Status put_group(const GroupRow& group) = 0;
  // One group by id (error code "no_such_group" when there is none). Groups are loaded when
  // someone opens their link, not all at start.
  virtual Result<GroupRow> group(const std::string& id) = 0;
  // Records a new game (without moves) and returns its id.
  virtual Result<int64_t> begin_game(const GameRow& game) = 0;
  virtual Status append_move(int64_t game_id, int ply, const std::string& move) = 0;
  virtual std::vector<GameRow> unfinished_games() = 0;
  virtual Result<GameRow> game(int64_t game_id) = 0;
  // Finished games a person played, newest first.
  virtual std::vector<GameRow> finished_games_of(const std::string& person_id, int limit) = 0;

  // Several servers, one hall: each group is played by one server at a time. claim_group
  // takes the group for this server unless another live server holds it (false); the claim
  // lasts until release_group, or until this server's connection to the store ends (its
  // process dies), so a dead server's groups are free at once. `server` names this server
  // for group_owner, which tells who holds a group: the name given with the claim while it
  // lasts, "" once it is released (or never claimed). A store that serves one server
  // (SQLite) grants every claim.
  virtual Result<bool> claim_group(const std::string& id, const std::string& server) = 0;
  virtual void release_group(const std::string& id) = 0;
  virtual std::string group_owner(const std::string& id) = 0;
};

// Opens (creating if needed) an SQLite database file in WAL mode.
Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path);
// Connects to PostgreSQL (a libpq URI, postgresql://user@host:port/db), creating or
// upgrading the schema.
Result<std::unique_ptr<Store>> open_postgres_store(const std::string& uri);
// For tests: empties every table of the PostgreSQL database (the schema stays).
Status empty_postgres_store_for_tests(const std::string& uri);
// The store `where` names: a postgresql:// or postgres:// URI, else an SQLite file path.
Result<std::unique_ptr<Store>> open_store(const std::string& where);
// Whether `where` names a PostgreSQL database (postgresql://... or postgres://...).
bool is_postgres_uri(const std::string& where);

}  // namespace kaisho::server

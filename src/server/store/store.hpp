#pragma once
// Durable storage behind an interface: the embedded default is SQLite (sqlite_store.cpp);
// PostgreSQL (postgres_store.cpp) lets several servers share one hall. Every call is
// synchronous and durable when it returns (the server relies on this: a move is stored before
// anyone is told of it); the hall makes its writes through a StoreWriter (store_writer.hpp),
// on a thread of its own. Nothing is loaded wholesale: people, ratings and groups are read
// when they are needed, so a store shared by several servers is always the truth.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
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
  // Per move: why the CPU made it for a person ("timeout", "away"), or "" (its player did).
  std::vector<std::string> stand_ins;
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

// A group's lease, as its holder writes it: every write of the group's data names the epoch
// of the lease it was made under, and is refused (code "fenced") when the group's lease has
// moved on to a newer epoch meanwhile — a server that was paused or cut off cannot write to a
// group another server has taken since. An empty group means the write belongs to no group.
struct Fence {
  std::string group;
  int64_t epoch = 0;
};

struct MoveWrite {
  int64_t game_id = 0;
  int ply = 0;
  std::string move;
  std::string stand_in;  // "timeout", "away", or "" (see GameRow::stand_ins)
};

// One write of a batch: a move, a group's record, a person, or a new game (whose id is its
// result). A new game given moves (and stand-ins) and a result is stored whole, ended at
// ended_ms: a practice game sent by a device. Its group_id "practice:PERSON:ID" is unique
// (a second one is refused, code "refused"), so a device that sends it again stores nothing.
struct Write {
  std::variant<MoveWrite, GroupRow, PersonRow, GameRow> what;
  Fence fence;
};

// What claim_group found: the group is ours now, under `epoch`; or `holder` holds a live lease
// on it.
struct Claim {
  bool ours = false;
  int64_t epoch = 0;
  std::string holder;
};

class Store {
 public:
  virtual ~Store() = default;
  // One person, by id or by the hash of their device token: error "no_such_person" only when
  // the store answered that there is none; "store" when it could not be asked (a caller must
  // never take a failed read for a person who does not exist).
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
  // result stored is returned. Fenced like a write (error "fenced": nothing is written).
  using EndFn = std::function<GameEnd(const std::vector<RatingRow>& current)>;
  virtual Result<std::string> end_game(int64_t game_id, const std::string& game,
                                       const std::vector<std::string>& persons, const EndFn& end,
                                       const Fence& fence = {}) = 0;
  // One group by id (error code "no_such_group" when there is none). Groups are loaded when
  // someone opens their link, not all at start.
  virtual Result<GroupRow> group(const std::string& id) = 0;
  virtual std::vector<GameRow> unfinished_games() = 0;
  // One game whole, with every move: error "no_such_game" when there is none, "store" when any
  // part of it cannot be read (never a game without some of its moves).
  virtual Result<GameRow> game(int64_t game_id) = 0;
  // The move stored at `ply` of a game (nullopt: none is): what a write whose outcome was lost
  // (reported failed, maybe committed) really did.
  virtual Result<std::optional<std::string>> stored_move(int64_t game_id, int ply) = 0;
  // Finished games a person played, newest first, without their moves (a list of games, not
  // their records: GameRow::moves and stand_ins are empty).
  virtual Result<std::vector<GameRow>> history_of(const std::string& person_id, int limit) = 0;

  // Writes a batch in one transaction (one commit for moves of many tables: group commit).
  // Each write has its own outcome, in order: the new game's id for a GameRow, 0 for the
  // others; "fenced" for a write whose group's lease has moved on, "refused" for one that
  // breaks a constraint (a move already stored at its ply) — not made, the others are; a
  // failure of the database (a lock timeout, a lost connection) fails the whole transaction:
  // every write's error, code "store".
  virtual std::vector<Result<int64_t>> write(const std::vector<Write>& batch) = 0;
  // A round trip to the database: whether it answers now.
  virtual Status ping() = 0;

  // Several servers, one hall: each group is played by one server at a time, the holder of its
  // lease. claim_group takes the lease for `server` for ttl_ms unless another server holds a
  // live one; each claim raises the group's epoch (see Fence). renew_leases extends every lease
  // `server` holds and returns the groups it still holds (a lease that lapsed and was taken
  // is not among them; one that lapsed but that nobody took is renewed: it is still ours, at
  // its epoch). release_group ends `server`'s lease at once, if it is still at `epoch` (0: at
  // any epoch), so that a release sent before a new claim of the same group cannot end the
  // new one. group_owner names the holder of a live lease ("" when none). Times are the
  // database's own clock, so servers' clocks need not agree.
  virtual Result<Claim> claim_group(const std::string& id, const std::string& server,
                                    int64_t ttl_ms) = 0;
  virtual Result<std::vector<std::string>> renew_leases(const std::string& server,
                                                        int64_t ttl_ms) = 0;
  virtual void release_group(const std::string& id, const std::string& server, int64_t epoch) = 0;
  void release_group(const std::string& id, const std::string& server) {
    release_group(id, server, 0);
  }
  virtual std::string group_owner(const std::string& id) = 0;

  // One write alone, not fenced (tests, tools).
  Status put_person(const PersonRow& person) { return single({person, {}}); }
  Status put_group(const GroupRow& group) { return single({group, {}}); }
  Status append_move(int64_t game_id, int ply, const std::string& move) {
    return single({MoveWrite{game_id, ply, move, ""}, {}});
  }
  Result<int64_t> begin_game(const GameRow& game) {
    auto r = write({Write{game, {}}});
    return std::move(r.front());
  }

 private:
  Status single(Write w) {
    auto r = write({std::move(w)});
    if (!r.front()) return r.front().error();
    return ok_status();
  }
};

// Opens (creating if needed) an SQLite database file in WAL mode.
Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path);
// Copies the SQLite database at `from` to a new file `to` while servers may be using it:
// SQLite's online backup, in one step, so the copy is the database as it was at one moment
// (a read transaction: in WAL mode writers go on meanwhile). Written beside `to` and renamed
// once whole and checked (quick_check), so `to` is never a partial copy. Returns the pages
// copied.
Result<int64_t> backup_sqlite(const std::string& from, const std::string& to);
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

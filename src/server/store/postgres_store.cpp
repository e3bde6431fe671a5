// The Store on PostgreSQL (libpq): several servers share one hall through it. The schema is
// created and upgraded by the server itself (schema_version, one step per version, run under
// a transaction-level advisory lock so that servers starting together upgrade it once).
// A group is played by the holder of its lease (group_leases: server, epoch, expiry on the
// database's clock); every write of a group's data checks, inside its own transaction and with
// the lease row share-locked, that the lease is still at the writer's epoch, so a server that
// was paused or cut off cannot write after another has taken the group. The connection has
// connect, statement, lock and keepalive timeouts; a connection lost is made again on the next
// call (the calls in between fail), so a database restart stops nobody (docs/server.md).
#include <libpq-fe.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "server/store/pg_connection.hpp"
#include "server/store/store.hpp"

namespace kaisho::server {

namespace {
using pg::connect;
using pg::Rows;

// Each step upgrades the schema from the version before it (the index + 1 is the version).
const char* const kMigrations[] = {
    R"sql(
CREATE TABLE persons (id TEXT PRIMARY KEY, token_hash TEXT UNIQUE NOT NULL, name TEXT NOT NULL);
CREATE TABLE ratings (person TEXT NOT NULL, game TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,
  deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL, games INTEGER NOT NULL,
  PRIMARY KEY (person, game));
CREATE TABLE groups (id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE games (id BIGSERIAL PRIMARY KEY, group_id TEXT NOT NULL, game TEXT NOT NULL,
  data TEXT NOT NULL, start_text TEXT NOT NULL, result TEXT, started BIGINT NOT NULL, ended BIGINT);
CREATE TABLE game_players (game BIGINT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
  person TEXT NOT NULL, PRIMARY KEY (game, seat));
CREATE INDEX game_players_person ON game_players(person);
CREATE TABLE moves (game BIGINT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL,
  move TEXT NOT NULL, PRIMARY KEY (game, ply));
CREATE TABLE group_owners (group_id TEXT PRIMARY KEY, server TEXT NOT NULL, since BIGINT NOT NULL);
)sql",
    // Leases with epochs in place of session advisory locks; who made a move for whom.
    R"sql(
DROP TABLE group_owners;
CREATE TABLE group_leases (group_id TEXT PRIMARY KEY, server TEXT NOT NULL, epoch BIGINT NOT NULL,
  expires BIGINT NOT NULL);
CREATE INDEX group_leases_server ON group_leases(server);
ALTER TABLE moves ADD COLUMN stand_in TEXT;
)sql",
    // CPU worker processes (src/server/cpu/worker_queue.cpp): the searches the game servers
    // ask for, each locked by the worker thinking about it.
    R"sql(
CREATE TABLE cpu_jobs (id BIGSERIAL PRIMARY KEY, server TEXT NOT NULL, job BIGINT NOT NULL,
  game TEXT NOT NULL, options TEXT NOT NULL, start TEXT NOT NULL, moves TEXT NOT NULL,
  level INTEGER NOT NULL, time_ms BIGINT NOT NULL, share DOUBLE PRECISION NOT NULL,
  seed BIGINT NOT NULL, deadline BIGINT NOT NULL, move TEXT, answered_by TEXT);
CREATE INDEX cpu_jobs_waiting ON cpu_jobs(deadline) WHERE move IS NULL;
CREATE INDEX cpu_jobs_server ON cpu_jobs(server, job);
)sql",
    // A practice game is stored once whatever how often its device sends it (GameRow).
    R"sql(
CREATE UNIQUE INDEX games_practice ON games(group_id) WHERE group_id LIKE 'practice:%';
)sql",
    // The CPU queue's rows carry their queue's life (src/server/cpu/worker_queue.cpp): a server
    // restarted under its name reads only its new life's answers. Rows from before have none
    // (''): no live queue's, deleted once their deadline is long past.
    R"sql(
ALTER TABLE cpu_jobs ADD COLUMN life TEXT NOT NULL DEFAULT '';
DROP INDEX cpu_jobs_server;
CREATE INDEX cpu_jobs_life ON cpu_jobs(life, job);
)sql",
};
constexpr int kSchemaVersion = static_cast<int>(std::size(kMigrations));
constexpr long long kMigrationLock = 0x4b616973686f;  // "Kaisho": one upgrade at a time
constexpr long long kMaxSeats = 16;  // a game_players row beyond this is damaged, and skipped
// The database's clock in milliseconds (leases are timed by it, not by the servers').
constexpr const char* kNow = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

// The statement every run of moves is, prepared once per connection (parsed and planned once,
// not at every batch): PostgresStore::prepared.
struct PreparedStatement {
  const char* name;
  const char* sql;
  int params;
};
// $1: the moves as a JSON array of {game, ply, move, stand_in, lease, epoch}, `lease` the group
// whose lease fences the move (null: none). Each lease is share-locked before the moves it
// fences are inserted, and stays locked until the transaction ends, so no claim can slip in
// between (as fence_holds does); a move whose lease is not at its epoch is not inserted, nor is
// one whose ply is already stored, nor one whose ply an earlier move of the array (by `i`) with
// its lease holding takes. Returns a row (game, ply) for each move inserted, and a row
// (lease, epoch) for each lease found: the caller tells fenced from already stored.
constexpr PreparedStatement kStoreMoves = {
    "store_moves",
    "WITH m AS MATERIALIZED (SELECT * FROM json_to_recordset($1::json) AS m(i INTEGER, game "
    "BIGINT, ply INTEGER, move TEXT, stand_in TEXT, lease TEXT, epoch BIGINT)), "
    "held AS MATERIALIZED (SELECT group_id, epoch FROM group_leases WHERE group_id IN (SELECT "
    "lease FROM m) FOR SHARE), "
    "stored AS (INSERT INTO moves(game, ply, move, stand_in) SELECT DISTINCT ON (game, ply) "
    "game, ply, move, NULLIF(stand_in, '') FROM m WHERE m.lease IS NULL OR EXISTS (SELECT 1 FROM "
    "held h WHERE h.group_id = m.lease AND h.epoch = m.epoch) ORDER BY game, ply, i ON CONFLICT "
    "(game, ply) DO NOTHING RETURNING game, ply) "
    "SELECT game, ply, NULL::text, NULL::bigint FROM stored UNION ALL SELECT NULL, NULL, "
    "group_id, epoch FROM held",
    1};

class PostgresStore final : public Store {
 public:
  PostgresStore(std::string uri, PGconn* conn) : uri_(std::move(uri)), conn_(conn) {}
  ~PostgresStore() override {
    if (conn_) PQfinish(conn_);
  }

  // Creates or upgrades the schema to kSchemaVersion.
  Status migrate() {
    if (Status s = command("BEGIN"); !s) return s;
    auto fail = [&](Status s) {
      (void)command("ROLLBACK");
      return s;
    };
    if (Status s = command("SELECT pg_advisory_xact_lock(" + std::to_string(kMigrationLock) + ")");
        !s)
      return fail(s);
    if (Status s = command("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)");
        !s)
      return fail(s);
    Rows v = query("SELECT version FROM schema_version", {});
    if (!v.ok()) return fail(make_error("store", v.error()));
    int version = v.size() ? static_cast<int>(v.integer(0, 0)) : 0;
    if (version > kSchemaVersion)
      return fail(make_error("store", "the database has schema version " + std::to_string(version) +
                                          ", newer than this server's " +
                                          std::to_string(kSchemaVersion)));
    for (; version < kSchemaVersion; ++version)
      if (Status s = command(kMigrations[version]); !s) return fail(s);
    if (Status s = command("DELETE FROM schema_version"); !s) return fail(s);
    if (Status s = command("INSERT INTO schema_version VALUES (" + std::to_string(version) + ")");
        !s)
      return fail(s);
    return command("COMMIT");
  }

  Result<PersonRow> person(const std::string& id) override {
    return one_person("SELECT id, token_hash, name FROM persons WHERE id = $1", id);
  }
  Result<PersonRow> person_by_token(const std::string& token_hash) override {
    return one_person("SELECT id, token_hash, name FROM persons WHERE token_hash = $1", token_hash);
  }
  Result<std::vector<RatingRow>> ratings_of(const std::string& person) override {
    std::vector<RatingRow> out;
    Rows r = query(
        "SELECT person, game, rating, deviation, volatility, games FROM ratings WHERE person = $1 "
        "AND games > 0",
        {person});
    if (!r.ok()) return make_error("store", r.error());
    for (int i = 0; i < r.size(); ++i)
      out.push_back({r.text(i, 0),
                     r.text(i, 1),
                     {r.real(i, 2), r.real(i, 3), r.real(i, 4)},
                     static_cast<int>(r.integer(i, 5))});
    return out;
  }
  Result<std::string> end_game(int64_t game_id, const std::string& game,
                               const std::vector<std::string>& persons, const EndFn& end,
                               const Fence& fence) override {
    if (Status s = command("BEGIN"); !s) return s.error();
    auto fail = [&](Error e) -> Result<std::string> {
      (void)command("ROLLBACK");
      return e;
    };
    if (auto held = fence_holds(fence); !held) return fail(held.error());
    const std::string id = std::to_string(game_id);
    Rows g = query("SELECT result FROM games WHERE id = $1 FOR UPDATE", {id});
    if (!g.ok()) return fail(make_error("store", g.error()));
    if (g.size() == 0) return fail(make_error("no_such_game", "no game " + id));
    if (!g.null(0, 0)) {
      std::string stored = g.text(0, 0);
      (void)command("ROLLBACK");
      return stored;  // ended before (by this server before a crash, or another)
    }
    // The rows are locked in one order (sorted) whatever the seats, so that two games ending
    // at once with the same people wait for each other instead of deadlocking.
    std::vector<std::string> sorted = persons;
    std::sort(sorted.begin(), sorted.end());
    std::map<std::string, RatingRow> found;
    for (const auto& person : sorted) {
      // One round trip: a person never rated gets a default row (games 0); an existing row is
      // left as it is by the no-op update, which locks it and returns it.
      const rating::Rating fresh;
      Rows r = query(
          "INSERT INTO ratings VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (person, game) DO "
          "UPDATE SET games = ratings.games RETURNING rating, deviation, volatility, games",
          {person, game, real(fresh.rating), real(fresh.deviation), real(fresh.volatility)});
      if (!r.ok() || r.size() != 1) return fail(make_error("store", r.error()));
      found[person] = {person,
                       game,
                       {r.real(0, 0), r.real(0, 1), r.real(0, 2)},
                       static_cast<int>(r.integer(0, 3))};
    }
    std::vector<RatingRow> current;
    for (const auto& person : persons) current.push_back(found[person]);
    const GameEnd decided = end(current);
    for (const auto& r : decided.ratings)
      if (Status s =
              exec("UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6 "
                   "WHERE person = $1 AND game = $2",
                   {r.person, r.game, real(r.value.rating), real(r.value.deviation),
                    real(r.value.volatility), std::to_string(r.games)});
          !s)
        return fail(s.error());
    if (Status s = exec("UPDATE games SET result = $2, ended = $3 WHERE id = $1",
                        {id, decided.result_json, std::to_string(decided.ended_ms)});
        !s)
      return fail(s.error());
    if (Status s = command("COMMIT"); !s) return fail(s.error());
    return decided.result_json;
  }
  Result<GroupRow> group(const std::string& id) override {
    Rows r = query("SELECT id, data FROM groups WHERE id = $1", {id});
    if (!r.ok()) return make_error("store", r.error());
    if (r.size() == 0) return make_error("no_such_group", "there is no group " + id);
    return GroupRow{r.text(0, 0), r.text(0, 1)};
  }
  std::vector<GameRow> unfinished_games() override {
    auto rows = load_games("SELECT id FROM games WHERE result IS NULL ORDER BY id", {}, true);
    return rows ? std::move(rows.value()) : std::vector<GameRow>{};
  }
  Result<GameRow> game(int64_t game_id) override {
    auto rows = load_games("SELECT id FROM games WHERE id = $1", {std::to_string(game_id)}, true);
    if (!rows) return rows.error();
    if (rows->empty()) return make_error("no_such_game", "no game " + std::to_string(game_id));
    return std::move(rows->front());
  }
  Result<std::optional<std::string>> stored_move(int64_t game_id, int ply) override {
    Rows r = query("SELECT move FROM moves WHERE game = $1 AND ply = $2",
                   {std::to_string(game_id), std::to_string(ply)});
    if (!r.ok()) return make_error("store", r.error());
    if (r.size() == 0) return std::optional<std::string>();
    return std::optional<std::string>(r.text(0, 0));
  }
  Result<std::vector<GameRow>> history_of(const std::string& person_id, int limit) override {
    return load_games(
        "SELECT g.id FROM games g JOIN game_players p ON p.game = g.id WHERE p.person = $1 AND "
        "g.result IS NOT NULL ORDER BY g.id DESC LIMIT " +
            std::to_string(limit),
        {person_id}, false);
  }

  std::vector<Result<int64_t>> write(const std::vector<Write>& batch) override {
    return write_batch(batch, true);
  }
  Status ping() override { return command("SELECT 1"); }

  Result<Claim> claim_group(const std::string& id, const std::string& server,
                            int64_t ttl_ms) override {
    // Taken when there is no lease, when it has lapsed, or when it is our own; the epoch goes
    // up with every claim. The update waits for writes that hold the row (fenced writes).
    Rows r = query(std::string("INSERT INTO group_leases VALUES ($1, $2, 1, ") + kNow +
                       " + $3) ON CONFLICT (group_id) DO UPDATE SET server = excluded.server, "
                       "epoch = group_leases.epoch + 1, expires = excluded.expires "
                       "WHERE group_leases.expires < " +
                       kNow + " OR group_leases.server = excluded.server RETURNING epoch",
                   {id, server, std::to_string(ttl_ms)});
    if (!r.ok()) return make_error("store", r.error());
    if (r.size() == 1) return Claim{true, r.integer(0, 0), server};
    return Claim{false, 0, group_owner(id)};
  }
  Result<std::vector<std::string>> renew_leases(const std::string& server,
                                                int64_t ttl_ms) override {
    // Every lease still named for this server is renewed, also one that lapsed meanwhile (a
    // writer late by more than a lease's life) but that nobody took: a claim would have named
    // its taker and raised the epoch, so it is still ours at the epoch we hold. A released
    // lease (expires 0) is not.
    Rows r = query(std::string("UPDATE group_leases SET expires = ") + kNow +
                       " + $2 WHERE server = $1 AND expires > 0 RETURNING group_id",
                   {server, std::to_string(ttl_ms)});
    if (!r.ok()) return make_error("store", r.error());
    std::vector<std::string> held;
    for (int i = 0; i < r.size(); ++i) held.push_back(r.text(i, 0));
    return held;
  }
  void release_group(const std::string& id, const std::string& server, int64_t epoch) override {
    (void)exec(
        "UPDATE group_leases SET expires = 0 WHERE group_id = $1 AND server = $2 AND ($3::bigint = "
        "0 "
        "OR epoch = $3::bigint)",
        {id, server, std::to_string(epoch)});
  }
  std::string group_owner(const std::string& id) override {
    Rows r = query(
        std::string("SELECT server FROM group_leases WHERE group_id = $1 AND expires > ") + kNow,
        {id});
    return r.ok() && r.size() == 1 ? r.text(0, 0) : "";
  }

 private:
  static std::string real(double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
  }

  // A batch of moves only, the common one, is one statement: its own transaction, one round
  // trip however many moves it holds. Any other batch is one transaction in which each run of
  // consecutive moves is one statement (kStoreMoves) and any other write goes in a savepoint of
  // its own, so that a refused one (fenced, or breaking a constraint) leaves the others. A move
  // already stored at its ply is skipped rather than an error. When the database fails (a lock
  // it waits for, a lost connection) the batch fails as one, rather than each of its writes
  // waiting out the same timeout in turn. A run of moves that breaks a constraint other than
  // its key (a game that is not there) lost the transaction with it: the batch is made again
  // write by write.
  std::vector<Result<int64_t>> write_batch(const std::vector<Write>& batch, bool moves_in_runs) {
    std::vector<Result<int64_t>> out;
    if (batch.empty()) return out;
    const bool only_moves =
        moves_in_runs && std::all_of(batch.begin(), batch.end(), [](const Write& w) {
          return std::holds_alternative<MoveWrite>(w.what);
        });
    if (only_moves) {
      Status s = write_moves(batch, 0, batch.size(), out);
      if (!s && s.error().code == "refused") return write_batch(batch, false);
      if (!s) out.assign(batch.size(), s.error());
      return out;
    }
    auto fail_all = [&](const Error& e) {
      (void)command("ROLLBACK");
      out.assign(batch.size(), e);
      return out;
    };
    if (Status s = command("BEGIN"); !s) return fail_all(s.error());
    for (size_t i = 0; i < batch.size();) {
      size_t end = i;
      while (moves_in_runs && end < batch.size() &&
             std::holds_alternative<MoveWrite>(batch[end].what))
        ++end;
      if (end > i) {
        Status s = write_moves(batch, i, end, out);
        if (!s && s.error().code == "refused") {
          (void)command("ROLLBACK");
          return write_batch(batch, false);
        }
        if (!s) return fail_all(s.error());
        i = end;
        continue;
      }
      Result<int64_t> r = write_in_savepoint(batch[i]);
      if (!r && r.error().code == "store") return fail_all(r.error());
      out.push_back(std::move(r));
      ++i;
    }
    if (Status s = command("COMMIT"); !s) out.assign(batch.size(), s.error());
    return out;
  }

  // The moves batch[begin, end) in one statement (kStoreMoves), each move's outcome appended
  // to `out`: stored, fenced, or refused as already stored (also a move whose ply an earlier
  // move of the run, not fenced, takes). Fails (and appends nothing) when the database does,
  // code "store", or when the insert broke a constraint other than the moves' key, code
  // "refused".
  Status write_moves(const std::vector<Write>& batch, size_t begin, size_t end,
                     std::vector<Result<int64_t>>& out) {
    nlohmann::json rows = nlohmann::json::array();
    for (size_t i = begin; i < end; ++i) {
      const auto& m = std::get<MoveWrite>(batch[i].what);
      const Fence& f = batch[i].fence;
      nlohmann::json row = {{"i", i},          {"game", m.game_id},      {"ply", m.ply},
                            {"move", m.move},  {"stand_in", m.stand_in}, {"lease", nullptr},
                            {"epoch", f.epoch}};
      if (!f.group.empty()) row["lease"] = f.group;
      rows.push_back(std::move(row));
    }
    Rows r = prepared(kStoreMoves, {rows.dump()});
    if (!r.ok()) return make_error(r.broke_a_constraint() ? "refused" : "store", r.error());
    std::set<std::pair<int64_t, int>> inserted;
    std::map<std::string, int64_t> epochs;
    for (int k = 0; k < r.size(); ++k) {
      if (!r.null(k, 0))
        inserted.insert({r.integer(k, 0), static_cast<int>(r.integer(k, 1))});
      else
        epochs[r.text(k, 2)] = r.integer(k, 3);
    }
    // What the statement decided, move by move: the first move not fenced at a ply is the one
    // inserted there, unless that ply was stored before.
    std::set<std::pair<int64_t, int>> taken;
    for (size_t i = begin; i < end; ++i) {
      const auto& m = std::get<MoveWrite>(batch[i].what);
      const Fence& f = batch[i].fence;
      const bool holds =
          f.group.empty() || (epochs.contains(f.group) && epochs[f.group] == f.epoch);
      const bool first = holds && taken.insert({m.game_id, m.ply}).second;
      if (!holds)
        out.emplace_back(fenced(f));
      else if (first && inserted.contains({m.game_id, m.ply}))
        out.emplace_back(int64_t{0});
      else
        out.emplace_back(already_stored(m));
    }
    return ok_status();
  }
  static Error fenced(const Fence& f) {
    return make_error("fenced", "the lease of group " + f.group + " has moved on from epoch " +
                                    std::to_string(f.epoch));
  }
  static Error already_stored(const MoveWrite& m) {
    return make_error("refused", "game " + std::to_string(m.game_id) +
                                     " already has a move stored at ply " + std::to_string(m.ply));
  }
  Result<int64_t> write_in_savepoint(const Write& w) {
    if (Status s = command("SAVEPOINT one"); !s) return s.error();
    Result<int64_t> r = make_error("store", "not written");
    if (auto held = fence_holds(w.fence); !held)
      r = held.error();
    else
      r = std::visit([&](const auto& what) { return apply(what); }, w.what);
    if (!r && r.error().code == "store") return r;  // the caller ends the transaction
    (void)command(r ? "RELEASE SAVEPOINT one" : "ROLLBACK TO SAVEPOINT one");
    return r;
  }

  // Whether the fence's lease is still at its epoch, the row share-locked until the
  // transaction ends (so no claim can slip in before this transaction's writes are in).
  Status fence_holds(const Fence& f) {
    if (f.group.empty()) return ok_status();
    Rows r = query("SELECT epoch FROM group_leases WHERE group_id = $1 FOR SHARE", {f.group});
    if (!r.ok()) return make_error("store", r.error());
    if (r.size() == 1 && r.integer(0, 0) == f.epoch) return ok_status();
    return fenced(f);
  }
  Result<int64_t> apply(const MoveWrite& m) {
    Rows r =
        query("INSERT INTO moves(game, ply, move, stand_in) VALUES ($1, $2, $3, NULLIF($4, ''))",
              {std::to_string(m.game_id), std::to_string(m.ply), m.move, m.stand_in});
    if (!r.ok()) return make_error(r.broke_a_constraint() ? "refused" : "store", r.error());
    return int64_t{0};
  }
  Result<int64_t> apply(const GroupRow& g) {
    if (Status s = exec(
            "INSERT INTO groups(id, data) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET data = "
            "excluded.data",
            {g.id, g.data_json});
        !s)
      return s.error();
    return int64_t{0};
  }
  Result<int64_t> apply(const PersonRow& p) {
    if (Status s = exec("INSERT INTO persons(id, token_hash, name) VALUES ($1, $2, $3) "
                        "ON CONFLICT (id) DO UPDATE SET name = excluded.name",
                        {p.id, p.token_hash, p.name});
        !s)
      return s.error();
    return int64_t{0};
  }
  Result<int64_t> apply(const GameRow& g) {
    const bool ended = !g.result_json.empty();
    Rows r = query(
        "INSERT INTO games(group_id, game, data, start_text, started, result, ended) VALUES ($1, "
        "$2, $3, $4, $5, NULLIF($6, ''), CASE WHEN $6 = '' THEN NULL ELSE $7::bigint END) "
        "RETURNING id",
        {g.group_id, g.game, g.data_json, g.start_text, std::to_string(g.started_ms), g.result_json,
         std::to_string(ended ? g.ended_ms : 0)});
    if (!r.ok() || r.size() != 1)
      return make_error(r.broke_a_constraint() ? "refused" : "store", r.error());
    const int64_t id = r.integer(0, 0);
    for (size_t seat = 0; seat < g.player_ids.size(); ++seat) {
      if (g.player_ids[seat].empty()) continue;
      if (Status s = exec("INSERT INTO game_players(game, seat, person) VALUES ($1, $2, $3)",
                          {std::to_string(id), std::to_string(seat), g.player_ids[seat]});
          !s)
        return s.error();
    }
    for (size_t ply = 0; ply < g.moves.size(); ++ply) {
      const std::string stand_in = ply < g.stand_ins.size() ? g.stand_ins[ply] : "";
      if (auto m = apply(MoveWrite{id, static_cast<int>(ply), g.moves[ply], stand_in}); !m)
        return m.error();
    }
    return id;
  }

  // A connection that was lost is made again on the next call; until it is, calls fail.
  bool connected() {
    if (conn_ && PQstatus(conn_) == CONNECTION_OK) return true;
    const auto now = std::chrono::steady_clock::now();
    if (now < next_try_) return false;
    next_try_ = now + std::chrono::milliseconds(250);  // a dead database is not hammered
    if (conn_) {
      PQfinish(conn_);
      conn_ = nullptr;
    }
    std::string error;
    conn_ = connect(uri_, &error);
    prepared_.clear();
    if (conn_) {
      log::warning("connected to PostgreSQL again");
      static auto& reconnects = metrics::global().counter(
          "kaisho_store_reconnects_total", "Connections to PostgreSQL made again after a loss");
      reconnects.add();
    }
    return conn_ != nullptr;
  }

  // Runs `statement`, prepared first on a connection that has not seen it (prepared statements
  // belong to the session, not to a transaction: a rollback keeps them).
  Rows prepared(const PreparedStatement& statement, const std::vector<std::string>& params) {
    if (!connected()) return Rows(nullptr);
    if (!prepared_.contains(statement.name)) {
      Rows made(PQprepare(conn_, statement.name, statement.sql, statement.params, nullptr));
      note_lost();
      if (!made.ok()) return made;
      prepared_.insert(statement.name);
    }
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    Rows r(PQexecPrepared(conn_, statement.name, static_cast<int>(values.size()), values.data(),
                          nullptr, nullptr, 0));
    note_lost();
    return r;
  }

  Rows query(const std::string& sql, const std::vector<std::string>& params) {
    if (!connected()) return Rows(nullptr);
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    Rows r(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                        nullptr, nullptr, 0));
    note_lost();
    return r;
  }
  Status exec(const std::string& sql, const std::vector<std::string>& params) {
    Rows r = query(sql, params);
    return r.ok() ? ok_status() : Status(make_error("store", r.error()));
  }
  Status command(const std::string& sql) {
    if (!connected()) return make_error("store", "the database cannot be reached");
    Rows r(PQexec(conn_, sql.c_str()));
    note_lost();
    return r.ok() ? ok_status() : Status(make_error("store", r.error()));
  }
  void note_lost() {
    if (PQstatus(conn_) == CONNECTION_BAD && !warned_) {
      warned_ = true;
      log::error(std::string("lost the connection to PostgreSQL: ") + PQerrorMessage(conn_));
    } else if (PQstatus(conn_) == CONNECTION_OK) {
      warned_ = false;
    }
  }
  Result<PersonRow> one_person(const std::string& sql, const std::string& key) {
    Rows r = query(sql, {key});
    if (!r.ok()) return make_error("store", r.error());
    if (r.size() == 0) return make_error("no_such_person", "there is no such person");
    return PersonRow{r.text(0, 0), r.text(0, 1), r.text(0, 2)};
  }

  // The games `id_query` selects, in its order, with their moves when `with_moves`: four round
  // trips however many there are (the ids; then the games, their moves and their players, each
  // for all ids at once). Any read that fails fails the whole: a game is never returned without
  // some of its moves (a table opened from it would lose them).
  Result<std::vector<GameRow>> load_games(const std::string& id_query,
                                          const std::vector<std::string>& params, bool with_moves) {
    std::vector<GameRow> out;
    Rows ids = query(id_query, params);
    if (!ids.ok()) return make_error("store", ids.error());
    if (ids.size() == 0) return out;
    std::string all = "{";
    for (int i = 0; i < ids.size(); ++i) {
      if (i) all += ',';
      all += ids.text(i, 0);
    }
    all += "}";
    std::map<int64_t, GameRow> rows;
    Rows g = query(
        "SELECT id, group_id, game, data, start_text, COALESCE(result, ''), started, "
        "COALESCE(ended, 0) FROM games WHERE id = ANY($1::bigint[])",
        {all});
    if (!g.ok()) return make_error("store", g.error());
    for (int i = 0; i < g.size(); ++i) {
      GameRow row;
      row.id = g.integer(i, 0);
      row.group_id = g.text(i, 1);
      row.game = g.text(i, 2);
      row.data_json = g.text(i, 3);
      row.start_text = g.text(i, 4);
      row.result_json = g.text(i, 5);
      row.started_ms = g.integer(i, 6);
      row.ended_ms = g.integer(i, 7);
      rows[row.id] = std::move(row);
    }
    if (with_moves) {
      Rows m = query(
          "SELECT game, move, COALESCE(stand_in, '') FROM moves WHERE game = ANY($1::bigint[]) "
          "ORDER BY game, ply",
          {all});
      if (!m.ok()) return make_error("store", m.error());
      for (int k = 0; k < m.size(); ++k)
        if (auto it = rows.find(m.integer(k, 0)); it != rows.end()) {
          it->second.moves.push_back(m.text(k, 1));
          it->second.stand_ins.push_back(m.text(k, 2));
        }
    }
    Rows p = query(
        "SELECT game, seat, person FROM game_players WHERE game = ANY($1::bigint[]) ORDER BY "
        "game, seat",
        {all});
    if (!p.ok()) return make_error("store", p.error());
    for (int k = 0; k < p.size(); ++k) {
      auto it = rows.find(p.integer(k, 0));
      const long long seat = p.integer(k, 1);
      if (it == rows.end() || seat < 0 || seat >= kMaxSeats) continue;  // a damaged row
      auto& players = it->second.player_ids;
      if (players.size() <= static_cast<size_t>(seat))
        players.resize(static_cast<size_t>(seat) + 1);
      players[static_cast<size_t>(seat)] = p.text(k, 2);
    }
    for (int i = 0; i < ids.size(); ++i)
      if (auto it = rows.find(ids.integer(i, 0)); it != rows.end())
        out.push_back(std::move(it->second));
    return out;
  }

  std::string uri_;
  PGconn* conn_;
  std::set<std::string> prepared_;  // the statements prepared on conn_
  std::chrono::steady_clock::time_point next_try_{};
  bool warned_ = false;
};

}  // namespace

Status empty_postgres_store_for_tests(const std::string& uri) {
  auto store = open_postgres_store(uri);  // creates the schema if needed
  if (!store) return store.error();
  std::string error;
  PGconn* conn = connect(uri, &error);
  if (!conn) return make_error("store", error);
  Rows r(PQexec(conn,
                "TRUNCATE persons, ratings, groups, games, game_players, moves, group_leases, "
                "cpu_jobs "
                "RESTART IDENTITY CASCADE"));
  const bool ok = r.ok();
  error = r.error();
  PQfinish(conn);
  return ok ? ok_status() : Status(make_error("store", error));
}

Result<std::unique_ptr<Store>> open_postgres_store(const std::string& uri) {
  std::string error;
  PGconn* conn = connect(uri, &error);
  if (!conn) return make_error("store", "cannot connect to " + uri + ": " + error);
  auto store = std::make_unique<PostgresStore>(uri, conn);
  if (Status s = store->migrate(); !s)
    return make_error("store", "upgrading the schema: " + s.error().message);
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace kaisho::server

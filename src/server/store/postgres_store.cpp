// The Store on PostgreSQL (libpq): several servers share one hall through it. The schema is
// created and upgraded by the server itself (schema_version, one step per version, run under
// a transaction-level advisory lock so that servers starting together upgrade it once).
// Group ownership is a session-level advisory lock held on this server's own connection: when
// the server dies, PostgreSQL ends its session and the lock is free at once. A server that
// loses its connection could no longer vouch for its locks, so it stops (a supervisor starts it
// again); see docs/server.md.
#include <libpq-fe.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "server/store/store.hpp"

namespace kaisho::server {

namespace {

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
};
constexpr int kSchemaVersion = static_cast<int>(std::size(kMigrations));
constexpr long long kMigrationLock = 0x4b616973686f;  // "Kaisho": one upgrade at a time
constexpr int kGroupLockSeed = 7;                     // hashtextextended(group id, seed)
constexpr long long kMaxSeats = 16;  // a game_players row beyond this is damaged, and skipped

// One query's result, cleared when it goes out of scope.
class Rows {
 public:
  explicit Rows(PGresult* r) : r_(r) {}
  ~Rows() { PQclear(r_); }
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;
  Rows(Rows&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  bool ok() const {
    const auto s = PQresultStatus(r_);
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK;
  }
  std::string error() const { return r_ ? PQresultErrorMessage(r_) : "no result"; }
  int size() const { return PQntuples(r_); }
  std::string text(int row, int col) const { return PQgetvalue(r_, row, col); }
  bool null(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  long long integer(int row, int col) const { return std::atoll(PQgetvalue(r_, row, col)); }
  double real(int row, int col) const { return std::atof(PQgetvalue(r_, row, col)); }

 private:
  PGresult* r_;
};

class PostgresStore final : public Store {
 public:
  explicit PostgresStore(PGconn* conn) : conn_(conn) {}
  ~PostgresStore() override { PQfinish(conn_); }

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

  Status put_person(const PersonRow& p) override {
    return exec(
        "INSERT INTO persons(id, token_hash, name) VALUES ($1, $2, $3) "
        "ON CONFLICT (id) DO UPDATE SET name = excluded.name",
        {p.id, p.token_hash, p.name});
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
                               const std::vector<std::string>& persons, const EndFn& end) override {
    if (Status s = command("BEGIN"); !s) return s.error();
    auto fail = [&](Error e) -> Result<std::string> {
      (void)command("ROLLBACK");
      return e;
    };
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
  Status put_group(const GroupRow& g) override {
    return exec(
        "INSERT INTO groups(id, data) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET data = "
        "excluded.data",
        {g.id, g.data_json});
  }
  Result<GroupRow> group(const std::string& id) override {
    Rows r = query("SELECT id, data FROM groups WHERE id = $1", {id});
    if (!r.ok()) return make_error("store", r.error());
    if (r.size() == 0) return make_error("no_such_group", "there is no group " + id);
    return GroupRow{r.text(0, 0), r.text(0, 1)};
  }
  Result<int64_t> begin_game(const GameRow& g) override {
    if (Status s = command("BEGIN"); !s) return s.error();
    Rows r = query(
        "INSERT INTO games(group_id, game, data, start_text, started) VALUES ($1, $2, $3, $4, "
        "$5) RETURNING id",
        {g.group_id, g.game, g.data_json, g.start_text, std::to_string(g.started_ms)});
    if (!r.ok() || r.size() != 1) {
      (void)command("ROLLBACK");
      return make_error("store", r.error());
    }
    const int64_t id = r.integer(0, 0);
    for (size_t seat = 0; seat < g.player_ids.size(); ++seat) {
      if (g.player_ids[seat].empty()) continue;
      if (Status s = exec("INSERT INTO game_players(game, seat, person) VALUES ($1, $2, $3)",
                          {std::to_string(id), std::to_string(seat), g.player_ids[seat]});
          !s) {
        (void)command("ROLLBACK");
        return s.error();
      }
    }
    if (Status s = command("COMMIT"); !s) return s.error();
    return id;
  }
  Status append_move(int64_t game_id, int ply, const std::string& move) override {
    return exec("INSERT INTO moves(game, ply, move) VALUES ($1, $2, $3)",
                {std::to_string(game_id), std::to_string(ply), move});
  }
  std::vector<GameRow> unfinished_games() override {
    return load_games("SELECT id FROM games WHERE result IS NULL ORDER BY id", {});
  }
  Result<GameRow> game(int64_t game_id) override {
    auto rows = load_games("SELECT id FROM games WHERE id = $1", {std::to_string(game_id)});
    if (rows.empty()) return make_error("no_such_game", "no game " + std::to_string(game_id));
    return rows.front();
  }
  std::vector<GameRow> finished_games_of(const std::string& person_id, int limit) override {
    return load_games(
        "SELECT g.id FROM games g JOIN game_players p ON p.game = g.id WHERE p.person = $1 AND "
        "g.result IS NOT NULL ORDER BY g.id DESC LIMIT " +
            std::to_string(limit),
        {person_id});
  }

  Result<bool> claim_group(const std::string& id, const std::string& server) override {
    // Session locks count: taking one twice would need two unlocks, so a held claim is kept.
    if (held_.contains(id)) return true;
    Rows r = query(
        "SELECT pg_try_advisory_lock(hashtextextended($1, " + std::to_string(kGroupLockSeed) + "))",
        {id});
    if (!r.ok() || r.size() != 1) return make_error("store", r.error());
    if (r.text(0, 0) != "t") return false;
    held_.insert(id);
    (void)exec(
        "INSERT INTO group_owners VALUES ($1, $2, (extract(epoch from now()) * 1000)::bigint) "
        "ON CONFLICT (group_id) DO UPDATE SET server = excluded.server, since = excluded.since",
        {id, server});
    return true;
  }
  void release_group(const std::string& id) override {
    // Only a claim this connection holds is let go; its owner row goes while the lock is still
    // held, so it is never another server's row.
    if (held_.erase(id) == 0) return;
    (void)exec("DELETE FROM group_owners WHERE group_id = $1", {id});
    (void)query(
        "SELECT pg_advisory_unlock(hashtextextended($1, " + std::to_string(kGroupLockSeed) + "))",
        {id});
  }
  std::string group_owner(const std::string& id) override {
    Rows r = query("SELECT server FROM group_owners WHERE group_id = $1", {id});
    return r.ok() && r.size() == 1 ? r.text(0, 0) : "";
  }

 private:
  static std::string real(double v) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
  }

  // A server that lost its connection no longer holds its group locks: it must not go on
  // playing those groups as if it did. It stops, and whoever supervises it starts it again.
  void check_connection() {
    if (PQstatus(conn_) == CONNECTION_BAD) {
      std::fprintf(stderr, "kaisho: lost the connection to PostgreSQL (%s); stopping\n",
                   PQerrorMessage(conn_));
      std::_Exit(3);
    }
  }

  Rows query(const std::string& sql, const std::vector<std::string>& params) {
    std::vector<const char*> values;
    for (const auto& p : params) values.push_back(p.c_str());
    Rows r(PQexecParams(conn_, sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                        nullptr, nullptr, 0));
    if (!r.ok()) check_connection();
    return r;
  }
  Status exec(const std::string& sql, const std::vector<std::string>& params) {
    Rows r = query(sql, params);
    return r.ok() ? ok_status() : Status(make_error("store", r.error()));
  }
  Status command(const std::string& sql) {
    Rows r(PQexec(conn_, sql.c_str()));
    if (!r.ok()) check_connection();
    return r.ok() ? ok_status() : Status(make_error("store", r.error()));
  }
  Result<PersonRow> one_person(const std::string& sql, const std::string& key) {
    Rows r = query(sql, {key});
    if (!r.ok()) return make_error("store", r.error());
    if (r.size() == 0) return make_error("no_such_person", "there is no such person");
    return PersonRow{r.text(0, 0), r.text(0, 1), r.text(0, 2)};
  }

  // The games `id_query` selects, in its order: four round trips however many there are (the
  // ids; then the games, their moves and their players, each for all ids at once).
  std::vector<GameRow> load_games(const std::string& id_query,
                                  const std::vector<std::string>& params) {
    std::vector<GameRow> out;
    Rows ids = query(id_query, params);
    if (!ids.ok() || ids.size() == 0) return out;
    std::string all = "{";
    for (int i = 0; i < ids.size(); ++i) all += (i ? "," : "") + ids.text(i, 0);
    all += "}";
    std::map<int64_t, GameRow> rows;
    Rows g = query(
        "SELECT id, group_id, game, data, start_text, COALESCE(result, ''), started, "
        "COALESCE(ended, 0) FROM games WHERE id = ANY($1::bigint[])",
        {all});
    for (int i = 0; g.ok() && i < g.size(); ++i) {
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
    Rows m = query("SELECT game, move FROM moves WHERE game = ANY($1::bigint[]) ORDER BY game, ply",
                   {all});
    for (int k = 0; m.ok() && k < m.size(); ++k)
      if (auto it = rows.find(m.integer(k, 0)); it != rows.end())
        it->second.moves.push_back(m.text(k, 1));
    Rows p = query(
        "SELECT game, seat, person FROM game_players WHERE game = ANY($1::bigint[]) ORDER BY "
        "game, seat",
        {all});
    for (int k = 0; p.ok() && k < p.size(); ++k) {
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

  PGconn* conn_;
  std::set<std::string> held_;  // the groups this connection's session has claimed
};

}  // namespace

Status empty_postgres_store_for_tests(const std::string& uri) {
  auto store = open_postgres_store(uri);  // creates the schema if needed
  if (!store) return store.error();
  PGconn* conn = PQconnectdb(uri.c_str());
  Rows r(PQexec(conn,
                "TRUNCATE persons, ratings, groups, games, game_players, moves, group_owners "
                "RESTART IDENTITY CASCADE"));
  const bool ok = r.ok();
  const std::string error = r.error();
  PQfinish(conn);
  return ok ? ok_status() : Status(make_error("store", error));
}

Result<std::unique_ptr<Store>> open_postgres_store(const std::string& uri) {
  PGconn* conn = PQconnectdb(uri.c_str());
  if (PQstatus(conn) != CONNECTION_OK) {
    std::string m = PQerrorMessage(conn);
    PQfinish(conn);
    return make_error("store", "cannot connect to " + uri + ": " + m);
  }
  PQsetNoticeProcessor(
      conn, [](void*, const char*) {}, nullptr);  // "already exists" notes
  auto store = std::make_unique<PostgresStore>(conn);
  if (Status s = store->migrate(); !s)
    return make_error("store", "upgrading the schema: " + s.error().message);
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace kaisho::server

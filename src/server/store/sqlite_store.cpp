#include <sqlite3.h>

#include <map>
#include <utility>

#include "server/store/store.hpp"

namespace kaisho::server {

namespace {

constexpr const char* kSchema = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
CREATE TABLE IF NOT EXISTS persons (id TEXT PRIMARY KEY, token_hash TEXT UNIQUE NOT NULL, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ratings (person TEXT NOT NULL, game TEXT NOT NULL, rating REAL, deviation REAL,
  volatility REAL, games INTEGER, PRIMARY KEY (person, game));
CREATE TABLE IF NOT EXISTS groups (id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY AUTOINCREMENT, group_id TEXT NOT NULL, game TEXT NOT NULL,
  data TEXT NOT NULL, start_text TEXT NOT NULL, result TEXT, started INTEGER NOT NULL, ended INTEGER);
CREATE TABLE IF NOT EXISTS game_players (game INTEGER NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
  person TEXT NOT NULL, PRIMARY KEY (game, seat));
CREATE INDEX IF NOT EXISTS game_players_person ON game_players(person);
CREATE TABLE IF NOT EXISTS moves (game INTEGER NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, move TEXT NOT NULL,
  PRIMARY KEY (game, ply));
)sql";

constexpr int64_t kMaxSeats = 16;  // a game_players row beyond this is damaged, and skipped

// One prepared statement, reset after each use.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement& bind(int i, const std::string& s) {
    sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  bool step() { return sqlite3_step(stmt_) == SQLITE_ROW; }
  // The next row (SQLITE_ROW), the end (SQLITE_DONE), or an error code.
  int next() { return sqlite3_step(stmt_); }
  int run() {
    int rc = sqlite3_step(stmt_);
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    return rc;
  }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  std::string text(int col) {
    const unsigned char* t = sqlite3_column_text(stmt_, col);
    return t ? std::string(reinterpret_cast<const char*>(t),
                           static_cast<size_t>(sqlite3_column_bytes(stmt_, col)))
             : "";
  }
  int64_t integer(int col) { return sqlite3_column_int64(stmt_, col); }
  double real(int col) { return sqlite3_column_double(stmt_, col); }
  bool ok() const { return stmt_ != nullptr; }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(sqlite3* db) : db_(db) {}
  ~SqliteStore() override { sqlite3_close(db_); }

  Status put_person(const PersonRow& p) override {
    Statement s(db_,
                "INSERT INTO persons(id, token_hash, name) VALUES (?1, ?2, ?3) "
                "ON CONFLICT(id) DO UPDATE SET name = excluded.name");
    return done(s.bind(1, p.id).bind(2, p.token_hash).bind(3, p.name).run());
  }
  Result<PersonRow> person(const std::string& id) override {
    Statement s(db_, "SELECT id, token_hash, name FROM persons WHERE id = ?1");
    s.bind(1, id);
    if (!s.step()) return make_error("no_such_person", "there is no person " + id);
    return PersonRow{s.text(0), s.text(1), s.text(2)};
  }
  Result<PersonRow> person_by_token(const std::string& token_hash) override {
    Statement s(db_, "SELECT id, token_hash, name FROM persons WHERE token_hash = ?1");
    s.bind(1, token_hash);
    if (!s.step()) return make_error("no_such_person", "no person has this token");
    return PersonRow{s.text(0), s.text(1), s.text(2)};
  }
  Result<std::vector<RatingRow>> ratings_of(const std::string& person) override {
    std::vector<RatingRow> out;
    Statement s(db_,
                "SELECT person, game, rating, deviation, volatility, games FROM ratings WHERE "
                "person = ?1 AND games > 0");
    if (!s.ok()) return make_error("store", sqlite3_errmsg(db_));
    s.bind(1, person);
    int rc;
    while ((rc = s.next()) == SQLITE_ROW)
      out.push_back({s.text(0),
                     s.text(1),
                     {s.real(2), s.real(3), s.real(4)},
                     static_cast<int>(s.integer(5))});
    if (rc != SQLITE_DONE) return make_error("store", sqlite3_errmsg(db_));
    return out;
  }
  Result<std::string> end_game(int64_t game_id, const std::string& game,
                               const std::vector<std::string>& persons, const EndFn& end) override {
    // IMMEDIATE takes the write lock at once: another writer waits (busy timeout) instead of
    // reading ratings that are about to change.
    if (Status st = exec("BEGIN IMMEDIATE"); !st) return st.error();
    auto fail = [&](Error e) -> Result<std::string> {
      (void)exec("ROLLBACK");
      return e;
    };
    {
      Statement done_before(db_, "SELECT IFNULL(result, '') FROM games WHERE id = ?1");
      done_before.bind(1, game_id);
      if (!done_before.step())
        return fail(make_error("no_such_game", "no game " + std::to_string(game_id)));
      if (std::string stored = done_before.text(0); !stored.empty()) {
        done_before.reset();
        (void)exec("ROLLBACK");
        return stored;
      }
    }
    std::vector<RatingRow> current;
    for (const auto& person : persons) {
      RatingRow row{person, game, rating::Rating{}, 0};
      Statement s(db_,
                  "SELECT rating, deviation, volatility, games FROM ratings WHERE person = ?1 AND "
                  "game = ?2");
      s.bind(1, person).bind(2, game);
      if (s.step())
        row = {person, game, {s.real(0), s.real(1), s.real(2)}, static_cast<int>(s.integer(3))};
      current.push_back(row);
    }
    const GameEnd decided = end(current);
    for (const auto& r : decided.ratings)
      if (Status st = put_rating(r); !st) return fail(st.error());
    Statement s(db_, "UPDATE games SET result = ?2, ended = ?3 WHERE id = ?1");
    if (Status st =
            done(s.bind(1, game_id).bind(2, decided.result_json).bind(3, decided.ended_ms).run());
        !st)
      return fail(st.error());
    if (Status st = exec("COMMIT"); !st) return fail(st.error());
    return decided.result_json;
  }
  Status put_group(const GroupRow& g) override {
    Statement s(db_,
                "INSERT INTO groups(id, data) VALUES (?1, ?2) ON CONFLICT(id) DO UPDATE SET data = "
                "excluded.data");
    return done(s.bind(1, g.id).bind(2, g.data_json).run());
  }
  Result<GroupRow> group(const std::string& id) override {
    Statement s(db_, "SELECT id, data FROM groups WHERE id = ?1");
    s.bind(1, id);
    if (!s.step()) return make_error("no_such_group", "there is no group " + id);
    return GroupRow{s.text(0), s.text(1)};
  }
  Result<int64_t> begin_game(const GameRow& g) override {
    (void)exec("BEGIN");
    Statement s(
        db_,
        "INSERT INTO games(group_id, game, data, start_text, started) VALUES (?1, ?2, ?3, ?4, ?5)");
    if (Status st = done(s.bind(1, g.group_id)
                             .bind(2, g.game)
                             .bind(3, g.data_json)
                             .bind(4, g.start_text)
                             .bind(5, g.started_ms)
                             .run());
        !st) {
      (void)exec("ROLLBACK");
      return st.error();
    }
    const int64_t id = sqlite3_last_insert_rowid(db_);
    Statement p(db_, "INSERT INTO game_players(game, seat, person) VALUES (?1, ?2, ?3)");
    for (size_t seat = 0; seat < g.player_ids.size(); ++seat) {
      if (g.player_ids[seat].empty()) continue;
      if (Status st = done(
              p.bind(1, id).bind(2, static_cast<int64_t>(seat)).bind(3, g.player_ids[seat]).run());
          !st) {
        (void)exec("ROLLBACK");
        return st.error();
      }
    }
    if (Status st = exec("COMMIT"); !st) return st.error();
    return id;
  }
  Status append_move(int64_t game_id, int ply, const std::string& move) override {
    Statement s(db_, "INSERT INTO moves(game, ply, move) VALUES (?1, ?2, ?3)");
    return done(s.bind(1, game_id).bind(2, static_cast<int64_t>(ply)).bind(3, move).run());
  }
  std::vector<GameRow> unfinished_games() override {
    return load_games("SELECT id FROM games WHERE result IS NULL ORDER BY id", "");
  }
  Result<GameRow> game(int64_t game_id) override {
    auto rows = load_games("SELECT id FROM games WHERE id = ?1", std::to_string(game_id));
    if (rows.empty()) return make_error("no_such_game", "no game " + std::to_string(game_id));
    return rows.front();
  }
  std::vector<GameRow> finished_games_of(const std::string& person_id, int limit) override {
    return load_games(
        ("SELECT g.id FROM games g JOIN game_players p ON p.game = g.id WHERE p.person = ?1 "
         "AND g.result IS NOT NULL ORDER BY g.id DESC LIMIT " +
         std::to_string(limit))
            .c_str(),
        person_id);
  }

  // One server alone uses an SQLite file: it holds every group, and its claims are kept here.
  Result<bool> claim_group(const std::string& id, const std::string& server) override {
    owners_[id] = server;
    return true;
  }
  void release_group(const std::string& id) override { owners_.erase(id); }
  std::string group_owner(const std::string& id) override {
    auto it = owners_.find(id);
    return it == owners_.end() ? "" : it->second;
  }

  Status exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
      std::string m = message ? message : "sqlite error";
      sqlite3_free(message);
      return make_error("store", m);
    }
    return ok_status();
  }

 private:
  Status put_rating(const RatingRow& r) {
    Statement s(db_,
                "INSERT INTO ratings VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT(person, game) DO "
                "UPDATE SET rating = excluded.rating, deviation = excluded.deviation, "
                "volatility = excluded.volatility, games = excluded.games");
    return done(s.bind(1, r.person)
                    .bind(2, r.game)
                    .bind(3, r.value.rating)
                    .bind(4, r.value.deviation)
                    .bind(5, r.value.volatility)
                    .bind(6, static_cast<int64_t>(r.games))
                    .run());
  }
  Status done(int rc) {
    if (rc == SQLITE_DONE || rc == SQLITE_ROW) return ok_status();
    return make_error("store", sqlite3_errmsg(db_));
  }

  std::vector<GameRow> load_games(const char* id_query, const std::string& param) {
    std::vector<int64_t> ids;
    {
      Statement q(db_, id_query);
      if (!param.empty()) q.bind(1, param);
      while (q.step()) ids.push_back(q.integer(0));
    }
    std::vector<GameRow> out;
    for (int64_t id : ids) {
      GameRow g;
      Statement s(db_,
                  "SELECT id, group_id, game, data, start_text, IFNULL(result, ''), started, "
                  "IFNULL(ended, 0) "
                  "FROM games WHERE id = ?1");
      s.bind(1, id);
      if (!s.step()) continue;
      g.id = s.integer(0);
      g.group_id = s.text(1);
      g.game = s.text(2);
      g.data_json = s.text(3);
      g.start_text = s.text(4);
      g.result_json = s.text(5);
      g.started_ms = s.integer(6);
      g.ended_ms = s.integer(7);
      Statement m(db_, "SELECT move FROM moves WHERE game = ?1 ORDER BY ply");
      m.bind(1, id);
      while (m.step()) g.moves.push_back(m.text(0));
      Statement p(db_, "SELECT seat, person FROM game_players WHERE game = ?1 ORDER BY seat");
      p.bind(1, id);
      while (p.step()) {
        const int64_t seat = p.integer(0);
        if (seat < 0 || seat >= kMaxSeats) continue;  // a damaged row
        if (g.player_ids.size() <= static_cast<size_t>(seat))
          g.player_ids.resize(static_cast<size_t>(seat) + 1);
        g.player_ids[static_cast<size_t>(seat)] = p.text(1);
      }
      out.push_back(std::move(g));
    }
    return out;
  }

  sqlite3* db_;
  std::map<std::string, std::string> owners_;  // claimed groups and the server named
};

}  // namespace

Result<std::unique_ptr<Store>> open_sqlite_store(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    std::string m = db ? sqlite3_errmsg(db) : "cannot open";
    sqlite3_close(db);
    return make_error("store", "cannot open database " + path + ": " + m);
  }
  sqlite3_busy_timeout(db, 5000);
  auto store = std::make_unique<SqliteStore>(db);
  if (Status s = store->exec(kSchema); !s) return s.error();
  return std::unique_ptr<Store>(std::move(store));
}

}  // namespace kaisho::server

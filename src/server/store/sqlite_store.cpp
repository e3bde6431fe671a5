#include <sqlite3.h>

#include <chrono>
#include <filesystem>
#include <iterator>
#include <map>
#include <utility>

#include "server/store/store.hpp"

namespace kaisho::server {

namespace {

constexpr const char* kSettings = R"sql(
PRAGMA journal_mode = WAL;
PRAGMA synchronous = NORMAL;
PRAGMA foreign_keys = ON;
)sql";

// Each step upgrades the schema from the version before it (PRAGMA user_version; a database
// made before the steps were numbered, with the tables of step 1, counts as version 1).
const char* const kMigrations[] = {
    R"sql(
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
)sql",
    R"sql(
ALTER TABLE moves ADD COLUMN stand_in TEXT;
CREATE TABLE group_leases (group_id TEXT PRIMARY KEY, server TEXT NOT NULL, epoch INTEGER NOT NULL,
  expires INTEGER NOT NULL);
)sql",
    // A practice game is stored once whatever how often its device sends it (GameRow).
    R"sql(
CREATE UNIQUE INDEX games_practice ON games(group_id) WHERE group_id LIKE 'practice:%';
)sql",
};
constexpr int kSchemaVersion = static_cast<int>(std::size(kMigrations));

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

  // Creates or upgrades the schema to kSchemaVersion.
  Status migrate() {
    if (Status st = exec(kSettings); !st) return st;
    int version = 0;
    {
      Statement v(db_, "PRAGMA user_version");
      if (v.step()) version = static_cast<int>(v.integer(0));
    }
    if (version == 0) {
      // Tables made before the steps were numbered are step 1.
      Statement t(db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'moves'");
      if (t.step()) version = 1;
    }
    if (version > kSchemaVersion)
      return make_error("store", "the database has schema version " + std::to_string(version) +
                                     ", newer than this server's " +
                                     std::to_string(kSchemaVersion));
    for (; version < kSchemaVersion; ++version) {
      if (Status st = exec("BEGIN IMMEDIATE"); !st) return st;
      Status step = exec(kMigrations[version]);
      if (step) step = exec(("PRAGMA user_version = " + std::to_string(version + 1)).c_str());
      if (!step) {
        (void)exec("ROLLBACK");
        return step;
      }
      if (Status st = exec("COMMIT"); !st) return st;
    }
    return ok_status();
  }

  Result<PersonRow> person(const std::string& id) override {
    return one_person("SELECT id, token_hash, name FROM persons WHERE id = ?1", id,
                      "there is no person " + id);
  }
  Result<PersonRow> person_by_token(const std::string& token_hash) override {
    return one_person("SELECT id, token_hash, name FROM persons WHERE token_hash = ?1", token_hash,
                      "no person has this token");
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
                               const std::vector<std::string>& persons, const EndFn& end,
                               const Fence& fence) override {
    // IMMEDIATE takes the write lock at once: another writer waits (busy timeout) instead of
    // reading ratings that are about to change.
    if (Status st = exec("BEGIN IMMEDIATE"); !st) return st.error();
    auto fail = [&](Error e) -> Result<std::string> {
      (void)exec("ROLLBACK");
      return e;
    };
    if (!fence_holds(fence)) return fail(fenced(fence));
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
  Result<GroupRow> group(const std::string& id) override {
    Statement s(db_, "SELECT id, data FROM groups WHERE id = ?1");
    if (!s.ok()) return make_error("store", sqlite3_errmsg(db_));
    s.bind(1, id);
    const int rc = s.next();
    if (rc == SQLITE_ROW) return GroupRow{s.text(0), s.text(1)};
    if (rc == SQLITE_DONE) return make_error("no_such_group", "there is no group " + id);
    return make_error("store", sqlite3_errmsg(db_));
  }
  std::vector<GameRow> unfinished_games() override {
    auto rows = load_games("SELECT id FROM games WHERE result IS NULL ORDER BY id", "", true);
    return rows ? std::move(rows.value()) : std::vector<GameRow>{};
  }
  Result<GameRow> game(int64_t game_id) override {
    auto rows = load_games("SELECT id FROM games WHERE id = ?1", std::to_string(game_id), true);
    if (!rows) return rows.error();
    if (rows->empty()) return make_error("no_such_game", "no game " + std::to_string(game_id));
    return std::move(rows->front());
  }
  Result<std::optional<std::string>> stored_move(int64_t game_id, int ply) override {
    Statement s(db_, "SELECT move FROM moves WHERE game = ?1 AND ply = ?2");
    if (!s.ok()) return make_error("store", sqlite3_errmsg(db_));
    s.bind(1, game_id).bind(2, static_cast<int64_t>(ply));
    const int rc = s.next();
    if (rc == SQLITE_ROW) return std::optional<std::string>(s.text(0));
    if (rc == SQLITE_DONE) return std::optional<std::string>();
    return make_error("store", sqlite3_errmsg(db_));
  }
  Result<std::vector<GameRow>> history_of(const std::string& person_id, int limit) override {
    return load_games(
        ("SELECT g.id FROM games g JOIN game_players p ON p.game = g.id WHERE p.person = ?1 "
         "AND g.result IS NOT NULL ORDER BY g.id DESC LIMIT " +
         std::to_string(limit))
            .c_str(),
        person_id, false);
  }

  std::vector<Result<int64_t>> write(const std::vector<Write>& batch) override {
    std::vector<Result<int64_t>> out;
    auto fail_all = [&](const Error& e) {
      // Rolled back whole (if SQLite has not already done so): nothing of the batch is made.
      if (!sqlite3_get_autocommit(db_)) (void)exec("ROLLBACK");
      out.assign(batch.size(), e);
      return out;
    };
    if (Status st = exec("BEGIN IMMEDIATE"); !st) return fail_all(st.error());
    for (const auto& w : batch) {
      if (!fence_holds(w.fence)) {
        out.push_back(fenced(w.fence));
        continue;
      }
      // Each write alone: a failed one (a move already stored at its ply) leaves the others.
      if (Status st = exec("SAVEPOINT one"); !st) return fail_all(st.error());
      Result<int64_t> r = std::visit([&](const auto& what) { return apply(what); }, w.what);
      // After some errors (a full disk, I/O, memory) SQLite rolls the whole transaction back by
      // itself: the writes after it would then each commit alone while the batch is reported
      // failed. The batch fails as one instead.
      if (sqlite3_get_autocommit(db_))
        return fail_all(make_error("store", "the transaction was rolled back by the database" +
                                                (r ? std::string() : ": " + r.error().message)));
      if (Status st = exec(r ? "RELEASE one" : "ROLLBACK TO one; RELEASE one"); !st)
        return fail_all(st.error());
      out.push_back(std::move(r));
    }
    if (Status st = exec("COMMIT"); !st) return fail_all(st.error());
    return out;
  }
  Status ping() override { return exec("SELECT 1"); }

  // One server alone uses an SQLite file: every claim is granted, each with a new epoch.
  Result<Claim> claim_group(const std::string& id, const std::string& server,
                            int64_t ttl_ms) override {
    Statement s(db_,
                "INSERT INTO group_leases VALUES (?1, ?2, 1, ?3) ON CONFLICT(group_id) DO UPDATE "
                "SET server = excluded.server, epoch = epoch + 1, expires = excluded.expires "
                "RETURNING epoch");
    s.bind(1, id).bind(2, server).bind(3, now_ms() + ttl_ms);
    if (!s.step()) return make_error("store", sqlite3_errmsg(db_));
    return Claim{true, s.integer(0), server};
  }
  Result<std::vector<std::string>> renew_leases(const std::string& server,
                                                int64_t ttl_ms) override {
    Statement s(db_,
                "UPDATE group_leases SET expires = ?2 WHERE server = ?1 AND expires > 0 "
                "RETURNING group_id");
    s.bind(1, server).bind(2, now_ms() + ttl_ms);
    std::vector<std::string> held;
    int rc;
    while ((rc = s.next()) == SQLITE_ROW) held.push_back(s.text(0));
    if (rc != SQLITE_DONE) return make_error("store", sqlite3_errmsg(db_));
    return held;
  }
  void release_group(const std::string& id, const std::string& server, int64_t epoch) override {
    Statement s(db_,
                "UPDATE group_leases SET expires = 0 WHERE group_id = ?1 AND server = ?2 AND "
                "(?3 = 0 OR epoch = ?3)");
    (void)s.bind(1, id).bind(2, server).bind(3, epoch).run();
  }
  std::string group_owner(const std::string& id) override {
    Statement s(db_, "SELECT server FROM group_leases WHERE group_id = ?1 AND expires > ?2");
    s.bind(1, id).bind(2, now_ms());
    return s.step() ? s.text(0) : "";
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
  static int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }
  static Error fenced(const Fence& f) {
    return make_error("fenced", "the lease of group " + f.group + " has moved on from epoch " +
                                    std::to_string(f.epoch));
  }
  bool fence_holds(const Fence& f) {
    if (f.group.empty()) return true;
    Statement s(db_, "SELECT epoch FROM group_leases WHERE group_id = ?1");
    s.bind(1, f.group);
    return s.step() && s.integer(0) == f.epoch;
  }
  Result<int64_t> apply(const MoveWrite& m) {
    Statement s(db_, "INSERT INTO moves(game, ply, move, stand_in) VALUES (?1, ?2, ?3, ?4)");
    s.bind(1, m.game_id).bind(2, static_cast<int64_t>(m.ply)).bind(3, m.move);
    if (!m.stand_in.empty()) s.bind(4, m.stand_in);
    const int rc = s.run();
    if (rc == SQLITE_CONSTRAINT) return make_error("refused", sqlite3_errmsg(db_));
    if (Status st = done(rc); !st) return st.error();
    return int64_t{0};
  }
  Result<int64_t> apply(const GroupRow& g) {
    Statement s(db_,
                "INSERT INTO groups(id, data) VALUES (?1, ?2) ON CONFLICT(id) DO UPDATE SET data = "
                "excluded.data");
    if (Status st = done(s.bind(1, g.id).bind(2, g.data_json).run()); !st) return st.error();
    return int64_t{0};
  }
  Result<int64_t> apply(const PersonRow& p) {
    Statement s(db_,
                "INSERT INTO persons(id, token_hash, name) VALUES (?1, ?2, ?3) "
                "ON CONFLICT(id) DO UPDATE SET name = excluded.name");
    if (Status st = done(s.bind(1, p.id).bind(2, p.token_hash).bind(3, p.name).run()); !st)
      return st.error();
    return int64_t{0};
  }
  Result<int64_t> apply(const GameRow& g) {
    Statement s(db_,
                "INSERT INTO games(group_id, game, data, start_text, started, result, ended) "
                "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    s.bind(1, g.group_id).bind(2, g.game).bind(3, g.data_json).bind(4, g.start_text);
    s.bind(5, g.started_ms);
    if (!g.result_json.empty()) s.bind(6, g.result_json).bind(7, g.ended_ms);
    const int rc = s.run();
    if (rc == SQLITE_CONSTRAINT) return make_error("refused", sqlite3_errmsg(db_));
    if (Status st = done(rc); !st) return st.error();
    const int64_t id = sqlite3_last_insert_rowid(db_);
    Statement p(db_, "INSERT INTO game_players(game, seat, person) VALUES (?1, ?2, ?3)");
    for (size_t seat = 0; seat < g.player_ids.size(); ++seat) {
      if (g.player_ids[seat].empty()) continue;
      if (Status st = done(
              p.bind(1, id).bind(2, static_cast<int64_t>(seat)).bind(3, g.player_ids[seat]).run());
          !st)
        return st.error();
    }
    for (size_t ply = 0; ply < g.moves.size(); ++ply) {
      const std::string stand_in = ply < g.stand_ins.size() ? g.stand_ins[ply] : "";
      if (auto m = apply(MoveWrite{id, static_cast<int>(ply), g.moves[ply], stand_in}); !m)
        return m.error();
    }
    return id;
  }
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
  Result<PersonRow> one_person(const char* sql, const std::string& key, const std::string& none) {
    Statement s(db_, sql);
    if (!s.ok()) return make_error("store", sqlite3_errmsg(db_));
    s.bind(1, key);
    const int rc = s.next();
    if (rc == SQLITE_ROW) return PersonRow{s.text(0), s.text(1), s.text(2)};
    if (rc == SQLITE_DONE) return make_error("no_such_person", none);
    return make_error("store", sqlite3_errmsg(db_));
  }
  Status done(int rc) {
    if (rc == SQLITE_DONE || rc == SQLITE_ROW) return ok_status();
    return make_error("store", sqlite3_errmsg(db_));
  }

  // The games `id_query` selects, in its order; with `with_moves` their moves too: three
  // statements however many games (the ids, then the games, their players and their moves for
  // all ids at once). Any step that fails fails the whole read: a game is never returned
  // without some of its moves.
  Result<std::vector<GameRow>> load_games(const char* id_query, const std::string& param,
                                          bool with_moves) {
    const auto failed = [&] { return make_error("store", sqlite3_errmsg(db_)); };
    std::vector<int64_t> ids;
    {
      Statement q(db_, id_query);
      if (!q.ok()) return failed();
      if (!param.empty()) q.bind(1, param);
      int rc;
      while ((rc = q.next()) == SQLITE_ROW) ids.push_back(q.integer(0));
      if (rc != SQLITE_DONE) return failed();
    }
    if (ids.empty()) return std::vector<GameRow>{};
    // The ids are the database's own integers: written into the statements as a list.
    std::string all;
    for (int64_t id : ids) all += (all.empty() ? "" : ",") + std::to_string(id);
    std::map<int64_t, GameRow> rows;
    {
      Statement s(db_, ("SELECT id, group_id, game, data, start_text, IFNULL(result, ''), "
                        "started, IFNULL(ended, 0) FROM games WHERE id IN (" +
                        all + ")")
                           .c_str());
      if (!s.ok()) return failed();
      int rc;
      while ((rc = s.next()) == SQLITE_ROW) {
        GameRow g;
        g.id = s.integer(0);
        g.group_id = s.text(1);
        g.game = s.text(2);
        g.data_json = s.text(3);
        g.start_text = s.text(4);
        g.result_json = s.text(5);
        g.started_ms = s.integer(6);
        g.ended_ms = s.integer(7);
        rows[g.id] = std::move(g);
      }
      if (rc != SQLITE_DONE) return failed();
    }
    {
      Statement p(db_, ("SELECT game, seat, person FROM game_players WHERE game IN (" + all +
                        ") ORDER BY game, seat")
                           .c_str());
      if (!p.ok()) return failed();
      int rc;
      while ((rc = p.next()) == SQLITE_ROW) {
        auto it = rows.find(p.integer(0));
        const int64_t seat = p.integer(1);
        if (it == rows.end() || seat < 0 || seat >= kMaxSeats) continue;  // a damaged row
        auto& players = it->second.player_ids;
        if (players.size() <= static_cast<size_t>(seat))
          players.resize(static_cast<size_t>(seat) + 1);
        players[static_cast<size_t>(seat)] = p.text(2);
      }
      if (rc != SQLITE_DONE) return failed();
    }
    if (with_moves) {
      Statement m(db_, ("SELECT game, move, IFNULL(stand_in, '') FROM moves WHERE game IN (" + all +
                        ") ORDER BY game, ply")
                           .c_str());
      if (!m.ok()) return failed();
      int rc;
      while ((rc = m.next()) == SQLITE_ROW)
        if (auto it = rows.find(m.integer(0)); it != rows.end()) {
          it->second.moves.push_back(m.text(1));
          it->second.stand_ins.push_back(m.text(2));
        }
      if (rc != SQLITE_DONE) return failed();
    }
    std::vector<GameRow> out;
    for (int64_t id : ids)
      if (auto it = rows.find(id); it != rows.end()) out.push_back(std::move(it->second));
    return out;
  }

  sqlite3* db_;
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
  if (Status s = store->migrate(); !s) return s.error();
  return std::unique_ptr<Store>(std::move(store));
}

Result<int64_t> backup_sqlite(const std::string& from, const std::string& to) {
  if (std::filesystem::exists(to))
    return make_error("store", to + " exists already: the backup does not overwrite a file");
  sqlite3* source = nullptr;
  // Read-write (never created): a WAL database's reader needs its shared-memory index.
  if (sqlite3_open_v2(from.c_str(), &source, SQLITE_OPEN_READWRITE, nullptr) != SQLITE_OK) {
    std::string m = source ? sqlite3_errmsg(source) : "cannot open";
    sqlite3_close(source);
    return make_error("store", "cannot open database " + from + ": " + m);
  }
  sqlite3_busy_timeout(source, 5000);
  const std::string partial = to + ".partial";
  std::filesystem::remove(partial);
  sqlite3* copy = nullptr;
  auto fail = [&](const std::string& what) -> Result<int64_t> {
    std::string m = what + ": " + (copy ? sqlite3_errmsg(copy) : sqlite3_errmsg(source));
    sqlite3_close(copy);
    sqlite3_close(source);
    std::filesystem::remove(partial);
    return make_error("store", m);
  };
  if (sqlite3_open(partial.c_str(), &copy) != SQLITE_OK) return fail("cannot create " + partial);
  sqlite3_backup* backup = sqlite3_backup_init(copy, "main", source, "main");
  if (!backup) return fail("cannot start the backup");
  // All pages in one step: one read transaction, one consistent moment (a stepwise copy would
  // start again each time a server writes, for ever under load).
  int rc;
  while ((rc = sqlite3_backup_step(backup, -1)) == SQLITE_BUSY || rc == SQLITE_LOCKED)
    sqlite3_sleep(50);
  const int64_t pages = sqlite3_backup_pagecount(backup);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) return fail("the backup failed");
  {
    Statement check(copy, "PRAGMA quick_check");
    if (!check.step() || check.text(0) != "ok") return fail("the copy does not check");
  }
  sqlite3_close(copy);
  copy = nullptr;
  sqlite3_close(source);
  std::error_code renamed;
  std::filesystem::rename(partial, to, renamed);
  if (renamed) {
    std::filesystem::remove(partial);
    return make_error("store", "cannot rename " + partial + " to " + to + ": " + renamed.message());
  }
  return pages;
}

}  // namespace kaisho::server

// kaisho backup: a copy of the SQLite database taken while servers play on it (SQLite's online
// backup; the store does it: server/store/sqlite_store.cpp). PostgreSQL is backed up with its
// own tools (docs/server.md, "Backups").
#include "app/backup.hpp"

#include <ostream>

#include "server/store/store.hpp"

namespace kaisho::app {

namespace {

constexpr const char* kUsage =
    "usage: kaisho backup --db PATH --out PATH\n"
    "(a consistent copy of a serving SQLite database; PostgreSQL: docs/server.md, \"Backups\")\n";

}  // namespace

int backup_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::string db, to;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help") {
      out << kUsage;
      return 0;
    }
    if (i + 1 >= args.size()) {
      err << "error: " << a << " needs a value\n" << kUsage;
      return 2;
    }
    const std::string& v = args[++i];
    if (a == "--db")
      db = v;
    else if (a == "--out")
      to = v;
    else {
      err << "error: unknown option " << a << "\n" << kUsage;
      return 2;
    }
  }
  if (db.empty() || to.empty()) {
    err << "error: --db and --out are both needed\n" << kUsage;
    return 2;
  }
  if (server::is_postgres_uri(db)) {
    err << "error: a PostgreSQL database is backed up with pg_basebackup and its WAL archive "
           "(docs/server.md, \"Backups\")\n";
    return 2;
  }
  auto pages = server::backup_sqlite(db, to);
  if (!pages) {
    err << "error: " << pages.error().message << "\n";
    return 1;
  }
  out << "pages " << pages.value() << "\nout " << to << "\n";
  return 0;
}

}  // namespace kaisho::app

#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace kaisho::app {

// kaisho backup --db PATH --out PATH: a consistent copy of a serving SQLite database
// (docs/cli.md, docs/server.md "Backups").
int backup_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kaisho::app

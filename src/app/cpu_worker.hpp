#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace kaisho::app {

// kaisho cpu-worker --db postgresql://... [--threads CORES] [--name NAME] [--nice 19]
// Searches for the game servers sharing that database until SIGINT or SIGTERM (docs/cpu.md).
// --help prints the usage (exit 0); a bad flag prints an error and the usage (exit 2).
int cpu_worker_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kaisho::app

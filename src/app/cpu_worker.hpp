#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace kaisho::app {

// kaisho cpu-worker --db postgresql://... [--threads CORES] [--name NAME] [--nice 0]
// Searches for the game servers sharing that database until SIGINT or SIGTERM (docs/cpu.md).
int cpu_worker_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kaisho::app

#pragma once
// `kaisho loadtest`: simulated people against a running server (docs/cli.md).
#include <iosfwd>
#include <string>
#include <vector>

namespace kaisho::loadtest {

// Prints one "name value" line per figure; exit 0, 1 if the tables could not all be set up
// in time, 2 on bad arguments.
int loadtest_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kaisho::loadtest

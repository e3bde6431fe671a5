#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace kaisho::app {

// kaisho serve [--port N] [--address A] [--db PATH] [--web DIR] [--away-grace-ms MS]
//              [--cpu-ms MS] [--cpu-threads N] [--cpu-bound-ms MS] [--cpu-nice N] [--test-hooks]
int serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace kaisho::app

// The kaisho binary: the composition root. "serve" starts the game server (src/app/serve.cpp);
// "cpu-worker" a CPU worker process (src/app/cpu_worker.cpp); "backup" a copy of a serving
// SQLite database (src/app/backup.cpp); "loadtest" the load generator
// (src/loadtest); every other subcommand is a command-line
// tool (src/tools).
#include <iostream>

#include "app/backup.hpp"
#include "app/cpu_worker.hpp"
#include "app/serve.hpp"
#include "loadtest/loadtest_command.hpp"
#include "tools/commands.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  kaisho::tools::Args args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "serve")
    return kaisho::app::serve_command(kaisho::tools::Args(args.begin() + 1, args.end()), std::cout,
                                      std::cerr);
  if (!args.empty() && args[0] == "cpu-worker")
    return kaisho::app::cpu_worker_command(kaisho::tools::Args(args.begin() + 1, args.end()),
                                           std::cout, std::cerr);
  if (!args.empty() && args[0] == "backup")
    return kaisho::app::backup_command(kaisho::tools::Args(args.begin() + 1, args.end()), std::cout,
                                       std::cerr);
  if (!args.empty() && args[0] == "loadtest")
    return kaisho::loadtest::loadtest_command(kaisho::tools::Args(args.begin() + 1, args.end()),
                                              std::cout, std::cerr);
  return kaisho::tools::run_command(args, {std::cin, std::cout, std::cerr});
}

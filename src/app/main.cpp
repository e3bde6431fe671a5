// The kaisho binary: the composition root. Subcommands are in src/tools.
#include <iostream>

#include "tools/commands.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  kaisho::tools::Args args(argv + 1, argv + argc);
  return kaisho::tools::run_command(args, {std::cin, std::cout, std::cerr});
}

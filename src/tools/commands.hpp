#pragma once
// The command-line tools of the kaisho binary. Each command reads its arguments (without the
// program and command names), uses the given streams, and returns the process exit status:
// 0 success, 2 bad input (usage, unknown game or option, bad position, illegal move).
#include <iosfwd>
#include <string>
#include <vector>

namespace kaisho::tools {

struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
};

using Args = std::vector<std::string>;

int perft_command(const Args& args, Io io);
int moves_command(const Args& args, Io io);
int play_command(const Args& args, Io io);
int options_command(const Args& args, Io io);
int bench_command(const Args& args, Io io);
int bench_search_command(const Args& args, Io io);
int think_command(const Args& args, Io io);
int usi_command(const Args& args, Io io);
int match_command(const Args& args, Io io);
int train_eval_command(const Args& args, Io io);

// Runs "kaisho COMMAND ARGS..."; prints usage for an unknown command.
int run_command(const Args& argv, Io io);

}  // namespace kaisho::tools

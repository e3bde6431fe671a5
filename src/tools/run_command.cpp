#include <ostream>

#include "tools/commands.hpp"

namespace kaisho::tools {

namespace {
constexpr const char* kUsage =
    "usage: kaisho COMMAND [ARGS]\n"
    "commands:\n"
    "  serve [--port N] [--db PATH] [--web DIR] [...] (the game server, docs/server.md)\n"
    "  cpu-worker --db postgresql://... [--threads N] [--name NAME] [--nice N] (docs/cpu.md)\n"
    "  loadtest [--port N] [--connections N] [--groups N] [...] (simulated people)\n"
    "  backup --db PATH --out PATH               (a copy of a serving SQLite database)\n"
    "  perft GAME DEPTH [--position TEXT] [--option KEY=VALUE]... [--divide]\n"
    "  moves GAME [--option KEY=VALUE]...        (positions on standard input)\n"
    "  play GAME [--position TEXT] [--option KEY=VALUE]... [MOVE...]\n"
    "  options GAME\n"
    "  bench [perft] [--quick]\n"
    "  usi                                       (USI engine for shogi and annan on stdin/stdout)\n"
    "  match GAME [--games N] [--a SPEC] [--b SPEC] [--option KEY=VALUE]... [--openings PLIES]\n"
    "  think GAME [--position TEXT] [--option KEY=VALUE]... [--depth N] [--nodes N] [--time MS] "
    "[--level L]\n"
    "  train-eval --games FILE... [--out PATH] [--steps N]  (learns the Shogi evaluation)\n"
    "GAME: shogi, annan, hasami, musashi, yonin. See docs/cli.md.\n";
}

int run_command(const Args& argv, Io io) {
  if (argv.empty() || argv[0] == "help" || argv[0] == "--help" || argv[0] == "-h") {
    (argv.empty() ? io.err : io.out) << kUsage;
    return argv.empty() ? 2 : 0;
  }
  const Args rest(argv.begin() + 1, argv.end());
  const std::string& cmd = argv[0];
  if (cmd == "perft") return perft_command(rest, io);
  if (cmd == "moves") return moves_command(rest, io);
  if (cmd == "play") return play_command(rest, io);
  if (cmd == "options") return options_command(rest, io);
  if (cmd == "bench") return bench_command(rest, io);
  if (cmd == "think") return think_command(rest, io);
  if (cmd == "usi") return usi_command(rest, io);
  if (cmd == "match") return match_command(rest, io);
  if (cmd == "train-eval") return train_eval_command(rest, io);
  io.err << "error: unknown command '" << cmd << "'\n" << kUsage;
  return 2;
}

}  // namespace kaisho::tools

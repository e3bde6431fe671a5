// kaisho bench [perft] [--quick]   (kaisho bench search: see bench_search_command.cpp)
// Perft speed on a fixed set of positions. One line per position:
//   perft GAME DEPTH NODES SECONDS NODES_PER_SECOND LABEL
// then "perft total NODES SECONDS NODES_PER_SECOND". The last ply is counted in bulk (the
// legal moves of each node one ply from the leaves are counted, not played).
#include <chrono>
#include <cstdio>
#include <ostream>

#include "rules/registry/registry.hpp"
#include "tools/commands.hpp"

namespace kaisho::tools {

namespace {

struct BenchPosition {
  const char* game;
  const char* label;
  const char* position;  // "startpos" or position text
  int depth;
  int quick_depth;  // with --quick (used by the test suite to check the command runs)
};

constexpr BenchPosition kPerftPositions[] = {
    {"shogi", "start", "startpos", 5, 3},
    {"shogi", "matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 3,
     2},
    {"shogi", "pawn-drop-mate", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", 4, 2},
    {"annan", "traditional",
     "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1", 4, 2},
    {"hasami", "start", "startpos", 4, 2},
    {"musashi", "start", "startpos", 8, 2},
    {"yonin", "start", "startpos", 7, 2},
};

}  // namespace

int bench_command(const Args& args, Io io) {
  if (!args.empty() && args[0] == "search")
    return bench_search_command(Args(args.begin() + 1, args.end()), io);
  bool quick = false;
  for (const auto& a : args) {
    if (a == "--quick")
      quick = true;
    else if (a != "perft") {
      io.err << "error: usage: kaisho bench [perft] [--quick]\n";
      return 2;
    }
  }
  uint64_t total_nodes = 0;
  double total_seconds = 0;
  char line[256];
  for (const auto& bp : kPerftPositions) {
    const rules::Game* game = rules::find_game(bp.game);
    if (!game) continue;
    auto state = game->load(bp.position, rules::Options::defaults(game->option_schema()));
    if (!state) {
      io.err << "error: bench position " << bp.label << ": " << state.error().message << "\n";
      return 1;
    }
    const int depth = quick ? bp.quick_depth : bp.depth;
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes = state.value()->perft(depth, nullptr);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    total_nodes += nodes;
    total_seconds += seconds;
    std::snprintf(line, sizeof line, "perft %s %d %llu %.3f %.0f %s\n", bp.game, depth,
                  static_cast<unsigned long long>(nodes), seconds,
                  static_cast<double>(nodes) / (seconds > 0 ? seconds : 1e-9), bp.label);
    io.out << line;
  }
  std::snprintf(line, sizeof line, "perft total %llu %.3f %.0f\n",
                static_cast<unsigned long long>(total_nodes), total_seconds,
                static_cast<double>(total_nodes) / (total_seconds > 0 ? total_seconds : 1e-9));
  io.out << line;
  return 0;
}

}  // namespace kaisho::tools

// kaisho bench search [--quick]
// The CPU's speed and its regression signature, on fixed positions:
//   search GAME LABEL nodes N depth D bestmove M seconds S nps X     (fixed node count)
//   mate shogi tsume nodes N plies P bestmove M seconds S nps X     (the checkmate search)
//   search signature HEX nodes TOTAL                                 (changes only when the
//                                                                      search's behaviour does)
//   depth1s GAME LABEL depth D nodes N nps X                         (one second of thinking;
//                                                                      skipped with --quick)
#include <chrono>
#include <cstdio>
#include <ostream>

#include "ai/engine.hpp"
#include "rules/registry/registry.hpp"
#include "tools/commands.hpp"

namespace kaisho::tools {

namespace {

struct SearchBenchPosition {
  const char* game;
  const char* label;
  const char* position;
};

// Every game with a CPU gets its start position; Shogi a few more.
constexpr SearchBenchPosition kSearchPositions[] = {
    {"shogi", "start", "startpos"},
    {"shogi", "middlegame",
     "ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P2/PPSP1PN1P/2G2S1R1/LN2KG2L b Bb 1"},
    {"shogi", "matsuri", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"},
    {"annan", "start", "startpos"},
    {"hasami", "start", "startpos"},
    {"musashi", "start", "startpos"},
    {"yonin", "start", "startpos"},
};

// A mate in ten moves (nineteen plies) of a random game, for the checkmate search.
constexpr const char* kMatePosition =
    "5n1k1/9/5b1g1/pp5p1/3+B4P/1Pp4S1/4G1PP1/5S3/1LSK3NL b 2R2G2NL8Psl2p 1";

uint64_t fnv(uint64_t h, const std::string& s) {
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h;
}

}  // namespace

int bench_search_command(const Args& args, Io io) {
  bool quick = false;
  for (const auto& a : args) {
    if (a == "--quick")
      quick = true;
    else {
      io.err << "error: usage: kaisho bench search [--quick]\n";
      return 2;
    }
  }
  const uint64_t node_count = quick ? 20000 : 500000;
  uint64_t signature = 1469598103934665603ULL, total = 0;
  char line[512];
  for (const auto& bp : kSearchPositions) {
    const rules::Game* game = rules::find_game(bp.game);
    if (!game || !ai::make_searcher(bp.game)) continue;
    auto state = game->load(bp.position, rules::Options::defaults(game->option_schema()));
    if (!state) {
      io.err << "error: bench position " << bp.label << ": " << state.error().message << "\n";
      return 1;
    }
    ai::Engine engine;
    if (!engine.set_position(*game, *state.value())) return 1;
    ai::SearchLimits limits;
    limits.nodes = node_count;
    const auto start = std::chrono::steady_clock::now();
    // Every completed iteration's depth, score, node count and line: a change of pruning,
    // ordering or evaluation shows even when the final move and score stay the same.
    std::string iterations;
    ai::SearchResult r = engine.think(limits, [&](const ai::SearchInfo& info) {
      iterations += std::to_string(info.depth) + " " + std::to_string(info.score) + " " +
                    std::to_string(info.nodes);
      for (const auto& m : info.pv) iterations += " " + m;
      iterations += "\n";
    });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    signature = fnv(fnv(fnv(signature, iterations), r.best_move),
                    std::to_string(r.info.nodes) + " " + std::to_string(r.info.depth) + " " +
                        std::to_string(r.info.score));
    total += r.info.nodes;
    std::snprintf(
        line, sizeof line, "search %s %s nodes %llu depth %d bestmove %s seconds %.3f nps %.0f\n",
        bp.game, bp.label, static_cast<unsigned long long>(r.info.nodes), r.info.depth,
        r.best_move.c_str(), seconds, static_cast<double>(r.info.nodes) / std::max(seconds, 1e-9));
    io.out << line;
  }
  // The checkmate search (USI "go mate") on a fixed tsume, within a node limit.
  {
    const rules::Game* game = rules::find_game("shogi");
    auto state = game->load(kMatePosition, rules::Options::defaults(game->option_schema()));
    ai::Engine engine;
    if (!state || !engine.set_position(*game, *state.value())) return 1;
    ai::SearchLimits limits;
    limits.mate = 32;
    limits.nodes = 200000;
    const auto start = std::chrono::steady_clock::now();
    const ai::SearchResult r = engine.think(limits);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    signature = fnv(signature, r.best_move + " " + std::to_string(r.info.nodes) + " " +
                                   std::to_string(r.info.pv.size()));
    std::snprintf(line, sizeof line,
                  "mate shogi tsume nodes %llu plies %zu bestmove %s seconds %.3f nps %.0f\n",
                  static_cast<unsigned long long>(r.info.nodes), r.info.pv.size(),
                  r.best_move.empty() ? "none" : r.best_move.c_str(), seconds,
                  static_cast<double>(r.info.nodes) / std::max(seconds, 1e-9));
    io.out << line;
  }
  std::snprintf(line, sizeof line, "search signature %016llx nodes %llu\n",
                static_cast<unsigned long long>(signature), static_cast<unsigned long long>(total));
  io.out << line;
  if (quick) return 0;
  for (const auto& bp : kSearchPositions) {
    const rules::Game* game = rules::find_game(bp.game);
    if (!game || !ai::make_searcher(bp.game)) continue;
    auto state = game->load(bp.position, rules::Options::defaults(game->option_schema()));
    ai::Engine engine;
    if (!state || !engine.set_position(*game, *state.value())) continue;
    ai::SearchLimits limits;
    limits.time_ms = 1000;
    ai::SearchResult r = engine.think(limits);
    std::snprintf(line, sizeof line, "depth1s %s %s depth %d nodes %llu nps %.0f\n", bp.game,
                  bp.label, r.info.depth, static_cast<unsigned long long>(r.info.nodes),
                  static_cast<double>(r.info.nodes) * 1000.0 /
                      static_cast<double>(std::max<int64_t>(r.info.time_ms, 1)));
    io.out << line;
  }
  return 0;
}

}  // namespace kaisho::tools

// kaisho think GAME [--position TEXT] [--option KEY=VALUE]... [--depth N] [--nodes N]
//                   [--time MS] [--level L] [--seed S]
// Lets the CPU choose a move. Prints one "info depth D score S [mate M] nodes N time T pv ..."
// line per completed iteration, then "bestmove MOVE" (or "bestmove none" when the game is over).
#include <ostream>

#include "ai/engine.hpp"
#include "ai/search_text.hpp"
#include "core/text.hpp"
#include "tools/game_args.hpp"

namespace kaisho::tools {

int think_command(const Args& args, Io io) {
  // Pull out the numeric flags, pass the rest to the shared parser.
  ai::SearchLimits limits;
  Args rest;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--depth" || a == "--nodes" || a == "--time" || a == "--level" || a == "--seed") {
      if (i + 1 >= args.size()) {
        io.err << "error: " << a << " needs a value\n";
        return 2;
      }
      auto n = text::parse_int(args[++i]);
      if (!n) {
        io.err << "error: " << a << " needs a non-negative integer, got " << text::quote(args[i])
               << "\n";
        return 2;
      }
      if (a == "--depth") limits.depth = *n;
      if (a == "--nodes") limits.nodes = static_cast<uint64_t>(*n);
      if (a == "--time") limits.time_ms = *n;
      if (a == "--level") limits.level = *n;
      if (a == "--seed") limits.seed = static_cast<uint64_t>(*n);
    } else {
      rest.push_back(a);
    }
  }
  if (limits.level > 8) {
    io.err << "error: --level must be 1..8 (0 = full strength)\n";
    return 2;
  }
  auto parsed = parse_game_args(rest, {});
  if (!parsed) {
    io.err << "error: " << parsed.error().message << "\n";
    return 2;
  }
  auto state = initial_state(parsed.value());
  if (!state) {
    io.err << "error: " << state.error().message << "\n";
    return 2;
  }
  if (!limits.depth && !limits.nodes && !limits.time_ms) limits.time_ms = 1000;
  limits.fixed_time = true;
  ai::Engine engine;
  Status set = engine.set_position(*parsed->game, *state.value());
  if (!set) {
    io.err << "error: " << set.error().message << "\n";
    return 2;
  }
  ai::SearchResult r = engine.think(
      limits, [&](const ai::SearchInfo& info) { io.out << ai::info_line(info) << "\n"; });
  io.out << "bestmove " << (r.best_move.empty() ? "none" : r.best_move) << "\n";
  return 0;
}

}  // namespace kaisho::tools

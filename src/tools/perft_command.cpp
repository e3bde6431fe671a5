// kaisho perft GAME DEPTH [--position TEXT] [--option KEY=VALUE]... [--divide]
// Prints the number of positions reached after exactly DEPTH legal moves. With --divide, one
// line "MOVE COUNT" per root move (sorted by move text) comes first. The total is the last line.
#include <algorithm>
#include <ostream>

#include "core/text.hpp"
#include "tools/game_args.hpp"

namespace kaisho::tools {

int perft_command(const Args& args, Io io) {
  auto parsed = parse_game_args(args, {"--divide"});
  if (!parsed) {
    io.err << "error: " << parsed.error().message << "\n";
    return 2;
  }
  const GameArgs& ga = parsed.value();
  if (ga.positional.size() != 1) {
    io.err << "error: usage: kaisho perft GAME DEPTH [--position TEXT] [--option KEY=VALUE]... "
              "[--divide]\n";
    return 2;
  }
  auto depth = text::parse_int(ga.positional[0]);
  if (!depth || *depth > 20) {
    io.err << "error: DEPTH must be an integer from 0 to 20, got " << text::quote(ga.positional[0])
           << "\n";
    return 2;
  }
  auto state = initial_state(ga);
  if (!state) {
    io.err << "error: " << state.error().message << "\n";
    return 2;
  }
  const bool divide = !ga.flags.empty();
  std::vector<std::pair<std::string, uint64_t>> lines;
  rules::DivideFn collect = [&](const std::string& move, uint64_t n) {
    lines.emplace_back(move, n);
  };
  uint64_t total = state.value()->perft(*depth, divide ? &collect : nullptr);
  std::sort(lines.begin(), lines.end());
  for (const auto& [move, n] : lines) io.out << move << ' ' << n << '\n';
  io.out << total << '\n';
  return 0;
}

}  // namespace kaisho::tools

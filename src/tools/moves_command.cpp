// kaisho moves GAME [--option KEY=VALUE]...
// Reads "POSITION [moves M1 M2 ...]" lines from standard input and answers each with one
// line: the legal moves of the resulting position, sorted bytewise and space-separated (empty
// when there are none or the game is over), or "error: WHAT" for a line it cannot use.
#include <algorithm>
#include <istream>
#include <ostream>

#include "core/text.hpp"
#include "tools/game_args.hpp"

namespace kaisho::tools {

int moves_command(const Args& args, Io io) {
  auto parsed = parse_game_args(args, {});
  if (!parsed) {
    io.err << "error: " << parsed.error().message << "\n";
    return 2;
  }
  const GameArgs& ga = parsed.value();
  if (!ga.positional.empty() || ga.position) {
    io.err << "error: usage: kaisho moves GAME [--option KEY=VALUE]... < positions\n";
    return 2;
  }
  std::string line, out;
  while (std::getline(io.in, line)) {
    out.clear();
    std::string_view trimmed = text::trim(line);
    if (trimmed.empty()) {
      out = "error: empty line";
    } else {
      auto state = ga.game->load(trimmed, ga.options);
      if (!state) {
        out = "error: " + state.error().message;
      } else {
        auto moves = state.value()->legal_moves();
        std::sort(moves.begin(), moves.end());
        out = text::join(moves, " ");
      }
    }
    out += '\n';
    io.out << out;
  }
  io.out.flush();
  return 0;
}

}  // namespace kaisho::tools

// kaisho play GAME [--position TEXT] [--option KEY=VALUE]... [MOVE...]
// Applies the moves and prints the resulting position text, then "key: value" lines:
//   to_move: SEAT            while the game goes on
//   out: SEAT,SEAT           seats knocked out (four-player games), if any
//   result: win SEAT | draw | places SEAT=N,SEAT=N,...
//   reason: WORD             when the game has ended
// An illegal move is reported on stderr as "error: move N 'M': WHY" with exit status 2.
#include <ostream>

#include "core/text.hpp"
#include "rules/api/state_report.hpp"
#include "tools/game_args.hpp"

namespace kaisho::tools {

int play_command(const Args& args, Io io) {
  auto parsed = parse_game_args(args, {});
  if (!parsed) {
    io.err << "error: " << parsed.error().message << "\n";
    return 2;
  }
  const GameArgs& ga = parsed.value();
  auto state = initial_state(ga);
  if (!state) {
    io.err << "error: " << state.error().message << "\n";
    return 2;
  }
  rules::GameState& game = *state.value();
  for (size_t i = 0; i < ga.positional.size(); ++i) {
    Status played = game.play(ga.positional[i]);
    if (!played) {
      io.err << "error: move " << i + 1 << " " << text::quote(ga.positional[i]) << ": "
             << played.error().message << "\n";
      return 2;
    }
  }
  io.out << rules::state_report(*ga.game, game);
  return 0;
}

}  // namespace kaisho::tools

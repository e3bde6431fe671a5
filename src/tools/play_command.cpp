// kaisho play GAME [--position TEXT] [--option KEY=VALUE]... [MOVE...]
// Applies the moves and prints the resulting position text, then "key: value" lines:
//   to_move: SEAT            while the game goes on
//   out: SEAT,SEAT           seats knocked out (four-player games), if any
//   result: win SEAT | draw | places SEAT=N,SEAT=N,...
//   reason: WORD             when the game has ended
// An illegal move is reported on stderr as "error: move N 'M': WHY" with exit status 2.
#include <ostream>

#include "core/text.hpp"
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
  const auto seats = ga.game->seat_names();
  io.out << game.position_text() << "\n";
  rules::Outcome outcome = game.outcome();
  if (!outcome.over()) io.out << "to_move: " << seats[game.seat_to_move()] << "\n";
  auto out_seats = game.seats_out();
  if (!out_seats.empty()) {
    std::vector<std::string> names;
    for (int s : out_seats) names.push_back(seats[s]);
    io.out << "out: " << text::join(names, ",") << "\n";
  }
  if (outcome.over()) {
    io.out << "result: ";
    switch (outcome.kind) {
      case rules::OutcomeKind::Win:
        io.out << "win " << seats[outcome.winner];
        break;
      case rules::OutcomeKind::Draw:
        io.out << "draw";
        break;
      case rules::OutcomeKind::Placement: {
        io.out << "places ";
        for (size_t s = 0; s < outcome.places.size(); ++s)
          io.out << (s ? "," : "") << seats[s] << "=" << outcome.places[s];
        break;
      }
      case rules::OutcomeKind::Ongoing:
        break;
    }
    io.out << "\nreason: " << outcome.reason << "\n";
  }
  return 0;
}

}  // namespace kaisho::tools

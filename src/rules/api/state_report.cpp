#include "rules/api/state_report.hpp"

#include "core/text.hpp"

namespace kaisho::rules {

std::string state_report(const Game& game, const GameState& state) {
  const auto seats = game.seat_names();
  std::string out = state.position_text() + "\n";
  const Outcome outcome = state.outcome();
  if (!outcome.over()) out += "to_move: " + seats[state.seat_to_move()] + "\n";
  const auto out_seats = state.seats_out();
  if (!out_seats.empty()) {
    std::vector<std::string> names;
    for (int s : out_seats) names.push_back(seats[s]);
    out += "out: " + text::join(names, ",") + "\n";
  }
  if (outcome.over()) {
    out += "result: ";
    switch (outcome.kind) {
      case OutcomeKind::Win:
        out += "win " + seats[outcome.winner];
        break;
      case OutcomeKind::Draw:
        out += "draw";
        break;
      case OutcomeKind::Placement:
        out += "places ";
        for (size_t s = 0; s < outcome.places.size(); ++s)
          out += (s ? "," : "") + seats[s] + "=" + std::to_string(outcome.places[s]);
        break;
      case OutcomeKind::Ongoing:
        break;
    }
    out += "\nreason: " + outcome.reason + "\n";
  }
  return out;
}

}  // namespace kaisho::rules

#pragma once
// How a game ended (or that it has not).
#include <string>
#include <vector>

namespace kaisho::rules {

enum class OutcomeKind {
  Ongoing,
  Win,        // one seat (or, in team play, the winner's team) won
  Draw,       // nobody won; for "draw and replay" games the table starts the next game
  Placement,  // four-player games: every seat gets a place, ties share a place
};

struct Outcome {
  OutcomeKind kind = OutcomeKind::Ongoing;
  int winner = -1;          // Win: the winning seat
  std::vector<int> places;  // Placement: places[seat] in 1..seat_count; equal = shared
  // Why it ended, as a stable lower-case word the client translates: "checkmate",
  // "no_legal_moves", "repetition", "perpetual_check", "move_limit", "resignation",
  // "captures", "lead", "trapped", "children_stuck", ...
  std::string reason;

  bool over() const { return kind != OutcomeKind::Ongoing; }

  static Outcome win(int seat, std::string why) {
    return Outcome{OutcomeKind::Win, seat, {}, std::move(why)};
  }
  static Outcome draw(std::string why) {
    return Outcome{OutcomeKind::Draw, -1, {}, std::move(why)};
  }
  static Outcome placement(std::vector<int> places, std::string why) {
    return Outcome{OutcomeKind::Placement, -1, std::move(places), std::move(why)};
  }
};

}  // namespace kaisho::rules

#pragma once
// The report of a game in progress that `kaisho play` prints and the WebAssembly module
// returns (docs/cli.md, "play"): the position text, then "key: value" lines.
#include <string>

#include "rules/api/game.hpp"

namespace kaisho::rules {

// POSITION-TEXT
// to_move: SEAT                 (while the game goes on)
// out: SEAT,SEAT                (seats knocked out, four-player games, if any)
// result: win SEAT | draw | places SEAT=N,SEAT=N,...   (once the game has ended)
// reason: WORD                  (once the game has ended)
// Every line ends with a newline.
std::string state_report(const Game& game, const GameState& state);

}  // namespace kaisho::rules

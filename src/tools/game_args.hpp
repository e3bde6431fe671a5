#pragma once
// The arguments the game tools share: GAME, --option KEY=VALUE (repeatable), --position TEXT.
#include <optional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "rules/api/game.hpp"
#include "tools/commands.hpp"

namespace kaisho::tools {

struct GameArgs {
  const rules::Game* game = nullptr;
  rules::Options options;
  std::optional<std::string> position;
  std::vector<std::string> positional;  // arguments after GAME that are not options
  std::vector<std::string> flags;       // --name flags without a value (e.g. --divide)
};

// Reads GAME and the shared options; `flag_names` are the value-less flags the command knows.
Result<GameArgs> parse_game_args(const Args& args, const std::vector<std::string>& flag_names);

// The game's state for --position (or the start position when absent). The text may end
// with " moves M1 M2 ...".
Result<std::unique_ptr<rules::GameState>> initial_state(const GameArgs& args);

}  // namespace kaisho::tools

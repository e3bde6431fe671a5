// kaisho options GAME
// Prints the option schema, one option per two lines:
//   KEY (KIND, default VALUE): CHOICE CHOICE ...
//       MEANING
#include <ostream>

#include "core/text.hpp"
#include "tools/game_args.hpp"

namespace kaisho::tools {

int options_command(const Args& args, Io io) {
  auto parsed = parse_game_args(args, {});
  if (!parsed) {
    io.err << "error: " << parsed.error().message << "\n";
    return 2;
  }
  if (!parsed->positional.empty()) {
    io.err << "error: usage: kaisho options GAME\n";
    return 2;
  }
  for (const auto& spec : parsed->game->option_schema()) {
    io.out << spec.key << " (" << rules::to_string(spec.kind) << ", default "
           << spec.default_value() << "): " << text::join(spec.choices, " ") << "\n    "
           << spec.meaning << "\n";
  }
  return 0;
}

}  // namespace kaisho::tools

#include "tools/game_args.hpp"

#include <algorithm>

#include "core/text.hpp"
#include "rules/registry/registry.hpp"

namespace kaisho::tools {

Result<GameArgs> parse_game_args(const Args& args, const std::vector<std::string>& flag_names) {
  GameArgs out;
  std::vector<std::pair<std::string, std::string>> overrides;
  std::vector<std::string> known;
  for (const auto* g : rules::all_games()) known.emplace_back(g->id());
  if (args.empty()) return make_error("missing GAME (one of: " + text::join(known, ", ") + ")");
  out.game = rules::find_game(args[0]);
  if (!out.game) {
    return make_error("unknown game " + text::quote(args[0]) +
                      " (one of: " + text::join(known, ", ") + ")");
  }
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--option" || a == "--position") {
      if (i + 1 >= args.size()) return make_error(a + " needs a value");
      const std::string& value = args[++i];
      if (a == "--position") {
        out.position = value;
      } else {
        auto kv = rules::parse_option_assignment(value);
        if (!kv) return kv.error();
        overrides.push_back(kv.value());
      }
    } else if (a.rfind("--option=", 0) == 0) {
      auto kv = rules::parse_option_assignment(a.substr(9));
      if (!kv) return kv.error();
      overrides.push_back(kv.value());
    } else if (a.rfind("--position=", 0) == 0) {
      out.position = a.substr(11);
    } else if (a.size() > 2 && a.rfind("--", 0) == 0) {
      if (std::find(flag_names.begin(), flag_names.end(), a) == flag_names.end())
        return make_error("unknown flag " + text::quote(a));
      out.flags.push_back(a);
    } else {
      out.positional.push_back(a);
    }
  }
  auto options = out.game->make_options(overrides);
  if (!options) return options.error();
  out.options = options.value();
  return out;
}

Result<std::unique_ptr<rules::GameState>> initial_state(const GameArgs& args) {
  if (!args.position) return args.game->new_game(args.options);
  return args.game->load(*args.position, args.options);
}

}  // namespace kaisho::tools

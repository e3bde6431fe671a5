#include "rules/api/game.hpp"

#include "core/text.hpp"

namespace kaisho::rules {

Result<std::unique_ptr<GameState>> Game::load(std::string_view text, const Options& options) const {
  auto words = text::split_ws(text);
  size_t moves_at = words.size();
  for (size_t i = 0; i < words.size(); ++i) {
    if (words[i] == "moves") {
      moves_at = i;
      break;
    }
  }
  if (moves_at == 0) return make_error("empty position text");
  std::string position;
  for (size_t i = 0; i < moves_at; ++i) {
    if (i) position += ' ';
    position.append(words[i]);
  }
  auto state = position == "startpos" ? new_game(options) : from_position(position, options);
  if (!state) return state;
  for (size_t i = moves_at + 1; i < words.size(); ++i) {
    Status played = state.value()->play(words[i]);
    if (!played) {
      // The message names the failing move; the code and params (why it was refused) stay.
      Error e = played.error();
      e.message =
          "move " + std::to_string(i - moves_at) + " " + text::quote(words[i]) + ": " + e.message;
      return e;
    }
  }
  return state;
}

}  // namespace kaisho::rules

#include "rules/registry/registry.hpp"

#include "rules/hasami/hasami_game.hpp"
#include "rules/musashi/musashi_game.hpp"
#include "rules/shogi/shogi_game.hpp"
#include "rules/yonin/yonin_game.hpp"

namespace kaisho::rules {

const std::vector<const Game*>& all_games() {
  static const std::vector<const Game*> games = {
      &shogi::shogi_game(),     &shogi::annan_game(), &hasami::hasami_game(),
      &musashi::musashi_game(), &yonin::yonin_game(),
  };
  return games;
}

const Game* find_game(std::string_view id) {
  for (const Game* g : all_games())
    if (g->id() == id) return g;
  return nullptr;
}

}  // namespace kaisho::rules

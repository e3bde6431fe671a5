// The one place that maps a game to its CPU search.
#include "ai/hasami/hasami_searcher.hpp"
#include "ai/musashi/musashi_searcher.hpp"
#include "ai/searcher.hpp"
#include "ai/shogi/shogi_searcher.hpp"
#include "ai/yonin/yonin_searcher.hpp"

namespace kaisho::ai {

std::unique_ptr<Searcher> make_searcher(std::string_view game_id) {
  if (game_id == "shogi") return make_shogi_searcher(kaisho::shogi::Variant::Shogi);
  if (game_id == "annan") return make_shogi_searcher(kaisho::shogi::Variant::Annan);
  if (game_id == "yonin") return make_yonin_searcher();
  if (game_id == "hasami") return make_hasami_searcher();
  if (game_id == "musashi") return make_musashi_searcher();
  return nullptr;
}

}  // namespace kaisho::ai

#pragma once
// A search for one game family, behind one interface so that the engine facade, the tools
// and the server can use any game's CPU the same way.
#include <memory>
#include <string_view>

#include "ai/search_types.hpp"
#include "rules/api/game.hpp"

namespace kaisho::ai {

class Searcher {
 public:
  virtual ~Searcher() = default;
  // Chooses a move for the seat to move in `state` (which must not be over). Polls `stop`.
  virtual SearchResult search(const rules::GameState& state, const SearchLimits& limits,
                              const StopFlag& stop, const InfoCallback& on_info) = 0;
  // Forgets what earlier searches learnt (a new game).
  virtual void clear() = 0;
  // Transposition table size in MiB, where the search has one.
  virtual void set_hash_mb(int) {}
};

// The searcher for a game id ("shogi", "annan", ...), or nullptr if there is none.
std::unique_ptr<Searcher> make_searcher(std::string_view game_id);

}  // namespace kaisho::ai

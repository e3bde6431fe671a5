#pragma once
// The one engine facade for every game: set a position (with its history and options),
// think within limits on its own thread, stop, and report progress. The server, the tools
// and the tests all use it. Built with KAISHO_NO_THREADS (the WebAssembly module, whose C++
// library has no threads) go() searches on the caller's thread instead, and stop() only
// matters to an on_info callback that calls it: the same search, the same moves.
#include <functional>
#include <memory>
#include <optional>
#ifndef KAISHO_NO_THREADS
#include <condition_variable>
#include <mutex>
#include <thread>
#endif

#include "ai/searcher.hpp"

namespace kaisho::ai {

class Engine {
 public:
  Engine() = default;
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // Takes a copy of the game (position, history, options). Waits for a running search.
  Status set_position(const rules::Game& game, const rules::GameState& state);
  void new_game();  // forget what earlier searches learnt
  void set_hash_mb(int mb);

  // Starts thinking off the caller's thread; `on_done` (if any) is called on the engine's
  // thread with the result. Waits for a previous search to finish first.
  void go(const SearchLimits& limits, InfoCallback on_info = {},
          std::function<void(const SearchResult&)> on_done = {});
  void stop();          // asks the running search to finish now
  SearchResult wait();  // blocks until the current search is done
  // go() + wait().
  SearchResult think(const SearchLimits& limits, InfoCallback on_info = {});

 private:
  void join();

  std::unique_ptr<rules::GameState> state_;
  std::string game_id_;
  std::unique_ptr<Searcher> searcher_;
  StopFlag stop_{false};
#ifndef KAISHO_NO_THREADS
  std::thread worker_;
  std::mutex mutex_;
#endif
  std::optional<SearchResult> result_;
  int hash_mb_ = 16;
};

}  // namespace kaisho::ai

#include "ai/engine.hpp"

namespace kaisho::ai {

Engine::~Engine() {
  stop();
  join();
}

void Engine::join() {
#ifndef KAISHO_NO_THREADS
  if (worker_.joinable()) worker_.join();
#endif
}

Status Engine::set_position(const rules::Game& game, const rules::GameState& state) {
  join();
  if (game.id() != game_id_ || !searcher_) {
    searcher_ = make_searcher(game.id());
    if (!searcher_) return make_error("no CPU player for " + std::string(game.id()));
    searcher_->set_hash_mb(hash_mb_);
    game_id_ = std::string(game.id());
  }
  state_ = state.clone();
  return ok_status();
}

void Engine::new_game() {
  join();
  if (searcher_) searcher_->clear();
}

void Engine::set_hash_mb(int mb) {
  join();
  hash_mb_ = mb;
  if (searcher_) searcher_->set_hash_mb(mb);
}

#ifdef KAISHO_NO_THREADS
void Engine::go(const SearchLimits& limits, InfoCallback on_info,
                std::function<void(const SearchResult&)> on_done) {
  stop_.store(false);
  SearchResult r;
  if (searcher_ && state_) r = searcher_->search(*state_, limits, stop_, on_info);
  result_ = r;
  if (on_done) on_done(r);
}
#else
void Engine::go(const SearchLimits& limits, InfoCallback on_info,
                std::function<void(const SearchResult&)> on_done) {
  join();
  stop_.store(false);
  {
    std::lock_guard lock(mutex_);
    result_.reset();
  }
  worker_ = std::thread([this, limits, on_info = std::move(on_info), on_done = std::move(on_done)] {
    SearchResult r;
    if (searcher_ && state_) r = searcher_->search(*state_, limits, stop_, on_info);
    {
      std::lock_guard lock(mutex_);
      result_ = r;
    }
    if (on_done) on_done(r);
  });
}
#endif

void Engine::stop() {
  stop_.store(true);
}

SearchResult Engine::wait() {
  join();
#ifndef KAISHO_NO_THREADS
  std::lock_guard lock(mutex_);
#endif
  return result_.value_or(SearchResult{});
}

SearchResult Engine::think(const SearchLimits& limits, InfoCallback on_info) {
  go(limits, std::move(on_info));
  return wait();
}

}  // namespace kaisho::ai

#pragma once
// Where the hall gets CPU moves: off the network and hall threads. The result comes back
// through the callback, which the service must call on the hall's executor (Scheduler::post).
#include <functional>
#include <memory>
#include <string>

#include "ai/search_types.hpp"
#include "core/scheduler.hpp"
#include "rules/api/game.hpp"

namespace kaisho::server {

struct CpuRequest {
  const rules::Game* game = nullptr;
  std::unique_ptr<rules::GameState> state;  // a copy, owned by the request
  ai::SearchLimits limits;
};

class CpuService {
 public:
  virtual ~CpuService() = default;
  virtual void request(CpuRequest request, std::function<void(std::string move)> on_move) = 0;
};

// A pool of worker threads, each with its own engine.
std::unique_ptr<CpuService> make_thread_cpu_service(Scheduler& scheduler, int threads);

}  // namespace kaisho::server

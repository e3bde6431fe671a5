#include "server/cpu/cpu_job.hpp"

#include <sstream>

#include "rules/registry/registry.hpp"

namespace kaisho::server::cpu {

CpuJob job_of(const CpuRequest& request, double share, int64_t time_ms) {
  CpuJob job;
  job.game = std::string(request.game->id());
  for (const auto& [key, value] : request.options) job.options += key + "=" + value + "\n";
  job.start = request.state->start_text();
  for (const auto& m : request.state->moves_played()) {
    if (!job.moves.empty()) job.moves += ' ';
    job.moves += m;
  }
  job.level = request.limits.level;
  job.time_ms = time_ms;
  job.share = share;
  job.seed = request.limits.seed;
  return job;
}

Result<JobPosition> position_of(const CpuJob& job) {
  JobPosition p;
  p.game = rules::find_game(job.game);
  if (!p.game) return make_error("bad_job", "no game " + job.game);
  std::vector<std::pair<std::string, std::string>> overrides;
  std::istringstream lines(job.options);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    auto kv = rules::parse_option_assignment(line);
    if (!kv) return make_error("bad_job", kv.error().message);
    overrides.push_back(kv.value());
  }
  auto options = p.game->make_options(overrides);
  if (!options) return make_error("bad_job", options.error().message);
  auto state = p.game->from_position(job.start, options.value());
  if (!state) return make_error("bad_job", "start: " + state.error().message);
  p.state = std::move(state.value());
  std::istringstream moves(job.moves);
  for (std::string m; moves >> m;)
    if (Status s = p.state->play(m); !s)
      return make_error("bad_job", "move " + m + ": " + s.error().message);
  return p;
}

ai::SearchLimits limits_of(const CpuJob& job) {
  ai::SearchLimits limits;
  limits.level = job.level;
  limits.time_ms = std::max<int64_t>(1, job.time_ms);
  limits.fixed_time = true;
  limits.load_share = job.share;
  limits.seed = job.seed;
  return limits;
}

}  // namespace kaisho::server::cpu

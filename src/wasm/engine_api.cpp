// The C interface of the WebAssembly module (engine_api.h): games kept by handle, text in and
// out, every call a thin use of the library code the native tools use.
#include "wasm/engine_api.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ai/engine.hpp"
#include "ai/search_text.hpp"
#include "core/text.hpp"
#include "rules/api/state_report.hpp"
#include "rules/registry/record_files.hpp"
#include "rules/registry/registry.hpp"
#include "rules/shogi/readable_notation.hpp"

#if defined(__wasm__)
// Each progress line of a search as it comes (kaisho_engine.mjs passes it to its caller).
__attribute__((import_module("kaisho"), import_name("info"))) void kaisho_host_info(
    const char* line, size_t length);
#else
static void kaisho_host_info(const char*, size_t) {}
#endif

namespace {

using namespace kaisho;

struct Session {
  const rules::Game* game = nullptr;
  std::unique_ptr<rules::GameState> state;
};

std::map<int32_t, Session> sessions;
int32_t last_handle = 0;
// The text the last call returned, and why the last call failed.
std::string answer;
std::string error_message;
std::string error_code;

void succeed() {
  error_message.clear();
  error_code.clear();
}

void fail(const Error& e) {
  error_message = e.message;
  error_code = e.code;
  for (const auto& [key, value] : e.params) error_code += " " + key + "=" + value;
}

void fail(std::string message) {
  fail(make_error(std::move(message)));
}

const char* give(std::string text) {
  succeed();
  answer = std::move(text);
  return answer.c_str();
}

std::string_view text_of(const char* s) {
  return s ? std::string_view(s) : std::string_view();
}

Session* find(int32_t handle) {
  auto it = sessions.find(handle);
  if (it == sessions.end()) {
    fail("no game with handle " + std::to_string(handle));
    return nullptr;
  }
  return &it->second;
}

// limits: KEY=VALUE separated by whitespace (engine_api.h, kaisho_think); `allowed` the keys
// this call takes. The defaults are those of `kaisho think`.
struct ThinkRequest {
  ai::SearchLimits limits;
  int hash_mb = 16;
};

Result<ThinkRequest> parse_limits(std::string_view text, const std::vector<std::string>& allowed) {
  ThinkRequest r;
  for (std::string_view item : text::split_ws(text)) {
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos)
      return make_error("a limit is KEY=VALUE, got " + text::quote(item));
    const std::string key(item.substr(0, eq));
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      return make_error("unknown limit " + text::quote(key) +
                        " (one of: " + text::join(allowed, ", ") + ")");
    }
    const auto n = text::parse_int(item.substr(eq + 1));
    if (!n) {
      return make_error(key + " needs a non-negative integer, got " +
                        text::quote(item.substr(eq + 1)));
    }
    if (key == "level") r.limits.level = *n;
    if (key == "nodes") r.limits.nodes = static_cast<uint64_t>(*n);
    if (key == "depth") r.limits.depth = *n;
    if (key == "time") r.limits.time_ms = *n;
    if (key == "seed") r.limits.seed = static_cast<uint64_t>(*n);
    if (key == "hash") r.hash_mb = *n;
  }
  if (r.limits.level > 8) return make_error("level must be 1..8 (0 = full strength)");
  if (r.hash_mb < 1 || r.hash_mb > 1024) return make_error("hash must be 1..1024 (MiB)");
  if (!r.limits.depth && !r.limits.nodes && !r.limits.time_ms) r.limits.time_ms = 1000;
  r.limits.fixed_time = true;
  return r;
}

// A search on a fresh engine, as `kaisho think` runs it; the info lines are collected in
// `lines` and passed to the host as they come.
Result<ai::SearchResult> search(const Session& s, const ThinkRequest& request, std::string& lines) {
  ai::Engine engine;
  engine.set_hash_mb(request.hash_mb);
  Status set = engine.set_position(*s.game, *s.state);
  if (!set) return set.error();
  return engine.think(request.limits, [&](const ai::SearchInfo& info) {
    const std::string line = ai::info_line(info) + "\n";
    kaisho_host_info(line.data(), line.size());
    lines += line;
  });
}

}  // namespace

extern "C" {

void* kaisho_alloc(size_t size) {
  return std::malloc(size ? size : 1);
}

void kaisho_free(void* pointer) {
  std::free(pointer);
}

const char* kaisho_error(void) {
  return error_message.c_str();
}

const char* kaisho_error_code(void) {
  return error_code.c_str();
}

const char* kaisho_games(void) {
  std::vector<std::string> ids;
  for (const auto* g : rules::all_games()) ids.emplace_back(g->id());
  return give(text::join(ids, " "));
}

int32_t kaisho_new_game(const char* game_id, const char* options, const char* position) {
  const rules::Game* game = rules::find_game(text_of(game_id));
  if (!game) {
    std::vector<std::string> known;
    for (const auto* g : rules::all_games()) known.emplace_back(g->id());
    fail("unknown game " + text::quote(text_of(game_id)) + " (one of: " + text::join(known, ", ") +
         ")");
    return 0;
  }
  std::vector<std::pair<std::string, std::string>> overrides;
  for (std::string_view item : text::split_ws(text_of(options))) {
    auto kv = rules::parse_option_assignment(item);
    if (!kv) {
      fail(kv.error());
      return 0;
    }
    overrides.push_back(kv.value());
  }
  auto chosen = game->make_options(overrides);
  if (!chosen) {
    fail(chosen.error());
    return 0;
  }
  const std::string_view where = text::trim(text_of(position));
  auto state = where.empty() ? game->new_game(chosen.value()) : game->load(where, chosen.value());
  if (!state) {
    fail(state.error());
    return 0;
  }
  const int32_t handle = ++last_handle;
  sessions[handle] = Session{game, std::move(state.value())};
  succeed();
  return handle;
}

void kaisho_delete_game(int32_t game) {
  sessions.erase(game);
  succeed();
}

const char* kaisho_legal_moves(int32_t game) {
  Session* s = find(game);
  if (!s) return nullptr;
  std::vector<std::string> moves = s->state->legal_moves();
  std::sort(moves.begin(), moves.end());
  return give(text::join(moves, " "));
}

int32_t kaisho_play(int32_t game, const char* move) {
  Session* s = find(game);
  if (!s) return -1;
  Status played = s->state->play(text_of(move));
  if (!played) {
    fail(played.error());
    return -1;
  }
  succeed();
  return 0;
}

const char* kaisho_state(int32_t game) {
  Session* s = find(game);
  if (!s) return nullptr;
  return give(rules::state_report(*s->game, *s->state));
}

const char* kaisho_in_check(int32_t game) {
  Session* s = find(game);
  if (!s) return nullptr;
  const auto seats = s->game->seat_names();
  std::vector<std::string> names;
  for (int seat : s->state->seats_in_check()) names.push_back(seats[static_cast<size_t>(seat)]);
  return give(text::join(names, ","));
}

const char* kaisho_think(int32_t game, const char* limits) {
  Session* s = find(game);
  if (!s) return nullptr;
  auto request = parse_limits(text_of(limits), {"level", "nodes", "depth", "time", "seed", "hash"});
  if (!request) {
    fail(request.error());
    return nullptr;
  }
  std::string lines;
  auto result = search(*s, request.value(), lines);
  if (!result) {
    fail(result.error());
    return nullptr;
  }
  const std::string& best = result.value().best_move;
  return give(lines + "bestmove " + (best.empty() ? "none" : best) + "\n");
}

const char* kaisho_evaluate(int32_t game, const char* limits) {
  Session* s = find(game);
  if (!s) return nullptr;
  auto request = parse_limits(text_of(limits), {"nodes", "depth", "time", "hash"});
  if (!request) {
    fail(request.error());
    return nullptr;
  }
  if (s->state->outcome().over()) return give("");
  std::string lines;
  auto result = search(*s, request.value(), lines);
  if (!result) {
    fail(result.error());
    return nullptr;
  }
  return give(ai::info_line(result.value().info) + "\n");
}

const char* kaisho_perft(int32_t game, int32_t depth, int32_t divide) {
  Session* s = find(game);
  if (!s) return nullptr;
  if (depth < 0 || depth > 20) {
    fail("depth must be an integer from 0 to 20, got " + std::to_string(depth));
    return nullptr;
  }
  std::vector<std::pair<std::string, uint64_t>> lines;
  rules::DivideFn collect = [&](const std::string& move, uint64_t n) {
    lines.emplace_back(move, n);
  };
  const uint64_t total = s->state->perft(depth, divide ? &collect : nullptr);
  std::sort(lines.begin(), lines.end());
  std::string out;
  for (const auto& [move, n] : lines) out += move + " " + std::to_string(n) + "\n";
  return give(out + std::to_string(total) + "\n");
}

const char* kaisho_notation(int32_t game, const char* style) {
  Session* s = find(game);
  if (!s) return nullptr;
  // The styles are those of the Shogi family (the only games that have any).
  auto known = shogi::parse_move_style(text_of(style));
  if (!known) {
    fail(known.error());
    return nullptr;
  }
  const std::vector<std::string> styles = s->state->readable_styles();
  if (std::find(styles.begin(), styles.end(), text_of(style)) == styles.end()) return give("");
  const std::vector<std::string> list = s->state->readable_moves(text_of(style), 0);
  if (list.size() != s->state->moves_played().size()) {
    fail("the moves cannot be written in " + text::quote(text_of(style)) + " notation");
    return nullptr;
  }
  std::string out;
  for (const auto& move : list) out += move + "\n";
  return give(std::move(out));
}

const char* kaisho_record(int32_t game, const char* format, const char* names, const char* reason) {
  Session* s = find(game);
  if (!s) return nullptr;
  rules::RecordSource record;
  record.game = std::string(s->game->id());
  record.start_text = s->state->start_text();
  record.moves = s->state->moves_played();
  if (!text_of(names).empty())
    for (std::string_view name : text::split(text_of(names), '\n')) record.names.emplace_back(name);
  record.result_reason =
      text_of(reason).empty() ? s->state->outcome().reason : std::string(text_of(reason));
  auto file = rules::record_file(record, text_of(format));
  if (!file) {
    fail(file.error());
    return nullptr;
  }
  return give(std::move(file).value());
}

}  // extern "C"

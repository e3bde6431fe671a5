#pragma once
// What the libFuzzer harnesses share: failing loudly when an invariant breaks, choosing a
// game and its options from the first two bytes of the input, and a one-string summary of a
// game state to compare two states by.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/registry/registry.hpp"

namespace kaisho::fuzz {

// A broken invariant: say which, then abort so that libFuzzer keeps the input as a crash.
[[noreturn]] inline void fail(const char* condition, const std::string& detail) {
  std::fprintf(stderr, "\nFUZZ INVARIANT BROKEN: %s\n  %s\n", condition, detail.c_str());
  std::abort();
}
// `detail` is only built when the condition fails.
#define FUZZ_CHECK(condition, detail)                             \
  do {                                                            \
    if (!(condition)) ::kaisho::fuzz::fail(#condition, (detail)); \
  } while (0)

// The input's header. Byte 0 picks the game: '0'..'4' in the order of rules::all_games()
// (shogi annan hasami musashi yonin), any other byte wraps round. Byte 1 picks the options:
// (byte - '0') read in mixed radix over the schema, each digit the index of one option's
// choice, so '0' is every default.
struct Header {
  const rules::Game* game = nullptr;
  rules::Options options;
  std::string_view rest;  // the input after the header
};

inline std::optional<Header> read_header(const uint8_t* data, size_t size) {
  if (size < 2) return std::nullopt;
  const auto& games = rules::all_games();
  Header h;
  h.game = games[static_cast<uint8_t>(data[0] - '0') % games.size()];
  unsigned pick = static_cast<uint8_t>(data[1] - '0');
  std::vector<std::pair<std::string, std::string>> overrides;
  for (const auto& spec : h.game->option_schema()) {
    overrides.emplace_back(spec.key, spec.choices[pick % spec.choices.size()]);
    pick /= static_cast<unsigned>(spec.choices.size());
  }
  auto options = h.game->make_options(overrides);
  FUZZ_CHECK(options.ok(), "the schema's own choices are refused: " + options.error().message);
  h.options = options.value();
  h.rest = std::string_view(reinterpret_cast<const char*>(data) + 2, size - 2);
  return h;
}

inline std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

inline std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) (out += s) += ' ';
  return out;
}

inline std::string ints(const std::vector<int>& v) {
  std::string out;
  for (int i : v) (out += std::to_string(i)) += ',';
  return out;
}

inline std::string outcome_text(const rules::Outcome& o) {
  return std::to_string(static_cast<int>(o.kind)) + "/" + std::to_string(o.winner) + "/" +
         ints(o.places) + "/" + o.reason;
}

// Everything the common interface shows about a state except its record: two states with
// the same summary are the same position under the same rules.
inline std::string summary(const rules::GameState& s) {
  return "position: " + s.position_text() + "\n  to move: " + std::to_string(s.seat_to_move()) +
         "\n  outcome: " + outcome_text(s.outcome()) + "\n  in check: " + ints(s.seats_in_check()) +
         "\n  out: " + ints(s.seats_out()) + "\n  key: " + std::to_string(s.repetition_key()) +
         "\n  legal: " + join(sorted(s.legal_moves()));
}

// A position text that parsed must come back from its own text unchanged. Returns the
// state read back (null only for the known limit below).
inline std::unique_ptr<rules::GameState> check_round_trip(const rules::Game& game,
                                                          const rules::Options& options,
                                                          const std::string& text,
                                                          const std::string& how) {
  auto again = game.from_position(text, options);
  // Known limit (docs/fuzzing.md): the move number (Musashi: the children's move count) is
  // read up to 999999999, so playing on from a start at that number writes one that no
  // longer reads. Nothing else may be refused.
  if (!again && text.size() > 10 &&
      text.find_first_not_of("0123456789", text.size() - 10) == std::string::npos &&
      text[text.size() - 11] == ' ')
    return nullptr;
  FUZZ_CHECK(again.ok(), std::string(game.id()) + ": the text of a position " + how +
                             " is refused: '" + text + "': " + again.error().message);
  FUZZ_CHECK(again.value()->position_text() == text, std::string(game.id()) + ": '" + text +
                                                         "' is written back as '" +
                                                         again.value()->position_text() + "'");
  return std::move(again.value());
}

}  // namespace kaisho::fuzz

#pragma once
// Helpers for the Yonin Shogi tests: positions in the text form of docs/games/yonin.md.
#include "core/text.hpp"
#include "rules/yonin/game_state.hpp"
#include "rules/yonin/notation.hpp"
#include "rules/yonin/start_position.hpp"
#include "test_util.hpp"

namespace kaisho::testing {

using Overrides = std::vector<std::pair<std::string, std::string>>;
using Set = std::set<std::string>;
using Places = std::vector<int>;

inline constexpr int kSouth = 0, kWest = 1, kNorth = 2, kEast = 3;

// Loads a Yonin position ("TEXT [moves ...]"); fails the test on error (and then returns the
// start position, so that the test goes on failing instead of crashing).
inline std::unique_ptr<rules::GameState> yonin(std::string_view text, Overrides o = {}) {
  auto s = load("yonin", text, std::move(o));
  return s ? std::move(s) : load("yonin", "startpos");
}
inline std::string yonin_error(std::string_view text, Overrides o = {}) {
  return load_error("yonin", text, std::move(o));
}
inline const yonin::Position& position_of(const rules::GameState& s) {
  return dynamic_cast<const yonin::YoninState&>(s).position();
}
// The field `i` (0-based) of the state's position text.
inline std::string field(const rules::GameState& s, size_t i) {
  const std::string text = s.position_text();
  const auto words = text::split_ws(text);
  return i < words.size() ? std::string(words[i]) : "";
}
// The board of the position text as one string per rank a..i.
inline std::string rank_text(const rules::GameState& s, int rank) {
  const std::string board = field(s, 0);
  const auto ranks = text::split(board, '/');
  return std::string(ranks[static_cast<size_t>(rank - 1)]);
}

}  // namespace kaisho::testing

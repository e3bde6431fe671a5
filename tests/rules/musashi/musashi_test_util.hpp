#pragma once
// Helpers for the Juroku Musashi tests: load positions through the common interface, and
// play single moves on the engine's own position type.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/musashi/game_state.hpp"
#include "rules/musashi/musashi_game.hpp"
#include "rules/musashi/notation.hpp"

namespace kaisho::musashi::testing {

using Overrides = std::vector<std::pair<std::string, std::string>>;

inline constexpr int kFather = 0;
inline constexpr int kChildren = 1;

inline rules::Options options(const Overrides& overrides = {}) {
  auto o = musashi_game().make_options(overrides);
  EXPECT_TRUE(o.ok()) << o.error().message;
  return o.value();
}

// "POSITION [moves ...]" loaded through the common interface; the test fails if it is an error.
inline std::unique_ptr<rules::GameState> load(std::string_view text,
                                              const Overrides& overrides = {}) {
  auto state = musashi_game().load(text, options(overrides));
  if (!state) {
    ADD_FAILURE() << "cannot load " << text << ": " << state.error().message;
    return nullptr;
  }
  return std::move(state.value());
}

// The error message loading text gives ("" if it loads).
inline std::string load_error(std::string_view text, const Overrides& overrides = {}) {
  auto state = musashi_game().load(text, options(overrides));
  return state ? std::string() : state.error().message;
}

inline const MusashiState& concrete(const rules::GameState& state) {
  return dynamic_cast<const MusashiState&>(state);
}

inline Position parse(std::string_view text, Shape shape = Shape::Sechin33) {
  auto pos = parse_position(text, Board::get(shape), 0);
  if (!pos) {
    ADD_FAILURE() << "cannot parse " << text << ": " << pos.error().message;
    return Position::start(Board::get(shape), Side::Father);
  }
  return pos.value();
}

inline std::set<std::string> names(PointSet s) {
  std::set<std::string> out;
  for (; s; s &= s - 1) out.emplace(point_name(lowest(s)));
  return out;
}

// The children the father's move captures in position (father to move); the move must be
// legal there.
inline std::set<std::string> captured(std::string_view position, std::string_view move,
                                      Shape shape = Shape::Sechin33) {
  Position pos = parse(position, shape);
  auto m = parse_move(move, pos.board());
  if (!m) {
    ADD_FAILURE() << m.error().message;
    return {};
  }
  const std::string why = explain_illegal(pos, RepetitionRecord(), m.value()).text;
  EXPECT_EQ(why, "") << move << " in " << position;
  if (!why.empty()) return {};
  const PointSet before = pos.children();
  pos.do_move(m.value());
  return names(before & ~pos.children());
}

}  // namespace kaisho::musashi::testing

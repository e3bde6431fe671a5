#include "rules/hasami/hasami_game.hpp"

#include "rules/hasami/game_state.hpp"
#include "rules/hasami/notation.hpp"
#include "rules/shogi_family/board_geometry.hpp"

namespace kaisho::hasami {

namespace {

class HasamiGame final : public rules::Game {
 public:
  HasamiGame()
      : schema_{
            {"win",
             rules::OptionKind::Choice,
             {"capture5", "lead3", "all"},
             "Win by capturing 5 pieces (capture5), by having captured 3 more than the "
             "opponent (lead3), or by capturing all 9 (all)."},
            {"move_limit",
             rules::OptionKind::Number,
             {"0", "100", "150", "200", "300"},
             "Draw when this many moves (both players together) have been played, unless the "
             "last one won; 0 means no limit."},
            {"show_legal_moves",
             rules::OptionKind::Boolean,
             {"true", "false"},
             "Selecting a piece marks the squares it can move to."},
            {"alternate_first",
             rules::OptionKind::Boolean,
             {"true", "false"},
             "The players swap who moves first after each game."},
        } {}

  std::string_view id() const override { return "hasami"; }
  std::string_view name() const override { return "Hasami Shogi"; }
  int seat_count() const override { return 2; }
  std::vector<std::string> seat_names() const override { return {"first", "second"}; }
  const rules::OptionSchema& option_schema() const override { return schema_; }
  rules::BoardGeometry board(const rules::Options&) const override {
    return shogi_family::nine_by_nine_board();
  }

  Result<std::unique_ptr<rules::GameState>> new_game(const rules::Options& options) const override {
    return from_position(kStartPosition, options);
  }

  Result<std::unique_ptr<rules::GameState>> from_position(
      std::string_view text, const rules::Options& options) const override {
    GameSettings settings;
    // Options are validated against the schema, so the value is one of its choices.
    settings.win = parse_win_rule(options.get("win")).value_or(WinRule::Capture5);
    settings.move_limit = options.get_int("move_limit");
    auto pos = parse_position(text);
    if (!pos) return pos.error();
    const std::string why = why_unreachable(pos.value(), settings);
    if (!why.empty()) return make_error("bad position: " + why);
    std::unique_ptr<rules::GameState> state =
        std::make_unique<HasamiState>(std::move(pos.value()), settings);
    return state;
  }

 private:
  rules::OptionSchema schema_;
};

}  // namespace

const rules::Game& hasami_game() {
  static const HasamiGame game;
  return game;
}

}  // namespace kaisho::hasami

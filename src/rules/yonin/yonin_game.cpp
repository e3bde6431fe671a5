#include "rules/yonin/yonin_game.hpp"

#include "rules/shogi_family/board_geometry.hpp"
#include "rules/yonin/game_state.hpp"
#include "rules/yonin/notation.hpp"
#include "rules/yonin/start_position.hpp"

namespace kaisho::yonin {

namespace {

class YoninGame final : public rules::Game {
 public:
  YoninGame() {
    schema_ = {
        {"format",
         rules::OptionKind::Choice,
         {"singles", "pairs"},
         "singles: every other player is an opponent; pairs: opposite seats are a team that "
         "loses as soon as either member is mated, and a move may not create a new check on "
         "one's partner's king."},
        {"end",
         rules::OptionKind::Choice,
         {"two_out", "last"},
         "Singles only: the game ends when two players are out (two_out) or goes on to the "
         "last player (last)."},
        {"out_pieces",
         rules::OptionKind::Choice,
         {"to_mater", "ownerless"},
         "A mated player's board pieces go to the mater keeping their facing (to_mater), or "
         "stay without an owner for anyone to capture (ownerless); the hand goes to the mater."},
        {"move_limit",
         rules::OptionKind::Number,
         {"0", "200", "300", "400"},
         "The game ends when the four players' moves together reach this number; 0 means no "
         "limit. Singles are then placed by mates and pieces; pairs draw."},
        {"show_legal_moves",
         rules::OptionKind::Boolean,
         {"true", "false"},
         "Selecting a piece marks the squares it can move or be dropped to."},
        {"rotate_first",
         rules::OptionKind::Boolean,
         {"true", "false"},
         "The first player moves one seat clockwise each new game (the table applies it)."},
    };
  }

  std::string_view id() const override { return "yonin"; }
  std::string_view name() const override { return "Yonin Shogi"; }
  int seat_count() const override { return kSeatCount; }
  std::vector<std::string> seat_names() const override {
    return {"south", "west", "north", "east"};
  }
  const rules::OptionSchema& option_schema() const override { return schema_; }

  rules::BoardGeometry board(const rules::Options&) const override {
    return shogi_family::nine_by_nine_board();
  }

  Result<std::unique_ptr<rules::GameState>> new_game(const rules::Options& options) const override {
    return from_position(kStartText, options);
  }

  Result<std::unique_ptr<rules::GameState>> from_position(
      std::string_view text, const rules::Options& options) const override {
    Settings settings;
    settings.rules.pairs = options.get("format") == "pairs";
    settings.rules.ownerless = options.get("out_pieces") == "ownerless";
    settings.end_at_last = options.get("end") == "last";
    settings.move_limit = options.get_int("move_limit");
    auto pos = parse_position(text, settings);
    if (!pos) return pos.error();
    std::unique_ptr<rules::GameState> state =
        std::make_unique<YoninState>(std::move(pos.value()), settings);
    return state;
  }

 private:
  rules::OptionSchema schema_;
};

}  // namespace

const rules::Game& yonin_game() {
  static const YoninGame game;
  return game;
}

}  // namespace kaisho::yonin

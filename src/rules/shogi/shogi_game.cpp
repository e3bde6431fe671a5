#include "rules/shogi/shogi_game.hpp"

#include "rules/shogi/game_state.hpp"
#include "rules/shogi/notation.hpp"
#include "rules/shogi/start_positions.hpp"
#include "rules/shogi_family/board_geometry.hpp"

namespace kaisho::shogi {

namespace {

rules::OptionSpec move_limit_option() {
  return {"move_limit",
          rules::OptionKind::Number,
          {"0", "150", "200", "256", "300"},
          "Draw when this many moves (both players together) have been played; 0 means no limit."};
}
rules::OptionSpec show_legal_moves_option() {
  return {"show_legal_moves",
          rules::OptionKind::Boolean,
          {"true", "false"},
          "Selecting a piece marks the squares it can move or be dropped to."};
}
rules::OptionSpec alternate_first_option() {
  return {"alternate_first",
          rules::OptionKind::Boolean,
          {"true", "false"},
          "The players swap who moves first after each game."};
}

class ShogiFamilyGame final : public rules::Game {
 public:
  explicit ShogiFamilyGame(Variant v) : variant_(v) {
    if (v == Variant::Shogi) {
      schema_ = {
          {"handicap",
           rules::OptionKind::Choice,
           {"none", "lance", "bishop", "rook", "rook_lance", "two", "four", "six", "eight", "ten"},
           "Pieces the stronger player (gote, who then moves first) removes before the start."},
          move_limit_option(),
          show_legal_moves_option(),
          alternate_first_option()};
    } else {
      schema_ = {
          {"dead_piece",
           rules::OptionKind::Choice,
           {"allow_if_backed", "forbid"},
           "A pawn or lance may stand on the last rank, or a knight on the last two, if its "
           "backing there gives it a move (allow_if_backed), or never (forbid)."},
          {"start",
           rules::OptionKind::Choice,
           {"usual", "traditional"},
           "Start from the usual shogi position, or the traditional Annan one (pawns in front "
           "of rook and bishop one row further)."},
          move_limit_option(),
          show_legal_moves_option(),
          alternate_first_option()};
    }
  }

  std::string_view id() const override { return variant_ == Variant::Shogi ? "shogi" : "annan"; }
  std::string_view name() const override {
    return variant_ == Variant::Shogi ? "Shogi" : "Annan Shogi";
  }
  int seat_count() const override { return 2; }
  std::vector<std::string> seat_names() const override { return {"sente", "gote"}; }
  const rules::OptionSchema& option_schema() const override { return schema_; }
  rules::BoardGeometry board(const rules::Options&) const override {
    return shogi_family::nine_by_nine_board();
  }

  Result<std::unique_ptr<rules::GameState>> new_game(const rules::Options& options) const override {
    std::string_view sfen = kStartSfen;
    if (variant_ == Variant::Shogi) {
      auto h = handicap_sfen(options.get("handicap"));
      if (h) sfen = *h;
    } else if (options.get("start") == "traditional") {
      sfen = kAnnanTraditionalSfen;
    }
    return from_position(sfen, options);
  }

  Result<std::unique_ptr<rules::GameState>> from_position(
      std::string_view text, const rules::Options& options) const override {
    GameSettings settings;
    settings.rules.annan_allow_if_backed = options.get("dead_piece") != "forbid";
    settings.move_limit = options.get_int("move_limit");
    auto pos = parse_sfen(text, variant_, settings.rules);
    if (!pos) return pos.error();
    std::unique_ptr<rules::GameState> state;
    if (variant_ == Variant::Shogi)
      state = std::make_unique<ShogiState<Variant::Shogi>>(std::move(pos.value()), settings);
    else
      state = std::make_unique<ShogiState<Variant::Annan>>(std::move(pos.value()), settings);
    return state;
  }

 private:
  Variant variant_;
  rules::OptionSchema schema_;
};

}  // namespace

const rules::Game& shogi_game() {
  static const ShogiFamilyGame game(Variant::Shogi);
  return game;
}
const rules::Game& annan_game() {
  static const ShogiFamilyGame game(Variant::Annan);
  return game;
}

}  // namespace kaisho::shogi

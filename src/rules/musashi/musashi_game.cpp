#include "rules/musashi/musashi_game.hpp"

#include "rules/musashi/game_state.hpp"
#include "rules/musashi/notation.hpp"

namespace kaisho::musashi {

namespace {

const Board& board_of(const rules::Options& options) {
  return Board::get(options.get("board") == "25" ? Shape::Square25 : Shape::Sechin33);
}

EndRules end_rules_of(const rules::Options& options) {
  EndRules rules;
  rules.target_remaining = options.get("target") == "6" ? 10 : 6;
  rules.children_limit = options.get_int("children_limit");
  return rules;
}

class MusashiGame final : public rules::Game {
 public:
  MusashiGame() {
    schema_ = {
        {"start",
         rules::OptionKind::Choice,
         {"father", "children"},
         "Which side moves first, the father or the children (this does not decide who plays "
         "which role)."},
        {"target",
         rules::OptionKind::Number,
         {"10", "6"},
         "Children the father must capture to win: 10 (six or fewer left) or 6 (ten or fewer "
         "left, for practising as the father)."},
        {"children_limit",
         rules::OptionKind::Number,
         {"100", "150", "200", "0"},
         "The father wins when the children have made this many moves without trapping him; "
         "0 means no limit."},
        {"board",
         rules::OptionKind::Choice,
         {"33", "25"},
         "33 points: the 5x5 square with the sechin triangle on the right; 25: the square "
         "alone, as in Edo-period drawings."},
        {"swap_roles",
         rules::OptionKind::Boolean,
         {"true", "false"},
         "On a rematch the players swap the father and the children."},
        {"show_threats",
         rules::OptionKind::Boolean,
         {"true", "false"},
         "Dashed rings mark the children the father could capture with his next move; on his "
         "turn his capturing destinations show how many each would take."},
        {"show_legal_moves",
         rules::OptionKind::Boolean,
         {"true", "false"},
         "Selecting a piece marks the points it can move to."},
    };
  }

  std::string_view id() const override { return "musashi"; }
  std::string_view name() const override { return "Juroku Musashi"; }
  int seat_count() const override { return 2; }
  std::vector<std::string> seat_names() const override { return {"father", "children"}; }
  const rules::OptionSchema& option_schema() const override { return schema_; }

  rules::BoardGeometry board(const rules::Options& options) const override {
    const Board& b = board_of(options);
    rules::BoardGeometry g;
    g.kind = rules::BoardGeometry::Kind::Graph;
    for (Point p = 0; p < b.point_count(); ++p) {
      g.points.push_back({std::string(point_name(p)), static_cast<double>(point_x(p)),
                          static_cast<double>(point_y(p))});
    }
    for (const auto& [a, c] : b.lines()) g.lines.emplace_back(a, c);
    return g;
  }

  Result<std::unique_ptr<rules::GameState>> new_game(const rules::Options& options) const override {
    const Side first = options.get("start") == "children" ? Side::Children : Side::Father;
    std::unique_ptr<rules::GameState> state = std::make_unique<MusashiState>(
        Position::start(board_of(options), first), end_rules_of(options));
    return state;
  }

  Result<std::unique_ptr<rules::GameState>> from_position(
      std::string_view text, const rules::Options& options) const override {
    const EndRules rules = end_rules_of(options);
    auto pos = parse_position(text, board_of(options), rules.children_limit);
    if (!pos) return pos.error();
    std::unique_ptr<rules::GameState> state = std::make_unique<MusashiState>(*pos, rules);
    return state;
  }

 private:
  rules::OptionSchema schema_;
};

}  // namespace

const rules::Game& musashi_game() {
  static const MusashiGame game;
  return game;
}

}  // namespace kaisho::musashi

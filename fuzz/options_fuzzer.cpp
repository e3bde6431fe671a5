// Option text: KEY=VALUE lines (as given to --option) validated against a game's schema.
// Input: game byte, then one assignment per line. Checks:
//  - an assignment that parses splits at its first '=' into a non-empty key and the value;
//  - validation succeeds exactly when every key is in the schema and every value one of its
//    choices; the result has every key of the schema, with the last value given for it or
//    the default, and validates again to itself;
//  - every valid set of options starts a game whose position text round-trips, on a board
//    whose geometry is consistent.
#include "fuzz_support.hpp"

#include "core/text.hpp"

using namespace kaisho;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const auto& games = rules::all_games();
  const rules::Game& game = *games[static_cast<uint8_t>(data[0] - '0') % games.size()];
  const rules::OptionSchema& schema = game.option_schema();
  const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);

  std::vector<std::pair<std::string, std::string>> overrides;
  bool all_known = true;
  for (std::string_view line : text::split(input, '\n')) {
    auto kv = rules::parse_option_assignment(line);
    const size_t eq = line.find('=');
    if (!kv) {
      FUZZ_CHECK(eq == std::string_view::npos || eq == 0, "'" + std::string(line) + "' refused");
      continue;
    }
    FUZZ_CHECK(eq != std::string_view::npos && eq > 0, "'" + std::string(line) + "' accepted");
    FUZZ_CHECK(kv->first == line.substr(0, eq) && kv->second == line.substr(eq + 1),
               "'" + std::string(line) + "' split as '" + kv->first + "' and '" + kv->second + "'");
    auto spec =
        std::find_if(schema.begin(), schema.end(), [&](auto& s) { return s.key == kv->first; });
    all_known =
        all_known && spec != schema.end() &&
        std::find(spec->choices.begin(), spec->choices.end(), kv->second) != spec->choices.end();
    overrides.push_back(kv.value());
  }

  auto options = game.make_options(overrides);
  FUZZ_CHECK(options.ok() == all_known,
             std::string(game.id()) + ": validation " + (options.ok() ? "accepted" : "refused") +
                 " the overrides" + (options.ok() ? "" : ": " + options.error().message));
  if (!options) {
    FUZZ_CHECK(!options.error().message.empty(), "a refusal without a message");
    return 0;
  }
  const auto& values = options->values();
  FUZZ_CHECK(values.size() == schema.size(), "options hold keys outside the schema");
  for (const auto& spec : schema) {
    std::string want = spec.default_value();
    for (const auto& [k, v] : overrides)
      if (k == spec.key) want = v;
    FUZZ_CHECK(options->get(spec.key) == want,
               spec.key + " is '" + options->get(spec.key) + "', not '" + want + "'");
  }
  auto again = game.make_options(
      std::vector<std::pair<std::string, std::string>>(values.begin(), values.end()));
  FUZZ_CHECK(again.ok() && again->values() == values,
             "validated options do not validate to themselves");

  auto start = game.new_game(options.value());
  FUZZ_CHECK(start.ok(), std::string(game.id()) + ": no start position: " + start.error().message);
  fuzz::check_round_trip(game, options.value(), start.value()->position_text(), "at the start");
  FUZZ_CHECK(!start.value()->legal_moves().empty(), "no legal move at the start");

  const rules::BoardGeometry board = game.board(options.value());
  FUZZ_CHECK(!board.points.empty(), "a board without points");
  if (board.kind == rules::BoardGeometry::Kind::Grid)
    FUZZ_CHECK(board.points.size() == static_cast<size_t>(board.columns * board.rows), "grid size");
  for (auto [a, b] : board.lines) {
    FUZZ_CHECK(
        a >= 0 && b >= 0 && a != b && static_cast<size_t>(std::max(a, b)) < board.points.size(),
        "a line between " + std::to_string(a) + " and " + std::to_string(b));
  }
  return 0;
}

#include "rules/hasami/end_rules.hpp"

#include "rules/hasami/movegen.hpp"
#include "rules/hasami/notation.hpp"

namespace kaisho::hasami {

namespace {
// The shortest cycle back to a position takes four moves (each side moves away and back),
// so a fourth occurrence needs at least twelve moves without a capture.
constexpr int kFourthOccurrenceMinPlies = 12;
}  // namespace

std::optional<WinRule> parse_win_rule(std::string_view v) {
  if (v == "capture5") return WinRule::Capture5;
  if (v == "lead3") return WinRule::Lead3;
  if (v == "all") return WinRule::CaptureAll;
  return std::nullopt;
}

std::string_view win_rule_name(WinRule rule) {
  switch (rule) {
    case WinRule::Capture5:
      return "capture5";
    case WinRule::Lead3:
      return "lead3";
    case WinRule::CaptureAll:
      return "all";
  }
  return "capture5";
}

std::string_view win_reason(const Position& pos, WinRule rule, Color c) {
  const int mine = pos.captured_by(c);
  switch (rule) {
    case WinRule::Capture5:
      return mine >= 5 ? "captures" : "";
    case WinRule::Lead3:
      return mine - pos.captured_by(~c) >= 3 ? "lead" : "";
    case WinRule::CaptureAll:
      return mine >= kPiecesPerSide ? "captures" : "";
  }
  return "";
}

std::string why_unreachable(const Position& pos, const GameSettings& settings) {
  const Color us = pos.side_to_move();
  if (win_reason(pos, settings.win, us).empty()) return "";
  return "the " + std::string(player_name(us)) + ", who is to move, has already met the win " +
         "condition " + std::string(win_rule_name(settings.win)) + " (they have captured " +
         std::to_string(pos.captured_by(us)) + ", the opponent " +
         std::to_string(pos.captured_by(~us)) + "): the game ended when it was met";
}

int occurrences(const Position& pos) {
  const auto& keys = pos.key_history();
  const int last = static_cast<int>(keys.size()) - 1;
  // Positions before the last capture cannot recur, and the key includes the side to move,
  // so only every second entry since then can match.
  const int oldest = last - pos.reversible_plies();
  const uint64_t key = keys[last];
  int count = 0;
  for (int i = last; i >= oldest; i -= 2)
    if (keys[i] == key) ++count;
  return count;
}

bool ended_by_rule(const Position& pos, const GameSettings& settings) {
  if (!win_reason(pos, settings.win, ~pos.side_to_move()).empty()) return true;
  if (pos.reversible_plies() >= kFourthOccurrenceMinPlies && occurrences(pos) >= 4) return true;
  return settings.move_limit > 0 && pos.game_ply() >= settings.move_limit;
}

rules::Outcome outcome_at(const Position& pos, const GameSettings& settings) {
  const Color us = pos.side_to_move();
  const std::string_view won = win_reason(pos, settings.win, ~us);
  if (!won.empty()) return rules::Outcome::win(~us, std::string(won));
  if (!has_legal_move(pos)) return rules::Outcome::win(~us, "no_legal_moves");
  if (pos.reversible_plies() >= kFourthOccurrenceMinPlies && occurrences(pos) >= 4)
    return rules::Outcome::draw("repetition");
  if (settings.move_limit > 0 && pos.game_ply() >= settings.move_limit)
    return rules::Outcome::draw("move_limit");
  return rules::Outcome();
}

}  // namespace kaisho::hasami

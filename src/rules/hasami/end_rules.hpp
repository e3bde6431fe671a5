#pragma once
// How a Hasami Shogi game ends (hasami.md, "End of the game"), judged from a position and
// its history: a win by captures under the table's win condition, no legal move, the fourth
// occurrence of a position, and the move limit. Resignation is the GameState's.
#include <optional>
#include <string>
#include <string_view>

#include "rules/api/outcome.hpp"
#include "rules/hasami/position.hpp"

namespace kaisho::hasami {

// The `win` option: capture5 (captured 5), lead3 (captured 3 more than the opponent), all
// (captured all 9).
enum class WinRule { Capture5, Lead3, CaptureAll };
std::optional<WinRule> parse_win_rule(std::string_view option_value);
std::string_view win_rule_name(WinRule rule);

struct GameSettings {
  WinRule win = WinRule::Capture5;
  int move_limit = 0;  // 0 = none; counts the moves of both players together
};

// The reason word if c has met the win condition ("captures" for capture5 and all, "lead"
// for lead3), or "" if not. Only a capture changes the counts and only the mover captures,
// so in a game only the player who just moved can meet it.
std::string_view win_reason(const Position& pos, WinRule rule, Color c);

// Why a position given as text cannot occur in a game played under these settings, or "".
// The side to move must not have met the win condition already: a player meets it only by
// capturing on their own move, and the game ends at once. (Both players having met it is a
// special case.)
std::string why_unreachable(const Position& pos, const GameSettings& settings);

// How often the current position (board and side to move) has occurred in the history,
// counting the current one.
int occurrences(const Position& pos);

// The outcome at pos, the game having reached it by the moves of its history. In order:
// the player who just moved has met the win condition (they win; this beats the move
// limit); the side to move has no legal move (they lose, "no_legal_moves"); fourth
// occurrence (draw, "repetition"); the move limit reached (draw, "move_limit").
rules::Outcome outcome_at(const Position& pos, const GameSettings& settings);

// Whether the game is over at pos for a reason other than the side to move having no legal
// move (the cheap tests perft makes before generating moves).
bool ended_by_rule(const Position& pos, const GameSettings& settings);

}  // namespace kaisho::hasami

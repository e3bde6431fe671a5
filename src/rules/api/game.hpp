#pragma once
// The common interface that all five games fit. It is the cold path: the tools, the server
// and the client talk through it in text (position text and move text, spec/notation.md).
// Each game keeps its own fast concrete position type behind it for search and perft.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "rules/api/board_geometry.hpp"
#include "rules/api/options.hpp"
#include "rules/api/outcome.hpp"

namespace kaisho::rules {

// Called once per root move by perft --divide: the move text and its count.
using DivideFn = std::function<void(const std::string& move, uint64_t count)>;

// One game in progress: a position together with the history the rules need (repetition,
// move limits, who mated whom), the options it is played under, and its outcome.
// Every mutating call either succeeds completely or changes nothing.
class GameState {
 public:
  virtual ~GameState() = default;
  virtual std::unique_ptr<GameState> clone() const = 0;

  // Seats are 0..seat_count()-1 (see Game::seat_names()).
  virtual int seat_to_move() const = 0;  // -1 once the game is over
  virtual std::string position_text() const = 0;
  // Text of the position the record starts from, and the moves played since.
  virtual std::string start_text() const = 0;
  virtual const std::vector<std::string>& moves_played() const = 0;

  // The legal moves of the seat to move, as move text, in no particular order; empty when the
  // game is over.
  virtual std::vector<std::string> legal_moves() const = 0;
  // Applies one move given as text. An unreadable, illegal or out-of-turn move is an error
  // that says why, and the state is unchanged.
  virtual Status play(std::string_view move) = 0;
  // Ends the game with the seat's resignation (an error where the rules forbid it).
  virtual Status resign(int seat) = 0;
  virtual Outcome outcome() const = 0;

  // Equal keys mean the same position for the repetition rule.
  virtual uint64_t repetition_key() const = 0;
  // Seats whose king is in check (for marking the board); empty where there is no check.
  virtual std::vector<int> seats_in_check() const { return {}; }
  // Seats knocked out of the game (four-player games), in the order they went out.
  virtual std::vector<int> seats_out() const { return {}; }

  // The notations people read besides the move text (Shogi and Annan: "japanese",
  // "western"); none for games whose move text is the readable form.
  virtual std::vector<std::string> readable_styles() const { return {}; }
  // The moves played from index `first` on, in one of readable_styles().
  virtual std::vector<std::string> readable_moves(std::string_view style, size_t first) const {
    (void)style;
    (void)first;
    return {};
  }

  // Positions reached after exactly `depth` legal moves (a finished game has no moves).
  virtual uint64_t perft(int depth, const DivideFn* divide) const = 0;
};

// A ruleset: names, seats, options, board, and how to start or load a game.
class Game {
 public:
  virtual ~Game() = default;
  virtual std::string_view id() const = 0;    // "shogi", "annan", "hasami", "musashi", "yonin"
  virtual std::string_view name() const = 0;  // English display name
  virtual int seat_count() const = 0;
  // Seat names used in tool output and the protocol, e.g. {"sente", "gote"}.
  virtual std::vector<std::string> seat_names() const = 0;
  virtual const OptionSchema& option_schema() const = 0;
  virtual BoardGeometry board(const Options& options) const = 0;

  // The start position the options select.
  virtual Result<std::unique_ptr<GameState>> new_game(const Options& options) const = 0;
  // A position given as text, taken as the start of the game's record.
  virtual Result<std::unique_ptr<GameState>> from_position(std::string_view text,
                                                           const Options& options) const = 0;

  // "POSITION [moves M1 M2 ...]" where POSITION is position text or "startpos": the position
  // with the moves applied in order. Errors name the move that failed and why.
  Result<std::unique_ptr<GameState>> load(std::string_view text, const Options& options) const;
  Result<Options> make_options(
      const std::vector<std::pair<std::string, std::string>>& overrides) const {
    return Options::validate(option_schema(), overrides);
  }
};

}  // namespace kaisho::rules

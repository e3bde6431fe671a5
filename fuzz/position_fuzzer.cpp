// Position text of every game (docs/notation.md). Input: game byte, options byte, text.
// A refused text must say why. A text that parses must:
//  - come back from its start text and from its position text unchanged, as the same state
//    (position, seat to move, outcome, checks, players out, key, legal moves), with no
//    moves played;
//  - list distinct legal moves, none once the game is over and some while it is on, as many
//    as perft 1 counts;
//  - accept its listed moves (a few of them are played), each leading to a position whose
//    text round-trips too.
#include "fuzz_support.hpp"

using namespace kaisho;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto h = fuzz::read_header(data, size);
  if (!h) return 0;
  const rules::Game& game = *h->game;
  auto parsed = game.from_position(h->rest, h->options);
  if (!parsed) {
    FUZZ_CHECK(!parsed.error().message.empty(), "a refusal without a message");
    return 0;
  }
  const rules::GameState& state = *parsed.value();
  const std::string text = state.position_text();
  const std::string first = fuzz::summary(state);
  FUZZ_CHECK(state.moves_played().empty(), "a parsed position has moves played");
  // Both the start text (the parsed position, written canonically) and the position text
  // (the same unless making the state changed it: Yonin knocks out a player to move who
  // has no legal move at once) must read back as this state.
  for (const std::string& written : {state.start_text(), text}) {
    auto again = game.from_position(written, h->options);
    FUZZ_CHECK(again.ok(), std::string(game.id()) + ": its own text is refused: '" + written +
                               "': " + again.error().message);
    FUZZ_CHECK(again.value()->start_text() == written,
               "'" + written + "' reads back as '" + again.value()->start_text() + "'");
    const std::string second = fuzz::summary(*again.value());
    FUZZ_CHECK(first == second,
               "parsed:\n  " + first + "\nreparsed from '" + written + "':\n  " + second);
  }

  const auto legal = fuzz::sorted(state.legal_moves());
  FUZZ_CHECK(std::adjacent_find(legal.begin(), legal.end()) == legal.end(),
             "a move is listed twice: " + fuzz::join(legal));
  const bool over = state.outcome().over();
  FUZZ_CHECK(over == (state.seat_to_move() == -1), "outcome and seat to move disagree: " + first);
  FUZZ_CHECK(over ? legal.empty() : !legal.empty(), "game over vs legal moves: " + first);
  FUZZ_CHECK(state.perft(1, nullptr) == legal.size(),
             "perft 1 is not the legal move count: " + first);

  // A few listed moves, spread over the list.
  for (size_t k = 0; k < 4 && k < legal.size(); ++k) {
    const std::string& move = legal[k * legal.size() / 4];
    auto next = state.clone();
    Status played = next->play(move);
    FUZZ_CHECK(played.ok(),
               "listed move " + move + " is refused in '" + text + "': " + played.error().message);
    FUZZ_CHECK(next->moves_played().size() == 1 && next->moves_played().back() == move,
               "the record does not show " + move);
    fuzz::check_round_trip(game, h->options, next->position_text(), "after " + move);
  }
  return 0;
}

// Move text of every game, played against valid positions. Input: game byte, options byte,
// then "POSITION moves M1 M2 ..." as Game::load reads it (POSITION may be "startpos"; without
// "moves" every word is a move from the start). A move word "#N" plays the N-th legal move
// (sorted, modulo their count), and a word "@BYTES" plays one such move per byte, so the
// fuzzer reaches deep positions without spelling moves.
// After each move:
//  - an accepted move is one of the listed legal moves, written as the record shows it, and
//    the new position's text round-trips, read back with the same checks and players out;
//  - a refused move is not a listed one, says why, and changes nothing;
// and at the end the record (start text + moves) loads back to the same state.
#include "fuzz_support.hpp"

#include "core/text.hpp"

using namespace kaisho;

namespace {
constexpr size_t kMaxMoves = 200;  // keeps one input fast
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto h = fuzz::read_header(data, size);
  if (!h) return 0;
  const rules::Game& game = *h->game;
  const auto words = text::split_ws(h->rest);
  size_t moves_at = 0;
  while (moves_at < words.size() && words[moves_at] != "moves") ++moves_at;
  std::string position;
  if (moves_at == words.size()) {
    moves_at = 0;  // no "moves": the start position, every word a move
  } else {
    for (size_t i = 0; i < moves_at; ++i) (position += i ? " " : "") += words[i];
    ++moves_at;
  }
  auto start = position.empty() || position == "startpos"
                   ? game.new_game(h->options)
                   : game.from_position(position, h->options);
  if (!start) return 0;  // position text is the position harness's concern
  auto& state = *start.value();

  // The move words, with "@BYTES" spelt out as one "#N" per byte.
  std::vector<std::string> moves;
  for (size_t i = moves_at; i < words.size() && moves.size() < kMaxMoves; ++i) {
    if (words[i].size() > 1 && words[i][0] == '@') {
      for (char c : words[i].substr(1))
        moves.push_back("#" + std::to_string(static_cast<unsigned char>(c)));
    } else {
      moves.emplace_back(words[i]);
    }
  }
  if (moves.size() > kMaxMoves) moves.resize(kMaxMoves);

  for (std::string move : moves) {
    const auto legal = fuzz::sorted(state.legal_moves());
    if (move.size() > 1 && move[0] == '#') {
      if (legal.empty()) continue;
      size_t n = 0;
      for (char c : move.substr(1)) n = n * 10 + static_cast<unsigned char>(c) % 10;
      move = legal[n % legal.size()];
    }
    // What a refused move must leave as it was.
    auto brief = [&state] {
      return state.position_text() + " | " + fuzz::outcome_text(state.outcome()) + " | " +
             std::to_string(state.repetition_key()) + " | " +
             std::to_string(state.moves_played().size());
    };
    const std::string before = brief();
    const bool listed = std::binary_search(legal.begin(), legal.end(), move);
    const size_t played = state.moves_played().size();
    Status status = state.play(move);
    if (!status) {
      FUZZ_CHECK(!listed,
                 "listed move '" + move + "' refused: " + status.error().message + "\n  " + before);
      FUZZ_CHECK(!status.error().message.empty(), "a refusal without a message");
      FUZZ_CHECK(brief() == before, "refused move '" + move + "' changed the state:\n  " + before +
                                        "\nto\n  " + brief());
      continue;
    }
    FUZZ_CHECK(listed, "move '" + move + "' was accepted but is not listed:\n  " + before);
    FUZZ_CHECK(state.moves_played().size() == played + 1 && state.moves_played().back() == move,
               "the record shows '" + state.moves_played().back() + "' for '" + move + "'");
    auto reread =
        fuzz::check_round_trip(game, h->options, state.position_text(), "after '" + move + "'");
    // The text holds the whole position; only what the history decides may differ.
    FUZZ_CHECK(!reread || (reread->seats_in_check() == state.seats_in_check() &&
                           reread->seats_out() == state.seats_out()),
               "checks or outs differ after reading back '" + state.position_text() + "'");
  }

  // The record replays to the same state.
  std::string record = state.start_text();
  if (!state.moves_played().empty()) record += " moves " + text::join(state.moves_played(), " ");
  auto replay = game.load(record, h->options);
  FUZZ_CHECK(replay.ok(), "the record '" + record + "' does not load: " + replay.error().message);
  FUZZ_CHECK(fuzz::summary(*replay.value()) == fuzz::summary(state),
             "the record '" + record + "' loads as\n  " + fuzz::summary(*replay.value()) +
                 "\nnot\n  " + fuzz::summary(state));
  return 0;
}

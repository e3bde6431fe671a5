#pragma once
// Helpers for the tests of the Shogi search's parts: a position from its SFEN, and random
// games that capture often (so that the hands fill and drops abound) to visit many kinds of
// positions.
#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>

#include "core/rng.hpp"
#include "rules/shogi/movegen.hpp"
#include "rules/shogi/notation.hpp"
#include "rules/shogi/start_positions.hpp"

namespace kaisho::testing {

inline shogi::Position sfen(std::string_view text) {
  auto parsed = shogi::parse_sfen(text, shogi::Variant::Shogi, shogi::RuleSettings{});
  EXPECT_TRUE(parsed.ok()) << text;
  return std::move(parsed).value();
}

// Plays `games` random games of plain Shogi from the start, each until mate or `plies`
// plies, and calls visit(pos, legal_moves, ply) in every position before its move is played
// (pos must be left as it was). Each capture is preferred with even odds over the move drawn,
// so that pieces reach the hands.
template <class Visit>
void visit_capturing_games(uint64_t seed, int games, int plies, Visit&& visit) {
  using namespace kaisho::shogi;
  Rng rng(seed);
  for (int game = 0; game < games; ++game) {
    Position pos = sfen(kStartSfen);
    for (int ply = 0; ply < plies; ++ply) {
      MoveList moves;
      generate_legal<Variant::Shogi>(pos, {}, moves);
      if (moves.size() == 0) break;
      visit(pos, moves, ply);
      if (::testing::Test::HasFatalFailure()) return;
      Move next = moves[static_cast<int>(rng.below(static_cast<uint64_t>(moves.size())))];
      for (Move m : moves)
        if (!m.is_drop() && pos.at(m.to()) != kNoPiece && rng.below(2) == 0) next = m;
      pos.do_move(next);
    }
  }
}

}  // namespace kaisho::testing

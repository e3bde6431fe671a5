// Perft: the engine's counts from the start position, and the engine against the reference
// model (reference.hpp) from the start and from positions with every kind of event.
#include <gtest/gtest.h>

#include "core/rng.hpp"
#include "reference.hpp"
#include "rules/yonin/game_state.hpp"
#include "rules/yonin/notation.hpp"
#include "rules/yonin/start_position.hpp"

namespace kaisho::yonin {
namespace {

YoninState state(std::string_view text, const Settings& settings) {
  auto pos = parse_position(text, settings);
  EXPECT_TRUE(pos.ok()) << text << ": " << (pos.ok() ? "" : pos.error().message);
  return YoninState(pos.ok() ? pos.value() : parse_position(kStartText, settings).value(),
                    settings);
}

uint64_t reference_perft(const YoninState& s, int depth) {
  const reference::Ref r = reference::from_position(s.position());
  const reference::History h{reference::Entry{reference::key(r)}};
  return reference::perft(r, h, depth,
                          reference::Flow{s.settings().end_at_last, s.settings().move_limit});
}

TEST(YoninPerft, StartPosition) {
  const YoninState s = state(kStartText, Settings{});
  const uint64_t expected[] = {1, 9, 81, 729, 6561, 82134, 1055321};
  for (int depth = 0; depth <= 6; ++depth)
    EXPECT_EQ(s.perft(depth, nullptr), expected[depth]) << depth;
}

TEST(YoninPerft, StartPositionAgreesWithTheReference) {
  const YoninState s = state(kStartText, Settings{});
  for (int depth = 1; depth <= 3; ++depth)
    EXPECT_EQ(reference_perft(s, depth), s.perft(depth, nullptr)) << depth;
}

TEST(YoninPerft, DivideSumsToTheTotal) {
  const YoninState s = state(kStartText, Settings{});
  uint64_t sum = 0;
  int moves = 0;
  rules::DivideFn add = [&](const std::string&, uint64_t n) {
    sum += n;
    ++moves;
  };
  EXPECT_EQ(s.perft(4, &add), 6561u);
  EXPECT_EQ(sum, 6561u);
  EXPECT_EQ(moves, 9);
}

struct Case {
  const char* text;
  Settings settings;
  int depth;
};

Settings pairs() {
  Settings s;
  s.rules.pairs = true;
  return s;
}
Settings last() {
  Settings s;
  s.end_at_last = true;
  return s;
}
Settings ownerless_last() {
  Settings s = last();
  s.rules.ownerless = true;
  return s;
}
Settings limited(int limit) {
  Settings s;
  s.move_limit = limit;
  return s;
}

TEST(YoninPerft, EventfulPositionsAgreeWithTheReference) {
  const Case cases[] = {
      // Double check, mate of the second player, transfers.
      {"3PnKnPn3/9/2Gs3Gs2/9/Kw5Pe1Ke/9/9/9/4Ks4 s Rs - ---- - 1", Settings{}, 3},
      {"3PnKnPn3/9/2Gs3Gs2/9/Kw5Pe1Ke/9/9/9/4Ks4 s Rs - ---- - 1", pairs(), 3},
      // Two mates in turn, end two_out / last.
      {"Kw4Gs2Kn/6Ss2/Gs6Gs1/9/8Ke/9/9/9/4Ks4 s Rs - ---- - 1", Settings{}, 3},
      {"Kw4Gs2Kn/6Ss2/Gs6Gs1/9/8Ke/9/9/9/4Ks4 s Rs - ---- - 1", ownerless_last(), 3},
      // Inherited pieces of two facings.
      {"4Kn4/9/7Psw1/9/Kw7Ke/4Ssn4/9/6Psn2/4Ks4 s GsPs ns,ws ---- e 50", last(), 3},
      // Pawn-drop mate against a player not next to move.
      {"3PnKnPn3/Ks7Re/4Gs4/9/KwSe6Ke/9/9/9/9 s 2PsGe - ee-- e 20", Settings{}, 3},
      // Uncovering a third player's rook.
      {"3PnKnPn3/9/2Gs1Ss1Gs2/9/4Re3Ke/9/4Ps4/Kw8/4Ks4 s Ps - ---- - 1", Settings{}, 3},
      {"3PnKnPn3/9/2Gs1Ss1Gs2/9/4Re3Ke/9/4Ps4/Kw8/4Ks4 s Ps - ---- - 1", pairs(), 3},
      // Ownerless pieces.
      {"4Kn4/9/9/4Rxn4/Kw4Ge2Ke/4Ps4/9/9/4Ks4 e Pw ns ---- w 30", ownerless_last(), 3},
      // The move limit.
      {"3PnKnPn3/9/2Gs3Gs2/9/Kw5Pe1Ke/9/9/9/4Ks4 s Rs - ---- e 198", limited(200), 3},
  };
  for (const Case& c : cases) {
    const YoninState s = state(c.text, c.settings);
    for (int depth = 1; depth <= c.depth; ++depth)
      EXPECT_EQ(reference_perft(s, depth), s.perft(depth, nullptr)) << c.text << " depth " << depth;
  }
}

TEST(YoninPerft, MidgamePositionsAgreeWithTheReference) {
  // Positions along fixed-seed random games (captures preferred, so that pieces meet).
  for (uint64_t seed : {7u, 8u, 9u}) {
    Rng rng(seed);
    YoninState s = state(kStartText, seed == 9 ? pairs() : Settings{});
    for (int ply = 1; ply <= 90 && !s.outcome().over(); ++ply) {
      MoveList legal;
      Position pos = s.position();
      generate_full(pos, legal);
      std::vector<Move> captures;
      for (Move m : legal)
        if (!m.is_drop() && pos.at(m.to()) != kNoPiece) captures.push_back(m);
      const Move m = !captures.empty() && rng.below(2)
                         ? captures[rng.below(captures.size())]
                         : legal[static_cast<int>(rng.below(static_cast<uint64_t>(legal.size())))];
      s.play_move(m);
      if (ply % 30 == 0 && !s.outcome().over()) {
        for (int depth = 1; depth <= 2; ++depth)
          EXPECT_EQ(reference_perft(s, depth), s.perft(depth, nullptr))
              << s.position_text() << " depth " << depth;
      }
    }
  }
}

}  // namespace
}  // namespace kaisho::yonin

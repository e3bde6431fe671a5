// Static exchange evaluation (plain Shogi): what a capture, a quiet move or a drop wins or
// loses on its square when both sides recapture with their least valuable attacker.
#include <gtest/gtest.h>

#include "ai/shogi/static_exchange.hpp"
#include "shogi_position_util.hpp"

namespace kaisho::testing {
namespace {

using namespace kaisho::ai::shogi_search;

int see_of(std::string_view position, std::string_view move) {
  const Position pos = sfen(position);
  auto m = parse_usi(move);
  EXPECT_TRUE(m.ok()) << move;
  return see(pos, m.value());
}

TEST(ShogiStaticExchange, AMoveNobodyCanTakeLosesNothing) {
  EXPECT_EQ(see_of("4k4/9/9/4p4/9/9/9/9/4K4 b S 1", "S*5f"), 0);
}

TEST(ShogiStaticExchange, ADropOntoAGuardedSquareLosesThePiece) {
  // The gote pawn on 5d takes a silver dropped on 5e; the silver goes to gote's hand.
  EXPECT_EQ(see_of("4k4/9/9/4p4/9/9/9/9/4K4 b S 1", "S*5e"), -exchange_value(kSilver));
}

TEST(ShogiStaticExchange, TakingAnUndefendedPieceWinsIt) {
  EXPECT_EQ(see_of("4k4/9/8g/9/9/9/9/9/4K3R b - 1", "1i1c"), exchange_value(kGold));
}

TEST(ShogiStaticExchange, ARookTakingADefendedPawnLosesTheExchange) {
  // The gold on 2c retakes on 1d.
  EXPECT_EQ(see_of("4k4/9/7g1/8p/9/9/9/9/4K3R b - 1", "1i1d"),
            exchange_value(kPawn) - exchange_value(kRook));
}

TEST(ShogiStaticExchange, APieceBehindTheMoverJoinsTheExchange) {
  // The lance on 1i stands behind the rook on 1h: after the gold retakes, it takes the gold.
  EXPECT_EQ(see_of("4k4/9/7g1/8p/9/9/9/8R/4K3L b - 1", "1h1d"),
            exchange_value(kPawn) - exchange_value(kRook) + exchange_value(kGold));
}

TEST(ShogiStaticExchange, ADefenderStopsAnExchangeThatWouldLose) {
  // The gold could take the silver on 1d, but the pawn on 1e would take the gold.
  EXPECT_EQ(see_of("4k4/9/7g1/9/8P/9/9/9/4K4 b S 1", "S*1d"), 0);
}

TEST(ShogiStaticExchange, APromotingMoverIsValuedAsPromoted) {
  // The gold on 2b takes whatever the bishop becomes on 2c.
  EXPECT_EQ(see_of("4k4/7g1/9/9/5B3/9/9/9/4K4 b - 1", "4e2c"), -exchange_value(kBishop));
  EXPECT_EQ(see_of("4k4/7g1/9/9/5B3/9/9/9/4K4 b - 1", "4e2c+"), -exchange_value(kHorse));
}

// Every legal move of random games: the exchange never wins more than the piece taken nor
// loses more than the mover on top of it, and a move whose square no opponent piece then
// attacks wins exactly the piece taken.
TEST(ShogiStaticExchange, StaysWithinWhatTheFirstCaptureCanWinOrLose) {
  int attacked_targets = 0;
  visit_capturing_games(11, 60, 160, [&](Position& pos, const MoveList& moves, int) {
    for (Move m : moves) {
      const bool capture = !m.is_drop() && pos.at(m.to()) != kNoPiece;
      const int taken = capture ? exchange_value(type_of(pos.at(m.to()))) : 0;
      PieceType mover = m.is_drop() ? m.dropped() : type_of(pos.at(m.from()));
      if (m.promotes()) mover = promote(mover);
      const int value = see(pos, m);
      ASSERT_LE(value, taken) << to_sfen(pos) << " " << to_usi(m);
      ASSERT_GE(value, taken - exchange_value(mover)) << to_sfen(pos) << " " << to_usi(m);
      pos.do_move(m);
      const Color them = pos.side_to_move();
      const bool attacked = attackers_to<Variant::Shogi>(pos, them, m.to(), pos.occupied()).any();
      pos.undo_move();
      if (attacked)
        ++attacked_targets;
      else
        ASSERT_EQ(value, taken) << to_sfen(pos) << " " << to_usi(m);
    }
  });
  EXPECT_GT(attacked_targets, 1000) << "the games must reach contested squares";
}

}  // namespace
}  // namespace kaisho::testing

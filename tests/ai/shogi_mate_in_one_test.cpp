// The search's mate-in-one test (plain Shogi): what it returns is a legal move that mates, it
// finds every mate given by the moving piece itself, and it never offers a pawn drop mate.
#include <gtest/gtest.h>

#include <algorithm>

#include "ai/shogi/mate_in_one.hpp"
#include "shogi_position_util.hpp"

namespace kaisho::testing {
namespace {

using namespace kaisho::ai::shogi_search;

bool is_mate_after(Position& pos, Move m) {
  pos.do_move(m);
  const bool mate = in_check<Variant::Shogi>(pos) && !has_legal_move<Variant::Shogi>(pos, {});
  pos.undo_move();
  return mate;
}

// Whether the moved or dropped piece is among the pieces checking the king after m.
bool checks_with_the_moved_piece(Position& pos, Move m) {
  pos.do_move(m);
  const Color defender = pos.side_to_move();
  const bool direct =
      attackers_to<Variant::Shogi>(pos, ~defender, pos.king_square(defender), pos.occupied())
          .test(m.to());
  pos.undo_move();
  return direct;
}

TEST(ShogiMateInOne, FindsAGoldDroppedOnTheKingsHead) {
  Position pos = sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
  const Move m = find_mate_in_one(pos, {});
  EXPECT_EQ(to_usi(m), "G*5b");
  EXPECT_EQ(to_sfen(pos), "4k4/9/4P4/9/9/9/9/9/4K4 b G 1") << "the position is restored";
}

TEST(ShogiMateInOne, FindsAMateByAPromotingMove) {
  // The silver on 4c mates on 5b only promoted (as a gold it also covers 4b and 6b); the
  // knight on 4d protects it there.
  Position pos = sfen("4k4/9/5S3/5N3/9/9/9/9/K8 b - 1");
  EXPECT_EQ(to_usi(find_mate_in_one(pos, {})), "4c5b+");
}

TEST(ShogiMateInOne, NeverOffersAPawnDropMate) {
  // P*1b would mate (the gold on 1c protects it, the gote pawn on 2a blocks the escape):
  // uchifuzume, illegal, and no other move mates.
  Position pos = sfen("7pk/9/8G/9/9/9/9/9/4K4 b P 1");
  EXPECT_FALSE(find_mate_in_one(pos, {}));
}

TEST(ShogiMateInOne, IgnoresACheckThatIsNotMate) {
  Position pos = sfen("4k4/9/9/9/9/9/9/9/4K4 b G 1");
  EXPECT_FALSE(find_mate_in_one(pos, {}));
}

// Random games with many captures (so hands fill): in every position, what the test returns
// is legal and mates, and whenever some legal move mates with the moved piece itself (not a
// pawn drop), the test finds a mate.
TEST(ShogiMateInOne, AgreesWithEveryLegalMoveInRandomGames) {
  int mates_found = 0;
  visit_capturing_games(5, 200, 200, [&](Position& pos, const MoveList& moves, int) {
    const Move found = find_mate_in_one(pos, {});
    bool direct_mate_exists = false;
    for (Move m : moves)
      if (!(m.is_drop() && m.dropped() == kPawn) && is_mate_after(pos, m) &&
          checks_with_the_moved_piece(pos, m))
        direct_mate_exists = true;
    if (found) {
      ++mates_found;
      ASSERT_NE(std::find(moves.begin(), moves.end(), found), moves.end())
          << to_sfen(pos) << " " << to_usi(found);
      ASSERT_TRUE(is_mate_after(pos, found)) << to_sfen(pos) << " " << to_usi(found);
    }
    ASSERT_EQ(static_cast<bool>(found), direct_mate_exists) << to_sfen(pos);
  });
  EXPECT_GT(mates_found, 50) << "the games must reach positions with a mate in one";
}

}  // namespace
}  // namespace kaisho::testing

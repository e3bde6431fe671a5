// The learned Shogi evaluation: its features mean the same thing for both colours, and the
// trainer reads game lines, keeps only quiet labelled positions, and lowers the loss.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "ai/shogi/eval_training.hpp"
#include "ai/shogi/eval_weights.hpp"
#include "ai/shogi/evaluation.hpp"
#include "shogi_position_util.hpp"

namespace kaisho::testing {
namespace {

using namespace kaisho::ai::shogi_search;
namespace f = kaisho::ai::shogi_search::features;

// The same position with the colours exchanged: the board turned 180 degrees, hands and
// side to move swapped.
Position colour_flipped(const Position& pos) {
  Position flipped;
  flipped.clear();
  for (Square sq = 0; sq < kSquareCount; ++sq)
    if (const Piece p = pos.at(sq); p != kNoPiece)
      flipped.put(kSquareCount - 1 - sq, make_piece(~color_of(p), type_of(p)));
  for (int c = 0; c < 2; ++c)
    for (int t = kPawn; t <= kGold; ++t)
      flipped.set_hand(~static_cast<Color>(c), static_cast<PieceType>(t),
                       pos.hand(static_cast<Color>(c)).count[t]);
  flipped.set_side_to_move(~pos.side_to_move());
  flipped.reset_history();
  return flipped;
}

TEST(ShogiEvaluation, StartPositionIsWorthOnlyTheOpeningTempo) {
  EXPECT_EQ(game_phase(sfen(kStartSfen)), 0);
  EXPECT_EQ(evaluate<Variant::Shogi>(sfen(kStartSfen)), kEvalWeights[f::opening_weight(f::kTempo)]);
}

TEST(ShogiEvaluation, GamePhaseCountsPiecesInHandAndInTheOtherCamp) {
  // One pawn in each hand: 2 of 24.
  EXPECT_EQ(game_phase(sfen("lnsgkgsnl/1r5b1/p1ppppppp/9/9/9/PP1PPPPPP/1B5R1/LNSGKGSNL b Pp 5")),
            2 * f::kPhaseMax / 24);
  // A bishop in each hand: 6 of 24.
  EXPECT_EQ(game_phase(sfen("lnsgkgsnl/1r7/ppppppppp/9/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5")),
            6 * f::kPhaseMax / 24);
  // A bishop in sente's hand (3) and sente's horse in gote's camp (2): 5 of 24.
  EXPECT_EQ(game_phase(sfen("lnsgkgsnl/1r5+B1/ppppppppp/9/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 6")),
            5 * f::kPhaseMax / 24);
  // Everything in hand: the endgame.
  EXPECT_EQ(game_phase(sfen("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrb3g3s3n3l17p 1")), f::kPhaseMax);
}

TEST(ShogiEvaluation, ExchangingTheColoursGivesTheSameScoreToTheSideToMove) {
  for (std::string_view text :
       {"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "ln1g3nl/1r1sk1g2/p1pppp1pp/6p2/1p7/2P1P1P2/PPBP1P1PP/2G1K2R1/LNS2GSNL b Bs 17",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLPrb3g3s3n3l17p 1"}) {
    const Position pos = sfen(text);
    EXPECT_EQ(evaluate<Variant::Shogi>(pos), evaluate<Variant::Shogi>(colour_flipped(pos))) << text;
  }
}

TEST(ShogiEvaluation, EveryFeatureIndexIsInRange) {
  const Position pos =
      sfen("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124");
  int count = 0;
  visit_features(pos, [&](int index, int value) {
    EXPECT_GE(index, 0);
    EXPECT_LT(index, f::kCount);
    EXPECT_NE(value, 0);
    ++count;
  });
  EXPECT_GT(count, 40);
}

TEST(ShogiEvaluation, APairLooksTheSameMirroredAndFromEitherColour) {
  const Square centre = 4 * 9 + 4;  // 5e
  const Square ahead_of_sente = centre - 1, ahead_of_gote = centre + 1;
  EXPECT_EQ(f::pair_direction(kBlack, centre, ahead_of_sente),
            f::pair_direction(kWhite, centre, ahead_of_gote));
  EXPECT_NE(f::pair_direction(kBlack, centre, ahead_of_sente),
            f::pair_direction(kBlack, centre, ahead_of_gote));
  // One file to the left or to the right, one rank ahead: the same direction.
  EXPECT_EQ(f::pair_direction(kBlack, centre, centre + 9 - 1),
            f::pair_direction(kBlack, centre, centre - 9 - 1));
  // Every place near a square has a direction in range, never the square's own.
  std::vector<bool> seen(f::kPairDirections, false);
  for (Square to : squares(f::kNear[centre])) {
    const int dir = f::pair_direction(kBlack, centre, to);
    ASSERT_GE(dir, 0);
    ASSERT_LT(dir, f::kPairDirections);
    EXPECT_NE(dir, f::kPairRanks);
    seen[dir] = true;
  }
  EXPECT_EQ(std::count(seen.begin(), seen.end(), true), f::kPairDirections - 1);
}

TEST(ShogiEvaluation, EveryPieceButTheKingCountsEachPieceNearIt) {
  const Position pos =
      sfen("8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124");
  int expected = 0;
  for (Square sq : squares(pos.occupied())) {
    if (type_of(pos.at(sq)) == kKing) continue;
    for (Square other : squares(pos.occupied()))
      if (other != sq && std::abs(file_of(other) - file_of(sq)) <= f::kPairFiles &&
          std::abs(rank_of(other) - rank_of(sq)) <= f::kPairRanks)
        ++expected;
  }
  int pairs = 0;
  visit_features(pos, [&](int index, int) { pairs += index >= f::kPairs && index < f::kLines; });
  EXPECT_EQ(pairs, expected);
}

// A lance, rook, bishop, dragon or horse has one line feature per direction it slides in
// that ends on a piece: the slider, the direction seen by its owner, whose piece and which,
// and how far; a line open to the edge has none.
TEST(ShogiEvaluation, ALongRangePieceSeesTheFirstPieceOnEachOfItsLines) {
  const auto lines_of = [](const Position& pos, Color c) {
    std::vector<std::pair<int, int>> found;
    visit_line_features(pos, c, c == kBlack ? 1 : -1,
                        [&](int index, int value) { found.emplace_back(index, value); });
    std::sort(found.begin(), found.end());
    return found;
  };
  // Sente: a lance on 1i below a gote pawn on 1c; a rook on 5e between the gote king on 5a and
  // its own gold on 5g (gote in check), its sideways lines open; a horse on 8h under a pawn
  // on 7g, its other diagonals open.
  const Position pos = sfen("4k4/9/8p/9/4R4/9/2P1G4/1+B7/4K3L w - 1");
  std::vector<std::pair<int, int>> expected = {
      {f::line(0, 0, true, kPawn, 6), 1},
      {f::line(1, 0, true, kKing, 4), 1},
      {f::line(1, 1, false, kGold, 2), 1},
      {f::line(4, 3, false, kPawn, 1), 1},
  };
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(lines_of(pos, kBlack), expected);
  EXPECT_TRUE(lines_of(pos, kWhite).empty());
  // Gote sees the same lines in the colour-exchanged position.
  for (auto& [index, value] : expected) value = -value;
  EXPECT_EQ(lines_of(colour_flipped(pos), kWhite), expected);
}

TEST(ShogiEvaluation, AKingZoneTellsTheCornerFromTheCentreAndMirrorsTheBoard) {
  auto sq = [](int file, int rank) { return static_cast<Square>((file - 1) * 9 + rank - 1); };
  const int own = f::kOwnKingZone, enemy = f::kEnemyKingZone;
  // A gold beside the king on 8h (left of it as sente sees it) and on 2h (right of it),
  // both one file towards the edge: the same feature.
  EXPECT_EQ(f::king_zone(own, kGold, sq(8, 8), sq(9, 8)),
            f::king_zone(own, kGold, sq(2, 8), sq(1, 8)));
  // Towards the centre is another place.
  EXPECT_NE(f::king_zone(own, kGold, sq(8, 8), sq(9, 8)),
            f::king_zone(own, kGold, sq(8, 8), sq(7, 8)));
  // The same place beside a king in the corner, on its second file, in the centre, one rank
  // up: four features.
  const std::vector<int> places = {
      f::king_zone(own, kGold, sq(9, 9), sq(9, 8)), f::king_zone(own, kGold, sq(8, 9), sq(8, 8)),
      f::king_zone(own, kGold, sq(5, 9), sq(5, 8)), f::king_zone(own, kGold, sq(5, 8), sq(5, 7))};
  for (size_t i = 0; i < places.size(); ++i)
    for (size_t j = i + 1; j < places.size(); ++j) EXPECT_NE(places[i], places[j]);
  // Out of reach: none.
  EXPECT_EQ(f::king_zone(own, kGold, sq(8, 8), sq(8, 8 - f::kZoneReach - 1)), -1);
  EXPECT_EQ(f::king_zone(own, kGold, sq(8, 8), sq(8 - f::kZoneReach - 1, 8)), -1);
  // Every place near every king square, for the two blocks, stays inside its block.
  for (Square king = 0; king < kSquareCount; ++king)
    for (Square other = 0; other < kSquareCount; ++other)
      for (int block : {own, enemy}) {
        const int z = f::king_zone(block, kDragon, king, other);
        if (z < 0) continue;
        ASSERT_GE(z, block);
        ASSERT_LT(z, block + f::kZoneSize);
      }
}

// The evaluation's attack maps (king safety, mobility, threats, king danger) agree with the
// rules' attack test on every square: who attacks it, whether two or more pieces do, whether
// a piece other than the king does, and the cheapest attacker's movement.
TEST(ShogiEvaluation, AttackMapsMatchTheRulesAttackTestInRandomGames) {
  Rng rng(11);
  for (int game = 0; game < 40; ++game) {
    Position pos = sfen(kStartSfen);
    for (int ply = 0; ply < 160; ++ply) {
      const AttackMaps maps = attack_maps(pos);
      for (int c = 0; c < 2; ++c) {
        const Color colour = static_cast<Color>(c);
        for (Square sq = 0; sq < kSquareCount; ++sq) {
          const Bitboard attackers = attackers_to<Variant::Shogi>(pos, colour, sq, pos.occupied());
          ASSERT_EQ(maps.all[c].test(sq), attackers.any()) << to_sfen(pos) << " square " << sq;
          ASSERT_EQ(maps.twice[c].test(sq), attackers.count() >= 2) << to_sfen(pos);
          const Bitboard but_king = attackers & ~pos.pieces(colour, Movement::King);
          ASSERT_EQ(maps.but_king[c].test(sq), but_king.any()) << to_sfen(pos);
          if (attackers.none()) continue;
          Movement cheapest = Movement::King;
          for (Movement m : kMovementsByCost)
            if ((attackers & pos.pieces(colour, m)).any()) {
              cheapest = m;
              break;
            }
          ASSERT_EQ(cheapest_attacker(maps, colour, sq), cheapest) << to_sfen(pos);
        }
      }
      MoveList moves;
      generate_legal<Variant::Shogi>(pos, RuleSettings{}, moves);
      if (moves.size() == 0) break;
      pos.do_move(moves[static_cast<int>(rng.below(static_cast<uint64_t>(moves.size())))]);
    }
  }
}

// A piece the opponent attacks has one threat feature: its type, its cheapest attacker's
// movement, whether its owner guards it and whether its owner is to move.
TEST(ShogiEvaluation, AnAttackedPieceIsSeenByItsCheapestAttackerItsGuardAndTheTurn) {
  const auto threats_of = [](const Position& pos) {
    std::vector<std::pair<int, int>> found;
    visit_dynamic_features(pos, [&](int index, int value) {
      if (index >= f::kThreats && index < f::kKingSquares) found.emplace_back(index, value);
    });
    std::sort(found.begin(), found.end());
    return found;
  };
  // A sente silver on 5e attacked by a gote pawn on 5d and guarded by a gold on 4f; the pawn
  // attacked by the silver and guarded by the gote rook behind it. Sente to move.
  const Position pos = sfen("4k4/9/4r4/4p4/4S4/5G3/9/9/4K4 b - 1");
  std::vector<std::pair<int, int>> expected = {
      {f::threat(kSilver, Movement::Pawn, true, true), 1},
      {f::threat(kPawn, Movement::Silver, true, false), -1},
  };
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(threats_of(pos), expected);
  // The colour-exchanged position: the same threats, gote's now, gote to move.
  for (auto& [index, value] : expected) value = -value;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(threats_of(colour_flipped(pos)), expected);
}

namespace {

// The king-danger features of a position, summed by index.
std::vector<std::pair<int, int>> king_danger_of(const Position& pos) {
  std::vector<std::pair<int, int>> found;
  visit_dynamic_features(pos, [&](int index, int value) {
    if (index < f::kKingSquares) return;
    const auto it = std::find_if(found.begin(), found.end(),
                                 [&](const auto& entry) { return entry.first == index; });
    if (it == found.end())
      found.emplace_back(index, value);
    else
      it->second += value;
  });
  std::sort(found.begin(), found.end());
  return found;
}

// Places beside a king (features::king_square), seen by its owner.
constexpr int kAhead = 0, kBehind = 2, kDiagonallyAhead = 3, kBeside = 4, kDiagonallyBehind = 5;

}  // namespace

// Each square beside a king is one feature: its place, how many of the opponent's pieces
// attack it, whether an own piece other than the king guards it, what stands on it and the
// opponent's non-pawn pieces in hand.
TEST(ShogiEvaluation, EachSquareBesideAKingIsSeenByItsAttackersGuardsOccupantAndTheHand) {
  // Sente's king on 5i, its gold on 5h guarding 4h and 6h; gote's silver on 4g attacks 3h,
  // 4h and 5h, its knight on 3f 2h and 4h; gote holds a bishop and a pawn. Gote's king in
  // the corner, 9a, with nothing near it and nothing in sente's hand. The bishop could be
  // dropped to check on 3g, 2f, 1e, 7g, 8f and 9e, where nothing of sente's guards it.
  const Position pos = sfen("k8/9/9/9/9/6n2/5s3/4G4/4K4 b bp 1");
  std::vector<std::pair<int, int>> expected = {
      {f::king_square(kAhead, 1, false, 1, 1), 1},
      {f::king_square(kDiagonallyAhead, 2, true, 0, 1), 1},
      {f::king_square(kDiagonallyAhead, 0, true, 0, 1), 1},
      {f::king_square(kBeside, 0, false, 0, 1), 2},
      {f::king_square(kAhead, 0, false, 0, 0), -1},
      {f::king_square(kDiagonallyAhead, 0, false, 0, 0), -1},
      {f::king_square(kBeside, 0, false, 0, 0), -1},
      {f::drop_check(kBishop, 6), 1},
  };
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(king_danger_of(pos), expected);
  for (auto& [index, value] : expected) value = -value;
  EXPECT_EQ(king_danger_of(colour_flipped(pos)), expected);
  // A king in the middle of the board has squares behind it too.
  const auto behind = king_danger_of(sfen("k8/9/9/9/4K4/9/9/9/9 b - 1"));
  EXPECT_NE(std::find(behind.begin(), behind.end(),
                      std::pair{f::king_square(kBehind, 0, false, 0, 0), 1}),
            behind.end());
  EXPECT_NE(std::find(behind.begin(), behind.end(),
                      std::pair{f::king_square(kDiagonallyBehind, 0, false, 0, 0), 2}),
            behind.end());
}

// A piece in the opponent's hand that could be dropped to check the king where it cannot be
// taken: no other piece of the king's side guards the square, and the king does not reach it
// or the opponent backs it. A pawn is never dropped on a file where its owner has a pawn.
TEST(ShogiEvaluation, ADropCheckCountsOnlyWhereTheDroppedPieceCannotBeTaken) {
  const auto drop_checks = [](const Position& pos) {
    std::vector<std::pair<int, int>> found;
    for (const auto& entry : king_danger_of(pos))
      if (entry.first >= f::kDropChecks) found.push_back(entry);
    return found;
  };
  using Found = std::vector<std::pair<int, int>>;
  // Gote holds a gold and a pawn; nothing backs the squares beside sente's king on 5i.
  EXPECT_EQ(drop_checks(sfen("k8/9/9/9/9/9/9/9/4K4 b gp 1")), Found{});
  // A gote silver on 4g backs 4h and 5h: a gold dropped on either, or a pawn on 5h, checks.
  EXPECT_EQ(drop_checks(sfen("k8/9/9/9/9/9/5s3/9/4K4 b gp 1")),
            (Found{{f::drop_check(kPawn, 1), 1}, {f::drop_check(kGold, 2), 1}}));
  // A gote pawn on 5g backs 5h, but gote may not drop a second pawn on file 5.
  EXPECT_EQ(drop_checks(sfen("k8/9/9/9/9/9/4p4/9/4K4 b gp 1")),
            (Found{{f::drop_check(kGold, 1), 1}}));
}

// The search carries the placement sums from move to move (placement_after); after every
// kind of move (quiet, capture, promotion, drop, king move, capture by the king) they must equal
// the sums counted afresh, or the search would see another evaluation than the trainer.
TEST(ShogiEvaluation, PlacementSumsKeptMoveByMoveEqualTheSumsCountedAfresh) {
  Rng rng(12);
  int captures = 0, drops = 0, promotions = 0, king_moves = 0, king_captures = 0;
  for (int game = 0; game < 30; ++game) {
    Position pos = sfen(kStartSfen);
    PlacementSums sums = placement_sums(pos);
    for (int ply = 0; ply < 200; ++ply) {
      MoveList moves;
      generate_legal<Variant::Shogi>(pos, RuleSettings{}, moves);
      if (moves.size() == 0) break;
      // Every move of some positions, not only the one played.
      if (ply % 10 == 5)
        for (const Move m : moves) {
          const MoveFacts facts = facts_of(pos, m);
          pos.do_move(m);
          ASSERT_EQ(placement_after(sums, pos, facts), placement_sums(pos))
              << to_sfen(pos) << " after " << to_usi(m);
          pos.undo_move();
        }
      const Move m = moves[static_cast<int>(rng.below(static_cast<uint64_t>(moves.size())))];
      const MoveFacts facts = facts_of(pos, m);
      captures += facts.captured != kNoPiece;
      drops += m.is_drop();
      promotions += m.promotes();
      king_moves += type_of(facts.mover) == kKing;
      king_captures += type_of(facts.mover) == kKing && facts.captured != kNoPiece;
      pos.do_move(m);
      sums = placement_after(sums, pos, facts);
      ASSERT_EQ(sums, placement_sums(pos)) << to_sfen(pos) << " after " << to_usi(m);
    }
  }
  EXPECT_GT(captures, 100);
  EXPECT_GT(drops, 100);
  EXPECT_GT(promotions, 20);
  EXPECT_GT(king_moves, 100);
  EXPECT_GT(king_captures, 5);
}

TEST(ShogiEvalTraining, KeepsQuietLabelledPositionsOnly) {
  TrainingOptions options;
  TrainingSet set;
  // 7g7f labelled (kept); 3c3d unlabelled; 8h2b+ and 3a2b capture (left out); B*4e's label
  // 5000 is beyond max_label (left out); 4a3b labelled (kept).
  auto added = add_game("b 7g7f/30 3c3d/- 8h2b+/120 3a2b/-900 B*4e/5000 4a3b/10", options, set);
  ASSERT_TRUE(added.ok()) << added.error().message;
  EXPECT_EQ(added.value(), 2);
  EXPECT_EQ(set.size(), 2u);
  EXPECT_EQ(set.side[0], 1);
  EXPECT_EQ(set.side[1], -1);
  EXPECT_EQ(set.offsets.size(), 3u);
  EXPECT_GT(set.target[0], 0.5f);  // sente won and the label is positive
}

TEST(ShogiEvalTraining, PositionsAlongThePrincipalVariationAreSampledOnce) {
  TrainingOptions options;
  TrainingSet set;
  // The PV 7g7f 3c3d 2g2f 8c8d: positions 2 and 3 moves in are new samples (+50 after two
  // moves, -50 after three); the game's own next positions repeat them and are not added.
  auto added = add_game("d 7g7f/50/7g7f,3c3d,2g2f,8c8d 3c3d/- 2g2f/40 8c8d/-", options, set);
  ASSERT_TRUE(added.ok()) << added.error().message;
  EXPECT_EQ(added.value(), 3);
  EXPECT_EQ(set.side, (std::vector<int8_t>{1, 1, -1}));
  EXPECT_GT(set.target[1], 0.5f);
  EXPECT_LT(set.target[2], 0.5f);

  TrainingSet ended;
  auto short_pv = add_game("d 7g7f/50/7g7f,3c3d,pass,8c8d", options, ended);
  ASSERT_TRUE(short_pv.ok()) << short_pv.error().message;
  EXPECT_EQ(short_pv.value(), 1);  // the variation ends at the engine's null move
}

TEST(ShogiEvalTraining, ABadGameLineIsRefusedAndAddsNothing) {
  TrainingOptions options;
  TrainingSet set;
  for (std::string_view line : {"x 7g7f/1", "b 7g7f", "b 7g7f/1 7g7f/2", "b 7g7f/abc", "b 7g7x/1",
                                "b 7g7f/1/7g7f,7g7f", "b 7g7f/1/7g7f/x"}) {
    auto added = add_game(line, options, set);
    EXPECT_FALSE(added.ok()) << line;
    EXPECT_EQ(set.size(), 0u) << line;
    EXPECT_EQ(set.offsets.size(), 1u) << line;
  }
}

TEST(ShogiEvalTraining, TrainingLowersTheLoss) {
  TrainingOptions options;
  options.lambda = 0;
  TrainingSet set;
  ASSERT_TRUE(
      add_game("w 7g7f/-300 3c3d/320 2g2f/-350 4c4d/360 2f2e/-380 2b3c/400", options, set).ok());
  Weights w = initial_weights();
  const double before = loss(w, set, options.scale);
  Trainer trainer(set, options);
  trainer.run(w, 30);
  EXPECT_LT(loss(w, set, options.scale), before * 0.5);
}

TEST(ShogiEvalTraining, TheTrainerEvaluatesAPositionAsTheSearchDoes) {
  TrainingOptions options;
  TrainingSet set;
  // Bishops exchanged after two moves: the later positions have a bishop in each hand and
  // blend the opening and endgame weights.
  const std::string line =
      "b 7g7f/30 3c3d/-20 8h2b+/10 3a2b/-10 2g2f/40 8c8d/-10 2f2e/20 8d8e/-30 7i7h/10";
  ASSERT_TRUE(add_game(line, options, set).ok());
  Weights w{};
  for (int i = 0; i < f::kWeightCount; ++i) w[i] = kEvalWeights[i];
  // Replay the game to have each sampled position (the labelled quiet ones) in order.
  Position pos = sfen(kStartSfen);
  size_t sample = 0;
  for (std::string_view word :
       {"7g7f", "3c3d", "8h2b+", "3a2b", "2g2f", "8c8d", "2f2e", "8d8e", "7i7h"}) {
    const Move m = parse_usi(word).value();
    const bool sampled = word != "8h2b+" && word != "3a2b";  // captures are left out
    if (word == "2g2f") {
      EXPECT_GT(game_phase(pos), 0);
    }
    if (sampled) {
      ASSERT_LT(sample, set.size());
      EXPECT_NEAR(predict(w, set, sample), evaluate<Variant::Shogi>(pos), 1.0) << word;
      ++sample;
    }
    pos.do_move(m);
  }
  EXPECT_EQ(sample, set.size());
}

TEST(ShogiEvalTraining, WeightsSourceHasTwoNumbersPerFeature) {
  const std::string source = weights_source(initial_weights(), "test");
  const size_t values = source.find("= {");
  ASSERT_NE(values, std::string::npos);
  EXPECT_EQ(
      static_cast<int>(std::count(source.begin() + static_cast<long>(values), source.end(), ',')),
      2 * f::kCount);
  EXPECT_NE(source.find("kEvalWeights"), std::string::npos);
}

}  // namespace
}  // namespace kaisho::testing

// Random playouts with a fixed seed: the move generator against a slow reference, and the
// invariants of do/undo, keys and SFEN round trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/rng.hpp"
#include "rules/shogi/notation.hpp"

namespace kaisho::shogi {
namespace {

// Reference generator: every move the pieces' (effective) movement allows, every drop on an
// empty square, filtered by playing it and looking, in the most direct way, at each rule.
template <Variant V>
std::vector<uint16_t> reference_moves(Position& pos, const RuleSettings& rules) {
  std::vector<Move> candidates;
  const Color us = pos.side_to_move();
  for (Square from = 0; from < kSquareCount; ++from) {
    Piece p = pos.at(from);
    if (p == kNoPiece || color_of(p) != us) continue;
    PieceType t = type_of(p);
    Bitboard targets = attacks_of(movement_at<V>(pos, from), facing_of(us), from, pos.occupied());
    for (Square to = 0; to < kSquareCount; ++to) {
      if (!targets.test(to) || (pos.at(to) != kNoPiece && color_of(pos.at(to)) == us)) continue;
      bool may_promote =
          can_promote(t) && (promotion_zone(us).test(from) || promotion_zone(us).test(to));
      if (may_promote) candidates.push_back(Move::normal(from, to, true));
      candidates.push_back(Move::normal(from, to, false));  // dead squares judged below
    }
  }
  for (int t = kPawn; t <= kGold; ++t)
    if (pos.hand(us).count[t])
      for (Square to = 0; to < kSquareCount; ++to)
        if (pos.at(to) == kNoPiece) candidates.push_back(Move::drop(static_cast<PieceType>(t), to));

  std::vector<uint16_t> legal;
  for (Move m : candidates) {
    const PieceType t = m.is_drop() ? m.dropped() : type_of(pos.at(m.from()));
    if (m.is_drop() && t == kPawn) {
      bool nifu = false;
      for (int rank = 1; rank <= 9; ++rank)
        if (pos.at(make_square(file_of(m.to()), rank)) == make_piece(us, kPawn)) nifu = true;
      if (nifu) continue;
    }
    pos.do_move(m);
    bool ok = !mover_king_attacked<V>(pos);
    // A piece left unpromoted where its type could never move: allowed only in Annan with
    // "allow if backed", when its current movement there gives it a move.
    if (ok && !m.promotes() && dead_squares(t, us).test(m.to())) {
      if (V == Variant::Shogi || !rules.annan_allow_if_backed) {
        ok = false;
      } else {
        Bitboard reach =
            attacks_of(movement_at<V>(pos, m.to()), facing_of(us), m.to(), pos.occupied());
        ok = (reach & ~pos.pieces(us)).any();
      }
    }
    if (ok && m.is_drop() && t == kPawn && in_check<V>(pos)) {
      MoveList replies;
      generate_legal<V>(pos, rules, replies);
      ok = replies.size() > 0;
    }
    pos.undo_move();
    if (ok) legal.push_back(m.raw());
  }
  std::sort(legal.begin(), legal.end());
  return legal;
}

template <Variant V>
void random_playouts(const char* start, int games, int max_plies, uint64_t seed,
                     RuleSettings rules) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto parsed = parse_sfen(start, V, rules);
    ASSERT_TRUE(parsed.ok());
    Position pos = parsed.value();
    for (int ply = 0; ply < max_plies; ++ply) {
      MoveList list;
      generate_legal<V>(pos, rules, list);
      std::vector<uint16_t> fast;
      for (Move m : list) fast.push_back(m.raw());
      std::sort(fast.begin(), fast.end());
      ASSERT_EQ(fast, reference_moves<V>(pos, rules)) << to_sfen(pos);
      ASSERT_EQ(pos.key(), pos.compute_key()) << to_sfen(pos);
      const std::string sfen = to_sfen(pos);
      auto reparsed = parse_sfen(sfen, V, rules);
      ASSERT_TRUE(reparsed.ok()) << sfen << ": " << reparsed.error().message;
      ASSERT_EQ(to_sfen(reparsed.value()), sfen);
      ASSERT_EQ(reparsed.value().key(), pos.key());
      if (list.size() == 0) break;
      // Every move is undone exactly, then one is kept.
      for (Move m : list) {
        pos.do_move(m);
        pos.undo_move();
        ASSERT_EQ(to_sfen(pos), sfen);
        ASSERT_EQ(pos.key(), pos.compute_key());
      }
      pos.do_move(list[static_cast<int>(rng.below(static_cast<uint64_t>(list.size())))]);
    }
  }
}

// Random move texts in random positions of random games: explain_illegal calls exactly the
// generated moves legal, and refuses every other move with a documented reason and params
// (never the catch-all not_allowed).
template <Variant V>
void refusals_are_explained(const char* start, int games, uint64_t seed, RuleSettings settings) {
  Rng rng(seed);
  int refused = 0;
  for (int g = 0; g < games; ++g) {
    auto parsed = parse_sfen(start, V, settings);
    ASSERT_TRUE(parsed.ok());
    Position pos = parsed.value();
    for (int ply = 0; ply < 160; ++ply) {
      MoveList list;
      generate_legal<V>(pos, settings, list);
      if (list.size() == 0) break;
      if (ply % 8 == 0) {
        std::vector<Move> tries(list.begin(), list.end());
        for (int i = 0; i < 200; ++i) {
          const Square to = static_cast<Square>(rng.below(kSquareCount));
          if (i % 4 == 0) {
            tries.push_back(Move::drop(static_cast<PieceType>(kPawn + rng.below(7)), to));
          } else {
            tries.push_back(
                Move::normal(static_cast<Square>(rng.below(kSquareCount)), to, rng.below(3) == 0));
          }
        }
        for (Move m : tries) {
          if (!m.is_drop() && m.from() == m.to()) continue;  // not readable move text
          const rules::IllegalMove why = explain_illegal<V>(pos, settings, m);
          const bool legal = std::find(list.begin(), list.end(), m) != list.end();
          ASSERT_EQ(why.legal(), legal) << to_usi(m) << " in " << to_sfen(pos);
          ASSERT_EQ(rules::check_documented(why), "") << to_usi(m) << " in " << to_sfen(pos);
          ASSERT_NE(why.reason, "not_allowed") << to_usi(m) << " in " << to_sfen(pos);
          refused += !legal;
        }
      }
      pos.do_move(list[static_cast<int>(rng.below(static_cast<uint64_t>(list.size())))]);
    }
  }
  EXPECT_GT(refused, 1000);
}

constexpr const char* kStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

TEST(ShogiPlayout, EveryRefusalHasADocumentedReason) {
  refusals_are_explained<Variant::Shogi>(kStart, 12, 5, {});
  refusals_are_explained<Variant::Shogi>(
      "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 6, 6, {});
}

TEST(AnnanPlayout, EveryRefusalHasADocumentedReason) {
  refusals_are_explained<Variant::Annan>(kStart, 12, 7, {});
  RuleSettings forbid;
  forbid.annan_allow_if_backed = false;
  refusals_are_explained<Variant::Annan>(kStart, 6, 8, forbid);
}

TEST(ShogiPlayout, GeneratorMatchesReferenceAndInvariantsHold) {
  random_playouts<Variant::Shogi>(kStart, 40, 160, 1, {});
}

TEST(ShogiPlayout, InvariantsHoldFromADropHeavyPosition) {
  random_playouts<Variant::Shogi>(
      "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1", 20, 60, 2, {});
}

TEST(AnnanPlayout, GeneratorMatchesReferenceAndInvariantsHold) {
  random_playouts<Variant::Annan>(kStart, 40, 160, 3, {});
}

TEST(AnnanPlayout, InvariantsHoldWithDeadPiecesForbidden) {
  RuleSettings forbid;
  forbid.annan_allow_if_backed = false;
  random_playouts<Variant::Annan>(kStart, 20, 160, 4, forbid);
}

}  // namespace
}  // namespace kaisho::shogi

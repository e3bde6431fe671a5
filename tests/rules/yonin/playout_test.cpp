// Random playouts with fixed seeds: the engine against the reference model (reference.hpp)
// move by move, under four combinations of format, end and out_pieces; and the invariants of
// do/undo, keys, the text form and the reasons for illegal moves.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>

#include "core/rng.hpp"
#include "reference.hpp"
#include "rules/yonin/notation.hpp"
#include "rules/yonin/start_position.hpp"

namespace kaisho::yonin {
namespace {

std::set<std::string> texts(const MoveList& list) {
  std::set<std::string> out;
  for (Move m : list) out.insert(move_text(m));
  return out;
}
std::set<std::string> texts(const std::vector<reference::RMove>& list) {
  std::set<std::string> out;
  for (const auto& m : list) out.insert(m.text());
  return out;
}

struct Stats {
  int plies = 0;
  int checks = 0;
  int multi_checks = 0;
  int eliminations = 0;
  int games_over = 0;
  int captures = 0;
  int drops = 0;
  int promotions = 0;
  int inherited_moves = 0;
  int refusals_explained = 0;
};

// Prefers moves that give check, then captures, so that the games reach mates.
Move choose(Position& pos, const MoveList& legal, Rng& rng) {
  std::vector<Move> checking, capturing;
  for (Move m : legal) {
    if (!m.is_drop() && pos.at(m.to()) != kNoPiece) capturing.push_back(m);
    pos.do_move(m);
    if (pos.events().back().gave_check) checking.push_back(m);
    pos.undo();
  }
  const uint64_t r = rng.below(100);
  if (r < 45 && !checking.empty()) return checking[rng.below(checking.size())];
  if (r < 75 && !capturing.empty()) return capturing[rng.below(capturing.size())];
  return legal[static_cast<int>(rng.below(static_cast<uint64_t>(legal.size())))];
}

void playout(const Settings& settings, uint64_t seed, int max_plies, Stats& st) {
  Rng rng(seed);
  auto parsed = parse_position(start_text(static_cast<int>(seed % 4)), settings);
  ASSERT_TRUE(parsed.ok());
  Position pos = parsed.value();
  MoveList legal;
  int eliminations = 0;
  End end = settle(pos, settings, false, legal, eliminations);
  reference::Ref ref = reference::from_position(pos);
  reference::History history{reference::Entry{reference::key(ref)}};
  const reference::Flow flow{settings.end_at_last, settings.move_limit};
  for (int ply = 0; ply < max_plies && end == End::None; ++ply) {
    const std::string text = to_text(pos);
    SCOPED_TRACE("seed " + std::to_string(seed) + " ply " + std::to_string(ply) + ": " + text);
    ASSERT_EQ(texts(legal), texts(reference::full_legal_moves(ref, history)));
    ASSERT_EQ(pos.key(), pos.compute_key());
    auto again = parse_position(text, settings);
    ASSERT_TRUE(again.ok()) << again.error().message;
    ASSERT_EQ(to_text(again.value()), text);
    ASSERT_EQ(again.value().key(), pos.key());

    int in_check = 0;
    for (Seat s = 0; s < kSeatCount; ++s) in_check += pos.is_live(s) && pos.in_check(s);
    st.checks += in_check > 0;
    st.multi_checks += in_check > 1;

    // Every move the pieces could make is either legal or refused with a reason.
    if (ply % 3 == 0) {
      MoveList pseudo;
      generate_pseudo(pos, pos.to_move(), pseudo);
      for (Move m : pseudo) {
        const rules::IllegalMove why = explain_illegal(pos, m);
        if (legal.contains(m)) {
          ASSERT_TRUE(why.legal()) << move_text(m);
        } else {
          ASSERT_FALSE(why.legal()) << move_text(m);
          ASSERT_EQ(why.text.find("not allowed"), std::string::npos)
              << move_text(m) << ": " << why.text;
          ASSERT_NE(why.reason, "not_allowed") << move_text(m);
          ASSERT_EQ(rules::check_documented(why), "") << move_text(m) << ": " << why.text;
          ++st.refusals_explained;
        }
      }
      for (Move m : legal) ASSERT_TRUE(pseudo.contains(m)) << move_text(m);
    }

    const Move m = choose(pos, legal, rng);
    if (m.is_drop())
      ++st.drops;
    else {
      if (pos.at(m.to()) != kNoPiece) ++st.captures;
      if (m.promotes()) ++st.promotions;
      if (facing_of(pos.at(m.from())) != home_facing(pos.to_move())) ++st.inherited_moves;
    }

    // Playing and undoing the move with what follows restores everything.
    const uint64_t key_before = pos.key();
    const size_t history_before = pos.key_history().size();
    {
      pos.do_move(m);
      MoveList next;
      int undo_count = 0;
      settle(pos, settings, true, next, undo_count);
      for (int i = 0; i < undo_count; ++i) pos.undo();
      pos.undo();
      ASSERT_EQ(to_text(pos), text);
      ASSERT_EQ(pos.key(), key_before);
      ASSERT_EQ(pos.key_history().size(), history_before);
    }

    const int out_before = pos.out_count();
    pos.do_move(m);
    end = settle(pos, settings, true, legal, eliminations);
    st.eliminations += pos.out_count() - out_before;
    ++st.plies;

    bool found = false;
    for (const auto& rm : reference::legal_moves(ref, ref.to_move)) {
      if (rm.text() != move_text(m)) continue;
      const bool goes_on = reference::play_and_settle(ref, history, rm, flow);
      ASSERT_EQ(goes_on, end == End::None);
      found = true;
      break;
    }
    ASSERT_TRUE(found) << move_text(m);
    ASSERT_EQ(reference::text(ref), to_text(pos)) << "after " << move_text(m);
  }
  st.games_over += end != End::None;
}

// `multi_checks`: whether several players in check at once must have occurred (pairs games
// end at the first mate, usually before).
void run(const Settings& settings, uint64_t first_seed, int games, int max_plies,
         bool multi_checks = true) {
  Stats st;
  for (int g = 0; g < games; ++g) {
    playout(settings, first_seed + static_cast<uint64_t>(g), max_plies, st);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // The playouts must have reached what they are meant to test.
  EXPECT_GT(st.checks, 0);
  if (multi_checks) {
    EXPECT_GT(st.multi_checks, 0);
  }
  EXPECT_GT(st.eliminations, 0);
  EXPECT_GT(st.games_over, 0);
  EXPECT_GT(st.captures, 0);
  EXPECT_GT(st.drops, 0);
  EXPECT_GT(st.promotions, 0);
  EXPECT_GT(st.refusals_explained, 0);
  ::testing::Test::RecordProperty("plies", st.plies);
  std::printf(
      "plies %d checks %d multi %d eliminations %d over %d captures %d drops %d promotions %d "
      "inherited %d refusals %d\n",
      st.plies, st.checks, st.multi_checks, st.eliminations, st.games_over, st.captures, st.drops,
      st.promotions, st.inherited_moves, st.refusals_explained);
}

TEST(YoninPlayout, SinglesToMaterTwoOut) {
  run(Settings{}, 1000, 12, 160);
}

TEST(YoninPlayout, SinglesOwnerlessToTheLastPlayer) {
  Settings s;
  s.rules.ownerless = true;
  s.end_at_last = true;
  run(s, 2000, 10, 220);
}

TEST(YoninPlayout, SinglesToMaterToTheLastPlayer) {
  Settings s;
  s.end_at_last = true;
  run(s, 3000, 10, 220);
}

TEST(YoninPlayout, Pairs) {
  Settings s;
  s.rules.pairs = true;
  run(s, 4000, 12, 160, false);
}

}  // namespace
}  // namespace kaisho::yonin

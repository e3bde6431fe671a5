// Random playouts with fixed seeds: the engine's position agrees with the reference
// implementation move by move (legal moves, captures, counts), do/undo restores the
// position exactly, the incremental key equals a fresh computation, and position text
// round-trips. At the GameState level the outcome agrees with the reference's reading of
// the end rules.
#include <algorithm>
#include <map>

#include "core/rng.hpp"
#include "hasami_test_util.hpp"
#include "reference.hpp"
#include "rules/hasami/movegen.hpp"

namespace kaisho::hasami::testing {
namespace {

namespace ref = reference;

ref::Move to_reference(Move m) {
  return {{shogi_family::file_of(m.from()), shogi_family::rank_of(m.from())},
          {shogi_family::file_of(m.to()), shogi_family::rank_of(m.to())}};
}

// The engine's board, side and counts equal the reference's.
void expect_same(const Position& pos, const ref::Board& b) {
  for (int file = 1; file <= 9; ++file) {
    for (int rank = 1; rank <= 9; ++rank) {
      const int c = pos.color_at(shogi_family::make_square(file, rank));
      const int expected = b.cell[file][rank] == ref::kEmpty ? -1 : b.cell[file][rank] - 1;
      ASSERT_EQ(c, expected) << "square " << ref::name({file, rank}) << " of "
                             << position_text(pos);
    }
  }
  ASSERT_EQ(static_cast<int>(pos.side_to_move()), b.side - 1);
  ASSERT_EQ(pos.captured_by(kBlack), b.captured[ref::kFirst]);
  ASSERT_EQ(pos.captured_by(kWhite), b.captured[ref::kSecond]);
}

std::vector<std::string> sorted_texts(const MoveList& list) {
  std::vector<std::string> v;
  for (Move m : list) v.push_back(move_text(m));
  std::sort(v.begin(), v.end());
  return v;
}

std::vector<std::string> sorted_texts(const std::vector<ref::Move>& list) {
  std::vector<std::string> v;
  for (const auto& m : list) v.push_back(m.text());
  std::sort(v.begin(), v.end());
  return v;
}

// In positions of random games, explain_illegal calls exactly the generated moves legal and
// refuses every other pair of squares with a documented reason and params.
TEST(HasamiPlayout, EveryRefusalHasADocumentedReason) {
  Rng rng(0x5eed0002);
  std::map<std::string, int> reasons;
  for (int game = 0; game < 6; ++game) {
    auto parsed = parse_position(kStartPosition);
    ASSERT_TRUE(parsed.ok());
    Position pos = parsed.value();
    for (int ply = 0; ply < 120; ++ply) {
      MoveList list;
      generate_moves(pos, list);
      if (list.size() == 0 || pos.pieces(kBlack).none() || pos.pieces(kWhite).none()) break;
      if (ply % 10 == 0) {
        for (Square from = 0; from < shogi_family::kSquareCount; ++from) {
          for (Square to = 0; to < shogi_family::kSquareCount; ++to) {
            const Move m(from, to);
            const rules::IllegalMove why = explain_illegal(pos, m);
            const bool legal = std::find(list.begin(), list.end(), m) != list.end();
            ASSERT_EQ(why.legal(), legal) << move_text(m) << " in " << position_text(pos);
            ASSERT_EQ(rules::check_documented(why), "")
                << move_text(m) << " in " << position_text(pos);
            if (!legal) ++reasons[why.reason];
          }
        }
      }
      pos.do_move(list[static_cast<int>(rng.below(static_cast<uint64_t>(list.size())))]);
    }
  }
  for (const char* r :
       {"no_piece", "not_your_piece", "zero_move", "not_straight", "blocked", "occupied"})
    EXPECT_GT(reasons[r], 0) << r;
}

TEST(HasamiPlayout, PositionAgreesWithReferenceAndUndoRestoresIt) {
  Rng rng(0x5eed0001);
  int total_captures = 0, multi_captures = 0, corner_captures = 0, double_direction = 0;
  for (int game = 0; game < 150; ++game) {
    auto parsed = parse_position(kStartPosition);
    ASSERT_TRUE(parsed.ok());
    Position pos = parsed.value();
    ref::Board b = ref::read(kStartPosition);
    for (int ply = 0; ply < 300; ++ply) {
      MoveList list;
      generate_moves(pos, list);
      ASSERT_EQ(sorted_texts(list), sorted_texts(ref::moves(b))) << position_text(pos);
      ASSERT_EQ(count_moves(pos), list.size());
      ASSERT_EQ(has_legal_move(pos), list.size() > 0);
      if (list.size() == 0 || pos.pieces(kBlack).none() || pos.pieces(kWhite).none()) break;
      const Move m = list[static_cast<int>(rng.below(static_cast<uint64_t>(list.size())))];
      ASSERT_TRUE(explain_illegal(pos, m).legal());

      const Position before = pos;
      const Bitboard predicted = pos.captures_of(m);
      pos.do_move(m);
      b = ref::play(b, to_reference(m));
      expect_same(pos, b);
      ASSERT_EQ(pos.last_captured(), predicted);
      ASSERT_EQ(pos.key(), pos.compute_key()) << position_text(pos);

      const Bitboard caps = pos.last_captured();
      total_captures += caps.count();
      if (caps.count() > 1) ++multi_captures;
      for (Square corner : {0, 8, 72, 80}) corner_captures += caps.test(corner) ? 1 : 0;
      // Captured squares on both a file and a rank through the destination.
      const Square to = m.to();
      bool on_file = false, on_rank = false;
      for (Square sq : shogi_family::squares(caps)) {
        on_file |= shogi_family::file_of(sq) == shogi_family::file_of(to);
        on_rank |= shogi_family::rank_of(sq) == shogi_family::rank_of(to);
      }
      if (on_file && on_rank) ++double_direction;

      // Position text round-trips (the move number and counts included).
      const std::string text = position_text(pos);
      auto again = parse_position(text);
      ASSERT_TRUE(again.ok()) << text << ": " << again.error().message;
      ASSERT_TRUE(again.value().same_state(pos)) << text;
      ASSERT_EQ(again.value().key(), pos.key()) << text;
      ASSERT_EQ(position_text(again.value()), text);

      // Undo restores board, side, counts, key and history exactly; redo gives the same.
      Position undone = pos;
      undone.undo_move();
      ASSERT_TRUE(undone.same_state(before)) << text;
      ASSERT_EQ(undone.key(), before.key());
      ASSERT_EQ(undone.key_history(), before.key_history());
      ASSERT_EQ(undone.reversible_plies(), before.reversible_plies());
      ASSERT_EQ(undone.game_ply(), before.game_ply());
      undone.do_move(m);
      ASSERT_TRUE(undone.same_state(pos));
      ASSERT_EQ(undone.key(), pos.key());
    }
  }
  // The playouts must actually have exercised the capture rules.
  EXPECT_GT(total_captures, 500);
  EXPECT_GT(multi_captures, 10);
  EXPECT_GT(corner_captures, 0);
  EXPECT_GT(double_direction, 0);
}

TEST(HasamiPlayout, UndoingAWholeGameReturnsToTheStart) {
  Rng rng(0x5eed0002);
  auto parsed = parse_position(kStartPosition);
  ASSERT_TRUE(parsed.ok());
  Position pos = parsed.value();
  const Position start = pos;
  int played = 0;
  for (; played < 400; ++played) {
    MoveList list;
    generate_moves(pos, list);
    if (list.size() == 0) break;
    pos.do_move(list[static_cast<int>(rng.below(static_cast<uint64_t>(list.size())))]);
  }
  EXPECT_EQ(pos.history_length(), played);
  while (pos.history_length() > 0) pos.undo_move();
  EXPECT_TRUE(pos.same_state(start));
  EXPECT_EQ(pos.key(), start.key());
  EXPECT_EQ(pos.reversible_plies(), 0);
}

// The outcome the reference expects after a move, from its own history of positions.
rules::Outcome reference_outcome(const ref::Board& b, std::string_view win,
                                 const std::map<std::string, int>& seen, int plies,
                                 int move_limit) {
  const int mover = ref::other(b.side);
  const std::string won = ref::win_reason(b, win, mover);
  if (!won.empty()) return rules::Outcome::win(mover - 1, won);
  if (ref::moves(b).empty()) return rules::Outcome::win(mover - 1, "no_legal_moves");
  if (seen.at(ref::board_key(b)) >= 4) return rules::Outcome::draw("repetition");
  if (move_limit > 0 && plies >= move_limit) return rules::Outcome::draw("move_limit");
  return rules::Outcome();
}

TEST(HasamiPlayout, GameOutcomeAgreesWithReference) {
  Rng rng(0x5eed0003);
  std::map<std::string, int> reasons;
  const struct {
    const char* win;
    const char* limit;
  } settings[] = {{"capture5", "0"}, {"lead3", "100"}, {"all", "300"}, {"capture5", "150"}};
  for (const auto& setting : settings) {
    const int limit = std::stoi(setting.limit);
    for (int game = 0; game < 60; ++game) {
      auto s = load("startpos", {{"win", setting.win}, {"move_limit", setting.limit}});
      ASSERT_TRUE(s);
      ref::Board b = ref::read(kStartPosition);
      std::map<std::string, int> seen{{ref::board_key(b), 1}};
      std::vector<std::string> record;
      for (int ply = 1; ply <= 1000 && !s->outcome().over(); ++ply) {
        auto legal = s->legal_moves();
        ASSERT_FALSE(legal.empty());
        std::string move = legal[rng.below(legal.size())];
        // Steer the games so that every ending occurs (the choice only; the result is
        // checked against the reference): most games mostly take a capture when there is
        // one; every third game often undoes the mover's previous move, so that positions
        // recur.
        const bool shuffler = game % 3 == 0;
        std::vector<std::string> capturing;
        for (const auto& text : legal) {
          auto m = parse_move(text);
          if (m.ok() && s->position().captures_of(m.value()).any()) capturing.push_back(text);
        }
        if (!shuffler && !capturing.empty() && rng.below(4) != 0) {
          move = capturing[rng.below(capturing.size())];
        } else if (record.size() >= 2 && rng.below(shuffler ? 2 : 16) == 0) {
          const std::string& mine = record[record.size() - 2];
          const std::string back = mine.substr(2, 2) + mine.substr(0, 2);
          if (std::find(legal.begin(), legal.end(), back) != legal.end()) move = back;
        }
        must_play(*s, move);
        record.push_back(move);
        const auto from = shogi_family::parse_square(move.substr(0, 2));
        const auto to = shogi_family::parse_square(move.substr(2, 2));
        b = ref::play(b, to_reference(Move(*from, *to)));
        ++seen[ref::board_key(b)];
        const rules::Outcome want = reference_outcome(b, setting.win, seen, ply, limit);
        const rules::Outcome got = s->outcome();
        ASSERT_EQ(got.kind, want.kind) << "after " << move << " at ply " << ply << ": got "
                                       << got.reason << ", want " << want.reason;
        ASSERT_EQ(got.winner, want.winner);
        ASSERT_EQ(got.reason, want.reason);
      }
      ++reasons[std::string(setting.win) + "/" + s->outcome().reason];
    }
  }
  std::string summary;
  for (const auto& [reason, n] : reasons) summary += reason + "=" + std::to_string(n) + " ";
  RecordProperty("endings", summary);
  // Every way these settings can end a game must have occurred.
  EXPECT_GT(reasons["capture5/captures"], 0) << summary;
  EXPECT_GT(reasons["lead3/lead"], 0) << summary;
  EXPECT_GT(reasons["all/captures"] + reasons["all/no_legal_moves"], 0) << summary;
  EXPECT_GT(reasons["capture5/repetition"] + reasons["lead3/repetition"], 0) << summary;
  EXPECT_GT(reasons["lead3/move_limit"], 0) << summary;
}

}  // namespace
}  // namespace kaisho::hasami::testing

// The transposition table shared by the two-player searches: what is stored is found by its
// key, and a position that shares a slot with another replaces it only when its result is
// at least as deep or the other's is from an earlier search.
#include <gtest/gtest.h>

#include <cstdint>

#include "ai/transposition_table.hpp"

namespace kaisho::testing {
namespace {

using ai::Bound;
using ai::TranspositionTable;

// Keys that differ only far above the slot index share a slot of a 1 MB table.
uint64_t same_slot_key(int i) {
  return 0x1234 + (static_cast<uint64_t>(i + 1) << 40);
}

TEST(TranspositionTable, AStoredResultIsFoundByItsKeyAndNoOther) {
  TranspositionTable tt(1);
  tt.store(42, 7, -120, 5, Bound::Lower);
  const ai::TTEntry* e = tt.probe(42);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->move, 7u);
  EXPECT_EQ(e->score, -120);
  EXPECT_EQ(e->depth, 5);
  EXPECT_EQ(e->bound, Bound::Lower);
  EXPECT_EQ(tt.probe(43), nullptr);
}

TEST(TranspositionTable, AShallowerResultDoesNotEvictADeeperOneOfTheSameSearch) {
  TranspositionTable tt(1);
  tt.store(same_slot_key(0), 1, 10, 6, Bound::Exact);
  tt.store(same_slot_key(1), 2, 20, 5, Bound::Exact);
  EXPECT_NE(tt.probe(same_slot_key(0)), nullptr);
  EXPECT_EQ(tt.probe(same_slot_key(1)), nullptr);
  tt.store(same_slot_key(1), 2, 20, 6, Bound::Exact);  // as deep: replaces
  EXPECT_EQ(tt.probe(same_slot_key(0)), nullptr);
  EXPECT_NE(tt.probe(same_slot_key(1)), nullptr);
}

TEST(TranspositionTable, AnEntryOfAnEarlierSearchGivesWayToAnyNewResult) {
  TranspositionTable tt(1);
  tt.store(same_slot_key(0), 1, 10, 12, Bound::Exact);
  tt.new_search();
  tt.store(same_slot_key(1), 2, 20, 1, Bound::Upper);
  EXPECT_EQ(tt.probe(same_slot_key(0)), nullptr);
  EXPECT_NE(tt.probe(same_slot_key(1)), nullptr);
}

// A position's new result replaces its old one whatever the depths, and a result without a
// move keeps the move known for the position.
TEST(TranspositionTable, ANewResultReplacesItsPositionsEntryAndKeepsItsMove) {
  TranspositionTable tt(1);
  tt.store(same_slot_key(0), 77, 10, 8, Bound::Exact);
  tt.store(same_slot_key(0), 0, -30, 1, Bound::Upper);
  const ai::TTEntry* e = tt.probe(same_slot_key(0));
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->move, 77u);
  EXPECT_EQ(e->score, -30);
  EXPECT_EQ(e->depth, 1);
  EXPECT_EQ(e->bound, Bound::Upper);
}

TEST(TranspositionTable, ClearForgetsEveryEntry) {
  TranspositionTable tt(1);
  tt.store(5, 1, 0, 3, Bound::Exact);
  tt.clear();
  EXPECT_EQ(tt.probe(5), nullptr);
}

}  // namespace
}  // namespace kaisho::testing

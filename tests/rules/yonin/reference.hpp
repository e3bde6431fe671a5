#pragma once
// A slow, independent model of the Yonin Shogi rules for cross-checking the engine: a
// mailbox board of cells that carry a piece identity, steps written as (right, forward) for
// each kind and turned by the facing's own forward and right vectors, every rule tested by
// playing the move on a copy and looking. It shares no code with src/rules/yonin beyond
// reading the engine's position once to start from it.
#include <array>
#include <string>
#include <vector>

#include "rules/yonin/position.hpp"

namespace kaisho::yonin::reference {

struct Cell {
  int type = 0;    // PieceType value, 0 = empty
  int owner = -1;  // 0..3, 4 = ownerless
  int facing = 0;  // 0 up, 1 right (toward file 1), 2 down, 3 left
  int id = 0;      // identity of the physical piece (kept while it moves)
};

struct Ref {
  std::array<std::array<Cell, 10>, 10> board{};  // [file][rank], 1-based
  std::array<std::array<int, 16>, 4> hand{};
  std::array<int, 4> out_order{};  // 0 live
  std::array<int, 4> mated_by{-1, -1, -1, -1};
  int out_count = 0;
  int to_move = 0;
  int last_mover = -1;
  std::array<int, 4> last_checker{-1, -1, -1, -1};
  int ply = 0;
  int next_id = 1;
  bool pairs = false;
  bool ownerless = false;
};

// The record the repetition rules need: one entry per position since the start, with the
// event that produced it (entry 0 is the start).
struct Entry {
  std::string key;
  bool is_move = false;
  int mover = -1;
  bool gave_check = false;
};
using History = std::vector<Entry>;

// A move in the engine's text form ("7g7f", "7g7f+", "P*5e").
struct RMove {
  bool drop = false;
  int type = 0;  // drops
  int from_file = 0, from_rank = 0, to_file = 0, to_rank = 0;
  bool promote = false;
  std::string text() const;
};

Ref from_position(const Position& pos);
// Every legal move of seat `us` by the position-level rules (not the perpetual checker rule).
std::vector<RMove> legal_moves(const Ref& r, int us);
// legal_moves() of the player to move without the perpetual checker's forbidden moves.
std::vector<RMove> full_legal_moves(const Ref& r, const History& h);
bool king_attacked(const Ref& r, int seat);
// Plays m for the player to move: captures, promotion, checks, last checkers, check priority.
// Returns whether the move gave check (some king newly attacked by a piece).
bool play(Ref& r, const RMove& m);
// Knocks out the player to move.
void eliminate(Ref& r);
struct Flow {
  bool end_at_last = false;
  int move_limit = 0;
};
// Plays m and applies what follows (repetition, eliminations, move limit), recording the
// positions in h; returns true when the game goes on.
bool play_and_settle(Ref& r, History& h, const RMove& m, const Flow& flow);
std::string text(const Ref& r);
std::string key(const Ref& r);
// Perft through the reference flow (eliminations and ends included); r is a settled position
// whose game goes on.
uint64_t perft(const Ref& r, const History& h, int depth, const Flow& flow);

}  // namespace kaisho::yonin::reference

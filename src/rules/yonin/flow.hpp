#pragma once
// The course of a Yonin Shogi game around the moves: the perpetual checker's forbidden move,
// and what happens after each move in the order the spec fixes: the fourth repetition first,
// then whoever now has no legal move is knocked out (in turn, each possibly ending the game),
// then the move limit.
#include <string_view>

#include "rules/yonin/movegen.hpp"

namespace kaisho::yonin {

struct Settings {
  Rules rules;
  bool end_at_last = false;  // end=last: singles go on until one player is left
  int move_limit = 0;        // 0 = none; counts the moves of all players together
};

// Why a game ended; reason_word() is the Outcome reason.
enum class End : uint8_t { None, Repetition, TwoOut, LastPlayer, TeamMated, MoveLimit };
std::string_view reason_word(End e);

// The most players that can be out while the game goes on, plus one (the count that ends it).
int outs_that_end(const Settings& s);

struct Occurrences {
  int count = 0;
  int first = -1;  // index into key_history() of the first occurrence
};
Occurrences occurrences(const Position& pos, uint64_t key);

// Whether m, played by the player to move, brings a position about for the fourth time while
// that player has given check with every one of their moves since its first occurrence (this
// move included): the perpetual checker may not make it.
bool is_perpetual_check_move(Position& pos, Move m);

// Every legal move of the player to move: generate_legal() without the perpetual checker's
// forbidden moves.
void generate_full(Position& pos, MoveList& list);

// The game ends by players out: pairs at the first mate, singles when two are out (end=two_out)
// or one player is left (end=last).
End end_by_outs(const Position& pos, const Settings& s);

// Brings the position to where the next player acts, after a move (after_move = true: the
// repetition test applies) or at the start of a record. Knocked-out players' eliminations are
// applied to pos (`eliminations` of them, each undone by Position::undo()). When the game goes
// on, `next` holds the legal moves of the player to move.
End settle(Position& pos, const Settings& s, bool after_move, MoveList& next, int& eliminations);

}  // namespace kaisho::yonin

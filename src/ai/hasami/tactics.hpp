#pragma once
// Hasami Shogi tactics for the search: which moves capture, what each side threatens to
// capture next, and the rules' verdict at a search node.
#include "rules/hasami/end_rules.hpp"
#include "rules/hasami/movegen.hpp"

namespace kaisho::ai::hasami_search {

using namespace kaisho::hasami;

// What `attacker` could capture with one move if it were its turn.
struct Threats {
  Bitboard captured;  // every enemy piece some single move captures
  Bitboard arrivals;  // the squares a capturing move arrives on
  int best = 0;       // the most one move captures
  int moves = 0;      // how many distinct arrival squares capture something
  Bitboard reach;     // the empty squares the attacker's pieces can move to
  int mobility = 0;   // the attacker's legal move count
};
Threats threats_of(const Position& pos, Color attacker);

// The capturing moves of the side to move given its threats (threats_of(pos, side to move)):
// every move arriving on one of the threats' arrival squares captures.
void generate_captures(const Position& pos, const Threats& ours, MoveList& list);

// The verdict of the rules at a node (the game having reached it by the position's
// history), from the side to move's view.
enum class NodeEnd { None, MoverLost, Draw };
// With any_repetition = false this is outcome_at() exactly (tested against it): the last
// mover met the win condition, the side to move has no legal move, the fourth occurrence,
// the move limit. With any_repetition = true the search's view: a position that has
// occurred before since the last capture already counts as a draw (whoever can force the
// cycle can force its fourth occurrence).
NodeEnd node_end(const Position& pos, const GameSettings& settings, bool any_repetition);

}  // namespace kaisho::ai::hasami_search

#pragma once
// Which moves are legal: one step along a line to an adjacent empty point, for the father or
// for one child; a children's move may not repeat a position of the record.
#include "rules/api/illegal_move.hpp"
#include "rules/musashi/record.hpp"

namespace kaisho::musashi {

// The father's destinations (he is never restricted beyond "adjacent and empty").
inline PointSet father_destinations(const Position& pos) {
  return pos.board().neighbours(pos.father()) & pos.empty();
}
// Whether the father is trapped: every point joined to his is taken.
inline bool father_trapped(const Position& pos) {
  return father_destinations(pos) == 0;
}

// The legal moves of the side to move (the game-over tests are not applied here).
void generate_legal(const Position& pos, const RepetitionRecord& record, MoveList& list);
int count_legal(const Position& pos, const RepetitionRecord& record);
bool has_legal_move(const Position& pos, const RepetitionRecord& record);

// Why m is not a legal move of the side to move: a reason code with its params and an English
// phrase such as "c4 is occupied by a child" (rules/api/illegal_move.hpp); legal() if it is
// legal. m's points must be points of the board.
rules::IllegalMove explain_illegal(const Position& pos, const RepetitionRecord& record, Move m);

// The children the father could capture with his next move (for "show threatened
// children"), whoever is to move.
PointSet threatened_children(const Position& pos);

}  // namespace kaisho::musashi

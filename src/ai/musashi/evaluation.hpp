#pragma once
// Static evaluation of a Juroku Musashi position, from the side to move's view, in the
// search's units (two children captured early in the game are about 200). It is built from
// the father's side and negated for the children: the children captured against the target,
// the father's mobility and the points he stands on (away from the sechin and the corners),
// the captures he threatens (now and within two or three steps), the size of the region he
// can walk in (the children's containment), and the pressure of the children's move limit.
#include "rules/musashi/end.hpp"

namespace kaisho::ai::musashi_search {

using namespace kaisho::musashi;

// The material term from the father's view with `children` children on the board.
int father_material(int children, const EndRules& rules);

// The whole evaluation from the father's view.
int father_view(const Position& pos, const EndRules& rules);

inline int evaluate(const Position& pos, const EndRules& rules) {
  const int v = father_view(pos, rules);
  return pos.side_to_move() == Side::Father ? v : -v;
}

}  // namespace kaisho::ai::musashi_search

#pragma once
// Static evaluation of a Hasami Shogi position, from the side to move's view, in the
// search's units (one capture early in the game is about 100). Material is judged against
// the table's win condition (capture5: progress toward five; lead3: the difference;
// all: the totals), then the captures each side threatens next move, mobility, and the
// safety of pieces on edges and corners.
#include "ai/hasami/tactics.hpp"
#include "rules/hasami/end_rules.hpp"

namespace kaisho::ai::hasami_search {

using namespace kaisho::hasami;

// The material term alone: captures made by the side to move (`mine`) and by the other
// side (`theirs`) under `rule`, from the side to move's view.
int material(WinRule rule, int mine, int theirs);

// Given both sides' threats (threats_of), which the search may reuse.
int evaluate(const Position& pos, WinRule rule, const Threats& ours, const Threats& theirs);
inline int evaluate(const Position& pos, WinRule rule) {
  return evaluate(pos, rule, threats_of(pos, pos.side_to_move()),
                  threats_of(pos, ~pos.side_to_move()));
}

}  // namespace kaisho::ai::hasami_search

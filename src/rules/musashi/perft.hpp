#pragma once
// Perft on the engine's own types, for the GameState, the benchmark and the tests.
#include <cstdint>

#include "rules/musashi/end.hpp"

namespace kaisho::musashi {

// Positions reached after exactly depth legal moves from pos, whose repetition record is
// record; a finished game has no moves, and the last ply is counted in bulk. pos and record
// are restored on return.
uint64_t perft(Position& pos, RepetitionRecord& record, const EndRules& rules, int depth);

}  // namespace kaisho::musashi

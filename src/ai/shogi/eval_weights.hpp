#pragma once
// The weights of the learned Shogi evaluation, two per feature of eval_features.hpp (opening
// and endgame), in centipawns. eval_weights.cpp is written by `kaisho train-eval`
// (docs/cpu-shogi-eval.md).
#include <array>
#include <cstdint>

#include "ai/shogi/eval_features.hpp"

namespace kaisho::ai::shogi_search {

extern const std::array<int16_t, features::kWeightCount> kEvalWeights;

}  // namespace kaisho::ai::shogi_search

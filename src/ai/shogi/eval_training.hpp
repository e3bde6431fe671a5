#pragma once
// Training the learned Shogi evaluation (eval_features.hpp) from scored games.
//
// A game is one text line, as scripts/train/shogi_datagen.py writes it:
//     RESULT MOVE/LABEL[/PV] MOVE/LABEL[/PV] ...
// RESULT is b, w or d; LABEL is a search score in centipawns from the side to move's view
// before MOVE, or '-' for none; PV (comma-separated moves) is the principal variation that
// score came with. Each labelled position that is quiet (the side to move is not in check
// and its next move is not a capture) becomes one sample, and so do the quiet positions 2
// to 5 moves down its PV (the same score, signed for their side to move); a position is
// sampled once per game. A sample's target is a win probability: (1 - lambda) *
// sigmoid(label / scale) + lambda * the game's result for the side to move, and the
// evaluation's prediction is sigmoid(eval / scale). Training
// minimises the mean squared difference (full batch, Adam), with an L2 penalty on the
// distance of every weight from the hand-set starting point, which keeps rarely seen
// features near what they were set to by hand.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ai/shogi/eval_features.hpp"
#include "core/result.hpp"

namespace kaisho::ai::shogi_search {

using Weights = std::array<float, features::kWeightCount>;

struct TrainingSet {
  // Sparse features of each sample: entries [offsets[i], offsets[i + 1]).
  std::vector<int32_t> index;
  std::vector<int16_t> value;
  std::vector<uint32_t> offsets{0};
  std::vector<float> target;   // win probability for the side to move
  std::vector<int8_t> side;    // +1 sente to move, -1 gote
  std::vector<uint8_t> phase;  // game_phase of the position

  size_t size() const { return target.size(); }
};

struct TrainingOptions {
  double scale = 600;    // centipawns per unit of the logistic
  double lambda = 0.1;   // weight of the game result in the target
  double l2 = 1e-10;     // penalty per squared centipawn away from the starting weights
  int steps = 400;       // full-batch Adam steps
  double rate = 1.0;     // Adam step, centipawns
  int max_label = 3000;  // samples scored beyond this are left out
};

// Adds the samples of one game line; an error names what is wrong with the line (the set is
// unchanged then).
Result<int> add_game(std::string_view line, const TrainingOptions& options, TrainingSet& set);

// The hand-set evaluation the training starts from: material as the search values it
// (piece_value, hand_value), placement by king distance, king safety, mobility; the same in
// the opening and the endgame.
Weights initial_weights();

// The evaluation of sample i from the side to move's view, in centipawns: what evaluate<Shogi>
// gives its position with these weights, before rounding.
double predict(const Weights& w, const TrainingSet& set, size_t i);

// Mean squared error of the prediction on a set.
double loss(const Weights& w, const TrainingSet& set, double scale);

// Full-batch Adam on a training set; keeps the optimiser's moments between calls.
class Trainer {
 public:
  Trainer(const TrainingSet& set, const TrainingOptions& options);
  void run(Weights& w, int steps);

 private:
  const TrainingSet& set_;
  TrainingOptions options_;
  Weights prior_;  // the starting weights the penalty pulls towards
  std::vector<double> m_, v_;
  int t_ = 0;
};

// The weights as the C++ source of eval_weights.cpp (rounded to whole centipawns).
std::string weights_source(const Weights& w, std::string_view provenance);

}  // namespace kaisho::ai::shogi_search

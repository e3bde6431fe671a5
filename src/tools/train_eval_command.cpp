// kaisho train-eval --games FILE [--games FILE]... [--out PATH] [--steps N] [--lambda X]
//                   [--rate R] [--l2 X] [--scale S] [--holdout N]
// Trains the learned Shogi evaluation (ai/shogi/eval_training.hpp) from scored games and
// writes the weights as C++ source to PATH (src/ai/shogi/eval_weights.cpp). Every N-th game
// (default 20) is held out to measure the loss on positions the training did not see.
// Output: "games G samples S validation V", then "step K train LOSS validation LOSS" lines
// (step 0 is the hand-set starting point).
#include <fstream>
#include <ostream>
#include <sstream>
#include <string>

#include "ai/shogi/eval_training.hpp"
#include "tools/commands.hpp"

namespace kaisho::tools {

int train_eval_command(const Args& args, Io io) {
  using namespace ai::shogi_search;
  std::vector<std::string> files;
  std::string out;
  TrainingOptions options;
  int holdout = 20;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) {
      io.err << "error: " << a << " needs a value\n";
      return 2;
    }
    const std::string& v = args[++i];
    try {
      if (a == "--games")
        files.push_back(v);
      else if (a == "--out")
        out = v;
      else if (a == "--steps")
        options.steps = std::stoi(v);
      else if (a == "--lambda")
        options.lambda = std::stod(v);
      else if (a == "--rate")
        options.rate = std::stod(v);
      else if (a == "--l2")
        options.l2 = std::stod(v);
      else if (a == "--scale")
        options.scale = std::stod(v);
      else if (a == "--holdout")
        holdout = std::max(2, std::stoi(v));
      else {
        io.err << "error: unknown flag " << a << "\n";
        return 2;
      }
    } catch (const std::exception&) {
      io.err << "error: " << a << " needs a number, got " << v << "\n";
      return 2;
    }
  }
  if (files.empty()) {
    io.err << "error: usage: kaisho train-eval --games FILE [--out PATH] [--steps N] ...\n";
    return 2;
  }
  TrainingSet train, validation;
  int games = 0;
  for (const std::string& file : files) {
    std::ifstream in(file);
    if (!in) {
      io.err << "error: cannot read " << file << "\n";
      return 2;
    }
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (line.empty()) continue;
      auto added = add_game(line, options, games % holdout == holdout - 1 ? validation : train);
      if (!added) {
        io.err << "error: " << file << " line " << n << ": " << added.error().message << "\n";
        return 2;
      }
      ++games;
    }
  }
  io.out << "games " << games << " samples " << train.size() << " validation " << validation.size()
         << std::endl;
  Weights w = initial_weights();
  auto report = [&](int step) {
    io.out << "step " << step << " train " << loss(w, train, options.scale) << " validation "
           << loss(w, validation, options.scale) << std::endl;
  };
  report(0);
  Trainer trainer(train, options);
  for (int done = 0; done < options.steps;) {
    const int n = std::min(50, options.steps - done);
    trainer.run(w, n);
    done += n;
    report(done);
  }
  if (!out.empty()) {
    std::ofstream file(out);
    std::ostringstream provenance;
    provenance << games << " games, " << train.size() << " training samples, " << options.steps
               << " steps, --lambda " << options.lambda << " --l2 " << options.l2 << " --scale "
               << options.scale << " --rate " << options.rate;
    file << weights_source(w, provenance.str());
    if (!file) {
      io.err << "error: cannot write " << out << "\n";
      return 2;
    }
  }
  return 0;
}

}  // namespace kaisho::tools

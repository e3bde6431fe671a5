#include "ai/shogi/eval_training.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "ai/shogi/evaluation.hpp"
#include "core/text.hpp"
#include "rules/shogi/notation.hpp"
#include "rules/shogi/start_positions.hpp"

namespace kaisho::ai::shogi_search {

namespace f = features;

namespace {

double sigmoid(double x) {
  return 1.0 / (1.0 + std::exp(-x));
}

bool is_capture(const Position& pos, Move m) {
  return !m.is_drop() && pos.at(m.to()) != kNoPiece;
}

Result<int> parse_label(std::string_view label) {
  const bool negative = label.starts_with('-');
  const auto n = text::parse_int(negative ? label.substr(1) : label);
  if (!n) return make_error("label " + text::quote(label) + " is not a number");
  return negative ? -*n : *n;
}

Result<Move> parse_legal(const Position& pos, std::string_view text) {
  const auto move = parse_usi(text);
  if (!move) return move.error();
  const auto why = explain_illegal<Variant::Shogi>(pos, RuleSettings{}, move.value());
  if (!why.legal()) return make_error(std::string(text) + ": " + why.text);
  return move.value();
}

// The samples of one game, each position at most once.
class GameSamples {
 public:
  GameSamples(const TrainingOptions& options, double sente_result)
      : options_(options), sente_result_(sente_result) {}

  // A position whose next move is `next` (or none), scored `score` for the side to move.
  void add(const Position& pos, Move next, int score) {
    if (std::abs(score) > options_.max_label || (next && is_capture(pos, next)) ||
        in_check<Variant::Shogi>(pos) || !seen_.insert(pos.key()).second)
      return;
    const int side = pos.side_to_move() == kBlack ? 1 : -1;
    const double result = side == 1 ? sente_result_ : 1.0 - sente_result_;
    visit_features(pos, [&](int index, int value) {
      set.index.push_back(index);
      set.value.push_back(static_cast<int16_t>(value));
    });
    set.offsets.push_back(static_cast<uint32_t>(set.index.size()));
    set.side.push_back(static_cast<int8_t>(side));
    set.phase.push_back(static_cast<uint8_t>(game_phase(pos)));
    set.target.push_back(static_cast<float>(
        (1 - options_.lambda) * sigmoid(score / options_.scale) + options_.lambda * result));
  }

  TrainingSet set;

 private:
  const TrainingOptions& options_;
  double sente_result_;
  std::unordered_set<uint64_t> seen_;
};

// Positions along a principal variation from `pos` (2 to kPvSamples moves in: the first
// is the game's next position, which has its own label), scored by the root's score with
// the sign of the side to move. The variation ends early at a "pass" (a null move of the
// engine's search).
constexpr size_t kPvSamples = 6;

Status add_pv(Position pos, std::string_view pv_text, int score, GameSamples& samples) {
  const std::vector<std::string_view> pv = text::split(pv_text, ',');
  for (size_t k = 0; k < pv.size() && k < kPvSamples && pv[k] != "pass"; ++k) {
    auto m = parse_legal(pos, pv[k]);
    if (!m) return make_error("principal variation: " + m.error().message);
    if (k >= 2) samples.add(pos, m.value(), k % 2 ? -score : score);
    pos.do_move(m.value());
  }
  return Ok{};
}

}  // namespace

Result<int> add_game(std::string_view line, const TrainingOptions& options, TrainingSet& set) {
  const std::vector<std::string_view> words = text::split_ws(line);
  if (words.empty() || (words[0] != "b" && words[0] != "w" && words[0] != "d"))
    return make_error("a game line starts with its result b, w or d");
  GameSamples samples(options, words[0] == "b" ? 1.0 : words[0] == "w" ? 0.0 : 0.5);
  auto parsed = parse_sfen(kStartSfen, Variant::Shogi, RuleSettings{});
  Position pos = std::move(parsed).value();
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string where = "move " + std::to_string(i) + ": ";
    const std::vector<std::string_view> parts = text::split(words[i], '/');
    if (parts.size() < 2 || parts.size() > 3) return make_error(where + "not MOVE/LABEL[/PV]");
    const auto m = parse_legal(pos, parts[0]);
    if (!m) return make_error(where + m.error().message);
    if (parts[1] != "-") {
      const auto score = parse_label(parts[1]);
      if (!score) return make_error(where + score.error().message);
      samples.add(pos, m.value(), score.value());
      if (parts.size() == 3)
        if (Status s = add_pv(pos, parts[2], score.value(), samples); !s)
          return make_error(where + s.error().message);
    }
    pos.do_move(m.value());
  }
  const TrainingSet& added = samples.set;
  const uint32_t base = set.offsets.back();
  set.index.insert(set.index.end(), added.index.begin(), added.index.end());
  set.value.insert(set.value.end(), added.value.begin(), added.value.end());
  for (size_t i = 1; i < added.offsets.size(); ++i) set.offsets.push_back(base + added.offsets[i]);
  set.target.insert(set.target.end(), added.target.begin(), added.target.end());
  set.side.insert(set.side.end(), added.side.begin(), added.side.end());
  set.phase.insert(set.phase.end(), added.phase.begin(), added.phase.end());
  return static_cast<int>(added.size());
}

Weights initial_weights() {
  std::array<float, f::kCount> w{};
  // Placement by king distance (the larger of the file and rank offsets), attack and defence.
  constexpr int kAttack[kPieceTypeCount][9] = {{},
                                               {0, 18, 10, 4},  // pawn
                                               {0, 12, 10, 7, 4, 2},
                                               {0, 8, 26, 16, 6},
                                               {0, 48, 36, 20, 8, 2},
                                               {0, 20, 16, 10, 5},
                                               {0, 24, 18, 12, 6},
                                               {0, 55, 42, 24, 10, 3},
                                               {},
                                               {0, 55, 42, 24, 10, 3},
                                               {0, 55, 42, 24, 10, 3},
                                               {0, 55, 42, 24, 10, 3},
                                               {0, 55, 42, 24, 10, 3},
                                               {0, 50, 40, 24, 10, 4},
                                               {0, 65, 50, 32, 14, 5}};
  constexpr int kDefence[kPieceTypeCount][9] = {{},
                                                {0, 14, 10, 4},
                                                {0, 4, 4, 2},
                                                {0, 4, 4, 2},
                                                {0, 32, 26, 12, 3, 0, -3, -6, -8},
                                                {0, 6, 6, 4},
                                                {},
                                                {0, 40, 30, 14, 4, 0, -4, -8, -12},
                                                {},
                                                {0, 20, 15, 6},
                                                {0, 20, 15, 6},
                                                {0, 20, 15, 6},
                                                {0, 30, 22, 10, 2},
                                                {0, 45, 35, 18, 5},
                                                {0, 15, 10, 5}};
  for (int t = 1; t < kPieceTypeCount; ++t) {
    for (int sq = 0; sq < kSquareCount; ++sq)
      w[f::kPieceSquare + t * kSquareCount + sq] =
          static_cast<float>(piece_value(static_cast<PieceType>(t)));
    for (int df = 0; df <= 8; ++df)
      for (int dr = -8; dr <= 8; ++dr) {
        const int d = std::max(df, std::abs(dr));
        const int o = df * 17 + (dr + 8);
        w[f::kOwnKing + t * f::kOffsets + o] = static_cast<float>(kDefence[t][d]);
        w[f::kEnemyKing + t * f::kOffsets + o] = static_cast<float>(kAttack[t][d]);
      }
  }
  for (int t = kPawn; t <= kGold; ++t)
    for (int n = 1; n <= f::kMaxInHand; ++n)
      w[f::hand(static_cast<PieceType>(t), n)] =
          static_cast<float>(hand_value(static_cast<PieceType>(t)));
  w[f::kKingAttacked] = -18;
  w[f::kKingAttackedTimesHand] = -9;
  w[f::kHandThreats] = -12;
  w[f::kKingDefenders] = 28;
  w[f::kRookMobility] = 3;
  w[f::kBishopMobility] = 4;
  Weights both{};
  for (int i = 0; i < f::kCount; ++i)
    both[f::opening_weight(i)] = both[f::endgame_weight(i)] = w[i];
  return both;
}

namespace {

// How much of sample i's evaluation comes from the opening weights (the rest from the endgame).
double opening_share(const TrainingSet& set, size_t i) {
  return static_cast<double>(f::kPhaseMax - set.phase[i]) / f::kPhaseMax;
}

}  // namespace

double predict(const Weights& w, const TrainingSet& set, size_t i) {
  double opening = 0, endgame = 0;
  for (uint32_t k = set.offsets[i]; k < set.offsets[i + 1]; ++k) {
    opening += w[f::opening_weight(set.index[k])] * set.value[k];
    endgame += w[f::endgame_weight(set.index[k])] * set.value[k];
  }
  const double share = opening_share(set, i);
  return (opening * share + endgame * (1 - share)) * set.side[i];
}

double loss(const Weights& w, const TrainingSet& set, double scale) {
  if (set.size() == 0) return 0;
  double sum = 0;
  for (size_t i = 0; i < set.size(); ++i) {
    const double d = sigmoid(predict(w, set, i) / scale) - set.target[i];
    sum += d * d;
  }
  return sum / static_cast<double>(set.size());
}

Trainer::Trainer(const TrainingSet& set, const TrainingOptions& options)
    : set_(set),
      options_(options),
      prior_(initial_weights()),
      m_(f::kWeightCount, 0.0),
      v_(f::kWeightCount, 0.0) {}

void Trainer::run(Weights& w, int steps) {
  constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12;
  std::vector<double> gradient(f::kWeightCount);
  const double n = static_cast<double>(set_.size());
  for (int s = 0; s < steps && n > 0; ++s) {
    std::fill(gradient.begin(), gradient.end(), 0.0);
    for (size_t i = 0; i < set_.size(); ++i) {
      const double p = sigmoid(predict(w, set_, i) / options_.scale);
      const double d = 2 * (p - set_.target[i]) * p * (1 - p) / options_.scale * set_.side[i] / n;
      const double share = opening_share(set_, i);
      for (uint32_t k = set_.offsets[i]; k < set_.offsets[i + 1]; ++k) {
        gradient[f::opening_weight(set_.index[k])] += d * share * set_.value[k];
        gradient[f::endgame_weight(set_.index[k])] += d * (1 - share) * set_.value[k];
      }
    }
    ++t_;
    const double c1 = 1 - std::pow(kBeta1, t_), c2 = 1 - std::pow(kBeta2, t_);
    for (int i = 0; i < f::kWeightCount; ++i) {
      double g = gradient[i];
      g += 2 * options_.l2 * (w[i] - prior_[i]);
      if (g == 0 && m_[i] == 0) continue;
      m_[i] = kBeta1 * m_[i] + (1 - kBeta1) * g;
      v_[i] = kBeta2 * v_[i] + (1 - kBeta2) * g * g;
      w[i] -= static_cast<float>(options_.rate * (m_[i] / c1) / (std::sqrt(v_[i] / c2) + kEpsilon));
    }
  }
}

std::string weights_source(const Weights& w, std::string_view provenance) {
  std::string s =
      "// Generated by `kaisho train-eval` (see docs/cpu-shogi-eval.md): do not edit by hand.\n";
  s += "// " + std::string(provenance) + "\n";
  s += "// clang-format off\n#include \"ai/shogi/eval_weights.hpp\"\n\n";
  s += "namespace kaisho::ai::shogi_search {\n\n";
  s += "const std::array<int16_t, features::kWeightCount> kEvalWeights = {\n";
  for (int i = 0; i < f::kWeightCount; ++i) {
    const long v = std::lround(std::clamp<double>(w[i], -32000, 32000));
    s += (i % 20 == 0 ? "  " : " ") + std::to_string(v) + ",";
    if (i % 20 == 19 || i + 1 == f::kWeightCount) s += "\n";
  }
  s += "};\n\n}  // namespace kaisho::ai::shogi_search\n// clang-format on\n";
  return s;
}

}  // namespace kaisho::ai::shogi_search

// kaisho match GAME [--games N] [--a SPEC] [--b SPEC] [--option KEY=VALUE]... [--openings PLIES]
//                   [--seed S] [--quiet] [--moves]
// Engine-versus-engine games. SPEC is a comma list of level=L, time=MS, nodes=N, depth=D,
// noise=X and blunder=PERCENT (the weak levels' judgement, set directly to tune them), or
// usi=PROGRAM (an external USI engine, Shogi and Annan only; its time=, nodes= and depth= are
// sent with each "go": byoyomi, nodes, depth) with any number of setoption=NAME:VALUE (sent to
// that engine before the games, e.g. Thread:1).
// Default: --a level=8 --b level=7, 10 games, 2 random opening plies, and when a spec gives
// no limit, 1000 ms per move. Seats rotate: A takes seat (game mod seats); both games of a
// pair start from the same random opening.
// One line per game (with --moves followed by "moves M1 M2 ...", the whole game in the
// game's move notation, openings included), then:
//   match A vs B: games N wins W draws D losses L score S (P%) elo E +- M
// (for four seats also "places 1st/2nd/3rd/4th: a/b/c/d"; the score counts each other seat
// as a game: ahead 1, tied 1/2, behind 0).
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <ostream>

#include "ai/engine.hpp"
#include "ai/levels.hpp"
#include "core/rng.hpp"
#include "core/text.hpp"
#include "tools/game_args.hpp"
#include "tools/usi_client.hpp"

namespace kaisho::tools {

namespace {

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  virtual void new_game() = 0;
  // A move text, or "resign".
  virtual Result<std::string> choose(const rules::Game& game, const rules::GameState& state,
                                     uint64_t seed) = 0;
};

class EnginePlayer final : public Player {
 public:
  EnginePlayer(std::string name, ai::SearchLimits limits)
      : name_(std::move(name)), limits_(limits) {}
  std::string name() const override { return name_; }
  void new_game() override { engine_.new_game(); }
  Result<std::string> choose(const rules::Game& game, const rules::GameState& state,
                             uint64_t seed) override {
    if (Status s = engine_.set_position(game, state); !s) return s.error();
    ai::SearchLimits l = limits_;
    l.seed = seed;
    auto r = engine_.think(l);
    if (r.best_move.empty()) return std::string("resign");
    return r.best_move;
  }

 private:
  std::string name_;
  ai::SearchLimits limits_;
  ai::Engine engine_;
};

// The "go" command that asks a USI engine for a move within these limits: time as a byoyomi
// (the clocks at 0), a node count, a depth, or any of them together.
std::string usi_go(const ai::SearchLimits& limits) {
  std::string go = "go";
  if (limits.time_ms) go += " btime 0 wtime 0 byoyomi " + std::to_string(limits.time_ms);
  if (limits.nodes) go += " nodes " + std::to_string(limits.nodes);
  if (limits.depth) go += " depth " + std::to_string(limits.depth);
  return go;
}

class UsiPlayer final : public Player {
 public:
  UsiPlayer(std::string program, const ai::SearchLimits& limits, std::vector<std::string> options)
      : program_(std::move(program)),
        go_(usi_go(limits)),
        // A timed move gets ten seconds' grace; a node or depth limit takes as long as the
        // engine needs, up to ten minutes.
        reply_ms_(limits.time_ms ? static_cast<int>(limits.time_ms) + 10000 : 600000),
        options_(std::move(options)) {}
  Status start() {
    if (Status s = client_.start(program_); !s) return s;
    if (options_.empty()) return Ok{};
    for (const std::string& o : options_) {
      const size_t colon = o.find(':');
      if (Status s = client_.send("setoption name " + o.substr(0, colon) + " value " +
                                  o.substr(colon + 1));
          !s)
        return s;
    }
    if (Status s = client_.send("isready"); !s) return s;
    if (auto ready = client_.read_until("readyok", 10000); !ready) return ready.error();
    return Ok{};
  }
  std::string name() const override { return client_.name().empty() ? program_ : client_.name(); }
  void new_game() override { (void)client_.send("usinewgame"); }
  Result<std::string> choose(const rules::Game&, const rules::GameState& state, uint64_t) override {
    std::string position = "sfen " + state.start_text();
    if (!state.moves_played().empty())
      position += " moves " + text::join(state.moves_played(), " ");
    auto move = client_.best_move(position, go_, reply_ms_);
    if (!move) return move.error();
    if (*move == "win") return std::string("resign");  // impasse claims are not scored here
    return move;
  }

 private:
  std::string program_;
  std::string go_;
  int reply_ms_;                      // how long to wait for its move
  std::vector<std::string> options_;  // NAME:VALUE
  UsiClient client_;
};

Result<std::unique_ptr<Player>> make_player(const std::string& spec, const rules::Game& game) {
  ai::SearchLimits limits;
  std::string usi;
  std::vector<std::string> usi_options;
  std::string kaisho_only;  // the first key a usi= player cannot take
  for (auto part : text::split(spec, ',')) {
    auto eq = part.find('=');
    if (eq == std::string_view::npos)
      return make_error("player spec " + text::quote(part) + " is not KEY=VALUE");
    const std::string_view key = part.substr(0, eq), value = part.substr(eq + 1);
    if (key == "usi") {
      usi = std::string(value);
      continue;
    }
    if (key == "setoption") {
      if (value.find(':') == std::string_view::npos)
        return make_error("player spec " + text::quote(part) + " is not setoption=NAME:VALUE");
      usi_options.emplace_back(value);
      continue;
    }
    auto n = text::parse_int(value);
    if (!n) return make_error("player spec " + text::quote(part) + " needs a number");
    // Each key's smallest and largest value.
    struct Key {
      std::string_view name;
      int low, high;
    };
    static constexpr Key kKeys[] = {{"level", 0, ai::kMaxLevel}, {"time", 1, INT_MAX},
                                    {"nodes", 1, INT_MAX},       {"depth", 1, 1000},
                                    {"noise", 0, 10000},         {"blunder", 0, 100}};
    const auto* k = std::find_if(std::begin(kKeys), std::end(kKeys),
                                 [&](const Key& x) { return x.name == key; });
    if (k == std::end(kKeys)) return make_error("unknown player spec key " + text::quote(part));
    if (*n < k->low || *n > k->high)
      return make_error("player spec " + text::quote(part) + " is out of range");
    if (key == "level" || key == "noise" || key == "blunder")
      if (kaisho_only.empty()) kaisho_only = std::string(key);
    if (key == "level") limits.level = *n;
    if (key == "time") limits.time_ms = *n;
    if (key == "nodes") limits.nodes = static_cast<uint64_t>(*n);
    if (key == "depth") limits.depth = *n;
    if (key == "noise") limits.noise = *n;
    if (key == "blunder") limits.blunder_percent = *n;
  }
  if (!limits.time_ms && !limits.nodes && !limits.depth) limits.time_ms = 1000;
  limits.fixed_time = true;  // time= is each move's own allowance, as a byoyomi
  if (!usi_options.empty() && usi.empty()) return make_error("setoption= is for usi= players only");
  if (!usi.empty()) {
    if (game.id() != "shogi" && game.id() != "annan")
      return make_error("usi engines play shogi or annan only");
    if (!kaisho_only.empty())
      return make_error(kaisho_only + "= is for Kaisho players, not usi= ones");
    auto p = std::make_unique<UsiPlayer>(usi, limits, usi_options);
    if (Status s = p->start(); !s) return s.error();
    return std::unique_ptr<Player>(std::move(p));
  }
  if (!ai::make_searcher(game.id()))
    return make_error("no CPU player for " + std::string(game.id()));
  return std::unique_ptr<Player>(std::make_unique<EnginePlayer>(spec, limits));
}

// Elo difference for a score fraction p.
double elo(double p) {
  return -400.0 * std::log10(1.0 / p - 1.0);
}

}  // namespace

int match_command(const Args& args, Io io) {
  std::string spec_a = "level=8", spec_b = "level=7";
  int games = 10, opening_plies = 2;
  uint64_t seed = 1;
  bool quiet = false, show_moves = false;
  Args rest;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= args.size()) return std::nullopt;
      return args[++i];
    };
    if (a == "--quiet") {
      quiet = true;
    } else if (a == "--moves") {
      show_moves = true;
    } else if (a == "--a" || a == "--b" || a == "--games" || a == "--openings" || a == "--seed") {
      auto v = value();
      if (!v) {
        io.err << "error: " << a << " needs a value\n";
        return 2;
      }
      if (a == "--a")
        spec_a = *v;
      else if (a == "--b")
        spec_b = *v;
      else {
        auto n = text::parse_int(*v);
        if (!n) {
          io.err << "error: " << a << " needs a non-negative integer\n";
          return 2;
        }
        if (a == "--games") games = *n;
        if (a == "--openings") opening_plies = *n;
        if (a == "--seed") seed = static_cast<uint64_t>(*n);
      }
    } else {
      rest.push_back(a);
    }
  }
  auto parsed = parse_game_args(rest, {});
  if (!parsed) {
    io.err << "error: " << parsed.error().message << "\n";
    return 2;
  }
  const rules::Game& game = *parsed->game;
  auto a = make_player(spec_a, game);
  auto b = a ? make_player(spec_b, game) : Result<std::unique_ptr<Player>>(make_error(""));
  if (!a || !b) {
    io.err << "error: " << (!a ? a.error().message : b.error().message) << "\n";
    return 2;
  }
  const int seats = game.seat_count();
  const auto seat_names = game.seat_names();
  double score = 0;
  int wins = 0, draws = 0, losses = 0;
  std::vector<int> places(5, 0);
  std::vector<double> per_game;
  for (int g = 0; g < games; ++g) {
    const int a_seat = g % seats;
    auto started = game.new_game(parsed->options);
    if (!started) {
      io.err << "error: " << started.error().message << "\n";
      return 2;
    }
    auto state = std::move(started.value());
    Rng opening(seed * 7919 + static_cast<uint64_t>(g / seats));
    for (int p = 0; p < opening_plies && !state->outcome().over(); ++p) {
      auto moves = state->legal_moves();
      std::sort(moves.begin(), moves.end());
      (void)state->play(moves[opening.below(moves.size())]);
    }
    a.value()->new_game();
    b.value()->new_game();
    std::string note;
    for (int ply = 0; !state->outcome().over() && ply < 2000; ++ply) {
      const int seat = state->seat_to_move();
      Player& mover = seat == a_seat ? *a.value() : *b.value();
      auto move = mover.choose(game, *state, seed + static_cast<uint64_t>(ply));
      if (!move || *move == "resign" || !state->play(*move)) {
        if (move && *move != "resign") note = " (illegal move " + *move + ")";
        if (!move) note = " (" + move.error().message + ")";
        if (!state->resign(seat)) break;  // no resignation in this game: stop here
      }
    }
    const rules::Outcome o = state->outcome();
    double s = 0.5;
    std::string result;
    if (o.kind == rules::OutcomeKind::Win) {
      const bool a_won =
          seats == 2 ? o.winner == a_seat : o.winner == a_seat || o.winner == (a_seat + 2) % 4;
      s = a_won ? 1 : 0;
      result = "win " + seat_names[o.winner];
    } else if (o.kind == rules::OutcomeKind::Placement) {
      double sum = 0;
      for (int other = 0; other < seats; ++other) {
        if (other == a_seat) continue;
        sum += o.places[a_seat] < o.places[other]    ? 1
               : o.places[a_seat] == o.places[other] ? 0.5
                                                     : 0;
      }
      s = sum / (seats - 1);
      places[o.places[a_seat]]++;
      result = "places";
      for (int seat = 0; seat < seats; ++seat)
        result += " " + seat_names[seat] + "=" + std::to_string(o.places[seat]);
    } else {
      result = o.over() ? "draw" : "unfinished";
    }
    if (s == 1)
      ++wins;
    else if (s == 0)
      ++losses;
    else
      ++draws;
    score += s;
    per_game.push_back(s);
    if (!quiet) {
      io.out << "game " << g + 1 << ": A=" << spec_a << " as " << seat_names[a_seat] << ": "
             << result << " " << o.reason << note << ", " << state->moves_played().size()
             << " moves\n";
      if (show_moves) io.out << "moves " << text::join(state->moves_played(), " ") << "\n";
      io.out.flush();
    }
  }
  // Elo from the score fraction, clamped half a game from 0% and 100% so that a clean sweep
  // still gives a finite estimate; the margin is a 95% interval by the delta method.
  const double n = std::max(1, games);
  const double p = std::clamp(score / n, 0.5 / n, 1 - 0.5 / n);
  double variance = 0;
  for (double s : per_game) variance += (s - score / n) * (s - score / n);
  const double se = std::max(std::sqrt(variance / n), 0.5 / n) / std::sqrt(n);
  const double margin = 1.96 * se * 400.0 / (std::log(10.0) * p * (1 - p));
  char line[256];
  std::snprintf(
      line, sizeof line,
      "match %s vs %s: games %d wins %d draws %d losses %d score %.1f (%.1f%%) elo %+.0f +- %.0f\n",
      (*a)->name().c_str(), (*b)->name().c_str(), games, wins, draws, losses, score,
      100 * score / n, elo(p), margin);
  io.out << line;
  if (seats == 4) {
    io.out << "places 1st/2nd/3rd/4th: " << places[1] << "/" << places[2] << "/" << places[3] << "/"
           << places[4] << "\n";
  }
  return 0;
}

}  // namespace kaisho::tools

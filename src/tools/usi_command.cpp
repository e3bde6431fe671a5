// kaisho usi: a USI engine for Shogi and Annan Shogi, for standard shogi GUIs.
// Commands: usi, isready, setoption, usinewgame, position (startpos|sfen ... [moves ...]),
// go (btime wtime byoyomi binc winc movetime nodes depth infinite mate ponder), stop,
// ponderhit, gameover, quit. The game is chosen with "setoption name USI_Variant value
// shogi|annan". A malformed command is answered with "info string error: ..." and ignored.
#include <algorithm>
#include <istream>
#include <mutex>
#include <ostream>

#include "ai/engine.hpp"
#include "core/text.hpp"
#include "rules/registry/registry.hpp"
#include "tools/commands.hpp"

namespace kaisho::tools {

namespace {

class UsiSession {
 public:
  explicit UsiSession(Io io) : io_(io) {}
  // Returns false on "quit".
  bool handle(std::string_view line);
  void finish() {
    engine_.stop();
    engine_.wait();
  }

 private:
  void send(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    io_.out << line << "\n";
    io_.out.flush();
  }
  void error(const std::string& what) { send("info string error: " + what); }
  void send_info(const ai::SearchInfo& info) {
    std::string s = "info depth " + std::to_string(info.depth);
    if (info.mate_in)
      s += " score mate " + std::to_string(info.mate_in);
    else
      s += " score cp " + std::to_string(info.score);
    s += " nodes " + std::to_string(info.nodes) + " time " + std::to_string(info.time_ms);
    if (info.time_ms > 0)
      s += " nps " + std::to_string(info.nodes * 1000 / static_cast<uint64_t>(info.time_ms));
    if (!info.pv.empty()) s += " pv " + text::join(info.pv, " ");
    send(s);
  }
  void cmd_usi();
  void cmd_setoption(const std::vector<std::string_view>& w);
  void cmd_position(std::string_view line);
  void cmd_go(const std::vector<std::string_view>& w);
  void start_search(const ai::SearchLimits& limits, bool mate_search);
  const rules::Game& game() const { return *rules::find_game(variant_); }
  rules::Options options() const;

  Io io_;
  std::mutex out_mutex_;
  ai::Engine engine_;
  std::string variant_ = "shogi";
  std::string dead_piece_ = "allow_if_backed";
  int level_ = 0;
  std::unique_ptr<rules::GameState> state_;
  // A "go ponder" search waits for ponderhit; these limits apply then.
  bool pondering_ = false;
  bool infinite_ = false;  // the running search ends only with stop (go infinite)
  ai::SearchLimits ponder_limits_;
};

rules::Options UsiSession::options() const {
  std::vector<std::pair<std::string, std::string>> o;
  if (variant_ == "annan") o.emplace_back("dead_piece", dead_piece_);
  return game().make_options(o).value();
}

void UsiSession::cmd_usi() {
  send("id name Kaisho");
  send("id author the Kaisho team");
  send("option name USI_Hash type spin default 16 min 1 max 1024");
  send("option name USI_Ponder type check default false");
  send("option name USI_Variant type combo default shogi var shogi var annan");
  send(
      "option name AnnanDeadPiece type combo default allow_if_backed var allow_if_backed var "
      "forbid");
  send("option name Level type spin default 0 min 0 max 8");
  send("usiok");
}

void UsiSession::cmd_setoption(const std::vector<std::string_view>& w) {
  // setoption name NAME [value VALUE]
  if (w.size() < 3 || w[1] != "name") return error("expected 'setoption name NAME value VALUE'");
  const std::string name(w[2]);
  std::string value = w.size() >= 5 && w[3] == "value" ? std::string(w[4]) : "";
  if (name == "USI_Hash") {
    auto mb = text::parse_int(value);
    if (!mb || *mb < 1 || *mb > 1024) return error("USI_Hash must be 1..1024");
    engine_.set_hash_mb(*mb);
  } else if (name == "USI_Variant" || name == "UCI_Variant") {
    if (value != "shogi" && value != "annan") return error("USI_Variant must be shogi or annan");
    variant_ = value;
    state_.reset();
  } else if (name == "AnnanDeadPiece") {
    if (value != "allow_if_backed" && value != "forbid")
      return error("AnnanDeadPiece must be allow_if_backed or forbid");
    dead_piece_ = value;
  } else if (name == "Level") {
    auto l = text::parse_int(value);
    if (!l || *l > 8) return error("Level must be 0..8");
    level_ = *l;
  } else if (name == "USI_Ponder") {
    // Accepted; pondering is driven by "go ponder".
  } else {
    error("unknown option " + text::quote(name));
  }
}

void UsiSession::cmd_position(std::string_view line) {
  // position startpos [moves ...] | position sfen BOARD SIDE HAND [N] [moves ...]
  auto rest = text::trim(line.substr(std::string_view("position").size()));
  std::string text;
  if (rest.rfind("startpos", 0) == 0) {
    text = "startpos";
    text.append(rest.substr(8));
  } else if (rest.rfind("sfen ", 0) == 0) {
    text = std::string(rest.substr(5));
  } else {
    return error("expected 'position startpos' or 'position sfen ...'");
  }
  auto loaded = game().load(text, options());
  if (!loaded) return error(loaded.error().message);
  state_ = std::move(loaded.value());
}

void UsiSession::cmd_go(const std::vector<std::string_view>& w) {
  if (!state_) {
    auto start = game().new_game(options());
    state_ = std::move(start.value());
  }
  int64_t btime = -1, wtime = -1, binc = 0, winc = 0, byoyomi = 0, movetime = 0;
  ai::SearchLimits limits;
  bool ponder = false, mate = false;
  for (size_t i = 1; i < w.size(); ++i) {
    const std::string_view key = w[i];
    if (key == "infinite") {
      limits.infinite = true;
      continue;
    }
    if (key == "ponder") {
      ponder = true;
      continue;
    }
    if (i + 1 >= w.size()) return error(text::quote(key) + " needs a value");
    const std::string_view v = w[++i];
    if (key == "mate" && v == "infinite") {
      mate = true;
      limits.mate = 20;
      limits.infinite = true;
      continue;
    }
    auto n = text::parse_int(v);
    if (!n) return error(text::quote(key) + " needs a non-negative number, got " + text::quote(v));
    if (key == "btime")
      btime = *n;
    else if (key == "wtime")
      wtime = *n;
    else if (key == "binc")
      binc = *n;
    else if (key == "winc")
      winc = *n;
    else if (key == "byoyomi")
      byoyomi = *n;
    else if (key == "movetime")
      movetime = *n;
    else if (key == "nodes")
      limits.nodes = static_cast<uint64_t>(*n);
    else if (key == "depth")
      limits.depth = *n;
    else if (key == "mate") {
      mate = true;
      limits.time_ms = *n;  // USI: the time allowed for the mate search
      limits.mate = 20;
    } else {
      return error("unknown go parameter " + text::quote(key));
    }
  }
  if (!mate && !limits.infinite && movetime == 0 && limits.nodes == 0 && limits.depth == 0) {
    // Our clock: spend a fortieth of the remaining time plus the increment, or most of the
    // byoyomi; never more than half of what is left.
    const bool black = state_->seat_to_move() == 0;
    const int64_t left = black ? btime : wtime;
    const int64_t inc = black ? binc : winc;
    if (left >= 0 || byoyomi > 0) {
      int64_t budget = std::max<int64_t>(left, 0) / 40 + inc + byoyomi * 9 / 10;
      if (left > 0) budget = std::min(budget, left / 2 + byoyomi * 9 / 10);
      limits.time_ms = std::max<int64_t>(budget - 50, 10);
      // Byoyomi alone: what this move leaves unused is lost, so all of it is used.
      limits.fixed_time = left <= 0 && inc == 0;
    }
  }
  if (movetime > 0) {
    limits.time_ms = movetime;
    limits.fixed_time = true;
  }
  limits.level = level_;
  if (ponder) {
    pondering_ = true;
    ponder_limits_ = limits;
    ai::SearchLimits infinite = limits;
    infinite.infinite = true;
    Status set = engine_.set_position(game(), *state_);
    if (!set) return error(set.error().message);
    engine_.go(
        infinite, [this](const ai::SearchInfo& info) { send_info(info); }, nullptr);
    return;
  }
  start_search(limits, mate);
}

void UsiSession::start_search(const ai::SearchLimits& limits, bool mate_search) {
  Status set = engine_.set_position(game(), *state_);
  if (!set) return error(set.error().message);
  const bool no_moves = state_->legal_moves().empty();
  infinite_ = limits.infinite;
  engine_.go(
      limits, [this](const ai::SearchInfo& info) { send_info(info); },
      [this, mate_search, no_moves](const ai::SearchResult& r) {
        if (mate_search) {
          if (r.info.mate_in > 0)
            send("checkmate " + text::join(r.info.pv, " "));
          else
            send("checkmate nomate");
        } else {
          send("bestmove " +
               (no_moves || r.best_move.empty() ? std::string("resign") : r.best_move));
        }
      });
}

bool UsiSession::handle(std::string_view raw) {
  const std::string_view line = text::trim(raw);
  auto w = text::split_ws(line);
  if (w.empty()) return true;
  const std::string_view cmd = w[0];
  if (cmd == "usi")
    cmd_usi();
  else if (cmd == "isready") {
    // A search that only `stop` ends thinks on; any other is waited for.
    if (!pondering_ && !infinite_) engine_.wait();
    send("readyok");
  } else if (cmd == "setoption")
    cmd_setoption(w);
  else if (cmd == "usinewgame") {
    engine_.new_game();
    state_.reset();
  } else if (cmd == "position")
    cmd_position(line);
  else if (cmd == "go")
    cmd_go(w);
  else if (cmd == "stop") {
    infinite_ = false;
    engine_.stop();
    if (pondering_) {
      pondering_ = false;
      ai::SearchResult r = engine_.wait();
      send("bestmove " + (r.best_move.empty() ? std::string("resign") : r.best_move));
    } else {
      engine_.wait();
    }
  } else if (cmd == "ponderhit") {
    if (!pondering_) return error("ponderhit without go ponder"), true;
    pondering_ = false;
    engine_.stop();
    engine_.wait();
    start_search(ponder_limits_, false);
  } else if (cmd == "gameover") {
    engine_.stop();
    engine_.wait();
  } else if (cmd == "quit") {
    return false;
  } else {
    error("unknown command " + text::quote(cmd));
  }
  return true;
}

}  // namespace

int usi_command(const Args& args, Io io) {
  if (!args.empty()) {
    io.err << "error: usage: kaisho usi   (then USI commands on standard input)\n";
    return 2;
  }
  // Reading must not flush the output: the search thread writes to it (under the session's
  // lock) while this thread reads, and std::cin is tied to std::cout, which made a fast
  // search's bestmove come out twice.
  std::ostream* const tied = io.in.tie(nullptr);
  UsiSession session(io);
  std::string line;
  while (std::getline(io.in, line))
    if (!session.handle(line)) break;
  session.finish();
  io.in.tie(tied);
  return 0;
}

}  // namespace kaisho::tools

// The command-line tools' output formats (other programs read them: keep them stable).
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tools/commands.hpp"

namespace kaisho::tools {
namespace {

struct RunResult {
  int status;
  std::string out;
  std::string err;
};

RunResult run(const Args& args, const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  int status = run_command(args, {in, out, err});
  return {status, out.str(), err.str()};
}

TEST(PerftCommand, PrintsTheCount) {
  RunResult r = run({"perft", "shogi", "2"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "900\n");
}

TEST(PerftCommand, DivideListsRootMovesSortedThenTheTotal) {
  RunResult r =
      run({"perft", "shogi", "1", "--position", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", "--divide"});
  EXPECT_EQ(r.status, 0);
  std::istringstream lines(r.out);
  std::string line, previous;
  int count = 0;
  std::string last;
  while (std::getline(lines, line)) {
    last = line;
    if (line.find(' ') == std::string::npos) break;
    EXPECT_LT(previous, line);
    EXPECT_EQ(line.substr(line.find(' ')), " 1");
    previous = line;
    ++count;
  }
  EXPECT_EQ(count, 85);
  EXPECT_EQ(last, "85");
}

TEST(PerftCommand, OptionsAndErrors) {
  EXPECT_EQ(run({"perft", "shogi", "1", "--option", "handicap=ten"}).out,
            run({"perft", "shogi", "1", "--position",
                 "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"})
                .out);
  EXPECT_EQ(run({"perft", "chess", "1"}).status, 2);
  EXPECT_EQ(run({"perft", "shogi", "x"}).status, 2);
  RunResult bad = run({"perft", "shogi", "1", "--option", "nope=1"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("error: unknown option 'nope'"), std::string::npos);
}

TEST(MovesCommand, OneLinePerInputLineWithErrorsInPlace) {
  RunResult r = run({"moves", "shogi"},
                    "7lk/9/8S/9/9/9/9/7L1/8K b G 1 moves G*1b\n"
                    "nonsense\n"
                    "4k4/9/9/9/9/9/9/9/4K4 b - 1\n"
                    "startpos moves 7g7f 3c3d 7g7f\n");
  EXPECT_EQ(r.status, 0);
  std::istringstream lines(r.out);
  std::string l1, l2, l3, l4, extra;
  std::getline(lines, l1);
  std::getline(lines, l2);
  std::getline(lines, l3);
  std::getline(lines, l4);
  EXPECT_FALSE(std::getline(lines, extra));
  EXPECT_EQ(l1, "");  // checkmate: the game is over
  EXPECT_EQ(l2.rfind("error: ", 0), 0u) << l2;
  EXPECT_EQ(l3, "5i4h 5i4i 5i5h 5i6h 5i6i");
  EXPECT_EQ(l4.rfind("error: move 3 '7g7f'", 0), 0u) << l4;
}

TEST(PlayCommand, PrintsPositionAndSideToMove) {
  RunResult r = run({"play", "shogi", "7g7f", "3c3d"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(
      r.out,
      "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\nto_move: sente\n");
}

TEST(PlayCommand, PrintsResultAndReasonAtTheEnd) {
  RunResult r = run({"play", "shogi", "--position", "7lk/9/8S/9/9/9/9/7L1/8K b G 1", "G*1b"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "7lk/8G/8S/9/9/9/9/7L1/8K w - 2\nresult: win sente\nreason: checkmate\n");
}

TEST(PlayCommand, IllegalMoveIsNamedWithItsReasonAndStatus2) {
  RunResult r = run({"play", "shogi", "7g7f", "7f7e", "5i5h"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "error: move 2 '7f7e': illegal move 7f7e: the piece on 7f is not yours\n");
}

TEST(OptionsCommand, ListsEveryOptionWithDefaultAndChoices) {
  RunResult r = run({"options", "annan"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("dead_piece (choice, default allow_if_backed): allow_if_backed forbid\n"),
            std::string::npos);
  EXPECT_NE(r.out.find("move_limit (number, default 0): 0 150 200 256 300\n"), std::string::npos);
}

// The binary itself (the server's commands are not the tools'): its standard output and error
// together, and its exit status.
RunResult run_binary(const std::string& args) {
  const std::string command = std::string("'") + KAISHO_BIN + "' " + args + " 2>&1 </dev/null";
  RunResult r{-1, "", ""};
  if (FILE* p = popen(command.c_str(), "r")) {
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, p)) > 0;) r.out.append(buffer, n);
    const int status = pclose(p);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }
  return r;
}

TEST(Command, HelpListsEveryCommandTheServersToo) {
  for (const char* help : {"help", "--help", "-h", ""}) {
    const RunResult r = run_binary(help);
    EXPECT_EQ(r.status, *help ? 0 : 2) << help;
    for (const char* command : {"\n  serve ", "\n  cpu-worker ", "\n  loadtest ", "\n  perft "})
      EXPECT_NE(r.out.find(command), std::string::npos) << "'" << help << "' lists" << command;
  }
}

TEST(Command, TheServersCommandsPrintTheirUsageOnHelp) {
  for (const std::string command : {"serve", "cpu-worker", "loadtest"}) {
    const RunResult r = run_binary(command + " --help");
    EXPECT_EQ(r.status, 0) << command << ": " << r.out;
    EXPECT_EQ(r.out.rfind("usage: kaisho " + command + " ", 0), 0u) << r.out;
  }
}

TEST(Command, UnknownCommandIsAnError) {
  RunResult r = run({"fly"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown command 'fly'"), std::string::npos);
  EXPECT_EQ(run({}).status, 2);
  EXPECT_EQ(run({"help"}).status, 0);
}

TEST(BenchCommand, QuickRunPrintsOneLinePerPositionAndATotal) {
  RunResult r = run({"bench", "--quick"});
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("perft shogi 3 25470 "), std::string::npos);
  EXPECT_NE(r.out.find("perft total "), std::string::npos);
}

// The search bench is deterministic: the same signature twice, a line per position, and the
// checkmate search solving its tsume.
TEST(BenchCommand, QuickSearchRunGivesTheSameSignatureTwice) {
  const RunResult first = run({"bench", "search", "--quick"});
  const RunResult second = run({"bench", "search", "--quick"});
  ASSERT_EQ(first.status, 0) << first.err;
  const std::regex signature("search signature [0-9a-f]{16} nodes 140000\n");
  std::smatch a, b;
  ASSERT_TRUE(std::regex_search(first.out, a, signature)) << first.out;
  ASSERT_TRUE(std::regex_search(second.out, b, signature)) << second.out;
  EXPECT_EQ(a.str(), b.str());
  EXPECT_NE(first.out.find("search shogi start nodes 20000 "), std::string::npos);
  EXPECT_NE(first.out.find("search yonin start nodes 20000 "), std::string::npos);
  EXPECT_TRUE(std::regex_search(first.out, std::regex("mate shogi tsume nodes [0-9]+ plies [1-9]")))
      << first.out;
}

TEST(MatchCommand, PrintsOneLinePerGameAndTheSummary) {
  // A reason may be two words joined by '_' (a game ended by the move limit: "draw move_limit").
  auto r = run({"match", "shogi", "--a", "nodes=300", "--b", "nodes=200", "--games", "2",
                "--option", "move_limit=150"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex format(
      "game 1: A=nodes=300 as sente: [a-z_ ]+, [0-9]+ moves\n"
      "game 2: A=nodes=300 as gote: [a-z_ ]+, [0-9]+ moves\n"
      "match nodes=300 vs nodes=200: games 2 wins [0-2] draws [0-2] losses [0-2] score [0-9.]+ "
      "\\([0-9.]+%\\) elo [-+][0-9]+ \\+- [0-9]+\n");
  EXPECT_TRUE(std::regex_match(r.out, format)) << r.out;
}

TEST(MatchCommand, MovesPrintsEveryMoveOfEachGameAfterItsLine) {
  auto r =
      run({"match", "musashi", "--a", "nodes=200", "--b", "nodes=100", "--games", "2", "--moves"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  for (int g = 1; g <= 2; ++g) {
    ASSERT_TRUE(std::getline(lines, line));
    std::smatch m;
    ASSERT_TRUE(std::regex_match(line, m, std::regex("game [12]: .*, ([0-9]+) moves"))) << line;
    const size_t played = std::stoul(m[1]);
    ASSERT_TRUE(std::getline(lines, line));
    ASSERT_EQ(line.rfind("moves ", 0), 0u) << line;
    std::istringstream words(line.substr(6));
    const std::vector<std::string> moves{std::istream_iterator<std::string>(words), {}};
    EXPECT_EQ(moves.size(), played) << line;
  }
  ASSERT_TRUE(std::getline(lines, line));
  EXPECT_EQ(line.rfind("match nodes=200 vs nodes=100:", 0), 0u) << line;
}

// `kaisho usi` itself as an external engine, behind a script that logs what it is sent.
class LoggedUsiEngine {
 public:
  explicit LoggedUsiEngine(const std::string& name)
      : script_(std::filesystem::temp_directory_path() / (name + ".sh")),
        log_(std::filesystem::temp_directory_path() / (name + ".log")) {
    std::ofstream out(script_);
    out << "#!/bin/sh\ntee '" << log_.string() << "' | '" << KAISHO_BIN << "' usi\n";
    out.close();
    std::filesystem::permissions(script_, std::filesystem::perms::owner_all);
  }
  ~LoggedUsiEngine() {
    std::filesystem::remove(script_);
    std::filesystem::remove(log_);
  }
  std::string program() const { return script_.string(); }
  std::string sent() const {
    std::ifstream in(log_);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

 private:
  std::filesystem::path script_, log_;
};

TEST(MatchCommand, PlaysAnExternalUsiEngineAfterSettingItsOptions) {
  const LoggedUsiEngine engine("kaisho_match_usi_test");
  auto r = run({"match", "shogi", "--a", "nodes=300", "--b",
                "usi=" + engine.program() + ",time=50,setoption=USI_Hash:2", "--games", "2",
                "--option", "move_limit=150", "--quiet"});
  const std::string sent = engine.sent();
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("match nodes=300 vs Kaisho: games 2 "), std::string::npos) << r.out;
  const size_t option = sent.find("setoption name USI_Hash value 2\n");
  EXPECT_NE(option, std::string::npos) << sent;
  EXPECT_LT(option, sent.find("usinewgame")) << sent;
  EXPECT_NE(sent.find("\ngo btime 0 wtime 0 byoyomi 50\n"), std::string::npos) << sent;
}

TEST(MatchCommand, AnExternalUsiEngineIsAskedForItsNodeAndDepthLimits) {
  const LoggedUsiEngine engine("kaisho_match_usi_limits_test");
  auto r = run({"match", "shogi", "--a", "nodes=300", "--b",
                "usi=" + engine.program() + ",nodes=400,depth=6", "--games", "1", "--option",
                "move_limit=150", "--quiet"});
  const std::string sent = engine.sent();
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(sent.find("\ngo nodes 400 depth 6\n"), std::string::npos) << sent;
  EXPECT_EQ(sent.find("byoyomi"), std::string::npos) << sent;
}

TEST(MatchCommand, NoiseAndBlunderSpecsPlayAndAreNamedInTheResult) {
  auto r = run({"match", "hasami", "--a", "depth=1,noise=500,blunder=50", "--b", "depth=1",
                "--games", "2", "--quiet"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("match depth=1,noise=500,blunder=50 vs depth=1: games 2 "),
            std::string::npos)
      << r.out;
}

TEST(MatchCommand, BadPlayerSpecsAreErrors) {
  for (const char* spec :
       {"level", "nodes=x", "colour=1", "setoption=Thread:1", "usi=/nonexistent,setoption=Thread",
        "level=9", "noise=-1", "blunder=101", "nodes=0", "usi=/nonexistent,level=3",
        "usi=/nonexistent,noise=10"}) {
    auto r = run({"match", "shogi", "--a", spec, "--games", "1"});
    EXPECT_EQ(r.status, 2) << spec;
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << spec << ": " << r.err;
  }
}

}  // namespace
}  // namespace kaisho::tools

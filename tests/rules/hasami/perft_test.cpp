// Perft through GameState::perft (the machinery of `kaisho perft`), checked against the
// published start-position counts and against the reference implementation; the game's
// registration and its command-line use.
#include <map>
#include <set>
#include <sstream>

#include "hasami_test_util.hpp"
#include "reference.hpp"
#include "rules/registry/registry.hpp"
#include "tools/commands.hpp"

namespace kaisho::hasami::testing {
namespace {

namespace ref = reference;

TEST(HasamiPerft, StartPosition) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->perft(0, nullptr), 1u);
  EXPECT_EQ(s->perft(1, nullptr), 63u);
  EXPECT_EQ(s->perft(2, nullptr), 3717u);
  EXPECT_EQ(s->perft(3, nullptr), 254219u);
  // Depth 4 is the first with captures on the way; the reference implementation gives the
  // same count (checked once, too slow to repeat here under the sanitizers).
  EXPECT_EQ(s->perft(4, nullptr), 16599273u);
}

TEST(HasamiPerft, ReferenceAgreesFromTheStart) {
  EXPECT_EQ(ref::perft(ref::read(kStartPosition), 3, "capture5"), 254219u);
}

// Positions rich in captures: corners, long lines, several directions, win thresholds.
struct PerftCase {
  const char* position;
  const char* win;
  int depth;
};
constexpr PerftCase kTactical[] = {
    {"p7p/1P5P1/2p3p2/3P1P3/4p4/3P1P3/2p3p2/1P5P1/p7P b 1-0 1", "capture5", 3},
    {"p7p/1P5P1/2p3p2/3P1P3/4p4/3P1P3/2p3p2/1P5P1/p7P b 1-0 1", "lead3", 3},
    {"pppp5/9/9/6P2/4p4/4P4/9/9/PPPP1P1PP b 4-0 1", "capture5", 3},
    {"pppp1p3/9/9/6P2/4p4/4P4/9/9/PPPP1P1P1 b 3-1 1", "lead3", 3},
    {"9/9/4P4/4p4/2Pp1pP2/9/8p/9/4P4 b 5-5 1", "all", 4},
    {"5Pp1p/8P/9/9/4p2P1/9/9/9/9 b 6-6 1", "all", 4},
    {"pPpPp4/P1P1P4/9/9/9/9/9/4p1p1p/4pPpPp w 0-2 2", "capture5", 3},
};

TEST(HasamiPerft, ReferenceAgreesOnTacticalPositions) {
  for (const auto& c : kTactical) {
    auto s = load(c.position, {{"win", c.win}});
    ASSERT_TRUE(s);
    for (int depth = 1; depth <= c.depth; ++depth) {
      EXPECT_EQ(s->perft(depth, nullptr), ref::perft(ref::read(c.position), depth, c.win))
          << c.position << " win=" << c.win << " depth " << depth;
    }
  }
}

TEST(HasamiPerft, WonPositionsAreLeaves) {
  // Black's 3d5d wins at once under capture5: below it nothing is counted. Under "all"
  // the same capture does not end the game.
  const char* text = "pppp5/9/9/6P2/4p4/4P4/9/9/PPPP1P1PP b 4-0 1";
  auto capture5 = load(text);
  auto all = load(text, {{"win", "all"}});
  ASSERT_TRUE(capture5 && all);
  uint64_t won_child = 1, open_child = 1;
  rules::DivideFn grab_won = [&](const std::string& m, uint64_t n) {
    if (m == "3d5d") won_child = n;
  };
  rules::DivideFn grab_open = [&](const std::string& m, uint64_t n) {
    if (m == "3d5d") open_child = n;
  };
  capture5->perft(2, &grab_won);
  all->perft(2, &grab_open);
  EXPECT_EQ(won_child, 0u);
  EXPECT_GT(open_child, 0u);
}

TEST(HasamiPerft, DivideListsEveryLegalMoveAndSumsToTheTotal) {
  auto s = load("startpos moves 5i5e 5a5d");
  ASSERT_TRUE(s);
  std::set<std::string> moves;
  uint64_t sum = 0;
  rules::DivideFn collect = [&](const std::string& m, uint64_t n) {
    EXPECT_TRUE(moves.insert(m).second) << m;
    sum += n;
  };
  const uint64_t total = s->perft(3, &collect);
  EXPECT_EQ(total, sum);
  EXPECT_EQ(total, s->perft(3, nullptr));
  EXPECT_EQ(moves, legal_set(*s));
}

TEST(HasamiPerft, RepetitionInTheRecordEndsPerftLines) {
  // Eleven moves of shuffling: one more move back to the start is its fourth occurrence,
  // where the game ends, so that line counts no further moves.
  auto s = load("startpos moves 9i9h 9a9b 9h9i 9b9a 9i9h 9a9b 9h9i 9b9a 9i9h 9a9b 9h9i");
  ASSERT_TRUE(s);
  expect_ongoing(*s);
  uint64_t back_to_start = 1;
  rules::DivideFn grab = [&](const std::string& m, uint64_t n) {
    if (m == "9b9a") back_to_start = n;
  };
  const uint64_t total = s->perft(2, &grab);
  EXPECT_EQ(back_to_start, 0u);
  auto fresh = load("ppppppppp/9/9/9/9/9/9/9/PPPPPPPPP b 0-0 1 moves 9i9h 9a9b 9h9i");
  ASSERT_TRUE(fresh);
  EXPECT_EQ(total, fresh->perft(2, nullptr) - 63u);  // the same tree less the start's 63
}

TEST(HasamiGame, Registration) {
  const rules::Game* game = rules::find_game("hasami");
  ASSERT_NE(game, nullptr);
  EXPECT_EQ(game, &hasami_game());
  EXPECT_EQ(game->name(), "Hasami Shogi");
  EXPECT_EQ(game->seat_count(), 2);
  EXPECT_EQ(game->seat_names(), (std::vector<std::string>{"first", "second"}));
  std::map<std::string, std::vector<std::string>> schema;
  for (const auto& spec : game->option_schema()) schema[spec.key] = spec.choices;
  EXPECT_EQ(schema, (std::map<std::string, std::vector<std::string>>{
                        {"show_legal_moves", {"true", "false"}},
                        {"alternate_first", {"true", "false"}},
                        {"win", {"capture5", "lead3", "all"}},
                        {"move_limit", {"0", "100", "150", "200", "300"}},
                    }));
  EXPECT_FALSE(game->make_options({{"win", "capture3"}}).ok());
  EXPECT_FALSE(game->make_options({{"move_limit", "256"}}).ok());
  const auto board = game->board(rules::Options::defaults(game->option_schema()));
  ASSERT_EQ(board.points.size(), 81u);
  EXPECT_EQ(board.points.front().name, "9a");
  EXPECT_EQ(board.points.back().name, "1i");
}

TEST(HasamiGame, CloneIsIndependent) {
  auto s = load("startpos");
  ASSERT_TRUE(s);
  auto copy = s->clone();
  must_play(*copy, "9i9e");
  EXPECT_EQ(s->position_text(), kStartPosition);
  EXPECT_EQ(copy->moves_played().size(), 1u);
}

struct Cli {
  std::istringstream in;
  std::ostringstream out, err;
  int run(const tools::Args& args) { return tools::run_command(args, {in, out, err}); }
};

TEST(HasamiCli, Perft) {
  Cli cli;
  EXPECT_EQ(cli.run({"perft", "hasami", "2"}), 0) << cli.err.str();
  EXPECT_EQ(cli.out.str(), "3717\n");
}

TEST(HasamiCli, PerftRefusesABadPosition) {
  Cli cli;
  // One black piece on the board means the second player has captured 8, not 7.
  EXPECT_EQ(cli.run({"perft", "hasami", "1", "--option", "win=all", "--position",
                     "9/9/9/9/4P2p1/9/9/9/4p4 b 7-7 1"}),
            2);
  EXPECT_NE(cli.err.str().find("do not match the board"), std::string::npos) << cli.err.str();
  EXPECT_EQ(cli.out.str(), "");
}

TEST(HasamiCli, PerftDivideWithOptionAndPosition) {
  Cli cli;
  EXPECT_EQ(cli.run({"perft", "hasami", "1", "--divide", "--option", "win=all", "--position",
                     "9/4p4/9/9/4P2p1/9/9/9/9 b 7-8 1"}),
            0)
      << cli.err.str();
  EXPECT_EQ(cli.out.str(),
            "5e3e 1\n5e4e 1\n5e5c 1\n5e5d 1\n5e5f 1\n5e5g 1\n5e5h 1\n5e5i 1\n5e6e 1\n5e7e 1\n"
            "5e8e 1\n5e9e 1\n12\n");
}

TEST(HasamiCli, PlayReportsTheResult) {
  Cli cli;
  EXPECT_EQ(cli.run({"play", "hasami", "--option", "win=all", "--position",
                     "9/9/9/6P2/4p4/4P4/9/9/9 b 8-7 1", "3d5d"}),
            0)
      << cli.err.str();
  EXPECT_EQ(cli.out.str(), "9/9/9/4P4/9/4P4/9/9/9 w 9-7 2\nresult: win first\nreason: captures\n");
  Cli bad;
  EXPECT_EQ(bad.run({"play", "hasami", "9i9e", "9a9i"}), 2);
  EXPECT_EQ(bad.err.str(), "error: move 2 '9a9i': illegal move 9a9i: the path is blocked at 9e\n");
}

TEST(HasamiCli, OptionsAndUsage) {
  Cli cli;
  EXPECT_EQ(cli.run({"options", "hasami"}), 0);
  EXPECT_NE(cli.out.str().find("win (choice, default capture5): capture5 lead3 all"),
            std::string::npos)
      << cli.out.str();
  EXPECT_NE(cli.out.str().find("move_limit (number, default 0): 0 100 150 200 300"),
            std::string::npos);
  Cli help;
  EXPECT_EQ(help.run({"help"}), 0);
  EXPECT_NE(help.out.str().find("hasami"), std::string::npos);
}

TEST(HasamiCli, QuickBenchIncludesHasami) {
  Cli cli;
  EXPECT_EQ(cli.run({"bench", "--quick"}), 0) << cli.err.str();
  EXPECT_NE(cli.out.str().find("perft hasami 2 3717 "), std::string::npos) << cli.out.str();
}

}  // namespace
}  // namespace kaisho::hasami::testing

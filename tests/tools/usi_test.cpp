// The USI dialogue on scripted input.
#include <gtest/gtest.h>

#include <sstream>

#include "tools/commands.hpp"

namespace kaisho::tools {
namespace {

std::vector<std::string> usi(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out, err;
  EXPECT_EQ(usi_command({}, {in, out, err}), 0);
  std::vector<std::string> lines;
  std::istringstream o(out.str());
  for (std::string l; std::getline(o, l);)
    if (l.rfind("info depth", 0) != 0) lines.push_back(l);  // search progress varies
  return lines;
}

TEST(UsiDialogue, HandshakeListsOptionsAndAnswersReady) {
  auto lines = usi("usi\nisready\nquit\n");
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[0], "id name Kaisho");
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "option name USI_Variant type combo default shogi var shogi var annan"),
            lines.end());
  EXPECT_EQ(lines[lines.size() - 2], "usiok");
  EXPECT_EQ(lines.back(), "readyok");
}

// USI: the engine answers isready at once, also while it thinks until told to stop.
TEST(UsiDialogue, IsReadyDuringAnInfiniteSearchAnswersAtOnce) {
  auto lines = usi("position startpos\ngo infinite\nisready\nstop\nquit\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "readyok");
  EXPECT_EQ(lines[1].rfind("bestmove ", 0), 0u) << lines[1];
  lines = usi("position startpos\ngo ponder\nisready\nstop\nquit\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "readyok");
  EXPECT_EQ(lines[1].rfind("bestmove ", 0), 0u) << lines[1];
}

TEST(UsiDialogue, PositionAndGoGiveABestMove) {
  auto lines = usi("usinewgame\nposition startpos moves 7g7f 3c3d\ngo depth 3\nisready\nquit\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("bestmove ", 0), 0u);
  EXPECT_EQ(lines[1], "readyok");
}

TEST(UsiDialogue, VariantAnnanAndNodeLimit) {
  auto lines =
      usi("setoption name USI_Variant value annan\nposition sfen 8k/6G1B/9/9/9/9/9/9/K8 b PG 1\n"
          "go nodes 3000\nisready\nquit\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_TRUE(lines[0] == "bestmove G*1c" || lines[0] == "bestmove 1b2a+") << lines[0];
}

TEST(UsiDialogue, ClockParametersAreUnderstood) {
  auto lines =
      usi("position startpos\ngo btime 1000 wtime 1000 byoyomi 100\nisready\n"
          "go btime 0 wtime 0 binc 50 winc 50\nisready\nquit\n");
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0].rfind("bestmove ", 0), 0u);
  EXPECT_EQ(lines[2].rfind("bestmove ", 0), 0u);
}

TEST(UsiDialogue, StopEndsAnInfiniteSearchWithABestMove) {
  auto lines = usi("position startpos\ngo infinite\nstop\nquit\n");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].rfind("bestmove ", 0), 0u);
}

TEST(UsiDialogue, PonderThenPonderhitGivesABestMove) {
  auto lines = usi("position startpos\ngo ponder movetime 50\nponderhit\nisready\nquit\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("bestmove ", 0), 0u);
}

// "go mate" solves a tsume: a line of checks and replies that ends in mate, or "nomate".
TEST(UsiDialogue, MateSearchAnswersCheckmate) {
  auto lines =
      usi("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1\ngo mate 5000\nisready\n"
          "position sfen 5n1k1/9/5b1g1/pp5p1/3+B4P/1Pp4S1/4G1PP1/5S3/1LSK3NL b 2R2G2NL8Psl2p 1\n"
          "go mate 10000\nisready\n"
          "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1\ngo mate 200\nisready\nquit\n");
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[0], "checkmate G*5b");
  EXPECT_EQ(lines[2].rfind("checkmate ", 0), 0u);
  EXPECT_NE(lines[2], "checkmate nomate");
  EXPECT_EQ(lines[4], "checkmate nomate");
}

TEST(UsiDialogue, MalformedCommandsGetAnErrorAndChangeNothing) {
  auto lines =
      usi("bogus\nposition sfen nonsense\ngo nodes -3\ngo depth\nsetoption name Nope value 1\n"
          "setoption name USI_Variant value chess\nposition startpos moves 7g7f 7f7e\n"
          "ponderhit\nquit\n");
  ASSERT_EQ(lines.size(), 8u);
  for (const auto& l : lines) EXPECT_EQ(l.rfind("info string error: ", 0), 0u) << l;
}

TEST(UsiDialogue, CheckmatedSideResigns) {
  auto lines =
      usi("position sfen 7lk/9/8S/9/9/9/9/7L1/8K b G 1 moves G*1b\ngo depth 2\nisready\nquit\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "bestmove resign");
}

}  // namespace
}  // namespace kaisho::tools

// SFEN and USI: round trips and precise errors for bad input.
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

void expect_sfen_error(std::string_view sfen, std::string_view why,
                       std::string_view game = "shogi") {
  const std::string e = load_error(game, sfen);
  EXPECT_NE(e.find(why), std::string::npos) << "SFEN: " << sfen << "\nerror: " << e;
}

TEST(ShogiNotation, SfenRoundTrips) {
  for (const char* sfen : {
           "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
           "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
           "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
           "4k4/9/9/9/9/9/9/9/4K4 w 2R2B4G4S4N4L18P 57",
       }) {
    auto s = load("shogi", sfen);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->position_text(), sfen);
  }
}

TEST(ShogiNotation, HandsAreWrittenInTheStandardOrder) {
  EXPECT_EQ(load("shogi", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1")
                ->position_text(),
            "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
}

TEST(ShogiNotation, MoveNumberIsOptional) {
  EXPECT_EQ(load("shogi", "4k4/9/9/9/9/9/9/9/4K4 b -")->position_text(),
            "4k4/9/9/9/9/9/9/9/4K4 b - 1");
}

TEST(ShogiNotation, MalformedSfenIsRefusedPrecisely) {
  expect_sfen_error("", "empty");
  expect_sfen_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "9 ranks");
  expect_sfen_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "3 or 4 fields");
  expect_sfen_error("lnsgkgsnl/1r5b1/pppppXppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "unknown piece letter 'X'");
  expect_sfen_error("lnsgkgsnl1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "more than 9 squares");
  expect_sfen_error("lnsgkgsn/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "rank a has 8 squares");
  expect_sfen_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
                    "side to move");
  expect_sfen_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0",
                    "move number");
  expect_sfen_error("4k4/9/9/9/9/9/9/9/4K4 b 3 1", "ends with a number");
  expect_sfen_error("4k4/9/9/9/9/9/9/9/4K4 b K 1", "king cannot be in hand");
  expect_sfen_error("4k4/9/9/9/9/9/9/9/4K4 b PP 1", "twice");
  expect_sfen_error("4k4/9/9/9/+G8/9/9/9/4K4 b - 1", "cannot be promoted");
  expect_sfen_error("4k4/9/9/9/4+4/9/9/9/4K4 b - 1", "'+' must be followed");
}

TEST(ShogiNotation, ImpossiblePositionsAreRefused) {
  expect_sfen_error("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "sente must have exactly one king, has 2");
  expect_sfen_error("9/9/9/9/9/9/9/9/4K4 b - 1", "gote must have exactly one king, has 0");
  expect_sfen_error("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1",
                    "19 pawns, but the set has 18");
  expect_sfen_error("4k4/9/9/9/8R/9/9/9/4K4 b 2R 1", "3 rooks, but the set has 2");
  expect_sfen_error("4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "hand holds 3 of R");
  expect_sfen_error("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "pawn on 9a could never move");
  expect_sfen_error("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "knight on 9b could never move");
  expect_sfen_error("4k4/9/9/9/9/9/9/9/l3K4 b - 1", "lance on 9i could never move");
  expect_sfen_error("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", "two unpromoted pawns on file 5");
  expect_sfen_error("4k4/9/9/9/9/9/9/4r4/4K4 w - 1", "sente is in check but it is not their move");
}

TEST(ShogiNotation, BadMoveTextIsRefusedPrecisely) {
  auto s = load("shogi", "startpos");
  expect_refused(*s, "", "bad move");
  expect_refused(*s, "7g7", "expected a move like");
  expect_refused(*s, "0a1b", "no square '0a'");
  expect_refused(*s, "7g7j", "no square '7j'");
  expect_refused(*s, "7g7g", "must change square");
  expect_refused(*s, "K*5e", "drop starts with");
  expect_refused(*s, "P*5z", "no square");
  expect_refused(*s, "7g7f=", "expected a move like");
}

TEST(ShogiNotation, UnknownOptionIsRefused) {
  const rules::Game* g = rules::find_game("shogi");
  auto bad_key = g->make_options({{"komi", "6"}});
  ASSERT_FALSE(bad_key.ok());
  EXPECT_NE(bad_key.error().message.find("unknown option 'komi'"), std::string::npos);
  auto bad_value = g->make_options({{"move_limit", "100"}});
  ASSERT_FALSE(bad_value.ok());
  EXPECT_NE(bad_value.error().message.find("choices: 0, 150, 200, 256, 300"), std::string::npos);
  // Annan's options are not Shogi's.
  EXPECT_FALSE(g->make_options({{"dead_piece", "forbid"}}).ok());
}

TEST(ShogiNotation, LoadNamesTheFailingMove) {
  EXPECT_NE(load_error("shogi", "startpos moves 7g7f 3c3d 7f7e 3d3e 8h2b+ 3a2b 2b3c")
                .find("move 7 '2b3c'"),
            std::string::npos);
}

}  // namespace
}  // namespace kaisho::testing

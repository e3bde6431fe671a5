// KIF and CSA records written from USI moves.
#include <gtest/gtest.h>

#include "rules/shogi/record_formats.hpp"

namespace kaisho::shogi {
namespace {

RecordInfo sample() {
  RecordInfo r;
  r.variant = "shogi";
  r.start_sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
  r.moves = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"};
  r.sente_name = "Aiko";
  r.gote_name = "CPU";
  r.result_reason = "resignation";
  return r;
}

TEST(KifRecord, MovesInJapaneseNotationWithOriginAndSameSquare) {
  auto kif = to_kif(sample());
  ASSERT_TRUE(kif.ok());
  const std::string& k = kif.value();
  EXPECT_NE(k.find("手合割：平手"), std::string::npos);
  EXPECT_NE(k.find("先手：Aiko"), std::string::npos);
  EXPECT_NE(k.find("   1 ７六歩(77)\n"), std::string::npos) << k;
  EXPECT_NE(k.find("   2 ３四歩(33)\n"), std::string::npos);
  EXPECT_NE(k.find("   3 ２二角成(88)\n"), std::string::npos);
  EXPECT_NE(k.find("   4 同　銀(31)\n"), std::string::npos);
  EXPECT_NE(k.find("   5 ４五角打\n"), std::string::npos);
  EXPECT_NE(k.find("   6 投了\n"), std::string::npos);
}

TEST(CsaRecord, BoardThenMovesThenResult) {
  auto csa = to_csa(sample());
  ASSERT_TRUE(csa.ok());
  const std::string& c = csa.value();
  EXPECT_NE(c.find("N+Aiko\nN-CPU\n"), std::string::npos);
  EXPECT_NE(c.find("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"), std::string::npos) << c;
  EXPECT_NE(c.find("+7776FU\n-3334FU\n+8822UM\n-3122GI\n+0045KA\n%TORYO\n"), std::string::npos)
      << c;
}

TEST(KifRecord, HandicapStartIsNamedAndBadMovesAreErrors) {
  RecordInfo r = sample();
  r.start_sfen = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
  r.moves = {"3c3d"};
  auto kif = to_kif(r);
  ASSERT_TRUE(kif.ok());
  EXPECT_NE(kif.value().find("手合割：二枚落ち"), std::string::npos);
  r.moves = {"zz"};
  EXPECT_FALSE(to_kif(r).ok());
}

}  // namespace
}  // namespace kaisho::shogi

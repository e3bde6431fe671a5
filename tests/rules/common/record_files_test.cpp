// A game's record as files (rules/registry/record_files.hpp): what the server exports and the
// WebAssembly module writes for the page.
#include <gtest/gtest.h>

#include "rules/registry/record_files.hpp"
#include "rules/shogi/record_formats.hpp"

namespace kaisho::rules {
namespace {

const char* kShogiStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

RecordSource shogi_game() {
  RecordSource r;
  r.game = "shogi";
  r.start_text = kShogiStart;
  r.moves = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"};
  r.names = {"Aiko", "CPU"};
  r.result_reason = "resignation";
  return r;
}

TEST(RecordFiles, TextIsTheStartAndTheMovesForEveryGame) {
  RecordSource r = shogi_game();
  EXPECT_EQ(record_file(r, "text").value(),
            std::string(kShogiStart) + " moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n");
  r.moves.clear();
  EXPECT_EQ(record_file(r, "text").value(), std::string(kShogiStart) + "\n");
  RecordSource h;
  h.game = "hasami";
  h.start_text = "startpos";
  h.moves = {"1i1f"};
  EXPECT_EQ(record_file(h, "text").value(), "startpos moves 1i1f\n");
  EXPECT_EQ(record_formats("hasami"), std::vector<std::string>{"text"});
  EXPECT_EQ(record_files(h).size(), 1u);
}

TEST(RecordFiles, KifAndCsaAreTheShogiFormatsWithTheNamesAndTheEnd) {
  const RecordSource r = shogi_game();
  shogi::RecordInfo info;
  info.variant = "shogi";
  info.start_sfen = kShogiStart;
  info.moves = r.moves;
  info.sente_name = "Aiko";
  info.gote_name = "CPU";
  info.result_reason = "resignation";
  EXPECT_EQ(record_file(r, "kif").value(), shogi::to_kif(info).value());
  EXPECT_EQ(record_file(r, "csa").value(), shogi::to_csa(info).value());
  const auto all = record_files(r);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all.at("kif"), shogi::to_kif(info).value());
  EXPECT_NE(all.at("kif").find("   6 投了\n"), std::string::npos);
  EXPECT_NE(all.at("csa").find("%TORYO\n"), std::string::npos);
}

TEST(RecordFiles, MissingNamesAreTheSeatsAndAnUnfinishedGameHasNoEnd) {
  RecordSource r = shogi_game();
  r.names = {"", ""};
  r.result_reason = "";
  const std::string kif = record_file(r, "kif").value();
  EXPECT_NE(kif.find("先手：sente\n後手：gote\n"), std::string::npos) << kif;
  EXPECT_EQ(kif.find("投了"), std::string::npos);
  r.names.clear();
  EXPECT_NE(record_file(r, "csa").value().find("N+sente\nN-gote\n"), std::string::npos);
}

TEST(RecordFiles, OtherGamesHaveNoKifAndUnknownFormatsAreErrors) {
  RecordSource h;
  h.game = "hasami";
  h.start_text = "startpos";
  auto kif = record_file(h, "kif");
  ASSERT_FALSE(kif.ok());
  EXPECT_NE(kif.error().message.find("shogi and annan only"), std::string::npos);
  auto pdf = record_file(shogi_game(), "pdf");
  ASSERT_FALSE(pdf.ok());
  EXPECT_NE(pdf.error().message.find("unknown record format"), std::string::npos);
  // A record that does not replay has no KIF; the export keeps what it can write.
  RecordSource bad = shogi_game();
  bad.moves = {"zz"};
  EXPECT_FALSE(record_file(bad, "kif").ok());
  EXPECT_EQ(record_files(bad).size(), 1u);
}

}  // namespace
}  // namespace kaisho::rules

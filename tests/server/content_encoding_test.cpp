// Which static file answers a request: the plain file or its brotli/gzip copy, chosen by
// Accept-Encoding (src/server/net/content_encoding.hpp). No server here; net_test.cpp
// fetches real files from a real server.
#include "server/net/content_encoding.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>

namespace kaisho::net {
namespace {

// The encoding chosen for a header value when both copies exist.
Encoding both(const std::string& header) {
  return choose_encoding(&header, true, true);
}

TEST(AcceptEncoding, BrotliIsPreferredWhenBothAreAccepted) {
  EXPECT_EQ(both("gzip, deflate, br"), Encoding::br);
  EXPECT_EQ(both("br, gzip"), Encoding::br);
  EXPECT_EQ(both("gzip, deflate, br, zstd"), Encoding::br);  // what Chromium sends
  EXPECT_EQ(both("gzip;q=1.0, br;q=1"), Encoding::br);       // a tie goes to brotli
}

TEST(AcceptEncoding, AHigherQualityWins) {
  EXPECT_EQ(both("br;q=0.5, gzip"), Encoding::gzip);
  EXPECT_EQ(both("br;q=0.9, gzip;q=0.8"), Encoding::br);
  EXPECT_EQ(both("br;q=0.001, gzip;q=0.002"), Encoding::gzip);
}

TEST(AcceptEncoding, QZeroRefusesACoding) {
  EXPECT_EQ(both("br;q=0, gzip"), Encoding::gzip);
  EXPECT_EQ(both("br;q=0.000, gzip;q=0"), Encoding::identity);
  EXPECT_EQ(both("gzip;q=0"), Encoding::identity);
  EXPECT_EQ(both("*, br;q=0"), Encoding::gzip);
  EXPECT_EQ(both("*;q=0"), Encoding::identity);
  EXPECT_EQ(both("br;q=0, *;q=0, identity"), Encoding::identity);
}

TEST(AcceptEncoding, StarAcceptsCodingsNotListed) {
  EXPECT_EQ(both("*"), Encoding::br);
  EXPECT_EQ(both("gzip;q=0.5, *;q=0.1"), Encoding::gzip);
  EXPECT_EQ(both("identity, *;q=0.5"), Encoding::br);
  EXPECT_EQ(choose_encoding(nullptr, true, true), Encoding::identity);
  const std::string star = "*";
  EXPECT_EQ(coding_quality(&star, "gzip"), 1000);
}

TEST(AcceptEncoding, TokensAndQAreCaseInsensitive) {
  EXPECT_EQ(both("BR"), Encoding::br);
  EXPECT_EQ(both("GZip"), Encoding::gzip);
  EXPECT_EQ(both("Br;Q=0, GZIP"), Encoding::gzip);
  EXPECT_EQ(both("x-gzip"), Encoding::gzip);  // RFC 9110: the same as gzip
}

TEST(AcceptEncoding, AnAbsentOrEmptyHeaderGetsThePlainFile) {
  EXPECT_EQ(choose_encoding(nullptr, true, true), Encoding::identity);
  EXPECT_EQ(both(""), Encoding::identity);
  EXPECT_EQ(both("identity"), Encoding::identity);
  EXPECT_EQ(both("deflate, zstd"), Encoding::identity);
}

TEST(AcceptEncoding, WhitespaceAndOddListsAreTolerated) {
  EXPECT_EQ(both("  br ; q=0.8 ,gzip;q=0.7"), Encoding::br);
  EXPECT_EQ(both(",, br,"), Encoding::br);
  EXPECT_EQ(both("gzip\t;\tq=0.3"), Encoding::gzip);
  EXPECT_EQ(both("brotli, gzipped, br-x"), Encoding::identity);  // whole tokens only
}

TEST(AcceptEncoding, AMalformedQualityIgnoresItsElement) {
  EXPECT_EQ(both("br;q=2, gzip"), Encoding::gzip);
  EXPECT_EQ(both("br;q=0.5x"), Encoding::identity);
  EXPECT_EQ(both("br;q=0.1234"), Encoding::identity);
  EXPECT_EQ(both("br;q=1.5, gzip;q=1.000"), Encoding::gzip);
  EXPECT_EQ(both("br;q=-1"), Encoding::identity);
}

TEST(AcceptEncoding, OnlyCopiesThatExistAreChosen) {
  const std::string header = "gzip, br";
  EXPECT_EQ(choose_encoding(&header, false, true), Encoding::gzip);
  EXPECT_EQ(choose_encoding(&header, true, false), Encoding::br);
  EXPECT_EQ(choose_encoding(&header, false, false), Encoding::identity);
  const std::string br_only = "br";
  EXPECT_EQ(choose_encoding(&br_only, false, true), Encoding::identity);
}

TEST(AcceptEncoding, NamesAndSuffixes) {
  EXPECT_EQ(encoding_name(Encoding::br), "br");
  EXPECT_EQ(encoding_name(Encoding::gzip), "gzip");
  EXPECT_EQ(encoding_name(Encoding::identity), "");
  EXPECT_EQ(encoding_suffix(Encoding::br), ".br");
  EXPECT_EQ(encoding_suffix(Encoding::gzip), ".gz");
  EXPECT_EQ(encoding_suffix(Encoding::identity), "");
  EXPECT_TRUE(is_compressed_copy("/web/assets/index-abc.js.br"));
  EXPECT_TRUE(is_compressed_copy("/web/index.html.gz"));
  EXPECT_FALSE(is_compressed_copy("/web/index.html"));
  EXPECT_FALSE(is_compressed_copy("/web/brand.svg"));
}

TEST(StaticFileChoice, AMissingBrotliCopyFallsBackToGzip) {
  const std::set<std::string> files = {"/w/app.js", "/w/app.js.gz"};
  auto exists = [&](const std::string& p) { return files.contains(p); };
  const std::string header = "gzip, deflate, br";
  const StaticFile f = choose_static_file("/w/app.js", &header, exists);
  EXPECT_EQ(f.path, "/w/app.js.gz");
  EXPECT_EQ(f.encoding, Encoding::gzip);
  EXPECT_TRUE(f.has_copies);
}

TEST(StaticFileChoice, NoCopiesMeansThePlainFileAndNoVary) {
  auto exists = [](const std::string& p) { return p == "/w/logo.png"; };
  const std::string header = "br, gzip";
  const StaticFile f = choose_static_file("/w/logo.png", &header, exists);
  EXPECT_EQ(f.path, "/w/logo.png");
  EXPECT_EQ(f.encoding, Encoding::identity);
  EXPECT_FALSE(f.has_copies);
}

TEST(StaticFileChoice, ThePlainFileWhenNothingIsAcceptedStillVaries) {
  auto exists = [](const std::string&) { return true; };
  const StaticFile f = choose_static_file("/w/index.html", nullptr, exists);
  EXPECT_EQ(f.path, "/w/index.html");
  EXPECT_EQ(f.encoding, Encoding::identity);
  EXPECT_TRUE(f.has_copies);  // a cache must still key on Accept-Encoding
}

TEST(StaticFileChoice, ReadsTheFileSystemByDefault) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("kaisho-content-encoding-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir / "sub.br");  // a directory is not a copy
  for (const char* name : {"a.js", "a.js.br", "a.js.gz", "sub", "b.css", "b.css.gz"})
    if (!std::filesystem::exists(dir / name)) std::ofstream(dir / name) << name;
  const std::string header = "br;q=1, gzip;q=0.9";
  EXPECT_EQ(choose_static_file((dir / "a.js").string(), &header).encoding, Encoding::br);
  EXPECT_EQ(choose_static_file((dir / "b.css").string(), &header).encoding, Encoding::gzip);
  const StaticFile sub = choose_static_file((dir / "sub").string(), &header);
  EXPECT_EQ(sub.encoding, Encoding::identity);
  EXPECT_FALSE(sub.has_copies);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace kaisho::net

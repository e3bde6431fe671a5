// The operator's log lines (core/log.hpp): one JSON object per line, whatever a message holds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "core/log.hpp"

namespace kaisho {
namespace {

TEST(LogLine, IsOneJsonObjectWithItsFieldsWhateverTheTextHolds) {
  const std::string line =
      log::format("warning", "a \"quoted\" message\nover two lines\x01",
                  {{"group", "g1"}, {"error", std::string("bad byte \xff here and \xe3\x81\x82")}});
  ASSERT_EQ(line.find('\n'), std::string::npos) << "one line";
  const auto j = nlohmann::json::parse(line);
  EXPECT_EQ(j["level"], "warning");
  EXPECT_EQ(j["msg"], "a \"quoted\" message\nover two lines\x01");
  EXPECT_EQ(j["group"], "g1");
  EXPECT_EQ(j["error"], "bad byte \xef\xbf\xbd here and \xe3\x81\x82") << "invalid UTF-8 replaced";
}

TEST(LogLine, NamesTheServerAndTheThreadsHall) {
  log::set_server("s2");
  log::set_hall("1");
  const auto j = nlohmann::json::parse(log::format("error", "m", {}));
  EXPECT_EQ(j["server"], "s2");
  EXPECT_EQ(j["hall"], "1");
  log::set_server("");
  log::set_hall("");
  const auto bare = nlohmann::json::parse(log::format("error", "m", {}));
  EXPECT_FALSE(bare.contains("server"));
  EXPECT_FALSE(bare.contains("hall"));
}

TEST(LogLine, APersonIsNamedByAStableHashThatDoesNotSayWhoTheyAre) {
  const std::string a = log::person("k7q2m4x9zt");
  EXPECT_EQ(a, log::person("k7q2m4x9zt")) << "the same within a process";
  EXPECT_NE(a, log::person("k7q2m4x9zu"));
  EXPECT_EQ(a.find("k7q2"), std::string::npos);
  EXPECT_EQ(a.rfind("p:", 0), 0u);
}

}  // namespace
}  // namespace kaisho

// The protocol decoder refuses bad input with the right code; encoders produce what the docs say.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "server/protocol/messages.hpp"

namespace kaisho::server::protocol {
namespace {

std::string code_of(std::string_view text) {
  auto r = decode_request(text);
  return r ? "" : r.error().code;
}

TEST(ProtocolDecode, BadInputGetsAPreciseCode) {
  EXPECT_EQ(code_of("{"), "bad_json");
  EXPECT_EQ(code_of("[1,2]"), "bad_message");
  EXPECT_EQ(code_of("{\"type\": 3}"), "bad_message");
  EXPECT_EQ(code_of("{\"type\": \"fly\"}"), "unknown_type");
  EXPECT_EQ(code_of("{\"type\": \"move\", \"group\": \"g\", \"move\": \"7g7f\"}"), "bad_message");
  EXPECT_EQ(code_of("{\"type\": \"move\", \"group\": \"g\", \"move\": 5, \"version\": 1}"),
            "bad_message");
  EXPECT_EQ(code_of("{\"type\": \"settings\", \"group\": \"g\", \"options\": [1]}"), "bad_message");
  EXPECT_EQ(code_of("{\"type\": \"seat\", \"group\": \"g\"}"), "bad_message");
  EXPECT_EQ(code_of(std::string(kMaxFrameBytes + 1, ' ')), "too_large");
  EXPECT_EQ(code_of("{\"type\": \"join_group\", \"group\": \"" + std::string(100, 'x') + "\"}"),
            "bad_message");
}

TEST(ProtocolDecode, AMessageWithABadFieldStillHasItsRequestIdForTheReply) {
  for (
      const char* text :
      {R"({"type":"set_name","rid":"R1"})",
       R"({"type":"move","group":"g","move":"7g7f7g7f7g7f7g7f7g7f7g7f7g7f7g7f7g7f","version":1,"rid":"R1"})",
       R"({"type":"join_group","group":5,"rid":"R1"})", R"({"rid":"R1"})",
       R"({"type":"fly","rid":"R1"})"}) {
    std::string rid;
    auto r = decode_request(text, &rid);
    EXPECT_FALSE(r.ok()) << text;
    EXPECT_EQ(rid, "R1") << text;
  }
}

TEST(ProtocolDecode, WellFormedRequestsAreTyped) {
  auto r = decode_request(R"({"type":"move","group":"abc","move":"7g7f","version":12,"rid":"r1"})");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->rid, "r1");
  const auto& m = std::get<PlayMove>(r->request);
  EXPECT_EQ(m.group, "abc");
  EXPECT_EQ(m.move, "7g7f");
  EXPECT_EQ(m.version, 12);
  auto s = decode_request(
      R"({"type":"settings","group":"g","options":{"move_limit":"150"},"timer":30})");
  ASSERT_TRUE(s.ok());
  const auto& c = std::get<ChangeSettings>(s->request);
  EXPECT_EQ(c.timer, 30);
  ASSERT_TRUE(c.options);
  EXPECT_EQ(c.options->front().first, "move_limit");
  auto seat = decode_request(R"({"type":"seat","group":"g","seat":null})");
  ASSERT_TRUE(seat.ok());
  EXPECT_FALSE(std::get<TakeSeat>(seat->request).seat.has_value());
}

TEST(ProtocolEncode, ErrorsAndWelcomeAreJsonWithTheirFields) {
  auto e = nlohmann::json::parse(encode(ErrorReply{"r9", "illegal_move", "no <script>", {}}));
  EXPECT_EQ(e["type"], "error");
  EXPECT_EQ(e["rid"], "r9");
  EXPECT_EQ(e["code"], "illegal_move");
  EXPECT_EQ(e["message"], "no <script>");
  auto w = nlohmann::json::parse(
      encode(Welcome{"tok", "pid", "\xd8\xa3\xd8\xad\xd9\x85\xd8\xaf", false}));
  EXPECT_EQ(w["protocol"], kVersion);
  EXPECT_EQ(w["person"]["name"], "\xd8\xa3\xd8\xad\xd9\x85\xd8\xaf");
}

TEST(ProtocolEncode, AReplyGetsItsRequestsRidWithoutBeingEncodedAgain) {
  EXPECT_EQ(with_rid(R"({"type":"history","games":[]})", "h\"1"),
            R"({"rid":"h\"1","type":"history","games":[]})");
  EXPECT_EQ(with_rid(R"({"type":"x"})", ""), R"({"type":"x"})");
  EXPECT_EQ(with_rid("{}", "r"), R"({"rid":"r"})");
}

}  // namespace
}  // namespace kaisho::server::protocol

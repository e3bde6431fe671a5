// The protocol decoder (docs/protocol.md): one client text frame in, a typed request or an
// error out. Checks:
//  - a refusal carries one of the decoder's codes and a message; bad_json exactly when the
//    frame is not JSON, too_large exactly when it is over 16 KiB;
//  - a decoded request respects the field limits (rid 64, group 64, move 32, ...), and
//    written back as JSON it decodes to the same request (a round trip through the fields).
#include <nlohmann/json.hpp>

#include "fuzz_support.hpp"
#include "server/protocol/messages.hpp"

using namespace kaisho;
using namespace kaisho::server::protocol;
using nlohmann::json;

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// The request as a client would have written it.
json to_json(const Envelope& e) {
  json j = std::visit(
      Overloaded{
          [](const Hello& m) {
            json o = {{"type", "hello"}};
            if (m.token) o["token"] = *m.token;
            if (m.name) o["name"] = *m.name;
            return o;
          },
          [](const SetName& m) {
            return json{{"type", "set_name"}, {"name", m.name}};
          },
          [](const CreateGroup& m) {
            return json{{"type", "create_group"}, {"game", m.game}};
          },
          [](const JoinGroup& m) {
            return json{{"type", "join_group"}, {"group", m.group}};
          },
          [](const LeaveGroup& m) {
            return json{{"type", "leave_group"}, {"group", m.group}};
          },
          [](const ChangeSettings& m) {
            json o = {{"type", "settings"}, {"group", m.group}};
            if (m.game) o["game"] = *m.game;
            if (m.options) {
              o["options"] = json::object();
              for (const auto& [k, v] : *m.options) o["options"][k] = v;
            }
            if (m.timer) o["timer"] = *m.timer;
            if (m.cpu_level) o["cpu_level"] = *m.cpu_level;
            return o;
          },
          [](const TakeSeat& m) {
            return json{
                {"type", "seat"}, {"group", m.group}, {"seat", m.seat ? json(*m.seat) : json()}};
          },
          [](const StartGame& m) {
            return json{{"type", "start"}, {"group", m.group}};
          },
          [](const PlayMove& m) {
            return json{
                {"type", "move"}, {"group", m.group}, {"move", m.move}, {"version", m.version}};
          },
          [](const Resign& m) {
            return json{{"type", "resign"}, {"group", m.group}};
          },
          [](const Sync& m) {
            return json{{"type", "sync"}, {"group", m.group}, {"version", m.version}};
          },
          [](const ListHistory&) {
            return json{{"type", "history"}};
          },
          [](const GetRecord& m) {
            return json{{"type", "record"}, {"game_id", m.game_id}};
          },
          [](const RemoveMember& m) {
            return json{{"type", "remove_member"}, {"group", m.group}, {"person", m.person}};
          },
          [](const Ping&) {
            return json{{"type", "ping"}};
          },
          [](const PracticeGame& m) {
            json o = {{"type", "practice_game"}, {"id", m.id},
                      {"game", m.game},          {"options", json::object()},
                      {"side", m.side},          {"level", m.level},
                      {"moves", m.moves},        {"started_ms", m.started_ms},
                      {"ended_ms", m.ended_ms}};
            for (const auto& [k, v] : m.options) o["options"][k] = v;
            if (!m.start.empty()) o["start"] = m.start;
            if (m.resigned) o["resigned"] = *m.resigned;
            return o;
          },
      },
      e.request);
  if (!e.rid.empty()) j["rid"] = e.rid;
  return j;
}

void check_limits(const Envelope& e) {
  auto at_most = [](const std::string& s, size_t n, const char* field) {
    FUZZ_CHECK(s.size() <= n, std::string(field) + " has " + std::to_string(s.size()) + " bytes");
  };
  at_most(e.rid, 64, "rid");
  std::visit(Overloaded{
                 [&](const Hello& m) {
                   if (m.token) at_most(*m.token, 128, "token");
                   if (m.name) at_most(*m.name, 512, "name");
                 },
                 [&](const SetName& m) { at_most(m.name, 512, "name"); },
                 [&](const CreateGroup& m) { at_most(m.game, 32, "game"); },
                 [&](const ChangeSettings& m) {
                   at_most(m.group, 64, "group");
                   if (m.options) {
                     FUZZ_CHECK(m.options->size() <= 32, "more than 32 options");
                     for (const auto& [k, v] : *m.options) {
                       at_most(k, 64, "option key");
                       at_most(v, 64, "option value");
                     }
                   }
                   if (m.timer)
                     FUZZ_CHECK(*m.timer >= -1 && *m.timer <= 1000, "timer out of range");
                   if (m.cpu_level)
                     FUZZ_CHECK(*m.cpu_level >= -1 && *m.cpu_level <= 1000,
                                "cpu_level out of range");
                 },
                 [&](const TakeSeat& m) {
                   at_most(m.group, 64, "group");
                   if (m.seat) FUZZ_CHECK(*m.seat >= -1 && *m.seat <= 100, "seat out of range");
                 },
                 [&](const PlayMove& m) {
                   at_most(m.group, 64, "group");
                   at_most(m.move, 32, "move");
                 },
                 [&](const RemoveMember& m) {
                   at_most(m.group, 64, "group");
                   at_most(m.person, 64, "person");
                 },
                 [&](const PracticeGame& m) {
                   FUZZ_CHECK(m.id.size() >= 8 && m.id.size() <= 64, "practice id length");
                   at_most(m.game, 32, "game");
                   at_most(m.start, 512, "start");
                   FUZZ_CHECK(m.options.size() <= 32, "more than 32 options");
                   FUZZ_CHECK(m.moves.size() <= 2000, "more than 2000 moves");
                   for (const auto& move : m.moves) at_most(move, 32, "move");
                   FUZZ_CHECK(m.level >= 1 && m.level <= 8, "level out of range");
                   FUZZ_CHECK(m.side >= -1 && m.side <= 100, "side out of range");
                 },
                 [&](const auto& m) {
                   if constexpr (requires { m.group; }) at_most(m.group, 64, "group");
                 },
             },
             e.request);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto decoded = decode_request(text);
  if (!decoded) {
    const std::string& code = decoded.error().code;
    FUZZ_CHECK(code == "bad_json" || code == "bad_message" || code == "unknown_type" ||
                   code == "too_large",
               "unknown error code '" + code + "'");
    FUZZ_CHECK(!decoded.error().message.empty(), "an error without a message");
    FUZZ_CHECK((code == "too_large") == (size > kMaxFrameBytes),
               "too_large for " + std::to_string(size) + " bytes");
    if (size <= kMaxFrameBytes)
      FUZZ_CHECK((code == "bad_json") == !json::accept(text),
                 "bad_json disagrees with the JSON parser");
    return 0;
  }
  FUZZ_CHECK(size <= kMaxFrameBytes && json::accept(text),
             "accepted a frame that is not JSON or too large");
  check_limits(decoded.value());
  const std::string again_text = to_json(decoded.value()).dump();
  auto again = decode_request(again_text);
  FUZZ_CHECK(again.ok(),
             "the request written back, " + again_text + ", is refused: " + again.error().message);
  const std::string twice = to_json(again.value()).dump();
  FUZZ_CHECK(twice == again_text, "decoded as " + again_text + ", then as " + twice);
  return 0;
}

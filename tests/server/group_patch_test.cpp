// A group's change as JSON Patch operations (group_patch, docs/protocol.md): the diff gives
// exactly the new state when applied to the old, it is small for a move, and a hall sends it
// only to connections that asked for it, with the base version the client must hold.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>

#include "hall_fixture.hpp"
#include "server/protocol/json_patch.hpp"

namespace kaisho::server::testing {
namespace {

using nlohmann::json;
using protocol::json_diff;

void expect_round_trip(const json& before, const json& after) {
  const json ops = json_diff(before, after);
  EXPECT_EQ(before.patch(ops), after) << ops.dump();
}

TEST(JsonDiff, ObjectMembersAreAddedRemovedAndReplacedAndArraysGrowAtTheirEnd) {
  const json before = {{"version", 1},
                       {"game", {{"moves", {"7g7f"}}, {"legal", {"a", "b"}}, {"last", "7g7f"}}},
                       {"gone", true}};
  const json after = {{"version", 2},
                      {"game", {{"moves", {"7g7f", "3c3d"}}, {"legal", {"c"}}, {"last", "3c3d"}}},
                      {"new", {1, 2}}};
  const json ops = json_diff(before, after);
  EXPECT_EQ(before.patch(ops), after);
  EXPECT_TRUE(std::find(ops.begin(), ops.end(),
                        json{{"op", "add"}, {"path", "/game/moves/-"}, {"value", "3c3d"}}) !=
              ops.end())
      << "a move list that grew is sent as its new move: " << ops.dump();
  EXPECT_TRUE(std::find(ops.begin(), ops.end(), json{{"op", "remove"}, {"path", "/gone"}}) !=
              ops.end());
  EXPECT_EQ(json_diff(after, after), json::array()) << "no change, no operation";
}

TEST(JsonDiff, MemberNamesWithSlashOrTildeAreEscapedAsJsonPointer) {
  expect_round_trip({{"a/b", 1}, {"c~d", {{"e", 1}}}}, {{"a/b", 2}, {"c~d", {{"e", 2}}}});
}

TEST(JsonDiff, AnyChangeOfTypeOrShapeRoundTrips) {
  expect_round_trip({{"x", json::array()}}, {{"x", json::object()}});
  expect_round_trip({{"x", {1, 2, 3}}}, {{"x", {1, 2}}});
  expect_round_trip({{"x", {1, 2, 3}}}, {{"x", {0, 2, 3, 4}}});
  expect_round_trip({{"x", nullptr}}, {{"x", 0}});
  expect_round_trip(json::array({1}), json::object({{"a", 1}}));
}

// Random documents, each changed at random: applying the diff always gives the new one.
TEST(JsonDiff, RandomChangesOfRandomDocumentsRoundTrip) {
  std::mt19937 rng(7);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  std::function<json(int)> make = [&](int depth) -> json {
    switch (depth > 2 ? pick(3) : pick(5)) {
      case 0:
        return pick(100);
      case 1:
        return std::string(1, static_cast<char>('a' + pick(4)));
      case 2:
        return pick(2) == 0;
      case 3: {
        json a = json::array();
        for (int i = pick(4); i > 0; --i) a.push_back(make(depth + 1));
        return a;
      }
      default: {
        json o = json::object();
        for (int i = pick(4); i > 0; --i)
          o[std::string(1, static_cast<char>('k' + pick(5)))] = make(depth + 1);
        return o;
      }
    }
  };
  std::function<void(json&)> mutate = [&](json& j) {
    if (j.is_object() && !j.empty() && pick(3) > 0) {
      auto it = std::next(j.begin(), pick(static_cast<int>(j.size())));
      mutate(*it);
    } else if (j.is_array() && pick(2) == 0) {
      j.push_back(make(2));
    } else {
      j = make(1);
    }
  };
  for (int i = 0; i < 2000; ++i) {
    json before = make(0);
    json after = before;
    for (int k = pick(3) + 1; k > 0; --k) mutate(after);
    expect_round_trip(before, after);
  }
}

// The client's side of compact_moves (web/src/net/patch.ts does the same).
std::vector<std::string> expand_moves(const std::string& compact) {
  std::vector<std::string> out;
  std::istringstream groups(compact);
  std::string group;
  while (groups >> group) {
    const std::string prefix = group.substr(0, 2);
    std::istringstream rests(group.substr(2));
    std::string rest;
    while (std::getline(rests, rest, ',')) out.push_back(prefix + rest);
  }
  return out;
}

TEST(CompactMoves, MovesSharingTheirFirstTwoCharactersAreOneGroupAndExpandBackInOrder) {
  const std::vector<std::string> moves = {"7g7f", "7g7f+", "N*1b", "N*1d", "2h1h", "7g7e"};
  const auto compact = protocol::compact_moves(moves);
  ASSERT_TRUE(compact);
  EXPECT_EQ(*compact, "7g7f,7f+ N*1b,1d 2h1h 7g7e");
  EXPECT_EQ(expand_moves(*compact), moves);
  EXPECT_EQ(protocol::compact_moves({}), std::string());
  EXPECT_FALSE(protocol::compact_moves({"ab"})) << "too short to split";
  EXPECT_FALSE(protocol::compact_moves({"a b c"}));
  EXPECT_FALSE(protocol::compact_moves({"a,b,c"}));
}

class GroupPatches : public HallTest {
 public:
  // A person whose connection takes patches (hello with patches: true).
  ConnId patched_person(const std::string& name) {
    ConnId c = connect();
    send(c, {{"type", "hello"}, {"name", name}, {"patches", true}});
    return c;
  }
  // Every message of `type` to `c`, in order.
  std::vector<json> all(ConnId c, const std::string& type) {
    std::vector<json> out;
    for (const auto& m : out_.sent[c])
      if (m["type"] == type) out.push_back(m);
    return out;
  }
  // The group state `c` holds after applying what it was sent, as a client does.
  json followed(ConnId c) {
    json state;
    for (const auto& m : out_.sent[c]) {
      if (m["type"] == "group") state = m["group"];
      if (m["type"] != "group_patch") continue;
      EXPECT_EQ(m["base"], state["version"]) << "a patch from the state the client holds";
      state = state.patch(m["ops"]);
      state["table"]["your_seats"] = m["your_seats"];
      json& game = state["table"]["game"];
      if (game.is_object() && game["legal_moves"].is_string())
        game["legal_moves"] = expand_moves(game["legal_moves"]);
    }
    return state;
  }
};

TEST_F(GroupPatches, AMoveReachesAClientThatAsksForPatchesAsTheChangeOnlyAndRebuildsTheState) {
  ConnId a = patched_person("Aiko");
  ConnId b = person("Botan");  // an older client: whole states
  const std::string id = create(a, "shogi");
  send(b, {{"type", "join_group"}, {"group", id}});
  send(a, {{"type", "start"}, {"group", id}});
  json g = group(b);
  ASSERT_EQ(g["table"]["status"], "playing");
  // Whoever is to move plays its first legal move, a few times.
  for (int i = 0; i < 6; ++i) {
    json now = group(b);
    if (now["table"]["status"] != "playing") break;
    const int to_move = now["table"]["game"]["to_move"];
    const ConnId mover = has(now["table"]["your_seats"], to_move) ? b : a;
    send(mover, {{"type", "move"},
                 {"group", id},
                 {"move", now["table"]["game"]["legal_moves"][0]},
                 {"version", now["version"]}});
    clock_.advance(200);
  }
  const auto patches = all(a, "group_patch");
  ASSERT_GE(patches.size(), 3u) << "moves reach a as patches";
  EXPECT_TRUE(all(b, "group_patch").empty()) << "a client that did not ask gets whole states";
  for (const auto& p : patches) {
    EXPECT_EQ(p["group"], id);
    EXPECT_LT(p["base"].get<int64_t>(), p["version"].get<int64_t>());
  }
  // a's state, rebuilt from patches, is the whole state b was sent, but for its own part
  // (your_seats, you) and the clock measured when each was sent.
  json rebuilt = followed(a);
  json whole = group(b);
  for (json* s : {&rebuilt, &whole}) {
    s->erase("you");
    (*s)["table"].erase("your_seats");
    (*s)["table"]["game"].erase("clock");
  }
  EXPECT_EQ(rebuilt, whole);
}

TEST_F(GroupPatches, AShogiMoveIsSentAsAFractionOfTheWholeState) {
  ConnId a = patched_person("Aiko");
  const std::string id = create(a, "shogi");
  send(a, {{"type", "start"}, {"group", id}});
  size_t largest = 0;
  json biggest;
  int measured = 0;
  // a plays against the CPU; every patch after a's move and after the CPU's is measured.
  for (int i = 0; i < 40 && measured < 30; ++i) {
    json now = followed(a);
    if (now["table"]["status"] != "playing") break;
    const size_t before = out_.sent[a].size();
    if (has(now["table"]["your_seats"], now["table"]["game"]["to_move"].get<int>()))
      send(a, {{"type", "move"},
               {"group", id},
               {"move", now["table"]["game"]["legal_moves"][0]},
               {"version", now["version"]}});
    clock_.advance(1000);
    clock_.run();
    for (size_t k = before; k < out_.sent[a].size(); ++k)
      if (out_.sent[a][k]["type"] == "group_patch") {
        if (out_.sent[a][k].dump().size() > largest) biggest = out_.sent[a][k];
        largest = std::max(largest, out_.sent[a][k].dump().size());
        ++measured;
      }
  }
  EXPECT_GE(measured, 10);
  // The moves grow at their end; the legal moves come whole (the WebSocket's compression
  // takes them down further: web/e2e measures the bytes on the wire).
  const size_t whole = last(a, "group").dump().size();
  EXPECT_LT(largest * 3, whole) << "largest patch " << largest << " bytes, whole state " << whole
                                << ": " << biggest.dump();
}

}  // namespace
}  // namespace kaisho::server::testing

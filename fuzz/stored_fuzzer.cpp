// The codec of what the hall keeps in the store (src/server/hall/stored_records.hpp): a group
// record or a game record, possibly damaged, in; a record or a bad_data error out. Byte 0
// says which (even: a group record; odd: a game record, of the game byte 1 picks). Checks:
//  - nothing throws (an exception escaping would end the harness, as it once ended the server);
//  - a refusal has the code bad_data and a message;
//  - a record read is one the hall can use (its seats fit its game), and written back, it
//    reads back to the same text (a round trip through the fields).
#include "fuzz_support.hpp"
#include "server/hall/stored_records.hpp"

using namespace kaisho;
using namespace kaisho::server;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 2, size - 2);
  const auto& games = rules::all_games();
  const std::string game_id(games[data[1] % games.size()]->id());
  auto refused = [](const Error& e) {
    FUZZ_CHECK(e.code == "bad_data", "refused with code '" + e.code + "'");
    FUZZ_CHECK(!e.message.empty(), "an error without a message");
  };
  if (data[0] % 2 == 0) {
    auto group = decode_stored_group(text);
    if (!group) return refused(group.error()), 0;
    const size_t seats = static_cast<size_t>(rules::find_game(group->game)->seat_count());
    FUZZ_CHECK(group->seats.empty() || group->seats.size() == seats, "seats of the wrong count");
    FUZZ_CHECK(group->status == TableStatus::Idle || group->seats.size() == seats,
               "a game without its seats");
    for (const auto& si : group->stand_ins)
      FUZZ_CHECK(si.seat >= 0 && static_cast<size_t>(si.seat) < seats, "a stand-in's seat");
    const std::string written = encode_stored_group(group.value());
    auto again = decode_stored_group(written);
    FUZZ_CHECK(again.ok(), "written back, " + written + ", it is refused");
    FUZZ_CHECK(encode_stored_group(again.value()) == written, "not stable: " + written);
  } else {
    auto game = decode_stored_game(text, game_id);
    if (!game) return refused(game.error()), 0;
    FUZZ_CHECK(game->players.size() == static_cast<size_t>(rules::find_game(game_id)->seat_count()),
               "players of the wrong count");
    const std::string written = encode_stored_game(game.value());
    auto again = decode_stored_game(written, game_id);
    FUZZ_CHECK(again.ok(), "written back, " + written + ", it is refused");
    FUZZ_CHECK(encode_stored_game(again.value()) == written, "not stable: " + written);
  }
  return 0;
}

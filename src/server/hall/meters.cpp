#include "server/hall/meters.hpp"

#include <array>

namespace kaisho::server {

namespace {

metrics::Registry& r() {
  return metrics::global();
}

}  // namespace

HallMeters::HallMeters(int shard)
    : moves_accepted(r().counter("kaisho_moves_accepted_total",
                                 "Moves of people stored and shown to their tables")),
      move_seconds(r().histogram("kaisho_move_round_trip_seconds",
                                 "A person's move from its arrival at the hall to its new state "
                                 "sent (the store's commit within)",
                                 metrics::latency_bounds())),
      loop_lag_seconds(r().histogram(
          "kaisho_hall_loop_lag_seconds",
          "How late a hall's event loop ran a timer (sampled every 500 ms): its own backlog",
          metrics::latency_bounds(), {{"hall", std::to_string(shard)}})),
      connections(r().gauge("kaisho_connections", "WebSocket connections a hall holds",
                            {{"hall", std::to_string(shard)}})),
      people(r().gauge("kaisho_people", "People connected to a hall",
                       {{"hall", std::to_string(shard)}})),
      groups(r().gauge("kaisho_groups_in_memory", "Groups a hall holds in memory",
                       {{"hall", std::to_string(shard)}})),
      groups_lost_fenced(r().counter("kaisho_groups_taken_over_total",
                                     "Groups this server lost to another: a fenced write, or a "
                                     "lease that lapsed and was taken",
                                     {{"reason", "fenced"}})),
      groups_lost_lapsed(r().counter("kaisho_groups_taken_over_total", "", {{"reason", "lapsed"}})),
      groups_reloaded(
          r().counter("kaisho_groups_reloaded_total",
                      "Groups loaded again because their table differed from the store")),
      moves_settled(
          r().counter("kaisho_moves_settled_total",
                      "Move writes reported failed whose outcome was read from the store")) {}

void HallMeters::refused(std::string_view code) {
  static constexpr std::array<std::string_view, 9> kCodes = {
      "not_your_turn", "not_your_seat", "stale_version", "illegal_move", "store",
      "no_game",       "busy",          "bad_message",   "not_member"};
  std::string reason = "other";
  for (auto c : kCodes)
    if (c == code) reason = std::string(c);
  r().counter("kaisho_moves_refused_total", "Moves of people refused, by the error's code",
              {{"reason", reason}})
      .add();
}

void HallMeters::read_failed(std::string_view what) {
  static constexpr std::array<std::string_view, 7> kReads = {
      "person", "group", "ratings", "history", "record", "claim", "move"};
  std::string read = "other";
  for (auto w : kReads)
    if (w == what) read = std::string(w);
  r().counter("kaisho_store_errors_total",
              "Store calls that failed (the database slow or away), by what was asked",
              {{"op", read}})
      .add();
}

}  // namespace kaisho::server

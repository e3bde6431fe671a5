#pragma once
// What a hall counts and measures for the operator (core/metrics.hpp; docs/server.md, "Metrics"):
// the process's registry, the hall's own series labelled by its number. Internal to the hall.
#include <string>
#include <string_view>

#include "core/metrics.hpp"

namespace kaisho::server {

struct HallMeters {
  explicit HallMeters(int shard);

  // A person's move refused, by its error code (a fixed set; anything else counts as "other").
  void refused(std::string_view code);
  // A read the hall asked for failed ("store"): `what` is one of a fixed set.
  void read_failed(std::string_view what);

  metrics::Counter& moves_accepted;
  metrics::Histogram& move_seconds;  // a person's move, received to shown (its commit within)
  metrics::Histogram& loop_lag_seconds;
  metrics::Gauge& connections;
  metrics::Gauge& people;
  metrics::Gauge& groups;
  metrics::Counter& groups_lost_fenced;  // a write refused: another server took the group
  metrics::Counter& groups_lost_lapsed;  // its lease lapsed and another server took it
  metrics::Counter& groups_reloaded;     // its table differed from the store
  metrics::Counter& moves_settled;       // a lost commit reply settled by reading the ply
};

}  // namespace kaisho::server

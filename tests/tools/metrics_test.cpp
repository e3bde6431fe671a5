// The metrics registry (core/metrics.hpp) and its Prometheus text format.
#include <gtest/gtest.h>

#include <thread>

#include "core/metrics.hpp"

namespace kaisho {
namespace {

TEST(Metrics, CountersGaugesAndHistogramsAreWrittenInPrometheusTextFormat) {
  metrics::Registry r;
  r.counter("kaisho_moves_refused_total", "Moves refused, by reason", {{"reason", "illegal_move"}})
      .add();
  r.counter("kaisho_moves_refused_total", "", {{"reason", "illegal_move"}}).add(2);
  r.gauge("kaisho_people", "People connected", {{"hall", "0"}}).set(7);
  auto& h = r.histogram("kaisho_store_commit_seconds", "Commit time", {0.01, 0.1});
  h.observe(0.005);
  h.observe(0.05);
  h.observe(3);
  r.gauge_callback("kaisho_leases_held", "Leases held", {}, [] { return 12.0; });
  const std::string text = r.expose();
  EXPECT_NE(text.find("# TYPE kaisho_moves_refused_total counter\n"
                      "kaisho_moves_refused_total{reason=\"illegal_move\"} 3\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("kaisho_people{hall=\"0\"} 7\n"), std::string::npos) << text;
  EXPECT_NE(text.find("kaisho_leases_held 12\n"), std::string::npos) << text;
  EXPECT_NE(text.find("# TYPE kaisho_store_commit_seconds histogram\n"
                      "kaisho_store_commit_seconds_bucket{le=\"0.01\"} 1\n"
                      "kaisho_store_commit_seconds_bucket{le=\"0.10000000000000001\"} 2\n"
                      "kaisho_store_commit_seconds_bucket{le=\"+Inf\"} 3\n"
                      "kaisho_store_commit_seconds_sum 3.0550000000000002\n"
                      "kaisho_store_commit_seconds_count 3\n"),
            std::string::npos)
      << text;
}

TEST(Metrics, ALabelValueIsEscaped) {
  metrics::Registry r;
  r.counter("x_total", "help with \\ and\nnewline", {{"reason", "a\"b\\c\nd"}}).add();
  const std::string text = r.expose();
  EXPECT_NE(text.find("# HELP x_total help with \\\\ and\\nnewline\n"), std::string::npos) << text;
  EXPECT_NE(text.find("x_total{reason=\"a\\\"b\\\\c\\nd\"} 1\n"), std::string::npos) << text;
}

TEST(Metrics, ManyThreadsCountWithoutLosingAny) {
  metrics::Registry r;
  auto& c = r.counter("c_total", "");
  auto& h = r.histogram("h_seconds", "", metrics::latency_bounds());
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 10000; ++i) {
        c.add();
        h.observe(0.002);
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(c.value(), 40000);
  EXPECT_EQ(h.count(), 40000u);
}

}  // namespace
}  // namespace kaisho

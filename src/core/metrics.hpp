#pragma once
// What the server counts and measures, for Prometheus: counters, gauges and histograms that any
// thread updates without a lock (atomics), registered once by name and labels, and written in
// Prometheus's text format (version 0.0.4) when scraped. Names and labels follow Prometheus's
// conventions: the unit in the name (`_seconds`, `_bytes`), counters end in `_total`, and every
// label takes a bounded set of values (a reason from a fixed list, a hall's number, a level) —
// never a person, a group or an address. docs/server.md, "Metrics", lists every one.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace kaisho::metrics {

using Labels = std::vector<std::pair<std::string, std::string>>;

class Counter {
 public:
  void add(double n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

class Gauge {
 public:
  void set(double v) { value_.store(v, std::memory_order_relaxed); }
  void add(double n) { value_.fetch_add(n, std::memory_order_relaxed); }
  double value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<double> value_{0};
};

// Observations counted in buckets by upper bound (`le`), with their count and sum.
class Histogram {
 public:
  explicit Histogram(std::vector<double> bounds);
  void observe(double v);
  const std::vector<double>& bounds() const { return bounds_; }
  // Per bucket, not cumulative; the last is +Inf.
  std::vector<uint64_t> counts() const;
  uint64_t count() const { return count_.load(std::memory_order_relaxed); }
  double sum() const { return sum_.load(std::memory_order_relaxed); }

 private:
  std::vector<double> bounds_;
  std::unique_ptr<std::atomic<uint64_t>[]> buckets_;
  std::atomic<uint64_t> count_{0};
  std::atomic<double> sum_{0};
};

// Bounds for durations in seconds, from a millisecond to ten seconds.
std::vector<double> latency_bounds();

class Registry {
 public:
  // The metric `name` with `labels`, made on first use; the same object after (the reference
  // stays valid for the registry's life). `help` describes the family (its first use's).
  Counter& counter(const std::string& name, const std::string& help, const Labels& labels = {});
  Gauge& gauge(const std::string& name, const std::string& help, const Labels& labels = {});
  Histogram& histogram(const std::string& name, const std::string& help,
                       const std::vector<double>& bounds, const Labels& labels = {});
  // A gauge read when scraped (a size another thread owns must be safe to read from any
  // thread, or kept in a Gauge by its owner instead). A second callback for the same name and
  // labels replaces the first; `remove_callback` forgets it.
  void gauge_callback(const std::string& name, const std::string& help, const Labels& labels,
                      std::function<double()> read);
  void remove_callback(const std::string& name, const Labels& labels);

  // Every metric in Prometheus's text format, families in name order.
  std::string expose() const;

 private:
  enum class Kind { Counter, Gauge, Histogram };
  struct Family {
    Kind kind;
    std::string help;
    std::map<Labels, std::unique_ptr<Counter>> counters;
    std::map<Labels, std::unique_ptr<Gauge>> gauges;
    std::map<Labels, std::unique_ptr<Histogram>> histograms;
    std::map<Labels, std::function<double()>> callbacks;
  };
  Family& family(const std::string& name, Kind kind, const std::string& help);

  mutable std::mutex mutex_;
  std::map<std::string, Family> families_;
};

// The process's registry (the server's metrics endpoint writes it).
Registry& global();

}  // namespace kaisho::metrics

#include "core/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace kaisho::metrics {

Histogram::Histogram(std::vector<double> bounds)
    : bounds_(std::move(bounds)),
      buckets_(std::make_unique<std::atomic<uint64_t>[]>(bounds_.size() + 1)) {
  std::sort(bounds_.begin(), bounds_.end());
}

void Histogram::observe(double v) {
  const size_t i =
      static_cast<size_t>(std::lower_bound(bounds_.begin(), bounds_.end(), v) - bounds_.begin());
  buckets_[i].fetch_add(1, std::memory_order_relaxed);
  count_.fetch_add(1, std::memory_order_relaxed);
  sum_.fetch_add(v, std::memory_order_relaxed);
}

std::vector<uint64_t> Histogram::counts() const {
  std::vector<uint64_t> out(bounds_.size() + 1);
  for (size_t i = 0; i < out.size(); ++i) out[i] = buckets_[i].load(std::memory_order_relaxed);
  return out;
}

std::vector<double> latency_bounds() {
  return {0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
}

Registry::Family& Registry::family(const std::string& name, Kind kind, const std::string& help) {
  auto [it, fresh] = families_.try_emplace(name);
  if (fresh) {
    it->second.kind = kind;
    it->second.help = help;
  } else if (it->second.kind != kind) {
    // Programming error: one name, two kinds. Exposing both would make the page unreadable.
    throw std::logic_error("metric " + name + " registered with two kinds");
  }
  return it->second;
}

Counter& Registry::counter(const std::string& name, const std::string& help, const Labels& labels) {
  std::lock_guard lock(mutex_);
  auto& slot = family(name, Kind::Counter, help).counters[labels];
  if (!slot) slot = std::make_unique<Counter>();
  return *slot;
}

Gauge& Registry::gauge(const std::string& name, const std::string& help, const Labels& labels) {
  std::lock_guard lock(mutex_);
  auto& slot = family(name, Kind::Gauge, help).gauges[labels];
  if (!slot) slot = std::make_unique<Gauge>();
  return *slot;
}

Histogram& Registry::histogram(const std::string& name, const std::string& help,
                               const std::vector<double>& bounds, const Labels& labels) {
  std::lock_guard lock(mutex_);
  auto& slot = family(name, Kind::Histogram, help).histograms[labels];
  if (!slot) slot = std::make_unique<Histogram>(bounds);
  return *slot;
}

void Registry::gauge_callback(const std::string& name, const std::string& help,
                              const Labels& labels, std::function<double()> read) {
  std::lock_guard lock(mutex_);
  family(name, Kind::Gauge, help).callbacks[labels] = std::move(read);
}

void Registry::remove_callback(const std::string& name, const Labels& labels) {
  std::lock_guard lock(mutex_);
  if (auto it = families_.find(name); it != families_.end()) it->second.callbacks.erase(labels);
}

namespace {

// A label value or help text in the exposition format: backslash, quote (labels) and newline
// escaped.
std::string escaped(const std::string& s, bool quote) {
  std::string out;
  for (char c : s) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else if (c == '"' && quote)
      out += "\\\"";
    else
      out += c;
  }
  return out;
}

std::string number(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "+Inf" : "-Inf";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string label_text(const Labels& labels, const std::string& extra_key = "",
                       const std::string& extra_value = "") {
  if (labels.empty() && extra_key.empty()) return "";
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : labels) {
    if (!first) out += ',';
    first = false;
    out += k + "=\"" + escaped(v, true) + '"';
  }
  if (!extra_key.empty()) {
    if (!first) out += ',';
    out += extra_key + "=\"" + extra_value + '"';
  }
  return out + "}";
}

}  // namespace

std::string Registry::expose() const {
  std::lock_guard lock(mutex_);
  std::string out;
  for (const auto& [name, f] : families_) {
    const char* type = f.kind == Kind::Counter ? "counter"
                       : f.kind == Kind::Gauge ? "gauge"
                                               : "histogram";
    out += "# HELP " + name + " " + escaped(f.help, false) + "\n";
    out += "# TYPE " + name + " " + type + "\n";
    for (const auto& [labels, c] : f.counters)
      out += name + label_text(labels) + " " + number(c->value()) + "\n";
    for (const auto& [labels, g] : f.gauges)
      out += name + label_text(labels) + " " + number(g->value()) + "\n";
    for (const auto& [labels, read] : f.callbacks)
      out += name + label_text(labels) + " " + number(read()) + "\n";
    for (const auto& [labels, h] : f.histograms) {
      const std::vector<uint64_t> counts = h->counts();
      uint64_t cumulative = 0;
      for (size_t i = 0; i < counts.size(); ++i) {
        cumulative += counts[i];
        const std::string le = i < h->bounds().size() ? number(h->bounds()[i]) : "+Inf";
        out += name + "_bucket" + label_text(labels, "le", le) + " " + std::to_string(cumulative) +
               "\n";
      }
      out += name + "_sum" + label_text(labels) + " " + number(h->sum()) + "\n";
      out += name + "_count" + label_text(labels) + " " + std::to_string(cumulative) + "\n";
    }
  }
  return out;
}

Registry& global() {
  static Registry registry;
  return registry;
}

}  // namespace kaisho::metrics

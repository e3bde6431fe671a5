#include "loadtest/loadtest_command.hpp"

#include <iomanip>
#include <ostream>

#include "core/text.hpp"
#include "loadtest/load_run.hpp"

namespace kaisho::loadtest {

namespace {

constexpr const char* kUsage =
    "usage: kaisho loadtest [--host 127.0.0.1] [--port 8080] [--connections 100] [--groups 20]\n"
    "         [--game shogi] [--option KEY=VALUE]... [--think-ms 3000] [--seconds 30] "
    "[--reconnects-per-second 0]\n"
    "         [--sources 1] [--connect-per-second 2000] [--server-pid PID]\n"
    "         [--survive-restarts] [--whole-states] [--setup-timeout 120] [--seed 1]\n"
    "         [--cpu-tables 0] [--cpu-level 1] [--look-ms 10000] [--sample-seconds 0]\n"
    "         [--acks FILE] [--min-games 0]\n"
    "(docs/cli.md: the options and the report)\n";

double ms(int64_t us) {
  return static_cast<double>(us) / 1000.0;
}

}  // namespace

int loadtest_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  LoadOptions o;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--survive-restarts") {
      o.survive_restarts = true;
      continue;
    }
    if (a == "--whole-states") {
      o.patches = false;
      continue;
    }
    if (a == "--help") {
      out << kUsage;
      return 0;
    }
    if (i + 1 >= args.size()) {
      err << "error: " << a << " needs a value\n" << kUsage;
      return 2;
    }
    const std::string& v = args[++i];
    const auto n = text::parse_int(v);
    const auto positive = n && *n > 0;
    if (a == "--host")
      o.host = v;
    else if (a == "--port" && positive && *n <= 65535)
      o.port = static_cast<uint16_t>(*n);
    else if (a == "--connections" && positive && *n <= 60000)
      o.connections = static_cast<int>(*n);
    else if (a == "--groups" && positive)
      o.groups = static_cast<int>(*n);
    else if (a == "--game")
      o.game = v;
    else if (a == "--option" && v.find('=') != std::string::npos && v.find('=') > 0)
      o.options.emplace_back(v.substr(0, v.find('=')), v.substr(v.find('=') + 1));
    else if (a == "--think-ms" && positive)
      o.think_ms = static_cast<int>(*n);
    else if (a == "--seconds" && positive)
      o.seconds = static_cast<double>(*n);
    else if (a == "--reconnects-per-second" && n && *n >= 0)
      o.reconnects_per_second = static_cast<double>(*n);
    else if (a == "--sources" && positive && *n <= 254)
      o.sources = static_cast<int>(*n);
    else if (a == "--connect-per-second" && positive)
      o.connect_per_second = static_cast<int>(*n);
    else if (a == "--server-pid" && positive)
      o.server_pid = static_cast<int>(*n);
    else if (a == "--setup-timeout" && positive)
      o.setup_timeout_seconds = static_cast<double>(*n);
    else if (a == "--cpu-tables" && n && *n >= 0 && *n <= 10000)
      o.cpu_tables = static_cast<int>(*n);
    else if (a == "--cpu-level" && n && *n >= 1 && *n <= 8)
      o.cpu_level = static_cast<int>(*n);
    else if (a == "--look-ms" && positive)
      o.look_ms = static_cast<int>(*n);
    else if (a == "--sample-seconds" && positive)
      o.sample_seconds = static_cast<double>(*n);
    else if (a == "--seed" && n && *n >= 0)
      o.seed = static_cast<uint64_t>(*n);
    else if (a == "--acks" && !v.empty())
      o.acks_file = v;
    else if (a == "--min-games" && n && *n >= 0)
      o.min_games = static_cast<int>(*n);
    else {
      err << "error: unknown or invalid argument " << a << " " << text::quote(v) << "\n" << kUsage;
      return 2;
    }
  }
  if (o.groups > o.connections) {
    err << "error: --groups must not exceed --connections\n";
    return 2;
  }
  const LoadReport r = run_load(o);
  out << std::fixed << std::setprecision(1);
  out << "connections_target " << r.connections_target << "\n";
  out << "connections_held " << r.connections_held << "\n";
  out << "connections_peak " << r.connections_peak << "\n";
  out << "groups " << r.groups << "\n";
  out << "tables_started " << r.tables_started << "\n";
  out << "tables_playing " << r.tables_playing << "\n";
  out << "seconds " << r.seconds << "\n";
  out << "moves " << r.moves << "\n";
  out << "moves_per_second " << (r.seconds > 0 ? static_cast<double>(r.moves) / r.seconds : 0.0)
      << "\n";
  out << std::setprecision(2);
  out << "latency_samples " << r.latency.count() << "\n";
  out << "latency_ms_p50 " << ms(r.latency.percentile_us(0.50)) << "\n";
  out << "latency_ms_p99 " << ms(r.latency.percentile_us(0.99)) << "\n";
  out << "latency_ms_p999 " << ms(r.latency.percentile_us(0.999)) << "\n";
  out << "latency_ms_max " << ms(r.latency.max_us()) << "\n";
  out << "errors " << r.errors << "\n";
  for (const auto& [code, count] : r.error_codes) out << "error " << code << " " << count << "\n";
  out << "disconnects " << r.disconnects << "\n";
  out << "drops " << r.drops << "\n";
  out << "moved " << r.moved << "\n";
  out << "reconnects " << r.reconnects << "\n";
  out << "connect_failures " << r.connect_failures << "\n";
  out << std::setprecision(1);
  out << "server_rss_mb_start " << r.rss_mb_start << "\n";
  out << "server_rss_mb_connected " << r.rss_mb_connected << "\n";
  out << "server_rss_mb_tables " << r.rss_mb_tables << "\n";
  out << "server_rss_mb_end " << r.rss_mb_end << "\n";
  out << "idle_table_kb " << r.idle_table_kb << "\n";
  if (o.survive_restarts) out << "lost_moves " << r.lost_moves << "\n";
  out << "longest_stall_ms " << r.longest_stall_ms << "\n";
  out << "games_finished " << r.games_finished << "\n";
  out << "tables_moving_at_end " << r.groups_moving_at_end << "\n";
  if (o.cpu_tables > 0) {
    out << "cpu_tables " << o.cpu_tables << "\n";
    out << "cpu_moves " << r.cpu_moves << "\n";
    out << "cpu_games " << r.cpu_games << "\n";
    out << "cpu_tables_stuck " << r.cpu_tables_stuck << "\n";
  }
  for (const LoadSample& s : r.samples)
    out << "sample " << s.at_seconds << " rss_mb " << s.rss_mb << " moves " << s.moves
        << " latency_ms_p99 " << s.latency_ms_p99 << " cpu_moves " << s.cpu_moves << "\n";
  out << "patches " << r.patches << "\n";
  out << "setup_complete " << (r.setup_complete ? "yes" : "no") << "\n";
  return r.setup_complete ? 0 : 1;
}

}  // namespace kaisho::loadtest

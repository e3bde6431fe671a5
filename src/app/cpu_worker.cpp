#include "app/cpu_worker.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <ostream>
#include <thread>

#include "core/text.hpp"
#include "server/cpu/cpu_worker.hpp"
#include "server/store/store.hpp"

namespace kaisho::app {

namespace {

constexpr const char* kUsage =
    "usage: kaisho cpu-worker --db postgresql://USER@HOST:PORT/DATABASE [--threads CORES]\n"
    "         [--name NAME] [--nice 19]\n"
    "(docs/cpu.md: what a worker does; docs/cli.md: its output)\n";

}  // namespace

int cpu_worker_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  server::cpu::WorkerConfig config;
  config.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  char host[256] = "worker";
  gethostname(host, sizeof host - 1);
  config.name = std::string(host) + ":" + std::to_string(getpid());
  // Below the game server's network and halls when it shares their machine, as the server's
  // own search threads are (docs/cpu.md, "Worker processes"); --nice 0 on a machine of its own.
  config.nice = 19;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help") {
      out << kUsage;
      return 0;
    }
    if (i + 1 >= args.size()) {
      err << "error: " << a << " needs a value\n" << kUsage;
      return 2;
    }
    const std::string& v = args[++i];
    auto number = text::parse_int(v);
    if (a == "--db")
      config.db = v;
    else if (a == "--threads" && number && *number >= 1 && *number <= 256)
      config.threads = static_cast<int>(*number);
    else if (a == "--name" && !v.empty())
      config.name = v;
    else if (a == "--nice" && number && *number >= 0 && *number <= 19)
      config.nice = static_cast<int>(*number);
    else {
      err << "error: unknown option or bad value: " << a << " " << v << "\n" << kUsage;
      return 2;
    }
  }
  if (!server::is_postgres_uri(config.db)) {
    err << "error: --db postgresql://USER@HOST:PORT/DATABASE is needed: the game servers' "
           "database\n";
    return 2;
  }
  // The schema (the queue table among it) is the store's: made or upgraded as a server would.
  if (auto store = server::open_postgres_store(config.db); !store) {
    err << "error: " << config.db << ": " << store.error().message << "\n";
    return 1;
  }
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  static std::atomic<bool> stop{false};
  std::thread waiter([signals] {
    int sig = 0;
    sigwait(&signals, &sig);
    stop.store(true);
  });
  waiter.detach();
  out << "Kaisho CPU worker " << config.name << " is running with " << config.threads << " threads"
      << std::endl;
  if (Status s = server::cpu::run_cpu_worker(config, stop); !s) {
    err << "error: " << s.error().message << "\n";
    return 1;
  }
  out << "Kaisho CPU worker stopped." << std::endl;
  return 0;
}

}  // namespace kaisho::app

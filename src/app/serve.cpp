// The composition root of the game server: storage, the hall, the CPU pool and the network.
#include "app/serve.hpp"

#include <malloc.h>
#include <signal.h>
#include <sys/resource.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <ostream>
#include <thread>
#include <unordered_map>
#include <vector>

#include "core/log.hpp"
#include "core/metrics.hpp"
#include "core/text.hpp"
#include "server/cpu/cpu_pool.hpp"
#include "server/hall/hall.hpp"
#include "server/hall/shards.hpp"
#include "server/identity/tokens.hpp"
#include "server/net/http_server.hpp"
#include "server/store/serialized_store.hpp"
#include "server/store/store_reader.hpp"
#include "server/store/store_writer.hpp"

namespace kaisho::app {

namespace {

// Carries network events onto the executor of the connection's hall (one hall, or one per
// core: the connection's address chooses it), and the halls' answers back out.
class HallBridge final : public net::MessageHandler, public server::Outbox {
 public:
  void attach(net::HttpServer* net, server::HallShards* shards) {
    net_ = net;
    shards_ = shards;
  }
  void on_open(net::ConnectionId id, const std::string& address,
               const std::string& target) override {
    const size_t k = shards_->route(target, id);
    {
      std::lock_guard lock(mutex_);
      hall_of_[id] = k;
    }
    server::Hall* hall = &shards_->hall(k);
    shards_->scheduler(k).post([hall, id, address] { hall->connected(id, address); });
  }
  void on_message(net::ConnectionId id, std::string text) override {
    const size_t k = hall_of(id);
    server::Hall* hall = &shards_->hall(k);
    shards_->scheduler(k).post([hall, id, text = std::move(text)] { hall->received(id, text); });
  }
  void on_close(net::ConnectionId id) override {
    size_t k;
    {
      std::lock_guard lock(mutex_);
      auto it = hall_of_.find(id);
      if (it == hall_of_.end()) return;
      k = it->second;
      hall_of_.erase(it);
    }
    server::Hall* hall = &shards_->hall(k);
    shards_->scheduler(k).post([hall, id] { hall->disconnected(id); });
  }
  void send(server::ConnId c, std::string text) override { net_->send(c, std::move(text)); }
  void close(server::ConnId c) override { net_->close(c); }

 private:
  size_t hall_of(net::ConnectionId id) {
    std::lock_guard lock(mutex_);
    auto it = hall_of_.find(id);
    return it == hall_of_.end() ? 0 : it->second;
  }

  net::HttpServer* net_ = nullptr;
  server::HallShards* shards_ = nullptr;
  std::mutex mutex_;
  std::unordered_map<net::ConnectionId, size_t> hall_of_;
};

// The heap stays flat under a long load (heaptrack: no leaks, a steady peak), but glibc
// keeps freed memory in its arenas, so the resident size crept up by about 1 MiB a minute
// in the soak. Handing it back once a minute keeps the process's footprint flat.
// Connections must never use up the process's file descriptors (then nobody gets in): the soft
// limit is raised to the hard one, and the caps on plain HTTP connections and WebSockets are
// kept inside it, with room left for the store, logs and the event loop.
void fit_connections_to_descriptors(net::ServerConfig& config) {
  constexpr long kReserved = 64;
  constexpr int kFewest = 8;
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return;
  limit.rlim_cur = limit.rlim_max;
  (void)setrlimit(RLIMIT_NOFILE, &limit);
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return;
  const long budget = std::max<long>(2 * kFewest, static_cast<long>(limit.rlim_cur) - kReserved);
  config.max_http_connections =
      static_cast<int>(std::clamp<long>(config.max_http_connections, kFewest, budget / 4));
  config.max_websockets = static_cast<int>(
      std::clamp<long>(config.max_websockets, kFewest, budget - config.max_http_connections));
}

void return_freed_memory_every_minute(Scheduler& scheduler) {
  scheduler.after(60'000, [&scheduler] {
    malloc_trim(0);
    return_freed_memory_every_minute(scheduler);
  });
}

}  // namespace

int serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  net::ServerConfig net_config;
  server::HallConfig hall_config;
  std::string db = "kaisho.db";
  server::cpu::PoolConfig cpu_config;  // --cpu-threads: search threads, one per core by default
  cpu_config.schedule.workers = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  int shard_count = 0;  // halls in this process; 0 = one per core
  bool test_hooks = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--test-hooks") {
      test_hooks = true;
      continue;
    }
    if (a == "--help") {
      out << "usage: kaisho serve [--port N] [--address A] [--db PATH|postgresql://...] "
             "[--web DIR] [--halls N] [...]\n(every flag: docs/server.md)\n";
      return 0;
    }
    if (i + 1 >= args.size()) {
      err << "error: " << a << " needs a value (see docs/server.md)\n";
      return 2;
    }
    const std::string& v = args[++i];
    auto number = text::parse_int(v);
    if (a == "--db")
      db = v;
    else if (a == "--web")
      net_config.web_root = v;
    else if (a == "--address")
      net_config.address = v;
    else if (a == "--port" && number && *number <= 65535)
      net_config.port = static_cast<uint16_t>(*number);
    else if (a == "--away-grace-ms" && number)
      hall_config.away_grace_ms = *number;
    else if (a == "--metrics-address")
      net_config.metrics_address = v;
    else if (a == "--metrics-port" && number && *number >= 0 && *number <= 65535)
      net_config.metrics_port = static_cast<int>(*number);
    else if (a == "--stand-in-pace-ms" && number && *number >= 0)
      hall_config.stand_in_pace_ms = *number;
    else if (a == "--cpu-ms" && number)
      hall_config.cpu_move_ms = *number;
    else if (a == "--cpu-threads" && number && *number >= 1 && *number <= 256)
      cpu_config.schedule.workers = static_cast<int>(*number);
    else if (a == "--cpu-bound-ms" && number && *number >= 100) {
      // The reply bound; the shares aim at five sixths of it (the rest: dispatch, network).
      cpu_config.schedule.bound_ms = *number;
      cpu_config.schedule.target_ms = *number * 5 / 6;
    } else if (a == "--cpu-nice" && number && *number >= 0 && *number <= 19)
      cpu_config.nice = static_cast<int>(*number);
    else if (a == "--max-connections-per-address" && number && *number >= 1)
      net_config.max_connections_per_address = static_cast<int>(*number);
    else if (a == "--address-messages-per-second" && number && *number >= 1) {
      net_config.address_messages_per_second = static_cast<double>(*number);
      net_config.address_message_burst = 2.0 * static_cast<double>(*number);
    } else if (a == "--max-http-connections-per-address" && number && *number >= 1)
      net_config.max_http_connections_per_address = static_cast<int>(*number);
    else if (a == "--max-http-connections" && number && *number >= 1)
      net_config.max_http_connections = static_cast<int>(*number);
    else if (a == "--http-header-timeout-ms" && number && *number >= 1)
      net_config.http_header_timeout_ms = static_cast<int>(*number);
    else if (a == "--connections-per-address" && number && *number >= 1) {
      // Per second; three times that may come at once.
      net_config.connections_per_address_per_second = static_cast<double>(*number);
      net_config.connection_burst = 3.0 * static_cast<double>(*number);
    } else if (a == "--max-websockets" && number && *number >= 1)
      net_config.max_websockets = static_cast<int>(*number);
    else if (a == "--websocket-opens-per-address" && number && *number >= 1) {
      // Per second; four times that may come at once.
      net_config.websocket_opens_per_address_per_second = static_cast<double>(*number);
      net_config.websocket_open_burst = 4.0 * static_cast<double>(*number);
    } else if (a == "--site-origin" && !v.empty())
      net_config.site_origins.push_back(v);
    else if (a == "--joins-per-person" && number && *number >= 1) {
      hall_config.joins_per_person_per_hour = static_cast<double>(*number);
      hall_config.joins_per_person_burst = std::max(1.0, static_cast<double>(*number) / 6);
    } else if (a == "--names-per-person" && number && *number >= 1) {
      hall_config.names_per_person_per_hour = static_cast<double>(*number);
      hall_config.names_per_person_burst = std::max(1.0, static_cast<double>(*number) / 6);
    } else if (a == "--hellos-per-person" && number && *number >= 1) {
      hall_config.hellos_per_person_per_hour = static_cast<double>(*number);
      hall_config.hellos_per_person_burst = std::max(1.0, static_cast<double>(*number) / 30);
    } else if (a == "--practice-games-per-person" && number && *number >= 1) {
      hall_config.practice_games_per_person_per_hour = static_cast<double>(*number);
      hall_config.practice_games_per_person_burst = std::max(1.0, static_cast<double>(*number) / 2);
    } else if (a == "--practice-games-per-address" && number && *number >= 1) {
      hall_config.practice_games_per_address_per_hour = static_cast<double>(*number);
      hall_config.practice_games_per_address_burst =
          std::max(1.0, static_cast<double>(*number) / 3);
    } else if (a == "--histories-per-person" && number && *number >= 1) {
      hall_config.histories_per_person_per_hour = static_cast<double>(*number);
      hall_config.histories_per_person_burst = std::max(1.0, static_cast<double>(*number) / 20);
    } else if (a == "--max-tables-per-person" && number && *number >= 1)
      hall_config.max_groups_per_person = static_cast<int>(*number);
    else if (a == "--max-members" && number && *number >= 2)
      hall_config.max_members = static_cast<int>(*number);
    else if (a == "--hello-timeout-ms" && number && *number >= 1)
      hall_config.hello_timeout_ms = *number;
    else if (a == "--allowed-origin" && !v.empty())
      net_config.allowed_origins.push_back(v);
    else if (a == "--trusted-proxy" && !v.empty())
      net_config.trusted_proxies.push_back(v);
    else if (a == "--new-persons-per-address" && number && *number >= 1) {
      // Per hour; half of it may come at once.
      hall_config.new_persons_per_address_per_hour = static_cast<double>(*number);
      hall_config.new_persons_per_address_burst = std::max(1.0, static_cast<double>(*number) / 2);
    } else if (a == "--groups-per-person" && number && *number >= 1) {
      hall_config.groups_per_person_per_hour = static_cast<double>(*number);
      hall_config.groups_per_person_burst = std::max(1.0, static_cast<double>(*number) / 3);
    } else if (a == "--groups-per-address" && number && *number >= 1) {
      hall_config.groups_per_address_per_hour = static_cast<double>(*number);
      hall_config.groups_per_address_burst = std::max(1.0, static_cast<double>(*number) / 4);
    } else if (a == "--idle-group-ms" && number && *number >= 1) {
      hall_config.idle_group_ms = *number;
      // Looked for at least twice in that time (and at least once a minute).
      hall_config.idle_sweep_ms = std::clamp<int64_t>(*number / 2, 100, 60'000);
    } else if (a == "--server-name" && !v.empty())
      hall_config.server_name = v;
    else if (a == "--halls" && number && *number >= 1 && *number <= 64)
      shard_count = static_cast<int>(*number);
    else {
      err << "error: unknown or invalid argument " << a << " " << text::quote(v) << "\n";
      return 2;
    }
  }
  // One hall per core unless told otherwise: each on its own strand, with its own CPU pool;
  // a group is played by one of them.
  if (shard_count < 1) shard_count = std::max(1u, std::thread::hardware_concurrency());
  net_config.threads = std::max(net_config.threads, shard_count);
  fit_connections_to_descriptors(net_config);
  // SIGINT/SIGTERM are taken by a waiting thread, so every other thread (each one made from
  // here on inherits the mask) keeps them blocked.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  signal(SIGPIPE, SIG_IGN);
  if (hall_config.server_name.empty()) {
    // Leases are held by name: two servers on one database must not share one. A server
    // without a name gets one of its own for this run.
    hall_config.server_name = "kaisho-" + server::new_random_id(5);
  }
  log::set_server(hall_config.server_name);
  // The stores, declared first so that they outlive the halls. SQLite: one connection the
  // readers and the writer take turns on (separate connections would make writers wait in
  // SQLite's sleeping busy handler). PostgreSQL: a connection per reader thread (one per hall,
  // at least two: reads and claims) and one for the writer.
  const bool postgres = server::is_postgres_uri(db);
  std::vector<std::unique_ptr<server::Store>> connections;
  const int readers = std::max(2, shard_count);
  for (int k = 0; k < (postgres ? readers + 1 : 1); ++k) {
    auto store = server::open_store(db);
    if (!store) {
      err << "error: " << store.error().message << "\n";
      return 1;
    }
    connections.push_back(std::move(store.value()));
  }
  std::unique_ptr<server::SerializedStore> shared_sqlite;
  std::vector<server::Store*> reader_stores;
  server::Store* writer_store = nullptr;
  if (postgres) {
    for (int k = 0; k < readers; ++k)
      reader_stores.push_back(connections[static_cast<size_t>(k)].get());
    writer_store = connections.back().get();
  } else {
    shared_sqlite = std::make_unique<server::SerializedStore>(*connections[0]);
    // Two readers: a long read (a record replayed) does not hold up the others' turn.
    reader_stores.assign(static_cast<size_t>(readers), shared_sqlite.get());
    writer_store = shared_sqlite.get();
  }
  // Every write of every hall goes through one writer thread (one commit for many tables).
  auto writer = std::make_unique<server::StoreWriter>(*writer_store);
  // Every read of every hall goes to the readers' threads: a hall never waits for its database.
  auto reader = std::make_unique<server::StoreReader>(reader_stores);
  // /healthz says whether this server can serve: its database answered lately.
  net_config.ready = [w = writer.get()] { return w->database_answers(3000); };
  net_config.metrics = [] { return metrics::global().expose(); };
  metrics::global().gauge_callback(
      "kaisho_database_up", "1 while the server's database answered within the last 3 s", {},
      [w = writer.get()] { return w->database_answers(3000) ? 1.0 : 0.0; });

  HallBridge bridge;
  server::HallShards halls;
  if (test_hooks) {
    net_config.test_hook = [&halls](const std::string& target) -> std::string {
      // POST /test/drop?person=ID closes that person's connections (the browser cannot).
      const std::string prefix = "/test/drop?person=";
      if (target.rfind(prefix, 0) != 0) return "unknown hook\n";
      std::string person = target.substr(prefix.size());
      if (person.empty()) return "missing person\n";
      // Each hall is single-threaded: hand the work to its executor.
      for (size_t k = 0; k < halls.size(); ++k) {
        server::Hall* hall = &halls.hall(k);
        halls.scheduler(k).post([hall, person] { hall->drop_person(person); });
      }
      return "ok\n";
    };
  }
  net::HttpServer net(net_config, bridge);
  // Each hall on a thread of its own (an event loop), not the network's: a hall waiting on its
  // database holds up nothing else. Within a shard the hall goes first, then its client of the
  // CPU pool, then its loop.
  // One pool of search threads for every hall; it outlives the halls' clients.
  cpu_config.schedule.full_ms = hall_config.cpu_move_ms;
  server::cpu::CpuPool cpu_pool(cpu_config);
  if (postgres) {
    // CPU worker processes on the same database take searches too, while any is alive.
    if (auto queue = server::cpu::open_worker_queue(db, hall_config.server_name); queue)
      cpu_pool.use_workers(std::move(queue.value()));
    else
      err << "warning: CPU workers unreachable: " << queue.error().message << "\n";
  }
  struct Shard {
    std::unique_ptr<net::EventLoop> loop;
    std::unique_ptr<server::CpuService> cpu;
    std::unique_ptr<server::Hall> hall;
  };
  std::vector<Shard> shards(static_cast<size_t>(shard_count));
  hall_config.limits = server::make_rate_limits(hall_config);
  for (size_t k = 0; k < shards.size(); ++k) {
    Shard& shard = shards[k];
    shard.loop = std::make_unique<net::EventLoop>();
    // The hall's log lines name it (its loop's thread).
    shard.loop->scheduler().post([k] { log::set_hall(std::to_string(k)); });
    shard.cpu = cpu_pool.client(shard.loop->scheduler());
    server::HallConfig config = hall_config;
    config.shard = static_cast<int>(k);
    config.siblings = shards.size() > 1 ? &halls : nullptr;
    shard.hall = std::make_unique<server::Hall>(shard.loop->scheduler(), *writer, *reader, bridge,
                                                *shard.cpu, config);
    halls.add(shard.loop->scheduler(), *shard.hall);
    if (Status s = shard.hall->restore(); !s) {
      err << "error: restoring from " << db << ": " << s.error().message << "\n";
      return 1;
    }
  }
  // The leases of every hall, renewed together a few times in each lease's life; a group whose
  // lease lapsed and went to another server leaves its hall.
  writer->keep_leases(hall_config.server_name, hall_config.lease_ttl_ms,
                      hall_config.lease_ttl_ms / 3,
                      [&halls](const std::vector<std::string>& held, int64_t started_ms) {
                        for (size_t k = 0; k < halls.size(); ++k) {
                          server::Hall* hall = &halls.hall(k);
                          halls.scheduler(k).post(
                              [hall, held, started_ms] { hall->leases_renewed(held, started_ms); });
                        }
                      });
  bridge.attach(&net, &halls);
  std::string listen_error;
  if (!net.listen(&listen_error)) {
    err << "error: cannot listen on " << net_config.address << ":" << net_config.port << ": "
        << listen_error << "\n";
    for (auto& shard : shards) shard.loop->stop();
    metrics::global().remove_callback("kaisho_database_up", {});
    reader.reset();
    writer.reset();
    return 1;
  }
  return_freed_memory_every_minute(net.scheduler());
  out << "Kaisho is running: open http://localhost:" << net.port() << "/" << std::endl;
  if (net.metrics_port())
    out << "Metrics: http://" << net_config.metrics_address << ":" << net.metrics_port()
        << "/metrics" << std::endl;
  std::thread waiter([&] {
    int sig = 0;
    sigwait(&signals, &sig);
    net.stop();
  });
  waiter.detach();
  net.run();
  // The halls stop first (no more work of theirs runs), then the writer makes what is queued
  // (its answers go to loops that no longer run), then everything is taken down.
  for (auto& shard : shards) shard.loop->stop();
  metrics::global().remove_callback("kaisho_database_up", {});
  reader.reset();
  writer.reset();
  out << "Kaisho stopped." << std::endl;
  return 0;
}

}  // namespace kaisho::app

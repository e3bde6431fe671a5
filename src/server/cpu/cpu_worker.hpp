#pragma once
// A CPU worker process's work (`kaisho cpu-worker`, docs/cpu.md, "Worker processes"): threads
// that take searches from the game servers' queue table in PostgreSQL, most urgent first, each
// kept locked while it is searched, and write the moves back. Each thread is a database session
// the game servers count while it answers: a heartbeat thread runs a statement on each session
// that has been silent for kHeartbeatMs (searching, or waiting for work). One more thread
// listens for cancelled searches (kCancelChannel) and stops the thread searching one: it
// deletes the row and takes the next search.
#include <atomic>
#include <string>

#include "core/result.hpp"

namespace kaisho::server::cpu {

struct WorkerConfig {
  std::string db;    // postgresql://...
  std::string name;  // unique among the workers (the host and the process id by default)
  int threads = 1;
  int nice = 0;  // the search threads' niceness (the command's default is 19)
};

// Runs until `stop` is raised; an error when the database cannot be reached at the start.
// A database lost later is waited for (the workers' searches in flight are lost with it and
// taken back by their servers).
Status run_cpu_worker(const WorkerConfig& config, const std::atomic<bool>& stop);

}  // namespace kaisho::server::cpu

#pragma once
// One load test: simulated people on loopback who connect, gather in groups, play real
// games at a human pace, drop and come back now and then; and what they measured. See
// docs/performance.md (server figures) and docs/cli.md (`kaisho loadtest`).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "loadtest/latency_histogram.hpp"

namespace kaisho::loadtest {

struct LoadOptions {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  int connections = 100;  // people, each on one connection
  int groups = 20;        // people are spread evenly; the first ones of a group take the seats
  std::string game = "shogi";
  // Local rules every group sets before its first game (e.g. a move limit, so that random
  // play ends its games as real ones do).
  std::vector<std::pair<std::string, std::string>> options;
  int think_ms = 3000;  // mean time a player takes for a move (uniform 0.5x..1.5x)
  double seconds = 30;  // how long the games are played once every table has started
  // The timed phase also lasts until this many games have ended at people's tables (a test
  // that needs finished games gets them however slow the machine is).
  int min_games = 0;
  double reconnects_per_second = 0;  // drops (then reconnections) across all connections
  int sources = 1;                   // local addresses used: 127.0.0.1 .. 127.0.0.N
  int connect_per_second = 2000;
  int server_pid = 0;  // for the server's memory (from /proc); 0 = not measured
  // Crash-safety mode: connections that fail are retried until the server is back, and
  // every state a person is shown is checked against what that person saw before.
  bool survive_restarts = false;
  // Take `group_patch` (hello `patches: true`), as the web page does: players apply each
  // patch to the state they hold. Off (--whole-states): every change comes as a whole state,
  // as older servers and clients have it.
  bool patches = true;
  double setup_timeout_seconds = 120;
  // The soak: tables where the CPU plays every seat. Each has one host who starts the game
  // and steps away (the CPU stands in for an absent player); the host looks in every
  // `look_ms` and starts the next game when one has ended.
  int cpu_tables = 0;
  int cpu_level = 1;
  int look_ms = 10000;
  double sample_seconds = 0;  // > 0: figures per window of this length (LoadReport::samples)
  uint64_t seed = 1;
  // Where to write every acknowledged move ("" none): one line "GROUP GAME_ID PLY MOVE
  // WALL_MS" each, so that they can be checked against the database.
  std::string acks_file;
};

// One window of a run (see LoadOptions::sample_seconds).
struct LoadSample {
  double at_seconds = 0;  // end of the window, since the timed phase began
  double rss_mb = 0;
  uint64_t moves = 0;         // people's moves in the window
  double latency_ms_p99 = 0;  // of the window
  uint64_t cpu_moves = 0;     // moves the CPU tables' hosts saw made in the window
};

struct LoadReport {
  int connections_target = 0;
  int connections_held = 0;  // open (and welcomed) at the end
  int connections_peak = 0;
  int groups = 0;
  int tables_started = 0;  // tables that reached "playing" before the timed phase
  int tables_playing = 0;  // tables playing at the end
  // Moves acknowledged during the timed phase: a move counts when the mover is shown a state
  // of its game that holds it at the ply it was sent for (a newer version alone does not).
  uint64_t moves = 0;
  // The longest a people's table went without an acknowledged move during the timed phase,
  // in ms: between two of its moves, from the phase's start to its first move, or from its
  // last move to the phase's end (a table that stopped for good counts the time it stood).
  int64_t longest_stall_ms = 0;
  uint64_t games_finished = 0;  // at people's tables, during the timed phase
  double seconds = 0;           // length of the timed phase
  LatencyHistogram latency;     // move sent -> group state received, at every member
  uint64_t errors = 0;
  std::map<std::string, uint64_t> error_codes;
  uint64_t disconnects = 0;  // connections closed that the test did not drop itself
  uint64_t drops = 0;        // connections the test dropped on purpose
  uint64_t moved = 0;        // `moved` answers: reconnections to the server that plays a group
  uint64_t reconnects = 0;
  uint64_t connect_failures = 0;
  uint64_t patches = 0;  // group_patch messages applied to a held state (players only)
  double rss_mb_start = 0, rss_mb_connected = 0, rss_mb_tables = 0, rss_mb_end = 0;
  double idle_table_kb = 0;  // (tables - connected) / groups
  // Crash-safety mode.
  uint64_t lost_moves = 0;       // moves a person had seen that a later state no longer had
  int groups_moving_at_end = 0;  // tables with a move in the last part of the run
  bool setup_complete = false;
  // Soak.
  std::vector<LoadSample> samples;
  uint64_t cpu_moves = 0;    // moves made at CPU tables, as their hosts saw on looking in
  uint64_t cpu_games = 0;    // games the CPU tables finished
  int cpu_tables_stuck = 0;  // CPU tables where a look found no move since the last look
};

// Runs the test; returns its figures.
LoadReport run_load(const LoadOptions& options);

}  // namespace kaisho::loadtest

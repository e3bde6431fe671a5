#pragma once
// HTTP and WebSocket server on Boost.Beast. It serves static files, /healthz and one
// WebSocket endpoint (/ws), and knows nothing of games: text messages go to a
// MessageHandler, and anyone may send text to a connection by id. Boost stays out of this
// header (the implementation is in one translation unit).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/scheduler.hpp"

namespace kaisho::net {

using ConnectionId = uint64_t;

// Called on the server's network threads; implementations hand work to their own executor.
class MessageHandler {
 public:
  virtual ~MessageHandler() = default;
  // `address` is the remote IP address, as text; `target` the request's path and query
  // (/ws?group=ID: which hall of the process the connection belongs to).
  virtual void on_open(ConnectionId id, const std::string& address, const std::string& target) = 0;
  virtual void on_message(ConnectionId id, std::string text) = 0;
  virtual void on_close(ConnectionId id) = 0;
};

struct ServerConfig {
  std::string address = "0.0.0.0";
  uint16_t port = 8080;
  std::string web_root;  // static files ("" = none)
  size_t max_message_bytes = 16 * 1024;
  size_t max_queued_bytes = 1 << 20;  // a slower reader than this is disconnected
  // Per remote address: open WebSocket connections (more are refused with 503), and the
  // messages of all its connections together (beyond the rate, reading them is delayed).
  int max_connections_per_address = 256;
  double address_messages_per_second = 200;
  double address_message_burst = 400;
  // Plain HTTP connections (before any WebSocket upgrade), per address and in all: more from
  // one address are closed at once; when all are taken, a newcomer takes the place of the
  // connection that has waited longest for a request. A request's head must arrive within
  // http_header_timeout_ms, or pressed_header_timeout_ms once three quarters are taken.
  int max_http_connections_per_address = 32;
  int max_http_connections = 2048;
  int http_header_timeout_ms = 10'000;
  int pressed_header_timeout_ms = 2'000;
  // WebSockets in all: when all are taken, a newcomer takes the place of the oldest one that
  // has not sent a message yet (none: 503). One address may open so many a second.
  int max_websockets = 16'384;
  // TCP connections one address (not a trusted proxy) may open a second; more are closed at
  // once, unread.
  double connections_per_address_per_second = 20;
  double connection_burst = 60;
  double websocket_opens_per_address_per_second = 5;
  double websocket_open_burst = 20;
  // WebSocket upgrades are accepted from the site's own origins ("https://kaisho.example"),
  // from pages served by address (Origin = the request's Host, an IP address or localhost),
  // and from allowed_origins; a request without Origin (not from a browser) is accepted too.
  // A page of any other domain is refused, even when its Host says that domain (DNS
  // rebinding).
  std::vector<std::string> site_origins;
  std::vector<std::string> allowed_origins;
  // Connections from these addresses are proxies: the client's address is the last one in
  // their X-Forwarded-For header (for the per-address limits).
  std::vector<std::string> trusted_proxies;
  int threads = 2;
  // Optional: POST /test/... requests (only when set), e.g. test hooks; returns the body.
  std::function<std::string(const std::string& target)> test_hook;
  // Optional: whether this server can serve (its database answers). GET /healthz answers 200
  // "ok" when it can (or when this is not set) and 503 when it cannot, so that a proxy sends
  // people elsewhere; GET /livez answers 200 while the process runs, whatever the database.
  std::function<bool()> ready;
  // The operator's metrics (Prometheus's text format) at GET /metrics on an address and port
  // of their own, never the public ones; metrics_port 0 with an empty metrics: none. Each
  // scrape calls `metrics` on a network thread.
  std::string metrics_address = "127.0.0.1";
  int metrics_port = -1;  // -1: no metrics listener; 0: any free port (metrics_port())
  std::function<std::string()> metrics;
};

// A serial executor with timers on a thread of its own, not one of the network's: a hall runs
// on one, so that a hall waiting on its database never holds up the network (pages, /healthz,
// other halls).
class EventLoop {
 public:
  EventLoop();
  ~EventLoop();  // stops the loop and joins its thread (pending work is dropped)
  EventLoop(const EventLoop&) = delete;
  EventLoop& operator=(const EventLoop&) = delete;
  Scheduler& scheduler();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

class HttpServer {
 public:
  HttpServer(ServerConfig config, MessageHandler& handler);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and listens; the port actually bound is port() (useful with port 0).
  bool listen(std::string* error);
  uint16_t port() const;
  // The metrics listener's port (0 when there is none).
  uint16_t metrics_port() const;
  // Runs the network threads until stop(); returns when they have finished.
  void run();
  void stop();

  // Thread-safe.
  void send(ConnectionId id, std::string text);
  void close(ConnectionId id);

  // A serial executor with timers on the server's io_context (for the hall); make_scheduler
  // gives another one (one per hall when a process has several).
  Scheduler& scheduler();
  std::unique_ptr<Scheduler> make_scheduler();

  // For tests: how many open WebSocket connections had Nagle's algorithm on when they
  // opened (every socket is meant to have TCP_NODELAY).
  size_t open_connections_without_nodelay();

  struct Impl;  // the Beast implementation (http_server.cpp)

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace kaisho::net

#pragma once
// Many WebSocket client connections on one thread (Boost.Beast inside ws_client_pool.cpp;
// this header stays free of Boost). Every callback runs on the thread that called run().
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace kaisho::loadtest {

using ClientId = uint32_t;

class ClientEvents {
 public:
  virtual ~ClientEvents() = default;
  virtual void on_open(ClientId id) = 0;
  virtual void on_message(ClientId id, std::string&& text) = 0;
  // The connection failed or ended (`why` says how); the id may connect again.
  virtual void on_closed(ClientId id, const std::string& why) = 0;
};

class WsClientPool {
 public:
  // Connections go to ws://host:port/ws (host: an IPv4 address).
  WsClientPool(std::string host, uint16_t port, ClientEvents& events);
  ~WsClientPool();
  WsClientPool(const WsClientPool&) = delete;
  WsClientPool& operator=(const WsClientPool&) = delete;

  // Opens connection `id` from the local address `source` (e.g. 127.0.0.7: the loopback
  // network lets one machine look like many addresses) to `target` (the path and query:
  // /ws?group=ID lets a proxy route it to the server of that group).
  void connect(ClientId id, const std::string& source, const std::string& target = "/ws");
  void send(ClientId id, std::string text);
  // Drops the connection at once (as a browser tab closing would); on_closed follows.
  void drop(ClientId id);
  size_t open_count() const;

  void after(int64_t ms, std::function<void()> fn);
  // Runs the event loop until stop() (callable from callbacks) or `seconds` pass.
  void run_for(double seconds);
  void stop();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace kaisho::loadtest

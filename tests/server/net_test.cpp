// The network layer's own limits, with raw sockets as the hostile clients: a reader too
// slow for what it is sent is disconnected (bounded send queue), and static paths cannot
// leave the web root.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "server/net/http_server.hpp"

namespace kaisho::net {
namespace {

// Sends a burst of large messages to every connection that opens.
class Firehose final : public MessageHandler {
 public:
  HttpServer* server = nullptr;
  std::atomic<int> opened{0};
  std::atomic<int> closed{0};
  void on_open(ConnectionId id) override {
    ++opened;
    const std::string chunk(8 * 1024, 'x');
    for (int i = 0; i < 400; ++i) server->send(id, chunk);  // 3.2 MiB
  }
  void on_message(ConnectionId, std::string) override {}
  void on_close(ConnectionId) override { ++closed; }
};

// A TCP connection to 127.0.0.1:port with a small receive window.
int connect_raw(uint16_t port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  const int small = 4096;
  setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(port);
  inet_pton(AF_INET, "127.0.0.1", &addr.sin_addr);
  EXPECT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  return fd;
}

void send_text(int fd, const std::string& text) {
  ASSERT_EQ(send(fd, text.data(), text.size(), 0), static_cast<ssize_t>(text.size()));
}

// Reads an HTTP response head (up to the blank line).
std::string read_head(int fd) {
  std::string head;
  char c;
  while (head.find("\r\n\r\n") == std::string::npos && recv(fd, &c, 1, 0) == 1) head += c;
  return head;
}

struct Running {
  Firehose handler;
  HttpServer server;
  std::thread thread;
  explicit Running(ServerConfig config) : server(std::move(config), handler) {
    handler.server = &server;
    std::string error;
    EXPECT_TRUE(server.listen(&error)) << error;
    thread = std::thread([this] { server.run(); });
  }
  ~Running() {
    server.stop();
    thread.join();
  }
};

ServerConfig loopback() {
  ServerConfig c;
  c.address = "127.0.0.1";
  c.port = 0;
  c.threads = 1;
  return c;
}

TEST(NetLimits, AReaderTooSlowForItsQueueIsDisconnected) {
  ServerConfig config = loopback();
  config.max_queued_bytes = 256 * 1024;
  Running r(config);
  const int fd = connect_raw(r.server.port());
  send_text(fd,
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
  EXPECT_NE(read_head(fd).find("101"), std::string::npos);
  // The client never reads again: 3.2 MiB cannot fit in 256 KiB of queue plus the socket
  // buffers, so the server must give up on it (waiting up to 30 s, whatever the machine).
  for (int i = 0; i < 300 && r.handler.closed == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(r.handler.opened, 1);
  EXPECT_EQ(r.handler.closed, 1);
  close(fd);
}

TEST(NetLimits, StaticPathsCannotLeaveTheWebRoot) {
  ServerConfig config = loopback();
  config.web_root = "/nonexistent-web-root";
  Running r(config);
  for (const char* target :
       {"/../etc/passwd", "/..%2f..%2fetc%2fpasswd", "/.git/config", "/a/../../x"}) {
    const int fd = connect_raw(r.server.port());
    send_text(fd,
              std::string("GET ") + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    const std::string head = read_head(fd);
    EXPECT_EQ(head.rfind("HTTP/1.1 404", 0), 0u) << target << ": " << head;
    close(fd);
  }
}

}  // namespace
}  // namespace kaisho::net

// The network layer's own limits, with raw sockets as the hostile clients: a reader too
// slow for what it is sent is disconnected (bounded send queue), and static paths cannot
// leave the web root. And static files: their brotli and gzip copies (made by the web
// client's build script, web/scripts/compress.mjs) are sent by Accept-Encoding. Last, the
// plain parts on their own, without sockets or real time where they allow it: the token
// bucket, the places and rates per address, who asks from which page, and the answers to
// plain HTTP requests.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/token_bucket.hpp"
#include "server/net/connection_limits.hpp"
#include "server/net/http_routes.hpp"
#include "server/net/http_server.hpp"
#include "server/net/request_source.hpp"

namespace kaisho::net {
namespace {

// Sends a burst of large messages to every connection that opens.
class Firehose final : public MessageHandler {
 public:
  HttpServer* server = nullptr;
  std::atomic<int> opened{0};
  std::atomic<int> closed{0};
  void on_open(ConnectionId id, const std::string&, const std::string&) override {
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

// ---- Static files and their compressed copies ----

struct Response {
  int status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::string body;
  std::string header(const std::string& name) const {
    auto it = headers.find(name);
    return it == headers.end() ? "" : it->second;
  }
  bool has(const std::string& name) const { return headers.contains(name); }
};

// One request on its own connection (Connection: close), read to the end.
Response fetch(uint16_t port, const std::string& method, const std::string& target,
               const std::string& accept_encoding) {
  const int fd = connect_raw(port);
  std::string request = method + " " + target + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n";
  if (!accept_encoding.empty()) request += "Accept-Encoding: " + accept_encoding + "\r\n";
  send_text(fd, request + "\r\n");
  std::string raw;
  char buffer[4096];
  for (ssize_t n; (n = recv(fd, buffer, sizeof buffer, 0)) > 0;)
    raw.append(buffer, static_cast<size_t>(n));
  close(fd);
  Response r;
  const size_t end = raw.find("\r\n\r\n");
  if (end == std::string::npos) return r;
  std::istringstream head(raw.substr(0, end));
  std::string line;
  std::getline(head, line);
  if (line.size() > 12) r.status = std::atoi(line.substr(9, 3).c_str());
  while (std::getline(head, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    r.headers[name] = line.substr(line.find_first_not_of(' ', colon + 1));
  }
  r.body = raw.substr(end + 4);
  return r;
}

std::string slurp(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Decompresses with Node's zlib ("br" or "gzip"), the decoders a browser has: the test needs
// no compression library of its own.
std::string decompress(const std::string& data, const std::string& encoding,
                       const std::filesystem::path& scratch) {
  const auto file = scratch / "body.bin";
  std::ofstream(file, std::ios::binary) << data;
  const std::string command =
      std::string(KAISHO_NODE) +
      " -e \"const z = require('zlib'); const d = require('fs').readFileSync(process.argv[1]); "
      "process.stdout.write(process.argv[2] === 'br' ? z.brotliDecompressSync(d) : "
      "z.gunzipSync(d))\" " +
      file.string() + " " + encoding;
  std::string out;
  if (FILE* p = popen(command.c_str(), "r")) {
    char buffer[4096];
    for (size_t n; (n = fread(buffer, 1, sizeof buffer, p)) > 0;) out.append(buffer, n);
    pclose(p);
  }
  return out;
}

// A small web root like web/dist, compressed by the client's own build script.
class NetStatic : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            ("kaisho-net-static-" + std::to_string(getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_ / "assets");
    std::filesystem::create_directories(root_ / "scratch");
    std::string html = "<!doctype html>\n<html><head><title>Kaisho</title>\n";
    for (int i = 0; i < 20; ++i)
      html += "<meta name=\"x" + std::to_string(i) + "\" content=\"y\">\n";
    html += "<script type=\"module\" src=\"/assets/app-abc123.js\"></script></head></html>\n";
    std::ofstream(root_ / "index.html", std::ios::binary) << html;
    std::string js;
    for (int i = 0; i < 300; ++i)
      js += "export function square" + std::to_string(i) + "(x) { return x * x + " +
            std::to_string(i) + "; }\n";
    std::ofstream(root_ / "assets" / "app-abc123.js", std::ios::binary) << js;
    std::ofstream(root_ / "tiny.txt", std::ios::binary) << "k";  // too small to gain
    std::string png = "\x89PNG\r\n";
    for (int i = 0; i < 400; ++i) png += static_cast<char>((i * 7919 + 13) % 251);
    std::ofstream(root_ / "logo.png", std::ios::binary) << png;
    // A WebAssembly module (its magic and version, then bytes that compress) and a manifest.
    std::filesystem::create_directories(root_ / "engine");
    std::string wasm("\0asm\1\0\0\0", 8);
    for (int i = 0; i < 2000; ++i) wasm += static_cast<char>(i % 16);
    std::ofstream(root_ / "engine" / "kaisho-engine.wasm", std::ios::binary) << wasm;
    std::ofstream(root_ / "app.webmanifest", std::ios::binary) << R"({"name":"Kaisho"})";
    const std::string command = std::string(KAISHO_NODE) + " " + KAISHO_COMPRESS_SCRIPT + " " +
                                root_.string() + " > /dev/null";
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    ServerConfig config = loopback();
    config.web_root = root_.string();
    running_ = std::make_unique<Running>(config);
  }
  void TearDown() override {
    running_.reset();
    std::filesystem::remove_all(root_);
  }
  Response get(const std::string& target, const std::string& accept_encoding,
               const std::string& method = "GET") {
    return fetch(running_->server.port(), method, target, accept_encoding);
  }
  // The plain body a response stands for, decompressed as its Content-Encoding says.
  std::string plain_body(const Response& r) {
    const std::string encoding = r.header("content-encoding");
    if (encoding.empty()) return r.body;
    return decompress(r.body, encoding, root_ / "scratch");
  }

  std::filesystem::path root_;
  std::unique_ptr<Running> running_;
};

TEST_F(NetStatic, FoldersAndLinksOutOfTheRootAreNotFound) {
  EXPECT_EQ(get("/assets", "").status, 404);
  EXPECT_EQ(get("/assets/", "").status, 404);
  const auto outside = root_.parent_path() / (root_.filename().string() + "-secret.txt");
  std::ofstream(outside) << "secret";
  std::filesystem::create_symlink(outside, root_ / "leak.txt");
  const Response r = get("/leak.txt", "");
  EXPECT_EQ(r.status, 404);
  EXPECT_EQ(r.body.find("secret"), std::string::npos);
  std::filesystem::remove(outside);
}

TEST_F(NetStatic, OtherMethodsAreRefusedWithTheMethodsAllowed) {
  const Response r = get("/", "", "POST");
  EXPECT_EQ(r.status, 405);
  EXPECT_EQ(r.header("allow"), "GET, HEAD");
}

TEST_F(NetStatic, PagesMayConnectOnlyToTheirOwnSite) {
  const std::string csp = get("/", "").header("content-security-policy");
  EXPECT_NE(csp.find("connect-src 'self';"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("ws:"), std::string::npos) << csp;
}

TEST_F(NetStatic, PagesMayCompileWebAssemblyButNotEvalScripts) {
  const std::string csp = get("/", "").header("content-security-policy");
  EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos) << csp;
  EXPECT_EQ(csp.find("'unsafe-eval'"), std::string::npos) << csp;
}

TEST_F(NetStatic, TheEngineModuleAndTheManifestHaveTheirOwnTypes) {
  const Response wasm = get("/engine/kaisho-engine.wasm", "br, gzip");
  EXPECT_EQ(wasm.status, 200);
  EXPECT_EQ(wasm.header("content-type"), "application/wasm");
  EXPECT_EQ(plain_body(wasm), slurp(root_ / "engine" / "kaisho-engine.wasm"));
  const Response manifest = get("/app.webmanifest", "");
  EXPECT_EQ(manifest.status, 200);
  EXPECT_EQ(manifest.header("content-type"), "application/manifest+json");
}

TEST_F(NetStatic, TheBuildScriptWritesCopiesOnlyOfCompressibleFiles) {
  for (const char* f : {"index.html", "assets/app-abc123.js"}) {
    EXPECT_TRUE(std::filesystem::is_regular_file(root_ / (std::string(f) + ".br"))) << f;
    EXPECT_TRUE(std::filesystem::is_regular_file(root_ / (std::string(f) + ".gz"))) << f;
  }
  for (const char* f : {"tiny.txt.br", "tiny.txt.gz", "logo.png.br", "logo.png.gz"})
    EXPECT_FALSE(std::filesystem::exists(root_ / f)) << f;
}

TEST_F(NetStatic, CompressedCopiesAreChosenByAcceptEncoding) {
  const std::string js = slurp(root_ / "assets" / "app-abc123.js");
  struct Case {
    std::string accept;
    std::string encoding;
  };
  for (const Case& c :
       {Case{"br", "br"}, Case{"gzip", "gzip"}, Case{"", ""}, Case{"gzip, deflate, br, zstd", "br"},
        Case{"br;q=0, gzip", "gzip"}, Case{"identity", ""}, Case{"*", "br"}}) {
    SCOPED_TRACE("Accept-Encoding: " + c.accept);
    const Response r = get("/assets/app-abc123.js", c.accept);
    EXPECT_EQ(r.status, 200);
    EXPECT_EQ(r.header("content-type"), "text/javascript; charset=utf-8");
    EXPECT_EQ(r.header("content-encoding"), c.encoding);
    EXPECT_EQ(r.has("content-encoding"), !c.encoding.empty());
    EXPECT_EQ(r.header("vary"), "Accept-Encoding");
    EXPECT_EQ(r.header("cache-control"), "public, max-age=31536000, immutable");
    EXPECT_EQ(r.header("content-length"), std::to_string(r.body.size()));
    EXPECT_NE(r.header("content-security-policy"), "");
    const std::string suffix = c.encoding == "br" ? ".br" : c.encoding == "gzip" ? ".gz" : "";
    EXPECT_EQ(r.body, slurp(root_ / "assets" / ("app-abc123.js" + suffix)));
    if (!c.encoding.empty()) {
      EXPECT_LT(r.body.size(), js.size());
    }
    EXPECT_EQ(plain_body(r), js);
  }
}

TEST_F(NetStatic, TheSinglePageIsNegotiatedToo) {
  const std::string html = slurp(root_ / "index.html");
  for (const char* target : {"/", "/index.html", "/g/ABCDEFGHIJKLMNOPQRSTUVWX", "/rules/shogi"}) {
    for (const char* accept : {"gzip, br", "gzip", ""}) {
      SCOPED_TRACE(std::string(target) + " Accept-Encoding: " + accept);
      const Response r = get(target, accept);
      EXPECT_EQ(r.status, 200);
      EXPECT_EQ(r.header("content-type"), "text/html; charset=utf-8");
      EXPECT_EQ(r.header("content-encoding"), std::string(accept) == ""       ? ""
                                              : std::string(accept) == "gzip" ? "gzip"
                                                                              : "br");
      EXPECT_EQ(r.header("vary"), "Accept-Encoding");
      EXPECT_EQ(r.header("cache-control"), "no-cache");
      EXPECT_EQ(plain_body(r), html);
    }
  }
}

TEST_F(NetStatic, FilesOutsideAssetsKeepTheirNamesAndAreRevalidatedOnEveryUse) {
  // The service worker, the manifest and icons: a new version must be seen at once.
  for (const char* target : {"/tiny.txt", "/logo.png"}) {
    SCOPED_TRACE(target);
    EXPECT_EQ(get(target, "").header("cache-control"), "no-cache");
  }
}

TEST_F(NetStatic, FilesWithoutCopiesAreSentPlainAndDoNotVary) {
  for (const char* target : {"/tiny.txt", "/logo.png"}) {
    SCOPED_TRACE(target);
    const Response r = get(target, "gzip, deflate, br");
    EXPECT_EQ(r.status, 200);
    EXPECT_FALSE(r.has("content-encoding"));
    EXPECT_FALSE(r.has("vary"));
    EXPECT_EQ(r.body, slurp(root_ / (target + 1)));
  }
  EXPECT_EQ(get("/logo.png", "br").header("content-type"), "image/png");
}

TEST_F(NetStatic, CopiesRequestedDirectlyAreNotFound) {
  for (const char* target : {"/assets/app-abc123.js.br", "/assets/app-abc123.js.gz",
                             "/index.html.gz", "/index.html.br"}) {
    SCOPED_TRACE(target);
    const Response r = get(target, "gzip, br");
    EXPECT_EQ(r.status, 404);
    EXPECT_EQ(r.header("content-type"), "text/plain");
    EXPECT_FALSE(r.has("content-encoding"));
  }
}

TEST_F(NetStatic, HeadSendsTheHeadOfTheChosenFileOnly) {
  const Response r = get("/assets/app-abc123.js", "br", "HEAD");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.header("content-encoding"), "br");
  EXPECT_EQ(r.header("content-length"),
            std::to_string(std::filesystem::file_size(root_ / "assets" / "app-abc123.js.br")));
  EXPECT_EQ(r.body, "");
  const Response page = get("/g/ABC", "gzip", "HEAD");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.header("content-encoding"), "gzip");
  EXPECT_EQ(page.body, "");
}

// ---- Hostile clients: other sites, slow requests, Nagle ----

// Opens a WebSocket by hand (with `extra` request headers) and returns the response head.
std::string upgrade(uint16_t port, const std::string& extra) {
  const int fd = connect_raw(port);
  send_text(fd, "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                    "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n" +
                    extra + "\r\n");
  const std::string head = read_head(fd);
  close(fd);
  return head;
}

// True once the server has closed `fd` (recv sees the end), within about `seconds`.
bool closed_by_server(int fd, int seconds) {
  timeval tv{1, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  char c;
  for (int i = 0; i < seconds; ++i) {
    const ssize_t n = recv(fd, &c, 1, 0);
    if (n == 0) return true;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) return true;
  }
  return false;
}

TEST(NetLimits, WebSocketsFromOtherSitesPagesAreRefused) {
  ServerConfig config = loopback();
  config.allowed_origins = {"https://friends.example"};
  Running r(config);
  const uint16_t port = r.server.port();
  EXPECT_EQ(upgrade(port, "Origin: http://evil.example\r\n").rfind("HTTP/1.1 403", 0), 0u);
  EXPECT_EQ(upgrade(port, "Origin: null\r\n").rfind("HTTP/1.1 403", 0), 0u);
  // The site's own pages, a listed origin, and programs that send no Origin are let in.
  const std::string own = "Origin: http://127.0.0.1:" + std::to_string(port) + "\r\n";
  EXPECT_EQ(upgrade(port, own).rfind("HTTP/1.1 101", 0), 0u);
  EXPECT_EQ(upgrade(port, "Origin: https://friends.example\r\n").rfind("HTTP/1.1 101", 0), 0u);
  EXPECT_EQ(upgrade(port, "").rfind("HTTP/1.1 101", 0), 0u);
}

TEST(NetLimits, EveryConnectionSendsWithoutNaglesDelay) {
  Running r(loopback());
  const int fd = connect_raw(r.server.port());
  send_text(fd,
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n");
  ASSERT_NE(read_head(fd).find("101"), std::string::npos);
  for (int i = 0; i < 100 && r.handler.opened == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(r.handler.opened, 1);
  EXPECT_EQ(r.server.open_connections_without_nodelay(), 0u);
  close(fd);
}

TEST(NetLimits, PlainHttpConnectionsAreCappedAndTheirRequestsMustArriveInTime) {
  ServerConfig config = loopback();
  config.max_http_connections_per_address = 4;
  config.http_header_timeout_ms = 500;
  Running r(config);
  const uint16_t port = r.server.port();
  // Four slow requests that never finish their head hold the address's four places...
  std::vector<int> slow;
  for (int i = 0; i < 4; ++i) {
    slow.push_back(connect_raw(port));
    send_text(slow.back(), "GET / HTTP/1.1\r\nHost: x\r\n");
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  // ...so a fifth connection is closed at once, unanswered.
  const int fifth = connect_raw(port);
  send_text(fifth, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_TRUE(closed_by_server(fifth, 5));
  EXPECT_EQ(read_head(fifth), "");
  close(fifth);
  // The slow ones are closed when their time is up, and the places are free again.
  for (int fd : slow) {
    EXPECT_TRUE(closed_by_server(fd, 10));
    close(fd);
  }
  EXPECT_EQ(fetch(port, "GET", "/healthz", "").status, 200);
}

TEST(NetLimits, ATrustedProxysConnectionsAreCappedOnlyInAll) {
  ServerConfig config = loopback();
  config.max_http_connections_per_address = 4;
  config.http_header_timeout_ms = 5000;
  config.trusted_proxies = {"127.0.0.1"};
  Running r(config);
  const uint16_t port = r.server.port();
  // The proxy holds more slow requests than one address may: many clients are behind it.
  std::vector<int> slow;
  for (int i = 0; i < 8; ++i) {
    slow.push_back(connect_raw(port));
    send_text(slow.back(), "GET / HTTP/1.1\r\nHost: x\r\n");
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_EQ(fetch(port, "GET", "/healthz", "").status, 200);
  for (int fd : slow) close(fd);
}

// ---- The plain parts, without sockets ----

using std::chrono::milliseconds;
using std::chrono::seconds;

TEST(TokenBucket, StartsFullTakesOneEachAndRefillsAtItsRate) {
  const BucketRate rate{2, 3};  // 2 a second, at most 3
  TokenBucket b(rate, seconds(100));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(b.take(rate, seconds(100))) << i;
  EXPECT_FALSE(b.take(rate, seconds(100)));  // empty: nothing taken
  EXPECT_FALSE(b.take(rate, seconds(100) + milliseconds(499)));
  EXPECT_TRUE(b.take(rate, seconds(100) + milliseconds(500)));  // one token refilled
  EXPECT_FALSE(b.take(rate, seconds(100) + milliseconds(500)));
  // Never more than the burst, however long it waits.
  EXPECT_TRUE(b.full(rate, seconds(200)));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(b.take(rate, seconds(200))) << i;
  EXPECT_FALSE(b.take(rate, seconds(200)));
  b.give_back(rate);
  EXPECT_TRUE(b.take(rate, seconds(200)));
}

TEST(TokenBucket, OwingTakesEvenWhenEmptyAndSaysHowLongTheDebtLasts) {
  const BucketRate rate{4, 2};  // 4 a second: a token each 250 ms
  TokenBucket b(rate, seconds(0));
  EXPECT_EQ(b.take_owing(rate, seconds(0)), milliseconds(0));
  EXPECT_EQ(b.take_owing(rate, seconds(0)), milliseconds(0));
  EXPECT_EQ(b.take_owing(rate, seconds(0)), milliseconds(250));  // one token owed
  EXPECT_EQ(b.take_owing(rate, seconds(0)), milliseconds(500));  // two owed
  // The debt is repaid before the bucket holds anything again.
  EXPECT_EQ(b.take_owing(rate, milliseconds(500)), milliseconds(250));
  EXPECT_FALSE(b.full(rate, milliseconds(500) + milliseconds(749)));
  EXPECT_TRUE(b.full(rate, milliseconds(500) + milliseconds(750)));
}

TEST(TokenBucket, ARateOfZeroIsNoLimit) {
  const BucketRate none{0, 0};
  TokenBucket b(none, seconds(0));
  for (int i = 0; i < 100; ++i) {
    EXPECT_TRUE(b.take(none, seconds(0)));
    EXPECT_EQ(b.take_owing(none, seconds(0)), milliseconds(0));
  }
  KeyedTokenBuckets keyed(none);
  EXPECT_TRUE(keyed.take("a", seconds(0)));
  EXPECT_EQ(keyed.size(), 0u);  // no bucket is kept for no limit
}

TEST(TokenBucket, KeyedBucketsAreApartAndForgottenOnceFull) {
  KeyedTokenBuckets k(BucketRate{1, 2});
  EXPECT_TRUE(k.take("a", seconds(10)));
  EXPECT_TRUE(k.take("a", seconds(10)));
  EXPECT_FALSE(k.take("a", seconds(10)));
  EXPECT_TRUE(k.take("b", seconds(10)));  // another key has its own bucket
  k.give_back("a");
  EXPECT_TRUE(k.take("a", seconds(10)));
  EXPECT_EQ(k.size(), 2u);
  k.forget_full(seconds(11));  // "b" has refilled, "a" not yet
  EXPECT_EQ(k.size(), 1u);
  k.forget_full(seconds(12));
  EXPECT_EQ(k.size(), 0u);
  EXPECT_TRUE(k.take("a", seconds(12)));  // a forgotten key starts full again
  EXPECT_TRUE(k.take("a", seconds(12)));
  EXPECT_FALSE(k.take("a", seconds(12)));
}

TEST(NetLimitsPlain, AnAddressOpensAtMostItsBurstAtOnce) {
  OpenRate opens(0.001, 3);  // a token every 1000 s: none comes back during the test
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(opens.take("10.0.0.1")) << i;
  EXPECT_FALSE(opens.take("10.0.0.1"));
  EXPECT_TRUE(opens.take("10.0.0.2"));  // per address
  OpenRate unlimited(0, 0);
  for (int i = 0; i < 100; ++i) EXPECT_TRUE(unlimited.take("10.0.0.1"));
}

TEST(NetLimitsPlain, AnAddressHasItsConnectionsAndOneMessageRateForAllOfThem) {
  AddressLimits limits(2, 0.001, 2);  // 2 connections; messages: 2 at once, then waits
  EXPECT_EQ(limits.take("10.0.0.1"), milliseconds(0));  // not admitted: not limited here
  EXPECT_TRUE(limits.admit("10.0.0.1"));
  EXPECT_TRUE(limits.admit("10.0.0.1"));
  EXPECT_FALSE(limits.admit("10.0.0.1"));
  EXPECT_TRUE(limits.admit("10.0.0.2"));
  EXPECT_EQ(limits.take("10.0.0.1"), milliseconds(0));
  EXPECT_EQ(limits.take("10.0.0.1"), milliseconds(0));
  // Over the rate: the connection waits about 1000 s per token owed (a token each 1000 s).
  EXPECT_GT(limits.take("10.0.0.1"), seconds(990));
  EXPECT_EQ(limits.take("10.0.0.2"), milliseconds(0));  // another address is not held up
  // Once its last connection closes the address is forgotten: it starts afresh.
  limits.release("10.0.0.1");
  EXPECT_TRUE(limits.admit("10.0.0.1"));
  limits.release("10.0.0.1");
  limits.release("10.0.0.1");
  EXPECT_TRUE(limits.admit("10.0.0.1"));
  EXPECT_EQ(limits.take("10.0.0.1"), milliseconds(0));
}

TEST(NetLimitsPlain, WhenAllPlacesAreTakenTheOldestIdleConnectionGivesWay) {
  Places places(2, 3);  // 2 per address, 3 in all
  int evicted = 0;
  const Places::Id a1 = places.admit("a", true);
  const Places::Id a2 = places.admit("a", true);
  ASSERT_NE(a1, 0u);
  ASSERT_NE(a2, 0u);
  EXPECT_EQ(places.admit("a", true), 0u);   // the address's cap
  EXPECT_NE(places.admit("a", false), 0u);  // a trusted proxy: only the total caps it
  EXPECT_TRUE(places.pressed());
  // All three taken and none idle: a newcomer gets nothing.
  EXPECT_EQ(places.admit("b", true), 0u);
  places.on_evict(a2, [&] { ++evicted; });
  places.on_evict(a1, [&] { evicted += 10; });
  places.idle(a2, true);
  places.idle(a1, true);  // idle later than a2
  const Places::Id b = places.admit("b", true);
  EXPECT_NE(b, 0u);
  EXPECT_EQ(evicted, 1);  // a2, the oldest idle one
  EXPECT_EQ(places.evicted(), 1u);
  places.idle(a1, false);  // busy again: it keeps its place
  EXPECT_EQ(places.admit("c", true), 0u);
  places.release(b);
  EXPECT_NE(places.admit("c", true), 0u);
}

TEST(NetRequestSource, TheClientsAddressIsTheTrustedProxysLastWord) {
  const std::vector<std::string> proxies = {"10.0.0.9"};
  EXPECT_EQ(client_address("10.0.0.1", proxies, "1.2.3.4"), "10.0.0.1");  // not a proxy
  EXPECT_EQ(client_address("10.0.0.9", proxies, ""), "10.0.0.9");
  EXPECT_EQ(client_address("10.0.0.9", proxies, "1.1.1.1, 2.2.2.2 ,3.3.3.3 "), "3.3.3.3");
  EXPECT_EQ(client_address("10.0.0.9", proxies, "1.1.1.1, "), "10.0.0.9");
}

TEST(NetRequestSource, OnlyPagesOfTheSiteOrServedByAddressMayOpenAWebSocket) {
  EXPECT_TRUE(host_is_address("127.0.0.1:8080"));
  EXPECT_TRUE(host_is_address("192.168.1.20"));
  EXPECT_TRUE(host_is_address("localhost:8080"));
  EXPECT_TRUE(host_is_address("[::1]:8080"));
  EXPECT_FALSE(host_is_address("kaisho.example"));
  EXPECT_FALSE(host_is_address("127.1"));  // no shorthand
  EXPECT_FALSE(host_is_address(""));
  const std::vector<std::string> site = {"https://kaisho.example"};
  const std::vector<std::string> allowed = {"http://localhost:5173"};
  EXPECT_TRUE(origin_allowed("", "anything", site, allowed));
  EXPECT_TRUE(origin_allowed("https://kaisho.example", "kaisho.example", site, allowed));
  EXPECT_TRUE(origin_allowed("http://localhost:5173", "127.0.0.1:8080", site, allowed));
  EXPECT_TRUE(origin_allowed("http://127.0.0.1:8080", "127.0.0.1:8080", site, allowed));
  EXPECT_FALSE(origin_allowed("http://evil.example", "evil.example", site, allowed));
  EXPECT_FALSE(origin_allowed("null", "127.0.0.1:8080", site, allowed));
  EXPECT_FALSE(origin_allowed("http://127.0.0.1:9999", "127.0.0.1:8080", site, allowed));
}

std::string header(const HttpAnswer& a, const std::string& name) {
  for (const auto& [n, v] : a.headers)
    if (n == name) return v;
  return "";
}

TEST(NetHttpAnswers, HealthTestHooksAndMethods) {
  ServerConfig config;
  bool ready = true;
  config.ready = [&] { return ready; };
  EXPECT_EQ(answer_http(config, "GET", "/healthz", nullptr).status, 200u);
  ready = false;
  const HttpAnswer down = answer_http(config, "GET", "/healthz", nullptr);
  EXPECT_EQ(down.status, 503u);
  EXPECT_EQ(down.body, "not ready: the database does not answer\n");
  EXPECT_EQ(answer_http(config, "GET", "/livez", nullptr).body, "alive\n");
  // Test hooks only by POST, and only when the server has them.
  EXPECT_EQ(answer_http(config, "POST", "/test/x", nullptr).status, 405u);
  config.test_hook = [](const std::string& target) { return "hook " + target; };
  EXPECT_EQ(answer_http(config, "POST", "/test/x", nullptr).body, "hook /test/x");
  const HttpAnswer put = answer_http(config, "PUT", "/", nullptr);
  EXPECT_EQ(put.status, 405u);
  EXPECT_EQ(header(put, "Allow"), "GET, HEAD");
  EXPECT_EQ(answer_http(config, "get", "/livez", nullptr).status, 405u);  // methods are exact
  // No web root: every other GET is not found; every answer carries the site's headers first.
  const HttpAnswer none = answer_http(config, "GET", "/index.html", nullptr);
  EXPECT_EQ(none.status, 404u);
  ASSERT_GE(none.headers.size(), 5u);
  EXPECT_EQ(none.headers[0].first, "Server");
  EXPECT_EQ(none.headers[1].first, "X-Content-Type-Options");
  EXPECT_EQ(none.headers[2].first, "Referrer-Policy");
  EXPECT_EQ(none.headers[3].first, "Content-Security-Policy");
  EXPECT_EQ(header(none, "Content-Type"), "text/plain");
}

}  // namespace
}  // namespace kaisho::net

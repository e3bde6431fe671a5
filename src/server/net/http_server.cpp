#include "server/net/http_server.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <filesystem>
#include <optional>
#include <utility>
// (utility first: Boost 1.74's asio/awaitable.hpp uses std::exchange without including it)
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cmath>
#include <deque>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/net/content_encoding.hpp"

namespace kaisho::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

std::string mime_type(const std::string& path) {
  auto ext = path.substr(path.find_last_of('.') == std::string::npos ? path.size()
                                                                     : path.find_last_of('.'));
  if (ext == ".html") return "text/html; charset=utf-8";
  if (ext == ".js" || ext == ".mjs") return "text/javascript; charset=utf-8";
  if (ext == ".css") return "text/css; charset=utf-8";
  if (ext == ".svg") return "image/svg+xml";
  if (ext == ".png") return "image/png";
  if (ext == ".json") return "application/json";
  if (ext == ".ico") return "image/x-icon";
  if (ext == ".woff2") return "font/woff2";
  if (ext == ".wasm") return "application/wasm";
  if (ext == ".webmanifest") return "application/manifest+json";
  return "application/octet-stream";
}

// The file a request target names under the web root, or "" when the target is not a safe
// path: only [A-Za-z0-9._-/] segments, no "..", no hidden files.
std::string safe_path(const std::string& root, std::string target) {
  if (auto q = target.find('?'); q != std::string::npos) target.resize(q);
  if (target.empty() || target[0] != '/') return "";
  for (char c : target)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '.' || c == '-' ||
          c == '_'))
      return "";
  if (target.find("/.") != std::string::npos) return "";
  if (target.back() == '/') target += "index.html";
  return root + target;
}

bool is_regular_file(const std::string& path) {
  std::error_code ec;
  return std::filesystem::is_regular_file(path, ec);
}

// Whether `path`, with every symbolic link resolved, is still inside `root` (also resolved):
// a link inside the web root must not serve a file outside it.
bool inside_root(const std::string& root, const std::string& path) {
  std::error_code ec;
  const auto real_root = std::filesystem::canonical(root, ec);
  if (ec) return false;
  const auto real = std::filesystem::canonical(path, ec);
  if (ec) return false;
  const auto r = real_root.native() + "/";
  return real.native().rfind(r, 0) == 0;
}

// Places for connections, per address and in all, for one kind of connection (plain HTTP
// before an upgrade; WebSockets). A place is held from admission until release. When every
// place is taken, a newcomer takes the place of the oldest connection that is idle — a plain
// HTTP connection waiting for a request, a WebSocket that has not said anything yet — which
// is closed (its `evict` runs): many addresses each inside their own limit cannot fill the
// server with connections that do nothing and lock everyone else out. A trusted proxy's
// connections carry many clients (told apart only later, by X-Forwarded-For): only the total
// caps them. Thread-safe.
class Places {
 public:
  using Id = uint64_t;
  Places(int per_address, int total) : per_address_(per_address), total_(total) {}

  // A place for a new connection from `address`, or 0 when there is none (the per-address cap,
  // or every place busy).
  Id admit(const std::string& address, bool per_address_cap) {
    std::function<void()> evict;
    Id id = 0;
    {
      std::lock_guard lock(mutex_);
      int& n = by_address_[address];
      if (per_address_cap && n >= per_address_) {
        if (n == 0) by_address_.erase(address);
        return 0;
      }
      if (count_ >= total_) {
        if (idle_.empty()) {
          if (n == 0) by_address_.erase(address);
          return 0;
        }
        // The oldest idle connection gives up its place now; it is closed outside the lock.
        const Id oldest = idle_.begin()->second;
        evict = std::move(entries_[oldest].evict);
        drop(oldest);
        ++evicted_;
      }
      id = ++next_;
      entries_[id] = Entry{address, {}, 0};
      ++by_address_[address];
      ++count_;
    }
    if (evict) evict();
    return id;
  }
  // How to close the connection holding `id` if it must give up its place.
  void on_evict(Id id, std::function<void()> evict) {
    std::lock_guard lock(mutex_);
    if (auto it = entries_.find(id); it != entries_.end()) it->second.evict = std::move(evict);
  }
  // The connection starts (true) or stops (false) being idle; the oldest idle one goes first.
  void idle(Id id, bool idle) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(id);
    if (it == entries_.end()) return;
    if (it->second.idle_since) idle_.erase(it->second.idle_since);
    it->second.idle_since = idle ? ++idle_clock_ : 0;
    if (idle) idle_[it->second.idle_since] = id;
  }
  void release(Id id) {
    std::lock_guard lock(mutex_);
    drop(id);
  }
  // Three quarters of the places are taken: idle connections get less time.
  bool pressed() const {
    std::lock_guard lock(mutex_);
    return count_ * 4 >= total_ * 3;
  }
  uint64_t evicted() const {
    std::lock_guard lock(mutex_);
    return evicted_;
  }

 private:
  struct Entry {
    std::string address;
    std::function<void()> evict;
    uint64_t idle_since;  // 0: busy
  };
  void drop(Id id) {
    auto it = entries_.find(id);
    if (it == entries_.end()) return;
    if (it->second.idle_since) idle_.erase(it->second.idle_since);
    if (auto a = by_address_.find(it->second.address); a != by_address_.end() && --a->second <= 0)
      by_address_.erase(a);
    entries_.erase(it);
    --count_;
  }

  mutable std::mutex mutex_;
  std::unordered_map<Id, Entry> entries_;
  std::map<uint64_t, Id> idle_;  // idle since (a sequence number) -> connection
  std::unordered_map<std::string, int> by_address_;
  int count_ = 0;
  Id next_ = 0;
  uint64_t idle_clock_ = 0;
  uint64_t evicted_ = 0;
  const int per_address_;
  const int total_;
};

// The client's address: the peer's, or for a trusted proxy the last X-Forwarded-For hop, the
// one the proxy itself appended. `forwarded_for` is every X-Forwarded-For line of the request
// joined by commas in order: a client may send its own lines, which come first (a proxy adds
// its line after them), so only the very last value is the proxy's word.
std::string client_address(const std::string& peer, const std::vector<std::string>& proxies,
                           std::string_view forwarded_for) {
  if (forwarded_for.empty() || std::find(proxies.begin(), proxies.end(), peer) == proxies.end())
    return peer;
  auto comma = forwarded_for.rfind(',');
  std::string_view last =
      comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
  while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
  while (!last.empty() && last.back() == ' ') last.remove_suffix(1);
  return last.empty() ? peer : std::string(last);
}

// Whether a Host names this machine without a domain name: an IP address (v4, or v6 in
// brackets) or localhost, with or without a port. A name in DNS can be made to point here by
// whoever owns it (DNS rebinding); an address cannot.
bool host_is_address(std::string_view host) {
  if (host.empty()) return false;
  if (host.front() == '[') return host.find(']') != std::string_view::npos;  // [v6]:port
  const std::string_view name = host.substr(0, host.find(':'));
  if (name == "localhost") return true;
  beast::error_code ec;
  (void)asio::ip::make_address_v4(std::string(name), ec);
  return !ec;
}

// Whether a WebSocket upgrade may come from `origin`: the site's configured origins
// (--site-origin) and the operator's other allowed ones (--allowed-origin); a page served by
// address (the Origin is http:// or https:// followed by the request's Host, and that Host is
// an IP address or localhost); or no Origin (a program, not a browser page). A page of any
// other domain is refused even when Host matches it: a DNS rebinding page sends its own
// domain as both. "null" (a sandboxed or file page) is refused.
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& site, const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  if (std::find(site.begin(), site.end(), origin) != site.end()) return true;
  if (std::find(allowed.begin(), allowed.end(), origin) != allowed.end()) return true;
  return host_is_address(host) &&
         (origin == "http://" + std::string(host) || origin == "https://" + std::string(host));
}

// How often one address may open a WebSocket: a token bucket per address, forgotten once
// full again. Thread-safe.
class OpenRate {
 public:
  using Clock = std::chrono::steady_clock;
  OpenRate(double per_second, double burst) : per_second_(per_second), burst_(burst) {}
  bool take(const std::string& address) {
    if (per_second_ <= 0) return true;
    std::lock_guard lock(mutex_);
    const auto now = Clock::now();
    if (buckets_.size() > 4096) forget_full(now);
    auto [it, fresh] = buckets_.try_emplace(address, Bucket{burst_, now});
    refill(it->second, now);
    if (it->second.tokens < 1) return false;
    it->second.tokens -= 1;
    return true;
  }

 private:
  struct Bucket {
    double tokens;
    Clock::time_point at;
  };
  void refill(Bucket& b, Clock::time_point now) const {
    b.tokens = std::min(burst_,
                        b.tokens + per_second_ * std::chrono::duration<double>(now - b.at).count());
    b.at = now;
  }
  void forget_full(Clock::time_point now) {
    for (auto it = buckets_.begin(); it != buckets_.end();) {
      refill(it->second, now);
      it = it->second.tokens >= burst_ ? buckets_.erase(it) : std::next(it);
    }
  }
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
  const double per_second_;
  const double burst_;
};

// The whole file, or nullopt when it cannot be read.
std::optional<std::string> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) return std::nullopt;
  return std::move(ss).str();
}

// Per remote address: how many WebSocket connections are open and a token bucket shared
// by their messages. An address is forgotten when its last connection closes.
class AddressLimits {
 public:
  using Clock = std::chrono::steady_clock;
  AddressLimits(int max_connections, double rate, double burst)
      : max_connections_(max_connections), rate_(rate), burst_(burst) {}

  bool admit(const std::string& address) {
    std::lock_guard lock(mutex_);
    auto [it, fresh] = entries_.try_emplace(address, Entry{0, burst_, Clock::now()});
    if (it->second.connections >= max_connections_) return false;
    ++it->second.connections;
    return true;
  }
  void release(const std::string& address) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(address);
    if (it != entries_.end() && --it->second.connections <= 0) entries_.erase(it);
  }
  // Takes one message's token; returns how long the connection should wait before it
  // reads its next message (zero when the address is within its rate).
  std::chrono::milliseconds take(const std::string& address) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(address);
    if (it == entries_.end() || rate_ <= 0) return std::chrono::milliseconds(0);
    Entry& e = it->second;
    const auto now = Clock::now();
    e.tokens = std::min(burst_,
                        e.tokens + rate_ * std::chrono::duration<double>(now - e.refilled).count());
    e.refilled = now;
    e.tokens -= 1;
    if (e.tokens >= 0) return std::chrono::milliseconds(0);
    return std::chrono::milliseconds(static_cast<int64_t>(std::ceil(-e.tokens / rate_ * 1000)));
  }

 private:
  struct Entry {
    int connections;
    double tokens;
    Clock::time_point refilled;
  };
  std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  const int max_connections_;
  const double rate_;
  const double burst_;
};

}  // namespace

class WsSession;

// One serial executor with timers, as the hall needs it.
class StrandScheduler final : public Scheduler {
 public:
  explicit StrandScheduler(asio::io_context& ioc) : strand_(asio::make_strand(ioc)) {}
  int64_t now_ms() override {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::steady_clock::now().time_since_epoch())
        .count();
  }
  void post(std::function<void()> fn) override { asio::post(strand_, std::move(fn)); }
  TimerId after(int64_t ms, std::function<void()> fn) override {
    auto timer = std::make_shared<asio::steady_timer>(strand_, std::chrono::milliseconds(ms));
    TimerId id;
    {
      std::lock_guard lock(mutex_);
      id = ++next_;
      timers_[id] = timer;
    }
    timer->async_wait([this, id, timer, fn = std::move(fn)](beast::error_code ec) {
      {
        std::lock_guard lock(mutex_);
        timers_.erase(id);
      }
      if (!ec) fn();
    });
    return id;
  }
  void cancel(TimerId id) override {
    std::lock_guard lock(mutex_);
    auto it = timers_.find(id);
    if (it != timers_.end()) {
      it->second->cancel();
      timers_.erase(it);
    }
  }

 private:
  asio::strand<asio::io_context::executor_type> strand_;
  std::mutex mutex_;
  std::map<TimerId, std::shared_ptr<asio::steady_timer>> timers_;
  TimerId next_ = 0;
};

struct HttpServer::Impl {
  ServerConfig config;
  MessageHandler& handler;
  // What sessions touch when they are destroyed comes before the io_context: destroying it
  // destroys the sessions its pending handlers still hold, which then release their places.
  std::mutex sessions_mutex;
  std::map<ConnectionId, std::weak_ptr<WsSession>> sessions;
  std::atomic<ConnectionId> next_id{0};
  AddressLimits address_limits;
  Places http_places;
  Places ws_places;
  OpenRate ws_opens;
  OpenRate accepts;
  asio::io_context ioc;
  tcp::acceptor acceptor{ioc};
  StrandScheduler scheduler{ioc};
  std::vector<std::thread> threads;
  asio::steady_timer accept_pause{ioc};

  Impl(ServerConfig c, MessageHandler& h)
      : config(std::move(c)),
        handler(h),
        address_limits(config.max_connections_per_address, config.address_messages_per_second,
                       config.address_message_burst),
        http_places(config.max_http_connections_per_address, config.max_http_connections),
        ws_places(config.max_connections_per_address, config.max_websockets),
        ws_opens(config.websocket_opens_per_address_per_second, config.websocket_open_burst),
        accepts(config.connections_per_address_per_second, config.connection_burst) {}
  void accept();
};

// A WebSocket connection: reads one message at a time, writes from a bounded queue.
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  // The address has been admitted by the server's address limits; it is released here.
  // `place` is its place among the server's WebSockets (released here too).
  WsSession(tcp::socket&& socket, HttpServer::Impl& server, ConnectionId id, std::string address,
            std::string target, Places::Id place)
      : ws_(std::move(socket)),
        server_(server),
        id_(id),
        address_(std::move(address)),
        target_(std::move(target)),
        place_(place),
        pause_(ws_.get_executor()) {}

  void start(http::request<http::string_body> req) {
    // Silent until its first message: the first to go when the server is full.
    std::weak_ptr<WsSession> weak = shared_from_this();
    server_.ws_places.on_evict(place_, [weak] {
      if (auto self = weak.lock()) self->close();
    });
    server_.ws_places.idle(place_, true);
    ws_.read_message_max(server_.config.max_message_bytes);  // counted after inflating
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(compression());
    ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }
  // permessage-deflate when the client offers it: every message compressed on its own (no
  // context carried from one message to the next, so that a secret in one, the device token of
  // `welcome`, can never be guessed from how well later messages, which carry names others
  // chose, compress); small windows, so a connection costs tens of kilobytes, not hundreds.
  static websocket::permessage_deflate compression() {
    websocket::permessage_deflate pmd;
    pmd.server_enable = true;
    pmd.server_no_context_takeover = true;
    pmd.client_no_context_takeover = true;
    pmd.server_max_window_bits = 12;
    pmd.client_max_window_bits = 12;
    pmd.compLevel = 6;
    pmd.memLevel = 4;
    return pmd;
  }
  void send(std::string text) {
    asio::post(ws_.get_executor(), [self = shared_from_this(), text = std::move(text)]() mutable {
      if (self->closed_) return;
      self->queued_bytes_ += text.size();
      if (self->queued_bytes_ > self->server_.config.max_queued_bytes) return self->close();
      self->queue_.push_back(std::move(text));
      if (self->queue_.size() == 1) self->write_next();
    });
  }
  // Whether the socket had TCP_NODELAY when the WebSocket opened (read then, on the session's
  // own executor: a socket may not be touched from another thread, and may be closed by now).
  bool nodelay() const { return nodelay_; }
  void close() {
    asio::post(ws_.get_executor(), [self = shared_from_this()] {
      if (self->closed_) return;
      self->closed_ = true;
      beast::error_code ec;
      beast::get_lowest_layer(self->ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
      beast::get_lowest_layer(self->ws_).close();
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;
    tcp::no_delay option;
    beast::error_code option_error;
    beast::get_lowest_layer(ws_).socket().get_option(option, option_error);
    nodelay_ = !option_error && option.value();
    {
      std::lock_guard lock(server_.sessions_mutex);
      server_.sessions[id_] = shared_from_this();
    }
    opened_ = true;
    server_.handler.on_open(id_, address_, target_);
    read();
  }
  void read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }
  void on_read(beast::error_code ec, size_t) {
    if (ec) return finish();
    if (!ws_.got_text()) {
      buffer_.consume(buffer_.size());
      return finish();  // binary frames are not part of the protocol
    }
    if (silent_) {
      silent_ = false;
      server_.ws_places.idle(place_, false);
    }
    server_.handler.on_message(id_, beast::buffers_to_string(buffer_.data()));
    buffer_.consume(buffer_.size());
    // An address over its message rate waits before its next message is read.
    const auto wait = server_.address_limits.take(address_);
    if (wait.count() == 0) return read();
    pause_.expires_after(wait);
    pause_.async_wait([self = shared_from_this()](beast::error_code waited) {
      if (!waited && !self->closed_) self->read();
    });
  }
  void write_next() {
    ws_.text(true);
    ws_.async_write(asio::buffer(queue_.front()),
                    beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }
  void on_write(beast::error_code ec, size_t) {
    if (ec) return finish();
    queued_bytes_ -= queue_.front().size();
    queue_.pop_front();
    if (!queue_.empty()) write_next();
  }
  void finish() {
    if (finished_) return;
    finished_ = true;
    closed_ = true;
    {
      std::lock_guard lock(server_.sessions_mutex);
      server_.sessions.erase(id_);
    }
    if (opened_) server_.handler.on_close(id_);
  }

 public:
  ~WsSession() {
    if (!finished_ && opened_) {
      std::lock_guard lock(server_.sessions_mutex);
      server_.sessions.erase(id_);
    }
    server_.address_limits.release(address_);
    server_.ws_places.release(place_);
  }

 private:
  websocket::stream<beast::tcp_stream> ws_;
  HttpServer::Impl& server_;
  ConnectionId id_;
  std::string address_;
  std::string target_;
  Places::Id place_;
  bool silent_ = true;
  asio::steady_timer pause_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  size_t queued_bytes_ = 0;
  bool closed_ = false;
  bool finished_ = false;
  bool opened_ = false;
  std::atomic<bool> nodelay_ = false;
};

// Plain HTTP on one connection, until it upgrades to a WebSocket or closes. It holds a place
// in the server's HTTP connection limits (admitted at accept) until then.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  // `place` is its place among the plain HTTP connections (released here).
  HttpSession(tcp::socket&& socket, HttpServer::Impl& server, std::string peer, Places::Id place)
      : stream_(std::move(socket)), server_(server), peer_(std::move(peer)), place_(place) {}
  ~HttpSession() { release_place(); }
  void start() {
    std::weak_ptr<HttpSession> weak = shared_from_this();
    server_.http_places.on_evict(place_, [weak] {
      if (auto self = weak.lock())
        asio::post(self->stream_.get_executor(), [self] { self->stream_.close(); });
    });
    read();
  }

 private:
  void release_place() {
    if (!place_) return;
    server_.http_places.release(std::exchange(place_, 0));
  }
  void read() {
    parser_.emplace();
    parser_->body_limit(8 * 1024);
    parser_->header_limit(8 * 1024);
    // A slow or silent client may not hold a connection: the whole request (head and its
    // small body) must arrive within the header timeout, a shorter one when most places are
    // taken; and while it waits, a newcomer may take its place (Places).
    int timeout = server_.config.http_header_timeout_ms;
    if (server_.http_places.pressed())
      timeout = std::min(timeout, server_.config.pressed_header_timeout_ms);
    stream_.expires_after(std::chrono::milliseconds(timeout));
    server_.http_places.idle(place_, true);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }
  void on_read(beast::error_code ec, size_t) {
    if (ec) return;
    if (place_) server_.http_places.idle(place_, false);
    auto req = parser_->release();
    if (websocket::is_upgrade(req)) {
      // /ws, with or without a query (?group=ID&server=NAME is for the proxy's routing).
      const auto target = req.target();
      if (target != "/ws" && target.substr(0, 4) != "/ws?") return;
      const auto view = [](beast::string_view v) { return std::string_view(v.data(), v.size()); };
      if (!origin_allowed(view(req[http::field::origin]), view(req[http::field::host]),
                          server_.config.site_origins, server_.config.allowed_origins))
        return refuse(req, http::status::forbidden, "this origin may not connect\n");
      std::string forwarded;  // every X-Forwarded-For line, in order
      for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it)
        forwarded += (forwarded.empty() ? "" : ",") + std::string(view(it->value()));
      std::string address = client_address(peer_, server_.config.trusted_proxies, forwarded);
      if (!server_.ws_opens.take(address))
        return refuse(req, http::status::service_unavailable,
                      "too many new connections from your address; wait a moment\n");
      if (!server_.address_limits.admit(address))
        return refuse(req, http::status::service_unavailable,
                      "too many connections from your address\n");
      const Places::Id place = server_.ws_places.admit(address, false);
      if (!place) {
        server_.address_limits.release(address);
        return refuse(req, http::status::service_unavailable, "the server is full\n");
      }
      release_place();  // a WebSocket counts in the WebSocket limits from now on
      stream_.expires_never();
      auto ws = std::make_shared<WsSession>(stream_.release_socket(), server_, ++server_.next_id,
                                            std::move(address), std::string(view(target)), place);
      ws->start(std::move(req));
      return;
    }
    respond(std::move(req));
  }
  // A refused upgrade (403 for an origin, 503 for the address limits); the connection closes
  // after it.
  void refuse(const http::request<http::string_body>& req, http::status status, std::string body) {
    auto res = std::make_shared<http::response<http::string_body>>(status, req.version());
    res->set(http::field::server, "kaisho");
    res->set(http::field::content_type, "text/plain");
    res->keep_alive(false);
    res->body() = std::move(body);
    res->prepare_payload();
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, size_t) {
      beast::error_code ignored;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
  }
  void respond(http::request<http::string_body>&& req) {
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(req.version());
    res->keep_alive(req.keep_alive());
    res->set(http::field::server, "kaisho");
    res->set("X-Content-Type-Options", "nosniff");
    res->set("Referrer-Policy", "no-referrer");
    // Scripts only from this site; 'wasm-unsafe-eval' lets them compile WebAssembly (the engine
    // in the page, docs/engine-wasm.md) without allowing eval().
    res->set("Content-Security-Policy",
             "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' "
             "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
             "base-uri 'none'; frame-ancestors 'none'");
    const std::string target(req.target());
    auto reply = [&](http::status status, std::string type, std::string body) {
      res->result(status);
      res->set(http::field::content_type, type);
      res->body() = std::move(body);
    };
    if (req.method() == http::verb::get && target == "/healthz") {
      if (!server_.config.ready || server_.config.ready())
        reply(http::status::ok, "text/plain", "ok\n");
      else
        reply(http::status::service_unavailable, "text/plain",
              "not ready: the database does not answer\n");
    } else if (req.method() == http::verb::get && target == "/livez") {
      reply(http::status::ok, "text/plain", "alive\n");
    } else if (req.method() == http::verb::post && target.rfind("/test/", 0) == 0 &&
               server_.config.test_hook) {
      reply(http::status::ok, "text/plain", server_.config.test_hook(target));
    } else if (req.method() != http::verb::get && req.method() != http::verb::head) {
      reply(http::status::method_not_allowed, "text/plain", "method not allowed\n");
      res->set(http::field::allow, "GET, HEAD");
    } else {
      serve_static(req, *res, target);
    }
    res->prepare_payload();
    // HEAD: the same head (Content-Length of the body a GET would get), no body.
    if (req.method() == http::verb::head) res->body().clear();
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, size_t) {
                        if (ec || !res->keep_alive()) {
                          beast::error_code ignored;
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
                          return;
                        }
                        self->read();
                      });
  }

  // A file of the web root. Each file may have a brotli (FILE.br) and a gzip (FILE.gz) copy
  // made at build time (web/scripts/compress.mjs); the request's Accept-Encoding chooses
  // which one is sent (content_encoding.hpp), with the plain file's type. Vite's hashed
  // files under /assets/ never change, so they are cached for a year; pages are revalidated
  // on every load (they name the current hashed files). Paths that name a copy itself
  // (.br, .gz) are not files of the site: they get 404, never a body with a type that
  // misdescribes it. Every other path without a file extension gets the single page.
  void serve_static(const http::request<http::string_body>& req,
                    http::response<http::string_body>& res, const std::string& target) {
    auto not_found = [&] {
      res.result(http::status::not_found);
      res.set(http::field::content_type, "text/plain");
      res.body() = "not found\n";
    };
    const std::string& root = server_.config.web_root;
    if (root.empty()) return not_found();
    const std::string path = safe_path(root, target);
    std::optional<std::string> accept;
    if (auto it = req.find(http::field::accept_encoding); it != req.end())
      accept = std::string(it->value());
    // Sends `file` (or its copy); false when it cannot be read.
    auto send_file = [&](const std::string& file, const char* cache_control) {
      StaticFile chosen = choose_static_file(file, accept ? &*accept : nullptr);
      std::optional<std::string> body = read_file(chosen.path);
      if (!body && chosen.encoding != Encoding::identity) {  // the copy went away meanwhile
        chosen.encoding = Encoding::identity;
        body = read_file(file);
      }
      if (!body) return false;
      res.result(http::status::ok);
      res.set(http::field::content_type, mime_type(file));
      if (chosen.encoding != Encoding::identity)
        res.set(http::field::content_encoding, std::string(encoding_name(chosen.encoding)));
      if (chosen.has_copies) res.set(http::field::vary, "Accept-Encoding");
      if (cache_control != nullptr) res.set(http::field::cache_control, cache_control);
      res.body() = std::move(*body);
      return true;
    };
    if (!path.empty() && is_compressed_copy(path)) return not_found();
    // A folder is not a page (nor the single page), and a link may not lead out of the root.
    std::error_code folder_ec;
    if (!path.empty() && std::filesystem::is_directory(path, folder_ec)) return not_found();
    if (!path.empty() && std::filesystem::exists(path, folder_ec) && !inside_root(root, path))
      return not_found();
    if (!path.empty() && is_regular_file(path)) {
      const std::string relative = path.substr(root.size());
      const char* cache_control = nullptr;
      if (relative.rfind("/assets/", 0) == 0)
        cache_control = "public, max-age=31536000, immutable";
      else if (relative.ends_with(".html"))
        cache_control = "no-cache";
      if (send_file(path, cache_control)) return;
    }
    // Client-side routes (/g/ID, /rules/shogi, ...) get the single page.
    if (path.empty() || path.find('.', path.rfind('/')) == std::string::npos)
      if (send_file(root + "/index.html", "no-cache")) return;
    not_found();
  }

  beast::tcp_stream stream_;
  HttpServer::Impl& server_;
  std::string peer_;
  Places::Id place_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

void HttpServer::Impl::accept() {
  acceptor.async_accept(asio::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
    // (By errno value: comparing with asio's error constants goes through the category's
    // virtual functions, which UndefinedBehaviorSanitizer's vptr check refuses for Boost's
    // separately compiled categories.)
    const int code = ec ? ec.value() : 0;
    if (code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM) {
      // Out of file descriptors: accepting again at once would spin. Wait a little; the
      // pending connections stay queued in the kernel meanwhile.
      accept_pause.expires_after(std::chrono::milliseconds(100));
      accept_pause.async_wait([this](beast::error_code waited) {
        if (!waited && acceptor.is_open()) accept();
      });
      return;
    }
    if (!ec) {
      beast::error_code opt;
      // Replies are small and must leave at once, not wait for the peer's delayed ACK.
      socket.set_option(tcp::no_delay(true), opt);
      std::string peer = socket.remote_endpoint(opt).address().to_string();
      const bool proxy = std::find(config.trusted_proxies.begin(), config.trusted_proxies.end(),
                                   peer) != config.trusted_proxies.end();
      // An address opening connections faster than any page does is closed at once, before
      // anything is read: a storm of refused requests costs an accept and a close each.
      const Places::Id place =
          opt || (!proxy && !accepts.take(peer)) ? 0 : http_places.admit(peer, !proxy);
      if (place)
        std::make_shared<HttpSession>(std::move(socket), *this, std::move(peer), place)->start();
      else
        socket.close(opt);  // over the limits: closed before anything is read
    }
    if (acceptor.is_open()) accept();
  });
}

struct EventLoop::Impl {
  asio::io_context ioc;
  asio::executor_work_guard<asio::io_context::executor_type> work = asio::make_work_guard(ioc);
  StrandScheduler scheduler{ioc};
  std::thread thread;
};

EventLoop::EventLoop() : impl_(std::make_unique<Impl>()) {
  impl_->thread = std::thread([this] { impl_->ioc.run(); });
}

EventLoop::~EventLoop() {
  stop();
}

Scheduler& EventLoop::scheduler() {
  return impl_->scheduler;
}

void EventLoop::stop() {
  if (!impl_->thread.joinable()) return;
  impl_->work.reset();
  impl_->ioc.stop();
  impl_->thread.join();
}

HttpServer::HttpServer(ServerConfig config, MessageHandler& handler)
    : impl_(std::make_unique<Impl>(std::move(config), handler)) {}

HttpServer::~HttpServer() {
  stop();
}

bool HttpServer::listen(std::string* error) {
  beast::error_code ec;
  auto address = asio::ip::make_address(impl_->config.address, ec);
  if (ec) {
    if (error) *error = "bad address " + impl_->config.address;
    return false;
  }
  tcp::endpoint endpoint(address, impl_->config.port);
  impl_->acceptor.open(endpoint.protocol(), ec);
  if (!ec) impl_->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) impl_->acceptor.bind(endpoint, ec);
  if (!ec) impl_->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    if (error) *error = ec.message();
    return false;
  }
  impl_->accept();
  return true;
}

uint16_t HttpServer::port() const {
  return impl_->acceptor.local_endpoint().port();
}

void HttpServer::run() {
  auto guard = asio::make_work_guard(impl_->ioc);
  for (int i = 1; i < impl_->config.threads; ++i)
    impl_->threads.emplace_back([this] { impl_->ioc.run(); });
  impl_->ioc.run();
  for (auto& t : impl_->threads)
    if (t.joinable()) t.join();
  impl_->threads.clear();
}

void HttpServer::stop() {
  if (!impl_) return;
  asio::post(impl_->ioc, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
  });
  impl_->ioc.stop();
}

void HttpServer::send(ConnectionId id, std::string text) {
  std::shared_ptr<WsSession> s;
  {
    std::lock_guard lock(impl_->sessions_mutex);
    auto it = impl_->sessions.find(id);
    if (it != impl_->sessions.end()) s = it->second.lock();
  }
  if (s) s->send(std::move(text));
}

void HttpServer::close(ConnectionId id) {
  std::shared_ptr<WsSession> s;
  {
    std::lock_guard lock(impl_->sessions_mutex);
    auto it = impl_->sessions.find(id);
    if (it != impl_->sessions.end()) s = it->second.lock();
  }
  if (s) s->close();
}

Scheduler& HttpServer::scheduler() {
  return impl_->scheduler;
}

std::unique_ptr<Scheduler> HttpServer::make_scheduler() {
  return std::make_unique<StrandScheduler>(impl_->ioc);
}

size_t HttpServer::open_connections_without_nodelay() {
  std::vector<std::shared_ptr<WsSession>> open;
  {
    std::lock_guard lock(impl_->sessions_mutex);
    for (auto& [id, weak] : impl_->sessions)
      if (auto s = weak.lock()) open.push_back(s);
  }
  size_t n = 0;
  for (auto& s : open) n += s->nodelay() ? 0 : 1;
  return n;
}

}  // namespace kaisho::net

// The network's sockets: the one translation unit of Kaisho's that includes Asio and Beast
// (besides boost_sources.cpp, which compiles them, and the load generator's client), so that
// the rest of the network stays plain C++ and quick to build. What is answered is decided
// elsewhere: http_routes.cpp (plain HTTP), request_source.cpp (who asks, from which page),
// connection_limits.cpp (places and rates per address). Here: the hall's executor on a strand
// (StrandScheduler, EventLoop), accepting connections, plain HTTP sessions until an upgrade,
// WebSocket sessions, and HttpServer.
#include "server/net/http_server.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <optional>
#include <utility>
// (utility first: Boost 1.74's asio/awaitable.hpp uses std::exchange without including it)
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "core/metrics.hpp"
#include "server/net/connection_limits.hpp"
#include "server/net/http_routes.hpp"
#include "server/net/request_source.hpp"

namespace kaisho::net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

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
  // The listeners, their handlers and their closing run on one strand: stop() closes them from
  // another thread while an accept handler may be asking whether they are open.
  asio::strand<asio::io_context::executor_type> listen_strand{asio::make_strand(ioc)};
  tcp::acceptor acceptor{listen_strand};
  tcp::acceptor metrics_acceptor{listen_strand};
  StrandScheduler scheduler{ioc};
  std::vector<std::thread> threads;
  asio::steady_timer accept_pause{listen_strand};

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
  void accept_metrics();
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
    static auto& sent = metrics::global().counter(
        "kaisho_websocket_sent_bytes_total",
        "Bytes of WebSocket messages sent (before permessage-deflate compresses them)");
    sent.add(static_cast<double>(queue_.front().size()));
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
  // Anything but an upgrade: the answer http_routes.cpp gives, then the next request on the
  // same connection (keep-alive) or the end of the connection.
  void respond(http::request<http::string_body>&& req) {
    const std::string target(req.target());
    std::optional<std::string> accept;
    if (auto it = req.find(http::field::accept_encoding); it != req.end())
      accept = std::string(it->value());
    const std::string_view method(req.method_string().data(), req.method_string().size());
    HttpAnswer answer = answer_http(server_.config, method, target, accept ? &*accept : nullptr);
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(req.version());
    res->keep_alive(req.keep_alive());
    res->result(static_cast<http::status>(answer.status));
    for (auto& [name, value] : answer.headers) res->set(name, value);
    res->body() = std::move(answer.body);
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

// One scrape of the metrics listener: a GET /metrics answered with the metrics, anything else
// 404; one request, then the connection is closed. Only the operator's network reaches it.
class MetricsSession : public std::enable_shared_from_this<MetricsSession> {
 public:
  MetricsSession(tcp::socket&& socket, HttpServer::Impl& server)
      : stream_(std::move(socket)), server_(server) {}
  void start() {
    parser_.header_limit(8 * 1024);
    parser_.body_limit(0);
    stream_.expires_after(std::chrono::seconds(10));
    http::async_read(stream_, buffer_, parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (!ec) self->answer();
                     });
  }

 private:
  void answer() {
    const auto& req = parser_.get();
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(req.version());
    res->keep_alive(false);
    if (req.method() == http::verb::get && req.target() == "/metrics" && server_.config.metrics) {
      res->result(http::status::ok);
      res->set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
      res->body() = server_.config.metrics();
    } else {
      res->result(http::status::not_found);
      res->set(http::field::content_type, "text/plain; charset=utf-8");
      res->body() = "not found\n";
    }
    res->prepare_payload();
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code, size_t) {
      beast::error_code ec;
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    });
  }

  beast::tcp_stream stream_;
  HttpServer::Impl& server_;
  beast::flat_buffer buffer_;
  http::request_parser<http::empty_body> parser_;
};

void HttpServer::Impl::accept_metrics() {
  metrics_acceptor.async_accept(
      asio::make_strand(ioc), [this](beast::error_code ec, tcp::socket socket) {
        if (!ec) std::make_shared<MetricsSession>(std::move(socket), *this)->start();
        if (metrics_acceptor.is_open() && !ec) accept_metrics();
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
  if (impl_->config.metrics_port >= 0) {
    auto metrics_address = asio::ip::make_address(impl_->config.metrics_address, ec);
    if (ec) {
      if (error) *error = "bad metrics address " + impl_->config.metrics_address;
      return false;
    }
    tcp::endpoint at(metrics_address, static_cast<uint16_t>(impl_->config.metrics_port));
    impl_->metrics_acceptor.open(at.protocol(), ec);
    if (!ec) impl_->metrics_acceptor.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) impl_->metrics_acceptor.bind(at, ec);
    if (!ec) impl_->metrics_acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
      if (error) *error = "metrics: " + ec.message();
      return false;
    }
    impl_->accept_metrics();
  }
  return true;
}

uint16_t HttpServer::metrics_port() const {
  if (!impl_->metrics_acceptor.is_open()) return 0;
  beast::error_code ec;
  return impl_->metrics_acceptor.local_endpoint(ec).port();
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
  asio::post(impl_->listen_strand, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
    impl_->metrics_acceptor.close(ec);
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

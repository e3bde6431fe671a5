#include "loadtest/ws_client_pool.hpp"

#include <utility>
// (utility first: Boost 1.74's asio/awaitable.hpp uses std::exchange without including it)
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <unordered_map>

namespace kaisho::loadtest {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

class Connection : public std::enable_shared_from_this<Connection> {
 public:
  Connection(asio::io_context& ioc, ClientId id, ClientEvents& events, std::function<void()> on_end)
      : ws_(asio::make_strand(ioc)), id_(id), events_(events), on_end_(std::move(on_end)) {}

  void start(const tcp::endpoint& server, const std::string& host, const std::string& source,
             const std::string& target) {
    host_ = host;
    target_ = target;
    beast::error_code ec;
    auto& socket = beast::get_lowest_layer(ws_).socket();
    socket.open(tcp::v4(), ec);
    if (!ec) socket.bind(tcp::endpoint(asio::ip::make_address(source, ec), 0), ec);
    if (ec) return end("bind " + source + ": " + ec.message());
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(
        server, beast::bind_front_handler(&Connection::on_connect, shared_from_this()));
  }
  void send(std::string text) {
    if (!open_) return;
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) write_next();
  }
  void drop() {
    if (ended_) return;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return end("connect: " + ec.message());
    beast::get_lowest_layer(ws_).expires_never();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_.read_message_max(4 << 20);
    ws_.async_handshake(host_, target_,
                        beast::bind_front_handler(&Connection::on_handshake, shared_from_this()));
  }
  void on_handshake(beast::error_code ec) {
    if (ec) return end("handshake: " + ec.message());
    open_ = true;
    events_.on_open(id_);
    read();
  }
  void read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&Connection::on_read, shared_from_this()));
  }
  void on_read(beast::error_code ec, size_t) {
    if (ec)
      return end(ec == websocket::error::closed ? "closed by server" : "read: " + ec.message());
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    events_.on_message(id_, std::move(text));
    read();
  }
  void write_next() {
    ws_.text(true);
    ws_.async_write(asio::buffer(queue_.front()),
                    beast::bind_front_handler(&Connection::on_write, shared_from_this()));
  }
  void on_write(beast::error_code ec, size_t) {
    if (ec) return end("write: " + ec.message());
    queue_.pop_front();
    if (!queue_.empty()) write_next();
  }
  void end(const std::string& why) {
    if (ended_) return;
    ended_ = true;
    open_ = false;
    queue_.clear();
    on_end_();
    events_.on_closed(id_, why);
  }

  websocket::stream<beast::tcp_stream> ws_;
  ClientId id_;
  ClientEvents& events_;
  std::function<void()> on_end_;
  std::string host_;
  std::string target_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  bool open_ = false;
  bool ended_ = false;
};

}  // namespace

struct WsClientPool::Impl {
  asio::io_context ioc{1};
  tcp::endpoint server;
  std::string host;
  ClientEvents& events;
  std::unordered_map<ClientId, std::shared_ptr<Connection>> connections;
  Impl(ClientEvents& e) : events(e) {}
};

WsClientPool::WsClientPool(std::string host, uint16_t port, ClientEvents& events)
    : impl_(std::make_unique<Impl>(events)) {
  impl_->server = tcp::endpoint(asio::ip::make_address(host), port);
  impl_->host = host + ":" + std::to_string(port);
}

WsClientPool::~WsClientPool() = default;

void WsClientPool::connect(ClientId id, const std::string& source, const std::string& target) {
  // The connection object lives until its last handler has run; the map only lets send()
  // and drop() find it while it is open.
  auto c = std::make_shared<Connection>(impl_->ioc, id, impl_->events,
                                        [this, id] { impl_->connections.erase(id); });
  impl_->connections[id] = c;
  c->start(impl_->server, impl_->host, source, target);
}

void WsClientPool::send(ClientId id, std::string text) {
  auto it = impl_->connections.find(id);
  if (it != impl_->connections.end()) it->second->send(std::move(text));
}

void WsClientPool::drop(ClientId id) {
  auto it = impl_->connections.find(id);
  if (it != impl_->connections.end()) it->second->drop();
}

size_t WsClientPool::open_count() const {
  return impl_->connections.size();
}

void WsClientPool::after(int64_t ms, std::function<void()> fn) {
  auto timer = std::make_shared<asio::steady_timer>(impl_->ioc, std::chrono::milliseconds(ms));
  timer->async_wait([timer, fn = std::move(fn)](beast::error_code ec) {
    if (!ec) fn();
  });
}

void WsClientPool::run_for(double seconds) {
  impl_->ioc.restart();
  impl_->ioc.run_for(std::chrono::milliseconds(static_cast<int64_t>(seconds * 1000)));
}

void WsClientPool::stop() {
  impl_->ioc.stop();
}

}  // namespace kaisho::loadtest

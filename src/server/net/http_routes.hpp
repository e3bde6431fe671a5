#pragma once
// What a plain HTTP request (not a WebSocket upgrade) is answered: /healthz, /livez, the test
// hooks (POST /test/...), 405 for other methods, and the static files of the web root. Plain
// C++ (no Boost; internal to kaisho_net): http_server.cpp reads the request and writes this
// answer; what it holds is decided here.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/net/http_server.hpp"

namespace kaisho::net {

struct HttpAnswer {
  unsigned status = 200;
  // In the order they are sent, each name once. Content-Length and Connection are left to
  // the transport (from the body, and the request's keep-alive).
  std::vector<std::pair<std::string, std::string>> headers;
  std::string body;  // what a GET gets; a HEAD is sent the same head without it
};

// `method` is the request line's method as sent ("GET"); `target` its path and query;
// `accept_encoding` its Accept-Encoding header (nullptr when it has none).
HttpAnswer answer_http(const ServerConfig& config, std::string_view method,
                       const std::string& target, const std::string* accept_encoding);

// The Content-Type of a static file, by its extension.
std::string mime_type(const std::string& path);

}  // namespace kaisho::net

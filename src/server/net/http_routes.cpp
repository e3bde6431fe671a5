#include "server/net/http_routes.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "server/net/content_encoding.hpp"

namespace kaisho::net {

namespace {

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

// The whole file, or nullopt when it cannot be read.
std::optional<std::string> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return std::nullopt;
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) return std::nullopt;
  return std::move(ss).str();
}

void reply(HttpAnswer& a, unsigned status, std::string type, std::string body) {
  a.status = status;
  a.headers.emplace_back("Content-Type", std::move(type));
  a.body = std::move(body);
}

// A file of the web root. Each file may have a brotli (FILE.br) and a gzip (FILE.gz) copy
// made at build time (web/scripts/compress.mjs); the request's Accept-Encoding chooses
// which one is sent (content_encoding.hpp), with the plain file's type. Vite's hashed
// files under /assets/ never change, so they are cached for a year; every other file (pages,
// which name the current hashed files; the service worker; the manifest) is revalidated on
// every load. Paths that name a copy itself
// (.br, .gz) are not files of the site: they get 404, never a body with a type that
// misdescribes it. Every other path without a file extension gets the single page.
void serve_static(HttpAnswer& a, const std::string& root, const std::string& target,
                  const std::string* accept_encoding) {
  auto not_found = [&] { reply(a, 404, "text/plain", "not found\n"); };
  if (root.empty()) return not_found();
  const std::string path = safe_path(root, target);
  // Sends `file` (or its copy); false, with nothing set, when it cannot be read.
  auto send_file = [&](const std::string& file, const char* cache_control) {
    StaticFile chosen = choose_static_file(file, accept_encoding);
    std::optional<std::string> body = read_file(chosen.path);
    if (!body && chosen.encoding != Encoding::identity) {  // the copy went away meanwhile
      chosen.encoding = Encoding::identity;
      body = read_file(file);
    }
    if (!body) return false;
    a.status = 200;
    a.headers.emplace_back("Content-Type", mime_type(file));
    if (chosen.encoding != Encoding::identity)
      a.headers.emplace_back("Content-Encoding", std::string(encoding_name(chosen.encoding)));
    if (chosen.has_copies) a.headers.emplace_back("Vary", "Accept-Encoding");
    if (cache_control != nullptr) a.headers.emplace_back("Cache-Control", cache_control);
    a.body = std::move(*body);
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
    // Everything else (pages, the service worker, the manifest, icons) keeps its name from
    // one version to the next: revalidated on every use, so that a new version is seen at once.
    const char* cache_control =
        relative.rfind("/assets/", 0) == 0 ? "public, max-age=31536000, immutable" : "no-cache";
    if (send_file(path, cache_control)) return;
  }
  // Client-side routes (/g/ID, /rules/shogi, ...) get the single page.
  if (path.empty() || path.find('.', path.rfind('/')) == std::string::npos)
    if (send_file(root + "/index.html", "no-cache")) return;
  not_found();
}

}  // namespace

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

HttpAnswer answer_http(const ServerConfig& config, std::string_view method,
                       const std::string& target, const std::string* accept_encoding) {
  HttpAnswer a;
  a.headers = {
      {"Server", "kaisho"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "no-referrer"},
      // Scripts only from this site; 'wasm-unsafe-eval' lets them compile WebAssembly (the
      // engine in the page, docs/engine-wasm.md) without allowing eval().
      {"Content-Security-Policy",
       "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' "
       "'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; "
       "base-uri 'none'; frame-ancestors 'none'"},
  };
  const bool get = method == "GET";
  if (get && target == "/healthz") {
    if (!config.ready || config.ready())
      reply(a, 200, "text/plain", "ok\n");
    else
      reply(a, 503, "text/plain", "not ready: the database does not answer\n");
  } else if (get && target == "/livez") {
    reply(a, 200, "text/plain", "alive\n");
  } else if (method == "POST" && target.rfind("/test/", 0) == 0 && config.test_hook) {
    reply(a, 200, "text/plain", config.test_hook(target));
  } else if (!get && method != "HEAD") {
    reply(a, 405, "text/plain", "method not allowed\n");
    a.headers.emplace_back("Allow", "GET, HEAD");
  } else {
    serve_static(a, config.web_root, target, accept_encoding);
  }
  return a;
}

}  // namespace kaisho::net

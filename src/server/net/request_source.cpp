#include "server/net/request_source.hpp"

#include <arpa/inet.h>

#include <algorithm>

namespace kaisho::net {

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

bool host_is_address(std::string_view host) {
  if (host.empty()) return false;
  if (host.front() == '[') return host.find(']') != std::string_view::npos;  // [v6]:port
  const std::string name(host.substr(0, host.find(':')));
  if (name == "localhost") return true;
  // Dotted IPv4 as inet_pton reads it (four decimal parts, no shorthand). The text stops at
  // a NUL, as any C string does.
  in_addr parsed{};
  return inet_pton(AF_INET, name.c_str(), &parsed) == 1;
}

bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& site, const std::vector<std::string>& allowed) {
  if (origin.empty()) return true;
  if (std::find(site.begin(), site.end(), origin) != site.end()) return true;
  if (std::find(allowed.begin(), allowed.end(), origin) != allowed.end()) return true;
  return host_is_address(host) &&
         (origin == "http://" + std::string(host) || origin == "https://" + std::string(host));
}

}  // namespace kaisho::net

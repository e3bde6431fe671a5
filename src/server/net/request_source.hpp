#pragma once
// Who a request comes from, as its headers tell (plain C++, no Boost; internal to kaisho_net):
// the client's address behind a trusted proxy, and whether the page that asks for a WebSocket
// may open one.
#include <string>
#include <string_view>
#include <vector>

namespace kaisho::net {

// The client's address: the peer's, or for a trusted proxy the last X-Forwarded-For hop, the
// one the proxy itself appended. `forwarded_for` is every X-Forwarded-For line of the request
// joined by commas in order: a client may send its own lines, which come first (a proxy adds
// its line after them), so only the very last value is the proxy's word.
std::string client_address(const std::string& peer, const std::vector<std::string>& proxies,
                           std::string_view forwarded_for);

// Whether a Host names this machine without a domain name: an IP address (v4, or v6 in
// brackets) or localhost, with or without a port. A name in DNS can be made to point here by
// whoever owns it (DNS rebinding); an address cannot.
bool host_is_address(std::string_view host);

// Whether a WebSocket upgrade may come from `origin`: the site's configured origins
// (--site-origin) and the operator's other allowed ones (--allowed-origin); a page served by
// address (the Origin is http:// or https:// followed by the request's Host, and that Host is
// an IP address or localhost); or no Origin (a program, not a browser page). A page of any
// other domain is refused even when Host matches it: a DNS rebinding page sends its own
// domain as both. "null" (a sandboxed or file page) is refused.
bool origin_allowed(std::string_view origin, std::string_view host,
                    const std::vector<std::string>& site, const std::vector<std::string>& allowed);

}  // namespace kaisho::net

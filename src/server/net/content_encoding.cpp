#include "server/net/content_encoding.hpp"

#include <filesystem>
#include <optional>
#include <system_error>

namespace kaisho::net {

namespace {

bool is_ows(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim_ows(std::string_view s) {
  while (!s.empty() && is_ows(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_ows(s.back())) s.remove_suffix(1);
  return s;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    char x = a[i];
    if (x >= 'A' && x <= 'Z') x = static_cast<char>(x - 'A' + 'a');
    if (x != b[i]) return false;  // b is lower case
  }
  return true;
}

// qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), as 0..1000.
std::optional<int> parse_qvalue(std::string_view s) {
  if (s.empty() || (s[0] != '0' && s[0] != '1')) return std::nullopt;
  int value = (s[0] - '0') * 1000;
  if (s.size() == 1) return value;
  if (s[1] != '.' || s.size() > 5) return std::nullopt;
  int scale = 100;
  for (char c : s.substr(2)) {
    if (c < '0' || c > '9') return std::nullopt;
    value += (c - '0') * scale;
    scale /= 10;
  }
  if (value > 1000) return std::nullopt;
  return value;
}

// One element of the list: its coding (as written) and its quality, or nullopt when the
// element is malformed.
struct Element {
  std::string_view coding;
  int quality;
};
std::optional<Element> parse_element(std::string_view element) {
  const size_t semi = element.find(';');
  Element e{trim_ows(element.substr(0, semi)), 1000};
  if (e.coding.empty()) return std::nullopt;
  if (semi == std::string_view::npos) return e;
  // Parameters: only the weight "q=..." is defined for Accept-Encoding; others are ignored.
  std::string_view rest = element.substr(semi + 1);
  while (true) {
    const size_t next = rest.find(';');
    const std::string_view param = trim_ows(rest.substr(0, next));
    const size_t eq = param.find('=');
    if (eq != std::string_view::npos && iequals(trim_ows(param.substr(0, eq)), "q")) {
      auto q = parse_qvalue(trim_ows(param.substr(eq + 1)));
      if (!q) return std::nullopt;
      e.quality = *q;
    }
    if (next == std::string_view::npos) break;
    rest.remove_prefix(next + 1);
  }
  return e;
}

}  // namespace

std::string_view encoding_name(Encoding e) {
  switch (e) {
    case Encoding::br:
      return "br";
    case Encoding::gzip:
      return "gzip";
    case Encoding::identity:
      break;
  }
  return "";
}

std::string_view encoding_suffix(Encoding e) {
  switch (e) {
    case Encoding::br:
      return ".br";
    case Encoding::gzip:
      return ".gz";
    case Encoding::identity:
      break;
  }
  return "";
}

int coding_quality(const std::string* accept_encoding, std::string_view coding) {
  if (accept_encoding == nullptr) return 0;
  std::optional<int> listed;
  std::optional<int> star;
  std::string_view rest = *accept_encoding;
  while (true) {
    const size_t comma = rest.find(',');
    if (auto e = parse_element(rest.substr(0, comma))) {
      const bool same =
          iequals(e->coding, coding) || (coding == "gzip" && iequals(e->coding, "x-gzip"));
      if (same && !listed) listed = e->quality;
      if (e->coding == "*" && !star) star = e->quality;
    }
    if (comma == std::string_view::npos) break;
    rest.remove_prefix(comma + 1);
  }
  if (listed) return *listed;
  if (star) return *star;
  return 0;
}

Encoding choose_encoding(const std::string* accept_encoding, bool have_br, bool have_gzip) {
  const int br = have_br ? coding_quality(accept_encoding, "br") : 0;
  const int gzip = have_gzip ? coding_quality(accept_encoding, "gzip") : 0;
  if (br > 0 && br >= gzip) return Encoding::br;
  if (gzip > 0) return Encoding::gzip;
  return Encoding::identity;
}

bool is_compressed_copy(std::string_view path) {
  return path.ends_with(".br") || path.ends_with(".gz");
}

StaticFile choose_static_file(const std::string& path, const std::string* accept_encoding,
                              const std::function<bool(const std::string&)>& exists) {
  auto is_file = [&](const std::string& p) {
    if (exists) return exists(p);
    std::error_code ec;
    return std::filesystem::is_regular_file(p, ec);
  };
  const bool have_br = is_file(path + ".br");
  const bool have_gzip = is_file(path + ".gz");
  const Encoding e = choose_encoding(accept_encoding, have_br, have_gzip);
  return StaticFile{path + std::string(encoding_suffix(e)), e, have_br || have_gzip};
}

}  // namespace kaisho::net

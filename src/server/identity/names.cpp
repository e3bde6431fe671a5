#include "server/identity/names.hpp"

#include "core/text.hpp"

namespace kaisho::server {

namespace {

Error refuse(const std::string& reason, std::string message) {
  Error e = make_error("bad_name", std::move(message));
  e.params.emplace_back("reason", reason);
  if (reason == "too_long") e.params.emplace_back("max", std::to_string(kMaxNameLength));
  return e;
}

// Marks that change the direction text is displayed in: LRM, RLM, ALM, the embeddings and
// overrides (U+202A..U+202E) and the isolates (U+2066..U+2069).
bool is_direction_mark(char32_t cp) {
  return cp == 0x200E || cp == 0x200F || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

// The code point starting at s[i] (the text is valid UTF-8: the JSON reader checked it);
// advances i past it.
char32_t next_code_point(std::string_view s, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
  if (i + len > s.size()) len = 1;
  char32_t cp = len == 1 ? b : len == 2 ? b & 0x1F : len == 3 ? b & 0x0F : b & 0x07;
  for (size_t k = 1; k < len; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
  i += len;
  return cp;
}

}  // namespace

Result<std::string> clean_name(std::string_view raw) {
  const std::string_view s = text::trim(raw);
  if (s.empty()) return refuse("empty", "a name may not be empty");
  size_t points = 0;
  for (size_t i = 0; i < s.size();) {
    const char32_t cp = next_code_point(s, i);
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
      return refuse("control", "a name may not contain control characters");
    if (is_direction_mark(cp))
      return refuse("direction", "a name may not contain marks that change its direction");
    ++points;
  }
  if (points > kMaxNameLength)
    return refuse("too_long", "a name has at most " + std::to_string(kMaxNameLength) +
                                  " characters; this one has " + std::to_string(points));
  return std::string(s);
}

}  // namespace kaisho::server

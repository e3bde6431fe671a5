#pragma once
// Small text helpers shared by every parser.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kaisho::text {

// Splits on runs of ASCII whitespace; no empty pieces.
std::vector<std::string_view> split_ws(std::string_view s);
// Splits on one separator character; keeps empty pieces.
std::vector<std::string_view> split(std::string_view s, char sep);
std::string_view trim(std::string_view s);
// A non-negative decimal integer that fits in int, with no sign or other characters.
std::optional<int> parse_int(std::string_view s);
// Joins with one separator.
std::string join(const std::vector<std::string>& parts, std::string_view sep);
// Shortens untrusted text for an error message (and makes control characters visible).
std::string quote(std::string_view s);

}  // namespace kaisho::text

#include "server/protocol/json_patch.hpp"

#include <string>

namespace kaisho::server::protocol {

namespace {

using nlohmann::json;

// A member name as one reference token of a JSON Pointer (RFC 6901): "~" and "/" escaped.
std::string token(const std::string& key) {
  std::string out;
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

bool extends(const json& before, const json& after) {
  if (after.size() < before.size()) return false;
  for (size_t i = 0; i < before.size(); ++i)
    if (before[i] != after[i]) return false;
  return true;
}

void diff(const json& before, const json& after, const std::string& path, json& ops) {
  if (before == after) return;
  if (before.is_object() && after.is_object()) {
    for (const auto& [key, value] : before.items())
      if (!after.contains(key))
        ops.push_back({{"op", "remove"}, {"path", path + "/" + token(key)}});
    for (const auto& [key, value] : after.items()) {
      const std::string at = path + "/" + token(key);
      if (auto it = before.find(key); it == before.end())
        ops.push_back({{"op", "add"}, {"path", at}, {"value", value}});
      else
        diff(*it, value, at, ops);
    }
    return;
  }
  if (before.is_array() && after.is_array() && extends(before, after)) {
    for (size_t i = before.size(); i < after.size(); ++i)
      ops.push_back({{"op", "add"}, {"path", path + "/-"}, {"value", after[i]}});
    return;
  }
  ops.push_back({{"op", "replace"}, {"path", path}, {"value", after}});
}

}  // namespace

std::optional<std::string> compact_moves(const std::vector<std::string>& moves) {
  std::string out;
  std::string_view prefix;
  for (const auto& m : moves) {
    if (m.size() < 3 || m.find_first_of(" ,") != std::string::npos) return std::nullopt;
    const std::string_view head = std::string_view(m).substr(0, 2);
    if (!out.empty() && head == prefix) {
      out += ',';
    } else {
      if (!out.empty()) out += ' ';
      out += head;
      prefix = std::string_view(m).substr(0, 2);
    }
    out.append(m, 2);
  }
  return out;
}

json json_diff(const json& before, const json& after) {
  json ops = json::array();
  diff(before, after, "", ops);
  return ops;
}

}  // namespace kaisho::server::protocol

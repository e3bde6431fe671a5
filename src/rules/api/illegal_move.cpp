#include "rules/api/illegal_move.hpp"

#include <algorithm>

namespace kaisho::rules {

std::string_view IllegalMove::param(std::string_view key) const {
  for (const auto& [k, v] : params)
    if (k == key) return v;
  return {};
}

std::string check_documented(const IllegalMove& m) {
  if (m.legal()) return m.params.empty() && m.text.empty() ? "" : "a legal move with details";
  const auto it = std::find_if(kIllegalMoveReasons.begin(), kIllegalMoveReasons.end(),
                               [&](const IllegalMoveReason& r) { return r.code == m.reason; });
  if (it == kIllegalMoveReasons.end()) return "unknown reason '" + m.reason + "'";
  if (m.text.empty()) return "reason '" + m.reason + "' has no text";
  // Walk the documented names in order; each given param must be the next one that fits.
  std::string_view doc = it->params;
  size_t given = 0;
  while (!doc.empty()) {
    const size_t space = doc.find(' ');
    std::string_view name = doc.substr(0, space);
    doc = space == std::string_view::npos ? std::string_view() : doc.substr(space + 1);
    const bool optional = name.ends_with('?');
    if (optional) name.remove_suffix(1);
    if (given < m.params.size() && m.params[given].first == name) {
      if (m.params[given].second.empty())
        return "param '" + std::string(name) + "' of '" + m.reason + "' is empty";
      ++given;
    } else if (!optional) {
      return "reason '" + m.reason + "' lacks param '" + std::string(name) + "'";
    }
  }
  if (given != m.params.size())
    return "reason '" + m.reason + "' has an undocumented param '" + m.params[given].first + "'";
  return "";
}

Error illegal_move_error(std::string_view move, const IllegalMove& why, std::string message) {
  Params params;
  params.reserve(why.params.size() + 2);
  params.emplace_back("move", std::string(move));
  params.emplace_back("reason", why.reason.empty() ? std::string("not_allowed") : why.reason);
  params.insert(params.end(), why.params.begin(), why.params.end());
  return make_error("illegal_move", std::move(message), std::move(params));
}

Error illegal_move_error(std::string_view move, const IllegalMove& why) {
  return illegal_move_error(move, why, "illegal move " + std::string(move) + ": " + why.text);
}

Error unreadable_move_error(std::string_view move, const Error& parse_error) {
  return illegal_move_error(move, refuse("bad_text", parse_error.message), parse_error.message);
}

Error game_over_error(std::string_view move) {
  const std::string message = "the game is over";
  return illegal_move_error(move, refuse("game_over", message), message);
}

}  // namespace kaisho::rules

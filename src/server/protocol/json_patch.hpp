#pragma once
// The change between two JSON documents as JSON Patch operations (RFC 6902), in the subset
// the web client applies (web/src/net/patch.ts): "add" of an object member or at the end of
// an array ("/-"), "remove" of an object member, and "replace". An array that grew by
// appending is sent as its new elements; any other change of an array replaces it whole
// (move lists grow at their end; legal moves change whole). Applying the operations to
// `before` gives `after` exactly (tests/server/json_patch_test.cpp).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace kaisho::server::protocol {

nlohmann::json json_diff(const nlohmann::json& before, const nlohmann::json& after);

// A list of moves in few bytes, for patches: moves that share their first two characters are
// one group, the prefix then the rests joined by ","; groups are joined by " " ("7g7f" "7g7f+"
// "N*1b" "N*1d" → "7g7f,7f+ N*1b,1d"). The client expands it (web/src/net/patch.ts). None when
// a move is shorter than three characters or holds a space or a comma.
std::optional<std::string> compact_moves(const std::vector<std::string>& moves);

}  // namespace kaisho::server::protocol

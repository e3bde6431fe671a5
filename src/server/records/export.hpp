#pragma once
// A finished (or unfinished) game's record in the formats people exchange: "text" (the
// position text and moves of docs/notation.md, every game) and, for Shogi and Annan,
// "kif" and "csa".
#include <map>
#include <string>
#include <vector>

#include "server/store/store.hpp"

namespace kaisho::server {

std::map<std::string, std::string> export_record(const GameRow& row,
                                                 const std::vector<std::string>& player_names);

}  // namespace kaisho::server

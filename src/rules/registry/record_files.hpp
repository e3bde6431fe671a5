#pragma once
// A game's record as the files people exchange, for every game: "text" (the position text the
// record starts from, then " moves M1 M2 ...", docs/notation.md) and, for Shogi and Annan,
// "kif" and "csa" (shogi/record_formats.hpp). One function for the server's record exports
// (server/records/export.cpp) and the WebAssembly module's (wasm/engine_api.h, kaisho_record),
// so that a game saved in the page is the file the server would give for it.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"

namespace kaisho::rules {

struct RecordSource {
  std::string game;                // a game id: "shogi", "annan", "hasami", ...
  std::string start_text;          // the position text the record starts from
  std::vector<std::string> moves;  // move text, in order
  // The players' names by seat; a missing or empty one is the seat's "sente" / "gote".
  std::vector<std::string> names;
  // How the game ended: "resignation", "checkmate", "repetition", "move_limit", ...; "" while
  // it goes on (KIF and CSA then have no end line).
  std::string result_reason;
};

// The formats a game's record is written in: "text", then "kif" and "csa" for Shogi and Annan.
std::vector<std::string> record_formats(std::string_view game);

// The record in one of record_formats(game): the file's whole text. An unknown format, a
// format the game has not, or a record that does not replay (KIF and CSA read its moves) is an
// error that says so.
Result<std::string> record_file(const RecordSource& record, std::string_view format);

// Every format of record_formats(game) that could be written, by format.
std::map<std::string, std::string> record_files(const RecordSource& record);

}  // namespace kaisho::rules

#pragma once
// Game records of Shogi and Annan Shogi in the shogi world's file formats: KIF (Kakinoki)
// and CSA. Both are written from the start position and the USI moves of a record.
#include <string>
#include <vector>

#include "core/result.hpp"

namespace kaisho::shogi {

struct RecordInfo {
  std::string variant;  // "shogi" or "annan"
  std::string start_sfen;
  std::vector<std::string> moves;  // USI
  std::string sente_name;
  std::string gote_name;
  std::string result_reason;  // "resignation", "checkmate", "repetition", ... or "" if unfinished
};

Result<std::string> to_kif(const RecordInfo& record);
Result<std::string> to_csa(const RecordInfo& record);

}  // namespace kaisho::shogi

#include "ai/search_text.hpp"

#include "core/text.hpp"

namespace kaisho::ai {

std::string info_line(const SearchInfo& info) {
  std::string s =
      "info depth " + std::to_string(info.depth) + " score " + std::to_string(info.score);
  if (info.mate_in) s += " mate " + std::to_string(info.mate_in);
  s += " nodes " + std::to_string(info.nodes) + " time " + std::to_string(info.time_ms);
  if (!info.pv.empty()) s += " pv " + text::join(info.pv, " ");
  return s;
}

}  // namespace kaisho::ai

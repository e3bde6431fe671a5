#include "server/records/export.hpp"

#include <nlohmann/json.hpp>

#include "core/text.hpp"
#include "rules/shogi/record_formats.hpp"

namespace kaisho::server {

std::map<std::string, std::string> export_record(const GameRow& row,
                                                 const std::vector<std::string>& names) {
  std::map<std::string, std::string> out;
  std::string text = row.start_text;
  if (!row.moves.empty()) text += " moves " + text::join(row.moves, " ");
  out["text"] = text + "\n";
  if (row.game == "shogi" || row.game == "annan") {
    auto result =
        nlohmann::json::parse(row.result_json.empty() ? "{}" : row.result_json, nullptr, false);
    shogi::RecordInfo info;
    info.variant = row.game;
    info.start_sfen = row.start_text;
    info.moves = row.moves;
    info.sente_name = names.size() > 0 ? names[0] : "sente";
    info.gote_name = names.size() > 1 ? names[1] : "gote";
    info.result_reason = result.is_discarded() ? "" : result.value("reason", "");
    if (auto kif = shogi::to_kif(info)) out["kif"] = kif.value();
    if (auto csa = shogi::to_csa(info)) out["csa"] = csa.value();
  }
  return out;
}

}  // namespace kaisho::server

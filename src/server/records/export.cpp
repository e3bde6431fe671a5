#include "server/records/export.hpp"

#include <nlohmann/json.hpp>

#include "rules/registry/record_files.hpp"

namespace kaisho::server {

std::map<std::string, std::string> export_record(const GameRow& row,
                                                 const std::vector<std::string>& names) {
  rules::RecordSource record;
  record.game = row.game;
  record.start_text = row.start_text;
  record.moves = row.moves;
  record.names = names;
  if (rules::record_formats(row.game).size() > 1) {
    // How it ended, for KIF's and CSA's end line (the text format has none).
    auto result =
        nlohmann::json::parse(row.result_json.empty() ? "{}" : row.result_json, nullptr, false);
    record.result_reason = result.is_discarded() ? "" : result.value("reason", "");
  }
  return rules::record_files(record);
}

}  // namespace kaisho::server

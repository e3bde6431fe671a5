#include "rules/registry/record_files.hpp"

#include "core/text.hpp"
#include "rules/shogi/record_formats.hpp"

namespace kaisho::rules {

namespace {

bool shogi_family_record(std::string_view game) {
  return game == "shogi" || game == "annan";
}

shogi::RecordInfo shogi_record(const RecordSource& r) {
  const auto name = [&](size_t seat, const char* fallback) {
    return seat < r.names.size() && !r.names[seat].empty() ? r.names[seat] : std::string(fallback);
  };
  shogi::RecordInfo info;
  info.variant = r.game;
  info.start_sfen = r.start_text;
  info.moves = r.moves;
  info.sente_name = name(0, "sente");
  info.gote_name = name(1, "gote");
  info.result_reason = r.result_reason;
  return info;
}

}  // namespace

std::vector<std::string> record_formats(std::string_view game) {
  if (shogi_family_record(game)) return {"text", "kif", "csa"};
  return {"text"};
}

Result<std::string> record_file(const RecordSource& r, std::string_view format) {
  if (format == "text") {
    std::string text = r.start_text;
    if (!r.moves.empty()) text += " moves " + text::join(r.moves, " ");
    return text + "\n";
  }
  if (format == "kif" || format == "csa") {
    if (!shogi_family_record(r.game)) {
      return make_error(std::string(format) +
                        " records are written for shogi and annan only, not " +
                        text::quote(r.game));
    }
    return format == "kif" ? shogi::to_kif(shogi_record(r)) : shogi::to_csa(shogi_record(r));
  }
  return make_error("unknown record format " + text::quote(format) +
                    " (one of: " + text::join(record_formats(r.game), ", ") + ")");
}

std::map<std::string, std::string> record_files(const RecordSource& r) {
  std::map<std::string, std::string> out;
  for (const auto& format : record_formats(r.game))
    if (auto file = record_file(r, format)) out[format] = std::move(file).value();
  return out;
}

}  // namespace kaisho::rules

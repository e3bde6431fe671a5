#include "rules/api/options.hpp"

#include <algorithm>
#include <cstdlib>

#include "core/text.hpp"

namespace kaisho::rules {

std::string_view to_string(OptionKind kind) {
  switch (kind) {
    case OptionKind::Boolean:
      return "boolean";
    case OptionKind::Choice:
      return "choice";
    case OptionKind::Number:
      return "number";
  }
  return "choice";
}

const std::string& Options::get(std::string_view key) const {
  auto it = values_.find(key);
  if (it == values_.end()) {
    static const std::string empty;
    return empty;
  }
  return it->second;
}

int Options::get_int(std::string_view key) const {
  return std::atoi(get(key).c_str());
}

Options Options::defaults(const OptionSchema& schema) {
  Options options;
  for (const auto& spec : schema) options.values_[spec.key] = spec.default_value();
  return options;
}

Result<Options> Options::validate(
    const OptionSchema& schema, const std::vector<std::pair<std::string, std::string>>& overrides) {
  Options options = defaults(schema);
  for (const auto& [key, value] : overrides) {
    auto spec = std::find_if(schema.begin(), schema.end(),
                             [&k = key](const OptionSpec& s) { return s.key == k; });
    if (spec == schema.end()) {
      std::vector<std::string> keys;
      for (const auto& s : schema) keys.push_back(s.key);
      return make_error("unknown option " + text::quote(key) +
                        " (known: " + text::join(keys, ", ") + ")");
    }
    if (std::find(spec->choices.begin(), spec->choices.end(), value) == spec->choices.end()) {
      return make_error("option " + key + " cannot be " + text::quote(value) +
                        " (choices: " + text::join(spec->choices, ", ") + ")");
    }
    options.values_[key] = value;
  }
  return options;
}

Result<std::pair<std::string, std::string>> parse_option_assignment(std::string_view text) {
  auto eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return make_error("option must be written KEY=VALUE, got " + text::quote(text));
  }
  return std::pair<std::string, std::string>(std::string(text.substr(0, eq)),
                                             std::string(text.substr(eq + 1)));
}

}  // namespace kaisho::rules

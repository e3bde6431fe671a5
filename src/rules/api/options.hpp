#pragma once
// Local rules as data: each game describes its options with a schema (key, kind, choices,
// meaning); the tools, the server and the client's settings page are generated from it.
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace kaisho::rules {

enum class OptionKind { Boolean, Choice, Number };

std::string_view to_string(OptionKind kind);

struct OptionSpec {
  std::string key;                   // as in spec/notation.md, e.g. "move_limit"
  OptionKind kind;                   // Boolean: "true"/"false"; Number: decimal choices
  std::vector<std::string> choices;  // every allowed value; the first is the default
  std::string meaning;               // one line in English
  const std::string& default_value() const { return choices.front(); }
};

using OptionSchema = std::vector<OptionSpec>;

// A complete, validated set of option values for one game: every key of the schema has a
// value from its choices. Only validate() builds one, so a game may trust what it reads.
class Options {
 public:
  Options() = default;
  const std::string& get(std::string_view key) const;  // key must be in the schema
  bool get_bool(std::string_view key) const { return get(key) == "true"; }
  int get_int(std::string_view key) const;
  const std::map<std::string, std::string, std::less<>>& values() const { return values_; }

  // The defaults of the schema with the given key=value overrides applied. Unknown keys and
  // values outside the choices are errors naming the key and the allowed values.
  static Result<Options> validate(
      const OptionSchema& schema,
      const std::vector<std::pair<std::string, std::string>>& overrides);
  static Options defaults(const OptionSchema& schema);

 private:
  std::map<std::string, std::string, std::less<>> values_;
};

// Parses "KEY=VALUE" (as given to --option) into its two halves.
Result<std::pair<std::string, std::string>> parse_option_assignment(std::string_view text);

}  // namespace kaisho::rules

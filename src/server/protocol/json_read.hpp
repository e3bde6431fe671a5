#pragma once
// Reading JSON written by someone else (a client, or a row in the store that may be old,
// damaged or edited by hand) without exceptions: every value is checked for its type before
// it is taken, so data that is not what the code expects becomes an Error, never a throw.
#include <cstdint>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.hpp"

namespace kaisho::server::json_read {

using nlohmann::json;

// One value of type T from `j`: false (and `out` untouched or partly filled) when `j` holds
// another type or a number out of T's range.
inline bool read_value(const json& j, std::string& out) {
  if (!j.is_string()) return false;
  out = j.get_ref<const std::string&>();
  return true;
}
inline bool read_value(const json& j, bool& out) {
  if (!j.is_boolean()) return false;
  out = j.get<bool>();
  return true;
}
inline bool read_value(const json& j, int64_t& out) {
  if (j.is_number_unsigned()) {
    if (j.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
      return false;
    out = static_cast<int64_t>(j.get<uint64_t>());
    return true;
  }
  if (!j.is_number_integer()) return false;
  out = j.get<int64_t>();
  return true;
}
inline bool read_value(const json& j, int& out) {
  int64_t wide = 0;
  if (!read_value(j, wide) || wide < std::numeric_limits<int>::min() ||
      wide > std::numeric_limits<int>::max())
    return false;
  out = static_cast<int>(wide);
  return true;
}
inline bool read_value(const json& j, double& out) {
  if (!j.is_number()) return false;
  out = j.get<double>();
  return true;
}
template <class T>
bool read_value(const json& j, std::vector<T>& out) {
  if (!j.is_array()) return false;
  std::vector<T> values(j.size());
  for (size_t i = 0; i < j.size(); ++i)
    if (!read_value(j[i], values[i])) return false;
  out = std::move(values);
  return true;
}
template <class T>
bool read_value(const json& j, std::map<std::string, T>& out) {
  if (!j.is_object()) return false;
  std::map<std::string, T> values;
  for (const auto& [key, value] : j.items())
    if (!read_value(value, values[key])) return false;
  out = std::move(values);
  return true;
}

// Reads the fields of one JSON object by type. An absent (or null) optional field keeps the
// value it had; a field of another type, or a missing required one, makes the reader fail,
// and error() names the first such field. Code "bad_data".
class FieldReader {
 public:
  FieldReader(const json& object, std::string what) : object_(object), what_(std::move(what)) {
    if (!object_.is_object()) fail("is not a JSON object");
  }

  template <class T>
  FieldReader& optional(const char* key, T& out) {
    if (!ok()) return *this;
    auto it = object_.find(key);
    if (it == object_.end() || it->is_null()) return *this;
    if (!read_value(*it, out)) fail(std::string("has a field '") + key + "' of the wrong type");
    return *this;
  }
  template <class T>
  FieldReader& required(const char* key, T& out) {
    if (!ok()) return *this;
    if (!object_.contains(key)) fail(std::string("has no field '") + key + "'");
    return optional(key, out);
  }
  // A check of the values read: fails with `what_ + " " + problem` unless `holds`.
  FieldReader& check(bool holds, const std::string& problem) {
    if (ok() && !holds) fail(problem);
    return *this;
  }

  bool ok() const { return problem_.empty(); }
  Error error() const { return make_error("bad_data", what_ + " " + problem_); }

 private:
  void fail(std::string problem) {
    if (problem_.empty()) problem_ = std::move(problem);
  }

  const json& object_;
  std::string what_;
  std::string problem_;
};

}  // namespace kaisho::server::json_read

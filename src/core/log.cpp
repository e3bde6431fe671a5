#include "core/log.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <functional>
#include <mutex>
#include <random>
#include <string>

namespace kaisho::log {

namespace {

std::mutex& server_mutex() {
  static std::mutex m;
  return m;
}
std::string& server_name() {
  static std::string s;
  return s;
}
thread_local std::string hall_name;

// A JSON string's contents: quotes, backslashes and control characters escaped; bytes that are
// not valid UTF-8 are written as U+FFFD so that every line parses.
void append_escaped(std::string& out, std::string_view text) {
  static const char* hex = "0123456789abcdef";
  for (size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
      ++i;
    } else if (c < 0x20 || c == 0x7f) {
      out += "\\u00";
      out += hex[c >> 4];
      out += hex[c & 15];
      ++i;
    } else if (c < 0x80) {
      out += static_cast<char>(c);
      ++i;
    } else {
      // The length of a well-formed UTF-8 sequence starting here, 0 if it is not one.
      size_t n = (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
      if (n && i + n <= text.size()) {
        for (size_t k = 1; k < n; ++k)
          if ((static_cast<unsigned char>(text[i + k]) >> 6) != 2) n = 0;
      } else {
        n = 0;
      }
      if (n) {
        out.append(text.substr(i, n));
        i += n;
      } else {
        out += "\\ufffd";
        ++i;
      }
    }
  }
}

void append_field(std::string& out, std::string_view key, std::string_view value) {
  out += ",\"";
  append_escaped(out, key);
  out += "\":\"";
  append_escaped(out, value);
  out += '"';
}

std::string body(std::string_view level, std::string_view message,
                 std::initializer_list<Field> fields) {
  std::string line = "\"level\":\"";
  append_escaped(line, level);
  line += '"';
  {
    std::lock_guard lock(server_mutex());
    if (!server_name().empty()) append_field(line, "server", server_name());
  }
  if (!hall_name.empty()) append_field(line, "hall", hall_name);
  for (const auto& f : fields) append_field(line, f.key, f.value);
  append_field(line, "msg", message);
  line += '}';
  return line;
}

void write(std::string_view level, std::string_view message, std::initializer_list<Field> fields) {
  static std::mutex mutex;
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()) % 1000;
  char when[40] = "";
  std::tm utc{};
  if (gmtime_r(&seconds, &utc)) {
    char base[32];
    std::strftime(base, sizeof base, "%Y-%m-%dT%H:%M:%S", &utc);
    std::snprintf(when, sizeof when, "%s.%03dZ", base, static_cast<int>(ms.count()));
  }
  std::string line = "{\"time\":\"";
  line += when;
  line += "\",";
  line += body(level, message, fields);
  line += '\n';
  std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

void error(std::string_view message, std::initializer_list<Field> fields) {
  write("error", message, fields);
}

void warning(std::string_view message, std::initializer_list<Field> fields) {
  write("warning", message, fields);
}

void info(std::string_view message, std::initializer_list<Field> fields) {
  write("info", message, fields);
}

void set_server(std::string name) {
  std::lock_guard lock(server_mutex());
  server_name() = std::move(name);
}

void set_hall(std::string hall) {
  hall_name = std::move(hall);
}

std::string person(std::string_view person_id) {
  // Keyed by a secret made at start (hashed in front of the id): the same person reads the same
  // within a process, and the id cannot be recovered from the logs by hashing guesses.
  static const std::string key = [] {
    std::random_device random;
    std::string k;
    for (int i = 0; i < 4; ++i) k += std::to_string(random());
    return k;
  }();
  std::string keyed = key;
  keyed.append(person_id);
  const uint64_t h = std::hash<std::string>{}(keyed);
  char out[20];
  std::snprintf(out, sizeof out, "p:%012llx",
                static_cast<unsigned long long>(h & 0xffffffffffffULL));
  return out;
}

std::string format(std::string_view level, std::string_view message,
                   std::initializer_list<Field> fields) {
  return "{" + body(level, message, fields);
}

}  // namespace kaisho::log

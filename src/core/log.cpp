#include "core/log.hpp"

#include <cstdio>
#include <ctime>
#include <mutex>
#include <string>

namespace kaisho::log {

namespace {

void write(std::string_view level, std::string_view message) {
  static std::mutex mutex;
  char when[32] = "";
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  if (gmtime_r(&now, &utc)) std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &utc);
  std::string line = std::string(when) + " kaisho " + std::string(level) + ": ";
  line.append(message);
  line += '\n';
  std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

void error(std::string_view message) {
  write("error", message);
}

void warning(std::string_view message) {
  write("warning", message);
}

}  // namespace kaisho::log

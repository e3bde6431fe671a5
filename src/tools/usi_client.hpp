#pragma once
// Drives an external USI engine (a child process on pipes), e.g. Debian's /usr/games/gpsusi,
// for engine-versus-engine matches.
#include <sys/types.h>
#include <string>

#include "core/result.hpp"

namespace kaisho::tools {

class UsiClient {
 public:
  UsiClient() = default;
  ~UsiClient();
  UsiClient(const UsiClient&) = delete;
  UsiClient& operator=(const UsiClient&) = delete;

  // Starts the program and completes the usi/isready handshake.
  Status start(const std::string& program);
  Status send(const std::string& line);
  // Reads lines until one starts with `prefix` (returned), or the timeout passes.
  Result<std::string> read_until(const std::string& prefix, int timeout_ms);
  // "position sfen START moves ..." + "go ..." and the move from "bestmove MOVE".
  Result<std::string> best_move(const std::string& position, const std::string& go, int timeout_ms);
  const std::string& name() const { return name_; }

 private:
  pid_t pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
  std::string name_;
};

}  // namespace kaisho::tools

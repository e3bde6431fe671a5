#include "tools/usi_client.hpp"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>

namespace kaisho::tools {

UsiClient::~UsiClient() {
  if (pid_ > 0) {
    (void)send("quit");
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      usleep(10000);
    }
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  if (to_child_ >= 0) close(to_child_);
  if (from_child_ >= 0) close(from_child_);
}

Status UsiClient::start(const std::string& program) {
  int in[2], out[2];
  if (pipe(in) != 0 || pipe(out) != 0) return make_error("cannot create pipes");
  pid_ = fork();
  if (pid_ < 0) return make_error("cannot fork");
  if (pid_ == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[1]);
    close(out[0]);
    execl(program.c_str(), program.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  to_child_ = in[1];
  from_child_ = out[0];
  signal(SIGPIPE, SIG_IGN);
  if (Status s = send("usi"); !s) return s;
  for (;;) {
    auto line = read_until("", 10000);
    if (!line) return make_error(program + " did not answer 'usi': " + line.error().message);
    if (line->rfind("id name ", 0) == 0) name_ = line->substr(8);
    if (*line == "usiok") break;
  }
  if (Status s = send("isready"); !s) return s;
  auto ready = read_until("readyok", 60000);
  if (!ready) return make_error(program + " did not answer 'isready'");
  return ok_status();
}

Status UsiClient::send(const std::string& line) {
  std::string data = line + "\n";
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = write(to_child_, data.data() + done, data.size() - done);
    if (n <= 0) return make_error("the engine closed its input");
    done += static_cast<size_t>(n);
  }
  return ok_status();
}

Result<std::string> UsiClient::read_until(const std::string& prefix, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    size_t nl;
    while ((nl = buffer_.find('\n')) != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.rfind(prefix, 0) == 0) return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                          deadline - std::chrono::steady_clock::now())
                          .count();
    if (left <= 0) return make_error("timed out waiting for '" + prefix + "'");
    pollfd p{from_child_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    char chunk[4096];
    ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n <= 0) return make_error("the engine exited");
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

Result<std::string> UsiClient::best_move(const std::string& position, const std::string& go,
                                         int timeout_ms) {
  if (Status s = send("position " + position); !s) return s.error();
  if (Status s = send(go); !s) return s.error();
  auto line = read_until("bestmove ", timeout_ms);
  if (!line) return line.error();
  std::string move = line->substr(9);
  if (auto sp = move.find(' '); sp != std::string::npos) move.resize(sp);
  return move;
}

}  // namespace kaisho::tools

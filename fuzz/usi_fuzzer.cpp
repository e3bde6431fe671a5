// The USI engine (kaisho usi, src/tools/usi_command.cpp): the input is a USI dialogue, one
// command a line, fed to usi_command() as its standard input. Checks, on what it writes:
//  - it ends normally (status 0), with nothing on the error stream;
//  - every line is a USI answer (id, option, usiok, readyok, info, bestmove, checkmate) on
//    one line without control characters, and a bestmove is "resign" or a USI move;
//  - "usi" is answered by exactly one usiok and "isready" by exactly one readyok.
// So that one input stays fast, the harness bounds the searches it asks for: a "go" line
// loses "infinite" and "ponder" and gains "nodes 300", USI_Hash is at most 2 (MB), and the
// dialogue starts with "setoption name USI_Hash value 1". (An infinite search, a ponder and
// a large hash are therefore not covered here; the tests in tests/tools cover them.)
#include <sstream>

#include "core/text.hpp"
#include "fuzz_support.hpp"
#include "rules/shogi/notation.hpp"
#include "tools/commands.hpp"

using namespace kaisho;

namespace {

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

// The dialogue as the engine will see it, and what it must answer.
struct Script {
  std::string text = "setoption name USI_Hash value 1\n";
  int usi = 0;
  int isready = 0;
};

Script bounded(std::string_view input) {
  Script script;
  for (std::string_view line : text::split(input, '\n')) {
    auto words = text::split_ws(line);
    if (!words.empty() && words[0] == "quit") break;  // the engine reads no further
    if (!words.empty() &&
        (words[0] == "go" || (words[0] == "setoption" && line.find("USI_Hash") != line.npos))) {
      std::string rewritten;
      for (size_t i = 0; i < words.size(); ++i) {
        std::string word(words[i]);
        if (words[0] == "go" && (word == "infinite" || word == "ponder")) continue;
        if (words[0] == "setoption" && i > 0 && words[i - 1] == "value" &&
            text::parse_int(word).value_or(0) > 2)
          word = "2";
        (rewritten += rewritten.empty() ? "" : " ") += word;
      }
      if (words[0] == "go") rewritten += " nodes 300";
      script.text += rewritten;
    } else {
      script.text += line;
    }
    script.text += '\n';
    if (words.size() >= 1 && words[0] == "usi") ++script.usi;
    if (words.size() >= 1 && words[0] == "isready") ++script.isready;
  }
  return script;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const Script script = bounded(std::string_view(reinterpret_cast<const char*>(data), size));
  std::istringstream in(script.text);
  std::ostringstream out, err;
  const int status = tools::usi_command({}, {in, out, err});
  FUZZ_CHECK(status == 0, "usi ended with status " + std::to_string(status));
  FUZZ_CHECK(err.str().empty(), "usi wrote to the error stream: " + err.str());

  int usiok = 0, readyok = 0;
  std::istringstream answers(out.str());
  for (std::string line; std::getline(answers, line);) {
    for (char c : line) {
      const auto u = static_cast<unsigned char>(c);
      FUZZ_CHECK(u >= 0x20 && u != 0x7f,
                 "a control character in the answer '" + text::quote(line) + "'");
    }
    usiok += line == "usiok";
    readyok += line == "readyok";
    if (starts_with(line, "bestmove ")) {
      const std::string move = line.substr(9);
      FUZZ_CHECK(move == "resign" || shogi::parse_usi(move).ok(), "bestmove '" + move + "'");
      continue;
    }
    FUZZ_CHECK(starts_with(line, "id ") || starts_with(line, "option ") || line == "usiok" ||
                   line == "readyok" || starts_with(line, "info ") ||
                   starts_with(line, "checkmate "),
               "not a USI answer: '" + line + "'");
  }
  FUZZ_CHECK(usiok == script.usi,
             std::to_string(script.usi) + " usi, " + std::to_string(usiok) + " usiok");
  FUZZ_CHECK(readyok == script.isready,
             std::to_string(script.isready) + " isready, " + std::to_string(readyok) + " readyok");
  return 0;
}

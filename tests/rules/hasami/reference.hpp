#pragma once
// A deliberately plain second implementation of hasami.md, written square by square with
// no bitboards and no shared code with the engine, to check the engine against: its own
// position text reader, move list, capture rules, win conditions and perft.
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace kaisho::hasami::reference {

constexpr int kEmpty = 0, kFirst = 1, kSecond = 2;
constexpr int other(int player) {
  return 3 - player;
}

struct Sq {
  int file;  // 1..9, 9 on the left
  int rank;  // 1..9 = a..i, a at the top
  bool operator==(const Sq&) const = default;
};

inline std::string name(Sq s) {
  return std::string{static_cast<char>('0' + s.file), static_cast<char>('a' + s.rank - 1)};
}

struct Board {
  std::array<std::array<int, 10>, 10> cell{};  // cell[file][rank]
  int side = kFirst;
  std::array<int, 3> captured{};  // captured[p]: enemy pieces taken by player p

  int at(Sq s) const { return cell[s.file][s.rank]; }
  bool operator==(const Board&) const = default;
};

inline bool on_board(int file, int rank) {
  return file >= 1 && file <= 9 && rank >= 1 && rank <= 9;
}

// Reads position text that is known to be valid (counts and move number are taken as given).
inline Board read(std::string_view text) {
  Board b;
  int rank = 1, file = 9;
  size_t i = 0;
  for (; i < text.size() && text[i] != ' '; ++i) {
    const char c = text[i];
    if (c == '/') {
      ++rank;
      file = 9;
    } else if (c >= '1' && c <= '9') {
      file -= c - '0';
    } else {
      b.cell[file][rank] = c == 'P' ? kFirst : kSecond;
      --file;
    }
  }
  b.side = text[i + 1] == 'b' ? kFirst : kSecond;
  const size_t dash = text.find('-', i + 3);
  b.captured[kFirst] = std::stoi(std::string(text.substr(i + 3, dash - (i + 3))));
  b.captured[kSecond] = std::stoi(std::string(text.substr(dash + 1)));
  return b;
}

struct Move {
  Sq from, to;
  std::string text() const { return name(from) + name(to); }
};

constexpr int kSteps[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};

inline std::vector<Move> moves(const Board& b) {
  std::vector<Move> out;
  for (int f = 1; f <= 9; ++f) {
    for (int r = 1; r <= 9; ++r) {
      if (b.cell[f][r] != b.side) continue;
      for (const auto& st : kSteps) {
        int ff = f + st[0], rr = r + st[1];
        while (on_board(ff, rr) && b.cell[ff][rr] == kEmpty) {
          out.push_back({{f, r}, {ff, rr}});
          ff += st[0];
          rr += st[1];
        }
      }
    }
  }
  return out;
}

// Plays a legal move: the mover's piece arrives, then every enclosed enemy line and a
// completed corner are removed.
inline Board play(const Board& before, const Move& m) {
  Board b = before;
  const int me = b.side, them = other(me);
  b.cell[m.from.file][m.from.rank] = kEmpty;
  b.cell[m.to.file][m.to.rank] = me;
  std::vector<Sq> taken;
  for (const auto& st : kSteps) {
    std::vector<Sq> run;
    int f = m.to.file + st[0], r = m.to.rank + st[1];
    while (on_board(f, r) && b.cell[f][r] == them) {
      run.push_back({f, r});
      f += st[0];
      r += st[1];
    }
    if (!run.empty() && on_board(f, r) && b.cell[f][r] == me)
      taken.insert(taken.end(), run.begin(), run.end());
  }
  for (int cf : {1, 9}) {
    for (int cr : {1, 9}) {
      const Sq n1{cf == 1 ? 2 : 8, cr}, n2{cf, cr == 1 ? 2 : 8};
      if (b.cell[cf][cr] == them && b.at(n1) == me && b.at(n2) == me &&
          (m.to == n1 || m.to == n2)) {
        taken.push_back({cf, cr});
      }
    }
  }
  for (Sq s : taken) {
    if (b.at(s) == them) {  // a square could be listed twice; count it once
      b.cell[s.file][s.rank] = kEmpty;
      ++b.captured[me];
    }
  }
  b.side = them;
  return b;
}

// "captures", "lead" or "" for player p under the win option value.
inline std::string win_reason(const Board& b, std::string_view win, int p) {
  const int mine = b.captured[p], theirs = b.captured[other(p)];
  if (win == "capture5") return mine >= 5 ? "captures" : "";
  if (win == "lead3") return mine - theirs >= 3 ? "lead" : "";
  return mine >= 9 ? "captures" : "";
}

// Perft with the game ending when the player who just moved has met the win condition
// (repetition and move limits cannot arise within the depths it is used for).
inline uint64_t perft(const Board& b, int depth, std::string_view win) {
  if (depth == 0) return 1;
  if (!win_reason(b, win, other(b.side)).empty()) return 0;
  uint64_t n = 0;
  for (const Move& m : moves(b)) n += perft(play(b, m), depth - 1, win);
  return n;
}

// The repetition key of the reference: the board and the side to move as text.
inline std::string board_key(const Board& b) {
  std::string k;
  for (int f = 1; f <= 9; ++f)
    for (int r = 1; r <= 9; ++r) k += static_cast<char>('0' + b.cell[f][r]);
  k += static_cast<char>('0' + b.side);
  return k;
}

}  // namespace kaisho::hasami::reference

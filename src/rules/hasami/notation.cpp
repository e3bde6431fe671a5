#include "rules/hasami/notation.hpp"

#include <optional>
#include <utility>

#include "core/text.hpp"

namespace kaisho::hasami {

using shogi_family::make_square;
using shogi_family::square_name;

namespace {

Error position_error(std::string what) {
  return make_error("bad position: " + std::move(what));
}

std::string rank_label(int rank) {
  return std::string(1, static_cast<char>('a' + rank - 1));
}

// Reads the board field into pos; counts the pieces of each side.
std::optional<Error> parse_board(std::string_view field, Position& pos, int (&count)[2]) {
  const auto ranks = text::split(field, '/');
  if (ranks.size() != 9) {
    return position_error("the board must have 9 ranks separated by '/', got " +
                          std::to_string(ranks.size()));
  }
  for (int rank = 1; rank <= 9; ++rank) {
    const std::string_view row = ranks[rank - 1];
    const std::string where = "rank " + rank_label(rank);
    int file = 9;  // the next square to fill, from file 9 down to file 1
    for (char ch : row) {
      if (ch >= '1' && ch <= '9') {
        file -= ch - '0';
        if (file < 0) return position_error(where + " has more than 9 squares");
        continue;
      }
      if (ch != 'P' && ch != 'p') {
        return position_error("unknown letter " + text::quote(std::string(1, ch)) + " in " + where +
                              " (pieces are P and p, empty squares a digit 1-9)");
      }
      if (file < 1) return position_error(where + " has more than 9 squares");
      const Color c = ch == 'P' ? kBlack : kWhite;
      pos.put(make_square(file, rank), c);
      ++count[c];
      --file;
    }
    if (file != 0) {
      return position_error(where + " has " + std::to_string(9 - file) + " squares, not 9");
    }
  }
  return std::nullopt;
}

}  // namespace

std::string_view player_name(Color c) {
  return c == kBlack ? "first player" : "second player";
}

Result<Position> parse_position(std::string_view text) {
  const auto fields = text::split_ws(text);
  if (fields.size() != 4) {
    return position_error(
        "expected 4 fields (board, side to move, captured counts B-W, move number), got " +
        std::to_string(fields.size()));
  }
  Position pos;
  int count[2] = {0, 0};
  if (auto error = parse_board(fields[0], pos, count)) return *error;
  for (Color c : {kBlack, kWhite}) {
    if (count[c] > kPiecesPerSide) {
      return position_error("the " + std::string(player_name(c)) + " has " +
                            std::to_string(count[c]) + " pieces on the board (at most 9)");
    }
  }

  if (fields[1] == "b")
    pos.set_side_to_move(kBlack);
  else if (fields[1] == "w")
    pos.set_side_to_move(kWhite);
  else
    return position_error("side to move must be 'b' or 'w', got " + text::quote(fields[1]));

  const auto counts = text::split(fields[2], '-');
  std::optional<int> captured[2];
  if (counts.size() == 2) {
    captured[kBlack] = text::parse_int(counts[0]);
    captured[kWhite] = text::parse_int(counts[1]);
  }
  if (!captured[kBlack] || !captured[kWhite]) {
    return position_error("captured counts must be written B-W, such as 0-0, got " +
                          text::quote(fields[2]));
  }
  // Captured pieces never return, so each side's pieces on the board and those the
  // opponent has captured are its nine pieces.
  for (Color c : {kBlack, kWhite}) {
    const int lost = kPiecesPerSide - count[c];
    if (*captured[~c] != lost) {
      return position_error("captured counts " + std::string(fields[2]) +
                            " do not match the board: the " + std::string(player_name(c)) +
                            " has " + std::to_string(count[c]) + " pieces on the board, so the " +
                            std::string(player_name(~c)) + " must have captured " +
                            std::to_string(lost) + ", not " + std::to_string(*captured[~c]));
    }
    pos.set_captured(~c, lost);
  }

  const auto number = text::parse_int(fields[3]);
  if (!number || *number < 1) {
    return position_error("move number must be a whole number from 1 up, got " +
                          text::quote(fields[3]));
  }
  const Color mover = *number % 2 == 1 ? kBlack : kWhite;
  if (mover != pos.side_to_move()) {
    return position_error("move " + std::to_string(*number) + " is the " +
                          std::string(player_name(mover)) + "'s (the first player moves on odd " +
                          "numbers), but the side to move is " + std::string(fields[1]));
  }
  pos.set_game_ply(*number - 1);
  pos.reset_history();
  return pos;
}

std::string position_text(const Position& pos) {
  std::string out;
  for (int rank = 1; rank <= 9; ++rank) {
    if (rank > 1) out += '/';
    int empty = 0;
    for (int file = 9; file >= 1; --file) {
      const int c = pos.color_at(make_square(file, rank));
      if (c < 0) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty);
      empty = 0;
      out += c == kBlack ? 'P' : 'p';
    }
    if (empty) out += static_cast<char>('0' + empty);
  }
  out += pos.side_to_move() == kBlack ? " b " : " w ";
  out += std::to_string(pos.captured_by(kBlack));
  out += '-';
  out += std::to_string(pos.captured_by(kWhite));
  out += ' ';
  out += std::to_string(pos.game_ply() + 1);
  return out;
}

std::string move_text(Move m) {
  return square_name(m.from()) + square_name(m.to());
}

Result<Move> parse_move(std::string_view text) {
  if (text.size() != 4) {
    return make_error("a move is two squares such as 9i9e, got " + text::quote(text));
  }
  const auto from = shogi_family::parse_square(text.substr(0, 2));
  const auto to = shogi_family::parse_square(text.substr(2, 2));
  for (const auto& [sq, part] :
       {std::pair{from, text.substr(0, 2)}, std::pair{to, text.substr(2, 2)}}) {
    if (!sq) {
      return make_error("bad move " + text::quote(text) + ": " + text::quote(part) +
                        " is not a square (files 1-9, ranks a-i)");
    }
  }
  return Move(*from, *to);
}

}  // namespace kaisho::hasami

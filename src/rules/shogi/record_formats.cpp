#include "rules/shogi/record_formats.hpp"

#include "rules/shogi/notation.hpp"
#include "rules/shogi/start_positions.hpp"

namespace kaisho::shogi {

namespace {

const char* kKifPiece[kPieceTypeCount] = {"",   "歩", "香",   "桂",   "銀",   "角", "飛", "金",
                                          "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
const char* kCsaPiece[kPieceTypeCount] = {"",   "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                          "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
const char* kWideDigit[10] = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
const char* kKanjiDigit[10] = {"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"};

// Replays the record, calling visit(position before the move, move) for each move.
template <class Visit>
Status replay(const RecordInfo& r, Visit visit) {
  const Variant v = r.variant == "annan" ? Variant::Annan : Variant::Shogi;
  auto pos = parse_sfen(r.start_sfen, v, RuleSettings{});
  if (!pos) return pos.error();
  Position p = pos.value();
  for (const auto& text : r.moves) {
    auto m = parse_usi(text);
    if (!m) return m.error();
    visit(p, m.value());
    p.do_move(m.value());
  }
  return ok_status();
}

std::string handicap_name(const std::string& sfen) {
  const std::pair<const char*, const char*> names[] = {
      {"none", "平手"},           {"lance", "香落ち"}, {"bishop", "角落ち"}, {"rook", "飛車落ち"},
      {"rook_lance", "飛香落ち"}, {"two", "二枚落ち"}, {"four", "四枚落ち"}, {"six", "六枚落ち"},
      {"eight", "八枚落ち"},      {"ten", "十枚落ち"}};
  for (auto [key, name] : names)
    if (handicap_sfen(key) && *handicap_sfen(key) == sfen) return name;
  return "";
}

}  // namespace

Result<std::string> to_kif(const RecordInfo& r) {
  std::string out = "#KIF version=2.0 encoding=UTF-8\n# KIF形式棋譜ファイル Kaisho\n";
  if (r.variant == "annan") out += "棋戦：安南将棋\n";
  const std::string handicap = handicap_name(r.start_sfen);
  if (!handicap.empty())
    out += "手合割：" + handicap + "\n";
  else
    out += "#SFEN " + r.start_sfen + "\n";
  out += "先手：" + r.sente_name + "\n後手：" + r.gote_name + "\n";
  out += "手数----指手---------消費時間--\n";
  int number = 0;
  Square previous_to = -1;
  std::string moves;
  Status st = replay(r, [&](const Position& p, Move m) {
    ++number;
    std::string line = std::to_string(number);
    while (line.size() < 4) line = " " + line;
    line += " ";
    const Square to = m.to();
    if (to == previous_to)
      line += "同　";
    else
      line += std::string(kWideDigit[file_of(to)]) + kKanjiDigit[rank_of(to)];
    if (m.is_drop()) {
      line += std::string(kKifPiece[m.dropped()]) + "打";
    } else {
      line += kKifPiece[type_of(p.at(m.from()))];
      if (m.promotes()) line += "成";
      line += '(';
      line += static_cast<char>('0' + file_of(m.from()));
      line += static_cast<char>('0' + rank_of(m.from()));
      line += ')';
    }
    previous_to = to;
    moves += line + "\n";
  });
  if (!st) return st.error();
  out += moves;
  if (!r.result_reason.empty()) {
    std::string end = std::to_string(number + 1);
    while (end.size() < 4) end = " " + end;
    if (r.result_reason == "resignation")
      out += end + " 投了\n";
    else if (r.result_reason == "repetition")
      out += end + " 千日手\n";
    else if (r.result_reason == "checkmate")
      out += end + " 詰み\n";
    else if (r.result_reason == "move_limit")
      out += end + " 持将棋\n";
    else
      out += end + " 中断\n";
  }
  return out;
}

Result<std::string> to_csa(const RecordInfo& r) {
  std::string out = "V2.2\nN+" + r.sente_name + "\nN-" + r.gote_name + "\n";
  if (r.variant == "annan") out += "$EVENT:Annan Shogi\n";
  const Variant v = r.variant == "annan" ? Variant::Annan : Variant::Shogi;
  auto start = parse_sfen(r.start_sfen, v, RuleSettings{});
  if (!start) return start.error();
  const Position& s = start.value();
  for (int rank = 1; rank <= 9; ++rank) {
    out += 'P';
    out += static_cast<char>('0' + rank);
    for (int file = 9; file >= 1; --file) {
      Piece p = s.at(make_square(file, rank));
      if (p == kNoPiece)
        out += " * ";
      else
        out += std::string(color_of(p) == kBlack ? "+" : "-") + kCsaPiece[type_of(p)];
    }
    out += "\n";
  }
  for (int c = 0; c < 2; ++c) {
    std::string hand;
    for (int t = kPawn; t <= kGold; ++t)
      for (int i = 0; i < s.hand(static_cast<Color>(c)).count[t]; ++i)
        hand += std::string("00") + kCsaPiece[t];
    if (!hand.empty()) out += std::string("P") + (c == 0 ? "+" : "-") + hand + "\n";
  }
  out += s.side_to_move() == kBlack ? "+\n" : "-\n";
  Status st = replay(r, [&](const Position& p, Move m) {
    out += p.side_to_move() == kBlack ? "+" : "-";
    if (m.is_drop()) {
      out += "00" + std::to_string(file_of(m.to())) + std::to_string(rank_of(m.to())) +
             kCsaPiece[m.dropped()];
    } else {
      PieceType t = type_of(p.at(m.from()));
      if (m.promotes()) t = promote(t);
      out += std::to_string(file_of(m.from())) + std::to_string(rank_of(m.from())) +
             std::to_string(file_of(m.to())) + std::to_string(rank_of(m.to())) + kCsaPiece[t];
    }
    out += "\n";
  });
  if (!st) return st.error();
  if (r.result_reason == "resignation")
    out += "%TORYO\n";
  else if (r.result_reason == "repetition")
    out += "%SENNICHITE\n";
  else if (r.result_reason == "checkmate")
    out += "%TSUMI\n";
  else if (r.result_reason == "move_limit")
    out += "%HIKIWAKE\n";
  else if (!r.result_reason.empty())
    out += "%CHUDAN\n";
  return out;
}

}  // namespace kaisho::shogi

#include "rules/musashi/game_state.hpp"

#include "rules/musashi/notation.hpp"
#include "rules/musashi/perft.hpp"

namespace kaisho::musashi {

MusashiState::MusashiState(const Position& start, const EndRules& rules)
    : RecordedState(start, musashi::position_text(start)), rules_(rules) {
  if (pos_.side_to_move() == Side::Father) record_.add(pos_);
  outcome_ = evaluate(pos_, record_, rules_);
}

int MusashiState::seat_to_move() const {
  return outcome_.over() ? -1 : static_cast<int>(pos_.side_to_move());
}

std::string MusashiState::position_text() const {
  return musashi::position_text(pos_);
}

std::vector<std::string> MusashiState::legal_moves() const {
  std::vector<std::string> out;
  if (outcome_.over()) return out;
  MoveList list;
  generate_legal(pos_, record_, list);
  out.reserve(static_cast<size_t>(list.size()));
  for (Move m : list) out.push_back(move_text(m));
  return out;
}

Status MusashiState::play(std::string_view text) {
  if (outcome_.over()) return rules::game_over_error(text);
  auto move = parse_move(text, pos_.board());
  if (!move) return rules::unreadable_move_error(text, move.error());
  const rules::IllegalMove why = explain_illegal(pos_, record_, *move);
  if (!why.legal()) return rules::illegal_move_error(move_text(*move), why);
  play_move(*move);
  return ok_status();
}

void MusashiState::play_move(Move m) {
  const bool children = pos_.side_to_move() == Side::Children;
  pos_.do_move(m);
  if (children) record_.add(pos_);
  moves_.push_back(move_text(m));
  outcome_ = evaluate(pos_, record_, rules_);
}

Status MusashiState::resign(int seat) {
  if (outcome_.over()) return make_error("the game is over");
  if (seat != 0 && seat != 1) return make_error("no seat " + std::to_string(seat));
  outcome_ = rules::Outcome::win(1 - seat, "resignation");
  return ok_status();
}

uint64_t MusashiState::perft(int depth, const rules::DivideFn* divide) const {
  if (depth <= 0) return 1;
  if (outcome_.over()) return 0;
  Position pos = pos_;
  RepetitionRecord record = record_;
  if (!divide) return musashi::perft(pos, record, rules_, depth);
  MoveList list;
  generate_legal(pos, record, list);
  const bool children = pos.side_to_move() == Side::Children;
  uint64_t total = 0;
  for (Move m : list) {
    const Position::Undo undo = pos.do_move(m);
    if (children) record.add(pos);
    const uint64_t n = musashi::perft(pos, record, rules_, depth - 1);
    if (children) record.remove_last();
    pos.undo_move(m, undo);
    (*divide)(move_text(m), n);
    total += n;
  }
  return total;
}

}  // namespace kaisho::musashi

#include "rules/hasami/game_state.hpp"

#include "rules/hasami/notation.hpp"

namespace kaisho::hasami {

HasamiState::HasamiState(Position start, GameSettings settings)
    : RecordedState(start, hasami::position_text(start)), settings_(settings) {
  outcome_ = outcome_at(pos_, settings_);
}

int HasamiState::seat_to_move() const {
  return outcome_.over() ? -1 : static_cast<int>(pos_.side_to_move());
}

std::string HasamiState::position_text() const {
  return hasami::position_text(pos_);
}

std::vector<std::string> HasamiState::legal_moves() const {
  std::vector<std::string> out;
  if (outcome_.over()) return out;
  MoveList list;
  generate_moves(pos_, list);
  out.reserve(static_cast<size_t>(list.size()));
  for (Move m : list) out.push_back(move_text(m));
  return out;
}

Status HasamiState::play(std::string_view text) {
  if (outcome_.over()) return rules::game_over_error(text);
  auto move = parse_move(text);
  if (!move) return rules::unreadable_move_error(text, move.error());
  const rules::IllegalMove why = explain_illegal(pos_, *move);
  if (!why.legal()) return rules::illegal_move_error(text, why);
  play_move(*move);
  return ok_status();
}

void HasamiState::play_move(Move m) {
  pos_.do_move(m);
  moves_.push_back(move_text(m));
  outcome_ = outcome_at(pos_, settings_);
}

Status HasamiState::resign(int seat) {
  if (outcome_.over()) return make_error("the game is over");
  if (seat != 0 && seat != 1) return make_error("no seat " + std::to_string(seat));
  outcome_ = rules::Outcome::win(1 - seat, "resignation");
  return ok_status();
}

uint64_t HasamiState::perft_node(Position& pos, int depth) const {
  if (ended_by_rule(pos, settings_)) return 0;
  if (depth == 1) return static_cast<uint64_t>(count_moves(pos));
  MoveList list;
  generate_moves(pos, list);
  uint64_t total = 0;
  for (Move m : list) {
    pos.do_move(m);
    total += perft_node(pos, depth - 1);
    pos.undo_move();
  }
  return total;
}

uint64_t HasamiState::perft(int depth, const rules::DivideFn* divide) const {
  if (depth <= 0) return 1;
  if (outcome_.over()) return 0;
  Position pos = pos_;
  if (!divide) return perft_node(pos, depth);
  MoveList list;
  generate_moves(pos, list);
  uint64_t total = 0;
  for (Move m : list) {
    pos.do_move(m);
    const uint64_t n = depth == 1 ? 1 : perft_node(pos, depth - 1);
    pos.undo_move();
    (*divide)(move_text(m), n);
    total += n;
  }
  return total;
}

}  // namespace kaisho::hasami

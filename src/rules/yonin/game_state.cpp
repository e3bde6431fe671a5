#include "rules/yonin/game_state.hpp"

#include "rules/yonin/notation.hpp"
#include "rules/yonin/placing.hpp"

namespace kaisho::yonin {

YoninState::YoninState(Position start, Settings settings)
    : RecordedState(start, to_text(start)), settings_(settings) {
  settle_now(false);
}

void YoninState::settle_now(bool after_move) {
  int eliminations = 0;
  end_ = settle(pos_, settings_, after_move, legal_, eliminations);
  outcome_ = make_outcome(pos_, settings_, end_);
}

int YoninState::seat_to_move() const {
  return outcome_.over() ? -1 : pos_.to_move();
}

std::string YoninState::position_text() const {
  return to_text(pos_);
}

std::vector<std::string> YoninState::legal_moves() const {
  std::vector<std::string> out;
  if (outcome_.over()) return out;
  out.reserve(static_cast<size_t>(legal_.size()));
  for (Move m : legal_) out.push_back(move_text(m));
  return out;
}

Status YoninState::play(std::string_view text) {
  if (outcome_.over()) return rules::game_over_error(text);
  auto move = parse_move(text);
  if (!move) return rules::unreadable_move_error(text, move.error());
  if (!legal_.contains(*move)) {
    rules::IllegalMove why = explain_illegal(pos_, *move);
    // legal_ and the rules always agree
    if (why.legal()) why = rules::refuse("not_allowed", "this move is not allowed");
    return rules::illegal_move_error(text, why);
  }
  play_move(*move);
  return ok_status();
}

void YoninState::play_move(Move m) {
  pos_.do_move(m);
  moves_.push_back(move_text(m));
  settle_now(true);
}

Status YoninState::resign(int seat) {
  if (seat < 0 || seat >= kSeatCount) return make_error("no seat " + std::to_string(seat));
  return make_error(
      "there is no resignation in Yonin Shogi: a player who leaves is played by the CPU");
}

std::vector<int> YoninState::seats_in_check() const {
  std::vector<int> out;
  for (Seat s = 0; s < kSeatCount; ++s)
    if (pos_.is_live(s) && pos_.in_check(s)) out.push_back(s);
  return out;
}

std::vector<int> YoninState::seats_out() const {
  std::vector<int> out(static_cast<size_t>(pos_.out_count()));
  for (Seat s = 0; s < kSeatCount; ++s)
    if (pos_.is_out(s)) out[static_cast<size_t>(pos_.out_order(s) - 1)] = s;
  return out;
}

uint64_t YoninState::perft_node(Position& pos, const MoveList& moves, int depth) const {
  if (depth == 1) return static_cast<uint64_t>(moves.size());
  uint64_t total = 0;
  MoveList next;
  for (Move m : moves) {
    pos.do_move(m);
    int eliminations = 0;
    if (settle(pos, settings_, true, next, eliminations) == End::None)
      total += perft_node(pos, next, depth - 1);
    for (int i = 0; i < eliminations; ++i) pos.undo();
    pos.undo();
  }
  return total;
}

uint64_t YoninState::perft(int depth, const rules::DivideFn* divide) const {
  if (depth <= 0) return 1;
  if (outcome_.over()) return 0;
  Position pos = pos_;
  if (!divide) return perft_node(pos, legal_, depth);
  uint64_t total = 0;
  MoveList next;
  for (Move m : legal_) {
    uint64_t n = 1;
    if (depth > 1) {
      pos.do_move(m);
      int eliminations = 0;
      n = settle(pos, settings_, true, next, eliminations) == End::None
              ? perft_node(pos, next, depth - 1)
              : 0;
      for (int i = 0; i < eliminations; ++i) pos.undo();
      pos.undo();
    }
    (*divide)(move_text(m), n);
    total += n;
  }
  return total;
}

}  // namespace kaisho::yonin

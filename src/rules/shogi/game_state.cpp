#include "rules/shogi/game_state.hpp"

#include "rules/shogi/notation.hpp"
#include "rules/shogi/readable_notation.hpp"

namespace kaisho::shogi {

Occurrences occurrences(const Position& pos) {
  const auto& keys = pos.key_history();
  Occurrences occ;
  const uint64_t key = keys.back();
  // The key includes the side to move, so only every second entry can match.
  for (int i = static_cast<int>(keys.size()) - 1; i >= 0; i -= 2) {
    if (keys[i] == key) {
      ++occ.count;
      occ.first = i;
    }
  }
  return occ;
}

template <Variant V>
ShogiState<V>::ShogiState(Position start, GameSettings settings)
    : Base(start, to_sfen(start)), settings_(settings) {
  update_outcome();
}

template <Variant V>
int ShogiState<V>::seat_to_move() const {
  return outcome_.over() ? -1 : static_cast<int>(pos_.side_to_move());
}

template <Variant V>
std::string ShogiState<V>::position_text() const {
  return to_sfen(pos_);
}

template <Variant V>
std::vector<std::string> ShogiState<V>::legal_moves() const {
  std::vector<std::string> out;
  if (outcome_.over()) return out;
  MoveList list;
  generate_legal<V>(pos_, settings_.rules, list);
  out.reserve(list.size());
  for (Move m : list) out.push_back(to_usi(m));
  return out;
}

template <Variant V>
Status ShogiState<V>::play(std::string_view text) {
  if (outcome_.over()) return rules::game_over_error(text);
  auto move = parse_usi(text);
  if (!move) return rules::unreadable_move_error(text, move.error());
  const rules::IllegalMove why = explain_illegal<V>(pos_, settings_.rules, *move);
  if (!why.legal()) return rules::illegal_move_error(text, why);
  play_move(*move);
  return ok_status();
}

template <Variant V>
void ShogiState<V>::play_move(Move m) {
  pos_.do_move(m);
  moves_.push_back(to_usi(m));
  gave_check_.push_back(in_check<V>(pos_));
  update_outcome();
}

template <Variant V>
Status ShogiState<V>::resign(int seat) {
  if (outcome_.over()) return make_error("the game is over");
  if (seat != 0 && seat != 1) return make_error("no seat " + std::to_string(seat));
  outcome_ = rules::Outcome::win(1 - seat, "resignation");
  return ok_status();
}

template <Variant V>
std::vector<int> ShogiState<V>::seats_in_check() const {
  if (in_check<V>(pos_)) return {static_cast<int>(pos_.side_to_move())};
  return {};
}

template <Variant V>
std::vector<std::string> ShogiState<V>::readable_styles() const {
  return {std::string(move_style_name(MoveStyle::Japanese)),
          std::string(move_style_name(MoveStyle::Western))};
}

template <Variant V>
std::vector<std::string> ShogiState<V>::readable_moves(std::string_view style, size_t first) const {
  auto parsed = parse_move_style(style);
  if (!parsed || first > moves_.size()) return {};
  auto out = shogi::readable_moves(V, start_text_, moves_, parsed.value(), first, settings_.rules);
  // The record was played by these rules, so it always reads; an empty list says it did not.
  return out ? std::move(out).value() : std::vector<std::string>{};
}

template <Variant V>
void ShogiState<V>::update_outcome() {
  const Color us = pos_.side_to_move();
  if (!has_legal_move<V>(pos_, settings_.rules)) {
    outcome_ = rules::Outcome::win(~us, in_check<V>(pos_) ? "checkmate" : "no_legal_moves");
    return;
  }
  const Occurrences occ = occurrences(pos_);
  if (occ.count >= 4) {
    // Move j of the record (1-based) produced key_history()[j]; who made it alternates.
    bool checked_throughout[2] = {true, true};
    bool moved[2] = {false, false};
    const int last = pos_.history_length();
    for (int j = occ.first + 1; j <= last; ++j) {
      const Color mover = (last - j) % 2 == 0 ? ~us : us;
      moved[mover] = true;
      if (!gave_check_[j - 1]) checked_throughout[mover] = false;
    }
    const bool black_perpetual = moved[kBlack] && checked_throughout[kBlack];
    const bool white_perpetual = moved[kWhite] && checked_throughout[kWhite];
    if (black_perpetual != white_perpetual) {
      outcome_ = rules::Outcome::win(black_perpetual ? kWhite : kBlack, "perpetual_check");
    } else {
      outcome_ = rules::Outcome::draw("repetition");
    }
    return;
  }
  if (settings_.move_limit > 0 && pos_.game_ply() >= settings_.move_limit) {
    outcome_ = rules::Outcome::draw("move_limit");
    return;
  }
  outcome_ = rules::Outcome();
}

template <Variant V>
bool ShogiState<V>::game_over_at(const Position& pos) const {
  if (settings_.move_limit > 0 && pos.game_ply() >= settings_.move_limit) return true;
  // A fourth occurrence needs at least twelve moves after the first.
  return pos.history_length() >= 12 && occurrences(pos).count >= 4;
}

template <Variant V>
uint64_t ShogiState<V>::perft_node(Position& pos, int depth) const {
  if (game_over_at(pos)) return 0;
  MoveList list;
  generate_legal<V>(pos, settings_.rules, list);
  if (depth == 1) return static_cast<uint64_t>(list.size());
  uint64_t total = 0;
  for (Move m : list) {
    pos.do_move(m);
    total += perft_node(pos, depth - 1);
    pos.undo_move();
  }
  return total;
}

template <Variant V>
uint64_t ShogiState<V>::perft(int depth, const rules::DivideFn* divide) const {
  if (depth <= 0) return 1;
  if (outcome_.over()) return 0;
  Position pos = pos_;
  if (!divide) return perft_node(pos, depth);
  MoveList list;
  generate_legal<V>(pos, settings_.rules, list);
  uint64_t total = 0;
  for (Move m : list) {
    pos.do_move(m);
    uint64_t n = depth == 1 ? 1 : perft_node(pos, depth - 1);
    pos.undo_move();
    (*divide)(to_usi(m), n);
    total += n;
  }
  return total;
}

template class ShogiState<Variant::Shogi>;
template class ShogiState<Variant::Annan>;

}  // namespace kaisho::shogi

#include "reference.hpp"

#include <algorithm>
#include <set>

namespace kaisho::yonin::reference {

namespace {

constexpr int kPawnT = 1, kSilverT = 4, kRookT = 6, kGoldT = 7, kKingT = 8;
constexpr int kTokinT = 9, kProSilverT = 12, kDragonT = 14;

struct Vec {
  int df, dr;
};
// The facing's forward and right-hand vectors in (file, rank) steps. Files grow toward the
// left of the drawing, ranks downwards; up-facing (South) advances toward rank a, its right
// hand points toward file 1.
Vec forward_of(int f) {
  switch (f) {
    case 0:
      return {0, -1};
    case 1:
      return {-1, 0};
    case 2:
      return {0, 1};
    default:
      return {1, 0};
  }
}
Vec right_of(int f) {
  switch (f) {
    case 0:
      return {-1, 0};
    case 1:
      return {0, 1};
    case 2:
      return {1, 0};
    default:
      return {0, -1};
  }
}
Vec orient(int f, int right, int fwd) {
  const Vec a = right_of(f), b = forward_of(f);
  return {right * a.df + fwd * b.df, right * a.dr + fwd * b.dr};
}

using Steps = std::vector<std::pair<int, int>>;  // (right, forward)
const Steps& steps_of(int type) {
  static const Steps pawn = {{0, 1}};
  static const Steps silver = {{-1, 1}, {0, 1}, {1, 1}, {-1, -1}, {1, -1}};
  static const Steps gold = {{-1, 1}, {0, 1}, {1, 1}, {-1, 0}, {1, 0}, {0, -1}};
  static const Steps king = {{-1, 1}, {0, 1}, {1, 1}, {-1, 0}, {1, 0}, {-1, -1}, {0, -1}, {1, -1}};
  static const Steps diagonals = {{-1, 1}, {1, 1}, {-1, -1}, {1, -1}};
  static const Steps none = {};
  switch (type) {
    case kPawnT:
      return pawn;
    case kSilverT:
      return silver;
    case kGoldT:
    case kTokinT:
    case kProSilverT:
      return gold;
    case kKingT:
      return king;
    case kDragonT:
      return diagonals;
    default:
      return none;
  }
}
bool slides(int type) {
  return type == kRookT || type == kDragonT;
}
bool on_board(int f, int r) {
  return f >= 1 && f <= 9 && r >= 1 && r <= 9;
}
bool live(const Ref& r, int owner) {
  return owner >= 0 && owner < 4 && r.out_order[owner] == 0;
}
int base_type(int t) {
  return t > 8 ? t - 8 : t;
}

using Sq = std::pair<int, int>;

std::vector<Sq> reach(const Ref& r, int file, int rank) {
  const Cell& c = r.board[file][rank];
  std::vector<Sq> out;
  for (auto [rt, fw] : steps_of(c.type)) {
    const Vec v = orient(c.facing, rt, fw);
    if (on_board(file + v.df, rank + v.dr)) out.push_back({file + v.df, rank + v.dr});
  }
  if (slides(c.type)) {
    for (Vec v : {Vec{0, 1}, Vec{0, -1}, Vec{1, 0}, Vec{-1, 0}}) {
      int f = file + v.df, k = rank + v.dr;
      while (on_board(f, k)) {
        out.push_back({f, k});
        if (r.board[f][k].type) break;
        f += v.df;
        k += v.dr;
      }
    }
  }
  return out;
}

Sq king_of(const Ref& r, int seat) {
  for (int f = 1; f <= 9; ++f)
    for (int k = 1; k <= 9; ++k)
      if (r.board[f][k].type == kKingT && r.board[f][k].owner == seat) return {f, k};
  return {0, 0};
}

// Identities of the live pieces (not the seat's own) that attack the seat's king.
std::set<int> attacker_ids(const Ref& r, int seat) {
  std::set<int> ids;
  const Sq ks = king_of(r, seat);
  for (int f = 1; f <= 9; ++f) {
    for (int k = 1; k <= 9; ++k) {
      const Cell& c = r.board[f][k];
      if (!c.type || c.owner == seat || !live(r, c.owner)) continue;
      for (Sq s : reach(r, f, k))
        if (s == ks) ids.insert(c.id);
    }
  }
  return ids;
}

// How many rows from the far edge the square is for the facing: 1 = the farthest row.
int far_index(int facing, int file, int rank) {
  const Vec v = forward_of(facing);
  int k = 0;
  while (on_board(file + (k + 1) * v.df, rank + (k + 1) * v.dr)) ++k;
  return k + 1;
}

bool can_promote(int t) {
  return t == kPawnT || t == kSilverT || t == kRookT;
}

int next_after(const Ref& r, int actor) {
  for (int i = 1; i < 4; ++i) {
    const int s = (actor + i) % 4;
    if (live(r, s) && king_attacked(r, s)) return s;
  }
  for (int i = 1; i < 4; ++i) {
    const int s = (actor + i) % 4;
    if (live(r, s)) return s;
  }
  return actor;
}

// Plays m for `us` on the board and hands only.
void apply(Ref& r, int us, const RMove& m) {
  Cell& to = r.board[m.to_file][m.to_rank];
  if (m.drop) {
    r.hand[us][m.type]--;
    to = Cell{m.type, us, us, r.next_id++};
    return;
  }
  Cell& from = r.board[m.from_file][m.from_rank];
  if (to.type) r.hand[us][base_type(to.type)]++;
  to = from;
  if (m.promote) to.type += 8;
  from = Cell{};
}

char seat_char(int s) {
  return s < 0 ? '-' : "swnex"[s];
}
char letter_of(int base) {
  switch (base) {
    case kPawnT:
      return 'P';
    case kSilverT:
      return 'S';
    case kRookT:
      return 'R';
    case kGoldT:
      return 'G';
    default:
      return 'K';
  }
}

int perpetual_count(const History& h, const std::string& k, int* first) {
  int n = 0;
  for (int i = static_cast<int>(h.size()) - 1; i >= 0; --i) {
    if (h[i].key == k) {
      ++n;
      *first = i;
    }
  }
  return n;
}

bool game_over_by_outs(const Ref& r, const Flow& flow) {
  if (r.pairs) return r.out_count >= 1;
  return flow.end_at_last ? r.out_count >= 3 : r.out_count >= 2;
}

}  // namespace

std::string RMove::text() const {
  auto sq = [](int f, int r) {
    return std::string{static_cast<char>('0' + f), static_cast<char>('a' + r - 1)};
  };
  if (drop) return std::string(1, letter_of(type)) + "*" + sq(to_file, to_rank);
  return sq(from_file, from_rank) + sq(to_file, to_rank) + (promote ? "+" : "");
}

Ref from_position(const Position& pos) {
  Ref r;
  for (Square sq = 0; sq < kSquareCount; ++sq) {
    const Piece p = pos.at(sq);
    if (!p) continue;
    r.board[file_of(sq)][rank_of(sq)] =
        Cell{type_of(p), owner_of(p), static_cast<int>(facing_of(p)), r.next_id++};
  }
  for (int s = 0; s < 4; ++s) {
    for (int t : {kPawnT, kSilverT, kRookT, kGoldT}) r.hand[s][t] = pos.hand(s).count[t];
    r.out_order[s] = pos.out_order(s);
    r.mated_by[s] = pos.is_out(s) ? pos.mated_by(s) : -1;
    r.last_checker[s] = pos.last_checker(s);
  }
  r.out_count = pos.out_count();
  r.to_move = pos.to_move();
  r.last_mover = pos.last_mover();
  r.ply = pos.game_ply();
  r.pairs = pos.rules().pairs;
  r.ownerless = pos.rules().ownerless;
  return r;
}

bool king_attacked(const Ref& r, int seat) {
  return !attacker_ids(r, seat).empty();
}

std::vector<RMove> legal_moves(const Ref& r, int us) {
  std::vector<RMove> candidates;
  for (int f = 1; f <= 9; ++f) {
    for (int k = 1; k <= 9; ++k) {
      const Cell& c = r.board[f][k];
      if (!c.type || c.owner != us) continue;
      for (auto [tf, tk] : reach(r, f, k)) {
        const Cell& t = r.board[tf][tk];
        if (t.type && (t.owner == us || t.type == kKingT || (r.pairs && t.owner == (us ^ 2))))
          continue;
        RMove m{false, 0, f, k, tf, tk, false};
        if (can_promote(c.type)) {
          if (far_index(c.facing, f, k) <= 3 || far_index(c.facing, tf, tk) <= 3) {
            m.promote = true;
            candidates.push_back(m);
            m.promote = false;
          }
          if (c.type == kPawnT && far_index(c.facing, tf, tk) == 1) continue;
        }
        candidates.push_back(m);
      }
    }
  }
  for (int t : {kRookT, kGoldT, kSilverT, kPawnT}) {
    if (!r.hand[us][t]) continue;
    for (int f = 1; f <= 9; ++f) {
      for (int k = 1; k <= 9; ++k) {
        if (r.board[f][k].type) continue;
        if (t == kPawnT) {
          if (far_index(us, f, k) == 1) continue;
          bool nifu = false;
          for (int i = 1; i <= 9; ++i) {
            const Cell& c = (us == 0 || us == 2) ? r.board[f][i] : r.board[i][k];
            if (c.type == kPawnT && c.owner == us && c.facing == us) nifu = true;
          }
          if (nifu) continue;
          const Vec v = forward_of(us);
          if (on_board(f + v.df, k + v.dr)) {
            const Cell& ahead = r.board[f + v.df][k + v.dr];
            if (ahead.type == kKingT && !live(r, ahead.owner)) continue;
          }
        }
        candidates.push_back(RMove{true, t, 0, 0, f, k, false});
      }
    }
  }
  std::vector<RMove> legal;
  for (const RMove& m : candidates) {
    Ref c = r;
    apply(c, us, m);
    if (king_attacked(c, us)) continue;
    const int partner = us ^ 2;
    if (r.pairs && live(r, partner) && !king_attacked(r, partner) && king_attacked(c, partner))
      continue;
    if (m.drop && m.type == kPawnT) {
      const Vec v = forward_of(us);
      const int af = m.to_file + v.df, ak = m.to_rank + v.dr;
      if (on_board(af, ak)) {
        const Cell& ahead = c.board[af][ak];
        if (ahead.type == kKingT && ahead.owner != us && live(c, ahead.owner) &&
            legal_moves(c, ahead.owner).empty())
          continue;
      }
    }
    legal.push_back(m);
  }
  return legal;
}

std::vector<RMove> full_legal_moves(const Ref& r, const History& h) {
  std::vector<RMove> moves = legal_moves(r, r.to_move);
  // A fourth occurrence needs a position that already occurred three times.
  std::vector<std::string> keys;
  for (const Entry& e : h) keys.push_back(e.key);
  std::sort(keys.begin(), keys.end());
  bool thrice = false;
  for (size_t i = 2; i < keys.size(); ++i) thrice |= keys[i] == keys[i - 2];
  if (!thrice) return moves;
  std::vector<RMove> out;
  for (const RMove& m : moves) {
    Ref c = r;
    const bool gave = play(c, m);
    const std::string k = key(c);
    int first = 0;
    if (gave && perpetual_count(h, k, &first) >= 3) {
      bool all_checks = true;
      for (size_t i = static_cast<size_t>(first) + 1; i < h.size(); ++i)
        if (h[i].is_move && h[i].mover == r.to_move && !h[i].gave_check) all_checks = false;
      if (all_checks) continue;
    }
    out.push_back(m);
  }
  return out;
}

bool play(Ref& r, const RMove& m) {
  const int us = r.to_move;
  std::array<std::set<int>, 4> before;
  for (int s = 0; s < 4; ++s)
    if (live(r, s) && s != us) before[s] = attacker_ids(r, s);
  apply(r, us, m);
  bool gave = false;
  for (int s = 0; s < 4; ++s) {
    if (!live(r, s) || s == us) continue;
    for (int id : attacker_ids(r, s)) {
      if (!before[s].count(id)) {
        r.last_checker[s] = us;
        gave = true;
      }
    }
  }
  for (int s = 0; s < 4; ++s)
    if (!live(r, s) || !king_attacked(r, s)) r.last_checker[s] = -1;
  r.last_mover = us;
  r.ply++;
  r.to_move = next_after(r, us);
  return gave;
}

void eliminate(Ref& r) {
  const int p = r.to_move;
  int mater = king_attacked(r, p) && r.last_checker[p] >= 0 ? r.last_checker[p] : r.last_mover;
  if (mater == p || (mater >= 0 && !live(r, mater))) mater = -1;
  r.out_order[p] = ++r.out_count;
  r.mated_by[p] = mater;
  const int new_owner = (r.ownerless || mater < 0) ? 4 : mater;
  for (int f = 1; f <= 9; ++f)
    for (int k = 1; k <= 9; ++k)
      if (r.board[f][k].owner == p && r.board[f][k].type != kKingT) r.board[f][k].owner = new_owner;
  for (int t = 0; t < 16; ++t) {
    if (mater >= 0) r.hand[mater][t] += r.hand[p][t];
    r.hand[p][t] = 0;
  }
  for (int s = 0; s < 4; ++s)
    if (!live(r, s) || !king_attacked(r, s)) r.last_checker[s] = -1;
  r.to_move = next_after(r, p);
}

bool play_and_settle(Ref& r, History& h, const RMove& m, const Flow& flow) {
  const int mover = r.to_move;
  const bool gave = play(r, m);
  h.push_back(Entry{key(r), true, mover, gave});
  int n = 0;
  for (const Entry& e : h) n += e.key == h.back().key;
  if (n >= 4) return false;
  for (;;) {
    if (game_over_by_outs(r, flow)) return false;
    if (!full_legal_moves(r, h).empty()) break;
    eliminate(r);
    h.push_back(Entry{key(r), false, -1, false});
  }
  return !(flow.move_limit > 0 && r.ply >= flow.move_limit);
}

std::string text(const Ref& r) {
  std::string s;
  for (int k = 1; k <= 9; ++k) {
    int empty = 0;
    for (int f = 9; f >= 1; --f) {
      const Cell& c = r.board[f][k];
      if (!c.type) {
        ++empty;
        continue;
      }
      if (empty) s += static_cast<char>('0' + empty);
      empty = 0;
      if (c.type > 8) s += '+';
      s += letter_of(base_type(c.type));
      s += seat_char(c.owner);
      if (c.owner == 4 || c.facing != c.owner) s += seat_char(c.facing);
    }
    if (empty) s += static_cast<char>('0' + empty);
    if (k < 9) s += '/';
  }
  s += ' ';
  s += seat_char(r.to_move);
  std::string hands;
  for (int seat = 0; seat < 4; ++seat) {
    for (int t : {kRookT, kGoldT, kSilverT, kPawnT}) {
      if (!r.hand[seat][t]) continue;
      if (r.hand[seat][t] > 1) hands += std::to_string(r.hand[seat][t]);
      hands += letter_of(t);
      hands += seat_char(seat);
    }
  }
  s += ' ' + (hands.empty() ? std::string("-") : hands) + ' ';
  std::string outs;
  for (int order = 1; order <= r.out_count; ++order) {
    for (int seat = 0; seat < 4; ++seat) {
      if (r.out_order[seat] != order) continue;
      if (!outs.empty()) outs += ',';
      outs += seat_char(seat);
      outs += seat_char(r.mated_by[seat]);
    }
  }
  s += (outs.empty() ? std::string("-") : outs) + ' ';
  for (int seat = 0; seat < 4; ++seat) s += seat_char(r.last_checker[seat]);
  s += ' ';
  s += seat_char(r.last_mover);
  s += ' ' + std::to_string(r.ply + 1);
  return s;
}

std::string key(const Ref& r) {
  std::string s;
  for (int f = 1; f <= 9; ++f)
    for (int k = 1; k <= 9; ++k) {
      const Cell& c = r.board[f][k];
      s += static_cast<char>('a' + c.type);
      s += static_cast<char>('a' + c.owner + 1);
      s += static_cast<char>('a' + c.facing);
    }
  for (int seat = 0; seat < 4; ++seat) {
    for (int t : {kRookT, kGoldT, kSilverT, kPawnT}) s += static_cast<char>('a' + r.hand[seat][t]);
    s += static_cast<char>('a' + r.out_order[seat]);
    s += static_cast<char>('a' + r.mated_by[seat] + 1);
  }
  s += static_cast<char>('a' + r.to_move);
  return s;
}

uint64_t perft(const Ref& r, const History& h, int depth, const Flow& flow) {
  const std::vector<RMove> moves = full_legal_moves(r, h);
  if (depth <= 1) return depth == 1 ? moves.size() : 1;
  uint64_t total = 0;
  for (const RMove& m : moves) {
    Ref c = r;
    History ch = h;
    if (play_and_settle(c, ch, m, flow)) total += perft(c, ch, depth - 1, flow);
  }
  return total;
}

}  // namespace kaisho::yonin::reference

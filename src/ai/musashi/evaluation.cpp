#include "ai/musashi/evaluation.hpp"

#include <algorithm>
#include <array>

#include "ai/musashi/containment.hpp"

namespace kaisho::ai::musashi_search {

namespace {

constexpr int kChild = 100;                       // one child captured
constexpr int kNearTarget[4] = {0, 160, 75, 25};  // by captures still needed (1..3)
constexpr int kRegionPoint = 7;                   // per empty point the father can walk to
// A small region is a trap closing: extra by region size 0..7.
constexpr int kSmallRegion[8] = {300, 220, 160, 110, 70, 40, 20, 10};
constexpr int kExit = 10;                       // per point he can step to now
constexpr int kFewExits[3] = {0, 35, 10};       // danger of one or two exits
constexpr int kThreatLater[4] = {0, 0, 12, 4};  // per child capturable at distance 2, 3
constexpr int kThreatOwnTurn = 20;              // percent of the best capture, father to move
constexpr int kThreatTheirTurn = 25;            // percent of the best capture, children to move
constexpr int kThreatFork = 60;                 // percent of the second capture, children to move
constexpr int kLimitRegion = 6;  // the region's weight grows by this as moves run out
constexpr int kLimitShort = 20;  // per point the region exceeds the moves left (+4)

// The father's standing on each point: lines from it, less for the sechin (a dead end) and
// the corners of the square.
struct PointTable {
  std::array<int, kMaxPoints> value{};
  explicit PointTable(const Board& board) {
    for (Point p = 0; p < board.point_count(); ++p) {
      int v = 5 * count(board.neighbours(p));
      if (p >= 25) v -= 25;  // f2..g5: the sechin
      const int column = p / 5, row = p % 5;
      if (p < 25 && (column == 0 || column == 4) && (row == 0 || row == 4)) v -= 15;
      value[static_cast<size_t>(p)] = v;
    }
  }
};

const PointTable& point_table(const Board& board) {
  static const PointTable sechin(Board::get(Shape::Sechin33));
  static const PointTable square(Board::get(Shape::Square25));
  return board.shape() == Shape::Sechin33 ? sechin : square;
}

}  // namespace

int father_material(int children, const EndRules& rules) {
  const int needed = children - rules.target_remaining;
  return kChild * (16 - children) + (needed >= 1 && needed <= 3 ? kNearTarget[needed] : 0);
}

int father_view(const Position& pos, const EndRules& rules) {
  const int n = pos.child_count();
  const int material = father_material(n, rules);
  auto gain = [&](int taken) { return father_material(n - taken, rules) - material; };
  int v = material;

  const Region region = father_region(pos);
  const int size = region.size();
  const int exits = count(region.layers[1]);
  v += kRegionPoint * size + kExit * exits;
  if (size < 8) v -= kSmallRegion[size];
  if (exits <= 2) v -= kFewExits[exits];
  v += point_table(pos.board()).value[static_cast<size_t>(pos.father())];

  const CaptureThreats t = capture_threats(pos, region);
  if (pos.side_to_move() == Side::Father) {
    v += gain(t.largest) * kThreatOwnTurn / 100;
  } else {
    v += gain(t.largest) * kThreatTheirTurn / 100;
    if (t.points >= 2) v += gain(t.second) * kThreatFork / 100;
  }
  v += kThreatLater[2] * t.at[2] + kThreatLater[3] * t.at[3];

  if (rules.children_limit > 0) {
    const int made = pos.children_moves();
    const int left = rules.children_limit - made;
    v += size * kLimitRegion * made / rules.children_limit;
    if (left < size + 4) v += kLimitShort * (size + 4 - left);
  }
  return v;
}

}  // namespace kaisho::ai::musashi_search

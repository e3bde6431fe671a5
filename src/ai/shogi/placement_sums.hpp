#pragma once
// The placement part of the learned Shogi evaluation (visit_placement_features: piece-square,
// king-relative, king zones, pairs, hand) as its opening and endgame sums of weights. A move
// changes these features only near the squares it touches (unless a king moves), so the search
// carries the sums from a position to the next instead of counting them at every node.
#include "rules/shogi/movegen.hpp"

namespace kaisho::ai::shogi_search {

using namespace kaisho::shogi;

struct PlacementSums {
  int opening = 0;
  int endgame = 0;
  bool operator==(const PlacementSums&) const = default;
};

// The sums counted from scratch.
PlacementSums placement_sums(const Position& pos);

// What the sums need to know of a move besides the position after it: the piece that moved
// (as it stood before promoting; for a drop, the dropped piece) and the piece it took.
struct MoveFacts {
  Move move;
  Piece mover = kNoPiece;
  Piece captured = kNoPiece;
};
MoveFacts facts_of(const Position& before, Move m);

// The sums after a move: `before` are the sums of the position the move was played in,
// `after` is the position it led to. Equal to placement_sums(after).
PlacementSums placement_after(const PlacementSums& before, const Position& after,
                              const MoveFacts& move);

}  // namespace kaisho::ai::shogi_search

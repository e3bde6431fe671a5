#include "rules/shogi_family/bitboard.hpp"

namespace kaisho::shogi_family {

namespace {

constexpr Step kDirectionSteps[kDirectionCount] = {{0, 1},  {1, 0},  {1, 1},   {1, -1},
                                                   {0, -1}, {-1, 0}, {-1, -1}, {-1, 1}};

constexpr Bitboard steps_from(Square sq, Facing f, std::initializer_list<Step> steps) {
  Bitboard bb;
  for (Step s : steps) {
    Step t = turn(s, f);
    int file = file_of(sq) + t.dfile, rank = rank_of(sq) + t.drank;
    if (on_board(file, rank)) bb |= Bitboard::square(make_square(file, rank));
  }
  return bb;
}

constexpr AttackTables build() {
  AttackTables t{};
  for (Square sq = 0; sq < kSquareCount; ++sq) {
    t.file[file_of(sq)] |= Bitboard::square(sq);
    t.rank[rank_of(sq)] |= Bitboard::square(sq);
    for (int d = 0; d < kDirectionCount; ++d) {
      int file = file_of(sq), rank = rank_of(sq);
      for (;;) {
        file += kDirectionSteps[d].dfile;
        rank += kDirectionSteps[d].drank;
        if (!on_board(file, rank)) break;
        t.ray[d][sq] |= Bitboard::square(make_square(file, rank));
      }
    }
    // Steps are given facing Up: forward is drank = -1.
    for (int fi = 0; fi < kFacingCount; ++fi) {
      Facing f = static_cast<Facing>(fi);
      t.pawn[fi][sq] = steps_from(sq, f, {{0, -1}});
      t.knight[fi][sq] = steps_from(sq, f, {{-1, -2}, {1, -2}});
      t.silver[fi][sq] = steps_from(sq, f, {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}});
      t.gold[fi][sq] = steps_from(sq, f, {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}});
    }
    t.king[sq] = steps_from(sq, Facing::Up,
                            {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}});
  }
  for (Square a = 0; a < kSquareCount; ++a) {
    for (int d = 0; d < kDirectionCount; ++d) {
      for (Square b : squares(t.ray[d][a])) {
        t.between[a][b] = t.ray[d][a] & t.ray[(d + 4) % 8][b];
        int opposite = (d + 4) % 8;
        t.line[a][b] = t.ray[d][a] | t.ray[opposite][a] | Bitboard::square(a);
      }
    }
  }
  for (int fi = 0; fi < kFacingCount; ++fi) {
    Step forward = turn({0, -1}, static_cast<Facing>(fi));
    for (int d = 0; d < kDirectionCount; ++d) {
      if (kDirectionSteps[d].dfile == forward.dfile && kDirectionSteps[d].drank == forward.drank) {
        t.lance_direction[fi] = static_cast<Direction>(d);
      }
    }
    for (Square sq = 0; sq < kSquareCount; ++sq) {
      int row = rows_from_far_edge(sq, static_cast<Facing>(fi));
      for (int n = row; n <= 9; ++n) t.far_rows[fi][n] |= Bitboard::square(sq);
    }
  }
  return t;
}

}  // namespace

constinit const AttackTables kTables = build();

}  // namespace kaisho::shogi_family

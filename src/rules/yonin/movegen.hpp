#pragma once
// The moves a Yonin Shogi position allows a player, by the rules that depend on the position
// alone: movement by facing, promotion, captures (never a king, never one's partner's piece
// in pairs), drops (nifu per facing, no pawn that could never move, no pawn in front of a
// flipped king, no pawn-drop mate against any player), never leaving one's own king in check,
// and in pairs never creating a new check on the partner's king. The perpetual checker's
// forbidden move depends on the history and is added by flow.hpp.
#include "rules/yonin/position.hpp"

namespace kaisho::yonin {

// The legal moves of live seat `us`, who need not be the player to move (the pawn-drop-mate
// test asks whether a checked player has any move).
void generate_legal(const Position& pos, Seat us, MoveList& list);
bool has_legal_move(const Position& pos, Seat us);

// Every move the pieces of `us` could make or drop by movement alone: onto empty squares or
// pieces that may be captured, with the promotion choices and drop squares the piece rules
// allow (no pawn on its last row, nifu, no pawn in front of a flipped king). No king-safety,
// partner or pawn-drop-mate test.
void generate_pseudo(const Position& pos, Seat us, MoveList& list);

// Squares `us` may not move onto: own pieces, every king, and in pairs the partner's pieces.
Bitboard forbidden_targets(const Position& pos, Seat us);
// Lines (files for S/N, ranks for W/E) holding an unpromoted pawn of `us` facing `us`'s way.
Bitboard nifu_lines(const Position& pos, Seat us);
// Squares from which a pawn facing `us`'s way would step onto a flipped king.
Bitboard in_front_of_flipped_kings(const Position& pos, Seat us);

// The live player whose king a pawn of `us` dropped on `to` would attack, or kNoSeat.
Seat pawn_drop_target(const Position& pos, Seat us, Square to);

}  // namespace kaisho::yonin

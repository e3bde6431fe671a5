#pragma once
// Shogi and Annan Shogi moves as players read them, rather than USI (`7g7f`):
//  - Japanese, as in kifu and on lishogi: `☗７六歩`, `☖同　銀`, `☗５二金左上`, `☗５五角打`;
//  - Western (Hodges), as lishogi's western notation: `P-7f`, `Bx2b+`, `G6i-5h`, `P*5e`.
// The conventions, with their sources, are written at the top of readable_notation.cpp.
// Which moves exist, and so whether a move needs telling apart from another, comes from the
// game's own legal move generator, so Annan (a piece moves like the friendly piece behind it)
// is handled by the same code; the piece named is always the piece that moves, as in KIF.
#include <string>
#include <string_view>
#include <vector>

#include "core/result.hpp"
#include "rules/shogi/movegen.hpp"

namespace kaisho::shogi {

enum class MoveStyle { Japanese, Western };

// "japanese" or "western".
Result<MoveStyle> parse_move_style(std::string_view text);
std::string_view move_style_name(MoveStyle style);

// The moves of a record, from index `first` on, in the given style (one string per move,
// moves[first..]). The record is replayed from the start and only moves[first..] are formatted,
// so a caller can cache earlier ones: the moves before `first` are only checked for what
// replaying them needs (a piece of the side to move on the origin, a piece in hand to drop,
// no own piece or king on the destination), the formatted ones for full legality. Fails with
// a clear error on a bad SFEN, a malformed or illegal move, or `first` past the end.
// `rules` are the game's rule settings (they decide which moves are legal in Annan).
Result<std::vector<std::string>> readable_moves(Variant variant, std::string_view start_sfen,
                                                const std::vector<std::string>& usi_moves,
                                                MoveStyle style, size_t first = 0,
                                                const RuleSettings& rules = RuleSettings{});

// One move of pos in the given style. m must be legal in pos (under rules); previous_to is the
// destination of the move played just before (Japanese writes 同 for the same square), or -1.
template <Variant V>
std::string readable_move(const Position& pos, const RuleSettings& rules, Move m, MoveStyle style,
                          Square previous_to = -1);

}  // namespace kaisho::shogi

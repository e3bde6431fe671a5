#pragma once
// Why a move is refused, as a machine-readable code with parameters (so that a client can say
// it in the reader's language) together with the English sentence the tools and logs show.
//
// Every rules engine's explain_illegal returns an IllegalMove, and every GameState::play
// refuses a move with an Error whose code is "illegal_move", whose message is the English
// sentence ("illegal move 2h2c: the rook on 2h cannot move to 2c") and whose params are
//   {"move", <the move text>}, {"reason", <a code below>}, then the reason's params in the
// order listed here. The move text is the one sent (Musashi: once read, written FROM-TO as
// the message writes it).
//
// The reason codes (kIllegalMoveReasons holds the same list, with the param names). A param
// marked "?" is given only by the games named in the meaning.
//
// reason                    params                     meaning
// ------------------------  -------------------------  -----------------------------------------
// bad_text                  -                          the move text cannot be read (syntax, no
//                                                      such square or point, a king drop, ...)
// game_over                 -                          the game is already over
// no_piece                  square                     no piece stands where the move starts
// not_your_piece            square owner turn piece?   the piece there belongs to `owner` and
//                                                      it is `turn`'s move (piece: Yonin only)
// ownerless_piece           piece square               Yonin: the piece lost its owner when its
//                                                      player was knocked out; it never moves
// flipped_king              square owner               Yonin: the king there is flipped (`owner`
//                                                      is out); it never moves
// own_piece                 square                     the destination holds one of the mover's
//                                                      own pieces
// partner_piece             square                     Yonin pairs: the destination holds the
//                                                      partner's piece
// capture_king              square                     Yonin: the destination holds a king;
//                                                      kings are never captured, a check must
//                                                      be answered
// capture_flipped_king      square                     Yonin: the destination holds a flipped
//                                                      king, which cannot be captured
// cannot_reach              piece from to              the piece cannot move from `from` to `to`
//                                                      (its movement, or a piece in the way)
// not_in_hand               piece                      a drop of a piece the mover does not hold
// occupied                  square piece?              the destination is not empty (a drop;
//                                                      Hasami; Musashi: piece = father|child)
// dead_drop                 piece square               the piece dropped there could never move
// drop_before_flipped_king  piece square               Yonin: a pawn dropped there would stand
//                                                      in front of a flipped king, never to move
// nifu                      square axis line           a second unpromoted pawn (Yonin: facing
//                                                      the mover's way) on the line: axis "file"
//                                                      and line "5", or axis "rank" and line "e"
// pawn_drop_mate            seat?                      a pawn drop may not checkmate
//                                                      (uchifuzume); seat (Yonin only): who
//                                                      would have no legal move
// cannot_promote            piece                      this kind never promotes (gold, king;
//                                                      Shogi: also an already promoted piece)
// already_promoted          piece square               Yonin: the piece is already promoted
// promotion_zone            -                          promotion needs a move into, within or
//                                                      out of the promotion zone
// must_promote              piece square               the piece must promote there: unpromoted
//                                                      it could never move again
// check_not_answered        -                          the mover's king is in check and the
//                                                      move does not answer it
// leaves_king_in_check      -                          the move would put or leave the mover's
//                                                      king in check
// checks_partner            seat                       Yonin pairs: the move would give check to
//                                                      the partner's king (`seat`)
// perpetual_check           -                          Yonin: the perpetual checker may not
//                                                      bring the position about a fourth time
// zero_move                 -                          Hasami: the move does not leave its square
// not_straight              from to                    Hasami: pieces move along a file or rank
// blocked                   square                     Hasami: the path is blocked by the piece
//                                                      on `square` (the first met)
// no_line                   from to                    Musashi: no line joins the two points
// repetition                -                          Musashi: the children may not repeat an
//                                                      earlier position
// not_allowed               -                          any other refusal (no engine gives it
//                                                      today: a safety net)
//
// Param values are stable identifiers, never English prose:
// - square: the game's own square or point name ("7g", "c3");
// - piece: the piece kinds of kPieceIds (shogi family) or "father" / "child" (Musashi);
// - owner, turn, seat: seat names as Game::seat_names() gives them: "sente" / "gote" (Shogi,
//   Annan), "first" / "second" (Hasami), "father" / "children" (Musashi), "south" / "west" /
//   "north" / "east" (Yonin);
// - axis: "file" or "rank"; line: a file digit "1".."9" or a rank letter "a".."i".
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.hpp"

namespace kaisho::rules {

using Params = std::vector<std::pair<std::string, std::string>>;

struct IllegalMove {
  std::string reason;  // a code of kIllegalMoveReasons; empty = the move is legal
  Params params;       // the reason's params, in the documented order
  std::string text;    // the English sentence, e.g. "the rook on 2h cannot move to 2c"
  bool legal() const { return reason.empty(); }
  // The value of a param ("" if absent).
  std::string_view param(std::string_view key) const;
};

inline IllegalMove legal_move() {
  return {};
}
inline IllegalMove refuse(std::string reason, std::string text, Params params = {}) {
  return IllegalMove{std::move(reason), std::move(params), std::move(text)};
}

struct IllegalMoveReason {
  std::string_view code;
  std::string_view params;  // names separated by spaces, in order; "?" = only in some games
};

inline constexpr std::array<IllegalMoveReason, 31> kIllegalMoveReasons = {{
    {"bad_text", ""},
    {"game_over", ""},
    {"no_piece", "square"},
    {"not_your_piece", "square owner turn piece?"},
    {"ownerless_piece", "piece square"},
    {"flipped_king", "square owner"},
    {"own_piece", "square"},
    {"partner_piece", "square"},
    {"capture_king", "square"},
    {"capture_flipped_king", "square"},
    {"cannot_reach", "piece from to"},
    {"not_in_hand", "piece"},
    {"occupied", "square piece?"},
    {"dead_drop", "piece square"},
    {"drop_before_flipped_king", "piece square"},
    {"nifu", "square axis line"},
    {"pawn_drop_mate", "seat?"},
    {"cannot_promote", "piece"},
    {"already_promoted", "piece square"},
    {"promotion_zone", ""},
    {"must_promote", "piece square"},
    {"check_not_answered", ""},
    {"leaves_king_in_check", ""},
    {"checks_partner", "seat"},
    {"perpetual_check", ""},
    {"zero_move", ""},
    {"not_straight", "from to"},
    {"blocked", "square"},
    {"no_line", "from to"},
    {"repetition", ""},
    {"not_allowed", ""},
}};

// Piece kinds of the shogi family, indexed by shogi_family::PieceType (1..14; 0 is unused).
// A piece param is always the piece's own kind (in Annan, not the kind it borrows a movement
// from).
inline constexpr std::array<std::string_view, 15> kPieceIds = {{
    "", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
    "promoted_pawn",  // tokin
    "promoted_lance", "promoted_knight", "promoted_silver",
    "horse",   // promoted bishop
    "dragon",  // promoted rook
}};

// "" if `m` is legal or its reason is a listed code whose params are exactly the documented
// ones in order (optional ones may be left out); otherwise what is wrong.
std::string check_documented(const IllegalMove& m);

// The Error GameState::play returns for a refused move: code "illegal_move", the given message,
// params {"move", move}, {"reason", why.reason}, why's params.
Error illegal_move_error(std::string_view move, const IllegalMove& why, std::string message);
// The usual message: "illegal move MOVE: TEXT".
Error illegal_move_error(std::string_view move, const IllegalMove& why);
// A move text that cannot be read: reason bad_text, the parser's message.
Error unreadable_move_error(std::string_view move, const Error& parse_error);
// A move after the end of the game: reason game_over, message "the game is over".
Error game_over_error(std::string_view move);

}  // namespace kaisho::rules

// Why a move is refused, machine-readable (rules/api/illegal_move.hpp): for every reason code,
// a small position and a move of some game that GameState::play refuses with exactly that
// code, its params and the English message; and the table covers every code.
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "rules/api/illegal_move.hpp"
#include "test_util.hpp"

namespace kaisho::testing {
namespace {

using rules::Params;
using Overrides = std::vector<std::pair<std::string, std::string>>;

struct Case {
  const char* rule;      // the test's name: the rule the refusal enforces
  const char* game;      // a game id of the registry
  Overrides options;     // option overrides
  const char* position;  // "POSITION [moves ...]" as Game::load reads it
  const char* move;      // the refused move text
  const char* reason;    // the expected reason code
  Params params;         // the expected params of the reason (after move and reason)
  const char* message;   // the expected English message, exactly
};

const Overrides kNone;
const Overrides kPairs = {{"format", "pairs"}};
const Overrides kOwnerless = {{"out_pieces", "ownerless"}};

constexpr const char* kShogiStart = "startpos";
constexpr const char* kYoninKings = "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4";

// The perpetual checker's cycle (tests/rules/yonin/end_test.cpp): South's rook checks North
// with every move; after these 17 moves 4e5e would bring the position about a fourth time.
const std::string kPerpetual =
    "4Kn4/9/9/9/4Rs4/9/Kw7Ke/9/4Ks4 n - - --s- s 10 moves 5a4a 1g1h 5e4e 4a5a 1h1g 4e5e 5a4a 1g1h "
    "5e4e 4a5a 1h1g 4e5e 5a4a 1g1h 5e4e 4a5a 1h1g";

// Hasami: both sides shuffle a piece away and back until the fourth occurrence draws.
constexpr const char* kHasamiDrawn =
    "startpos moves 9i9h 9a9b 9h9i 9b9a 9i9h 9a9b 9h9i 9b9a 9i9h 9a9b 9h9i 9b9a";

const std::vector<Case>& cases() {
  static const std::vector<Case> all = {
      // ---- Shogi
      {"ShogiUnreadableMoveText",
       "shogi",
       kNone,
       kShogiStart,
       "7g7",
       "bad_text",
       {},
       "bad move '7g7': expected a move like 7g7f, 8h2b+ or P*5e"},
      {"ShogiNoMoveAfterCheckmate",
       "shogi",
       kNone,
       "7lk/9/8S/9/9/9/9/7L1/8K b G 1 moves G*1b",
       "1a2b",
       "game_over",
       {},
       "the game is over"},
      {"ShogiMoveStartsOnAPiece",
       "shogi",
       kNone,
       kShogiStart,
       "5e5d",
       "no_piece",
       {{"square", "5e"}},
       "illegal move 5e5d: there is no piece on 5e"},
      {"ShogiOnlyYourOwnPiecesMove",
       "shogi",
       kNone,
       kShogiStart,
       "3c3d",
       "not_your_piece",
       {{"square", "3c"}, {"owner", "gote"}, {"turn", "sente"}},
       "illegal move 3c3d: the piece on 3c is not yours"},
      {"ShogiNoCaptureOfYourOwnPiece",
       "shogi",
       kNone,
       kShogiStart,
       "2h2g",
       "own_piece",
       {{"square", "2g"}},
       "illegal move 2h2g: you cannot capture your own piece"},
      {"ShogiPiecesMoveOnlyAsTheirKindAllows",
       "shogi",
       kNone,
       kShogiStart,
       "2h2c",
       "cannot_reach",
       {{"piece", "rook"}, {"from", "2h"}, {"to", "2c"}},
       "illegal move 2h2c: the rook on 2h cannot move to 2c"},
      {"ShogiDropOnlyFromTheHand",
       "shogi",
       kNone,
       "4k4/9/9/9/9/9/9/9/4K4 b S 1",
       "G*5e",
       "not_in_hand",
       {{"piece", "gold"}},
       "illegal move G*5e: you have no gold in hand"},
      {"ShogiDropOnlyOnAnEmptySquare",
       "shogi",
       kNone,
       "4k4/9/9/9/9/9/9/9/4K4 b S 1",
       "S*5i",
       "occupied",
       {{"square", "5i"}},
       "illegal move S*5i: a piece can only be dropped on an empty square"},
      {"ShogiNoDropWhereThePieceCouldNeverMove",
       "shogi",
       kNone,
       "4k4/9/9/9/9/9/9/9/4K4 b PLN 1",
       "N*3b",
       "dead_drop",
       {{"piece", "knight"}, {"square", "3b"}},
       "illegal move N*3b: a knight dropped on 3b could never move"},
      {"ShogiNifu",
       "shogi",
       kNone,
       "4k4/9/9/9/9/9/4P4/9/4K4 b P 1",
       "P*5e",
       "nifu",
       {{"square", "5e"}, {"axis", "file"}, {"line", "5"}},
       "illegal move P*5e: you already have an unpromoted pawn on file 5 (nifu)"},
      {"ShogiPawnDropMate",
       "shogi",
       kNone,
       "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
       "P*1b",
       "pawn_drop_mate",
       {},
       "illegal move P*1b: a pawn drop may not give checkmate (uchifuzume)"},
      {"ShogiGoldNeverPromotes",
       "shogi",
       kNone,
       "4k4/9/9/4G4/9/9/9/9/4K4 b - 1",
       "5d5c+",
       "cannot_promote",
       {{"piece", "gold"}},
       "illegal move 5d5c+: a gold cannot promote"},
      {"ShogiPromotedPieceDoesNotPromoteAgain",
       "shogi",
       kNone,
       "4k4/9/9/4+B4/9/9/9/9/4K4 b - 1",
       "5d4c+",
       "cannot_promote",
       {{"piece", "horse"}},
       "illegal move 5d4c+: a horse cannot promote"},
      {"ShogiPromotionNeedsTheZone",
       "shogi",
       kNone,
       "4k4/9/6S2/4S4/9/9/9/9/4K4 b - 1",
       "5d4e+",
       "promotion_zone",
       {},
       "illegal move 5d4e+: promotion needs a move into, within or out of the promotion zone"},
      {"ShogiPawnMustPromoteOnTheLastRank",
       "shogi",
       kNone,
       "4k4/6P2/8L/2N6/9/9/9/9/4K4 b - 1",
       "3b3a",
       "must_promote",
       {{"piece", "pawn"}, {"square", "3a"}},
       "illegal move 3b3a: the pawn must promote on 3a (it could never move again)"},
      {"ShogiCheckMustBeAnswered",
       "shogi",
       kNone,
       "4r3k/9/9/9/9/9/9/3G5/4K4 b - 1",
       "6h6g",
       "check_not_answered",
       {},
       "illegal move 6h6g: it does not answer the check on your king"},
      {"ShogiPinnedPieceMayNotLeaveThePin",
       "shogi",
       kNone,
       "4r3k/9/9/9/9/9/9/4G4/4K4 b - 1",
       "5h4h",
       "leaves_king_in_check",
       {},
       "illegal move 5h4h: it would leave your king in check"},
      // ---- Annan Shogi
      {"AnnanUnbackedPawnMovesAsAPawn",
       "annan",
       kNone,
       "8k/9/9/9/4P4/5G3/4R4/9/4K4 b - 1",
       "5e5c",
       "cannot_reach",
       {{"piece", "pawn"}, {"from", "5e"}, {"to", "5c"}},
       "illegal move 5e5c: the pawn on 5e cannot move to 5c"},
      {"AnnanNoDeadDropWithoutBacking",
       "annan",
       kNone,
       "9/4PG3/4G4/9/k8/9/9/9/8K b P 1",
       "P*3a",
       "dead_drop",
       {{"piece", "pawn"}, {"square", "3a"}},
       "illegal move P*3a: a pawn dropped on 3a could never move"},
      {"AnnanNifuForDrops",
       "annan",
       kNone,
       "8k/9/9/9/4P4/4G4/5P3/9/K8 b P 1",
       "P*4d",
       "nifu",
       {{"square", "4d"}, {"axis", "file"}, {"line", "4"}},
       "illegal move P*4d: you already have an unpromoted pawn on file 4 (nifu)"},
      {"AnnanPawnDropMateByBacking",
       "annan",
       kNone,
       "8k/6G1B/9/9/9/9/9/9/K8 b PG 1",
       "P*1c",
       "pawn_drop_mate",
       {},
       "illegal move P*1c: a pawn drop may not give checkmate (uchifuzume)"},
      {"AnnanUnbackedPawnMustPromote",
       "annan",
       kNone,
       "9/4PG3/4G4/9/k8/9/9/9/8K b P 1",
       "5b5a",
       "must_promote",
       {{"piece", "pawn"}, {"square", "5a"}},
       "illegal move 5b5a: the pawn must promote on 5a (it could never move again)"},
      {"AnnanGoldDoesNotPromoteWhateverItsBacking",
       "annan",
       kNone,
       "8k/9/9/4G4/4S4/9/9/9/K8 b - 1",
       "5d5c+",
       "cannot_promote",
       {{"piece", "gold"}},
       "illegal move 5d5c+: a gold cannot promote"},
      {"AnnanKingSafetyAfterTheMove",
       "annan",
       kNone,
       "8k/9/9/9/3K5/4p4/4g4/9/9 b - 1",
       "6e5f",
       "leaves_king_in_check",
       {},
       "illegal move 6e5f: it would leave your king in check"},
      // ---- Hasami Shogi
      {"HasamiUnreadableMoveText",
       "hasami",
       kNone,
       "startpos",
       "9i9",
       "bad_text",
       {},
       "a move is two squares such as 9i9e, got '9i9'"},
      {"HasamiNoMoveAfterTheDraw",
       "hasami",
       kNone,
       kHasamiDrawn,
       "9i9h",
       "game_over",
       {},
       "the game is over"},
      {"HasamiMoveStartsOnAPiece",
       "hasami",
       kNone,
       "startpos",
       "5e5d",
       "no_piece",
       {{"square", "5e"}},
       "illegal move 5e5d: no piece on 5e"},
      {"HasamiOnlyYourOwnPiecesMove",
       "hasami",
       kNone,
       "startpos",
       "9a9b",
       "not_your_piece",
       {{"square", "9a"}, {"owner", "second"}, {"turn", "first"}},
       "illegal move 9a9b: not your piece"},
      {"HasamiAMoveLeavesItsSquare",
       "hasami",
       kNone,
       "startpos",
       "9i9i",
       "zero_move",
       {},
       "illegal move 9i9i: a piece must move at least one square"},
      {"HasamiPiecesMoveInStraightLines",
       "hasami",
       kNone,
       "startpos",
       "9i8h",
       "not_straight",
       {{"from", "9i"}, {"to", "8h"}},
       "illegal move 9i8h: pieces move in straight lines"},
      {"HasamiNoJumpingOverPieces",
       "hasami",
       kNone,
       "startpos",
       "9i7i",
       "blocked",
       {{"square", "8i"}},
       "illegal move 9i7i: the path is blocked at 8i"},
      {"HasamiMoveEndsOnAnEmptySquare",
       "hasami",
       kNone,
       "startpos",
       "9i9a",
       "occupied",
       {{"square", "9a"}},
       "illegal move 9i9a: 9a is occupied"},
      // ---- Juroku Musashi
      {"MusashiUnreadableMoveText",
       "musashi",
       kNone,
       "startpos",
       "nonsense",
       "bad_text",
       {},
       "a move is written FROM-TO, like c3-c4; got 'nonsense'"},
      {"MusashiNoMoveAfterTheFatherIsTrapped",
       "musashi",
       kNone,
       "F:a1 C:a2,b1,b2,c5,d5,e1,e5 f 10",
       "a1-b2",
       "game_over",
       {},
       "the game is over"},
      {"MusashiMoveStartsOnAPiece",
       "musashi",
       kNone,
       "startpos",
       "b2-b3",
       "no_piece",
       {{"square", "b2"}},
       "illegal move b2-b3: there is no piece on b2"},
      {"MusashiChildrenWaitForTheFather",
       "musashi",
       kNone,
       "startpos",
       "a1-b2",
       "not_your_piece",
       {{"square", "a1"}, {"owner", "children"}, {"turn", "father"}},
       "illegal move a1-b2: a1 holds a child, but it is the father's turn"},
      {"MusashiFatherWaitsForTheChildren",
       "musashi",
       kNone,
       "startpos moves c3-c4",
       "c4-c3",
       "not_your_piece",
       {{"square", "c4"}, {"owner", "father"}, {"turn", "children"}},
       "illegal move c4-c3: c4 holds the father, but it is the children's turn"},
      {"MusashiStepsFollowTheLines",
       "musashi",
       kNone,
       "startpos moves c3-c4",
       "b5-c4",
       "no_line",
       {{"from", "b5"}, {"to", "c4"}},
       "illegal move b5-c4: no line joins b5 to c4"},
      {"MusashiNoStepOntoTheFather",
       "musashi",
       kNone,
       "startpos moves c3-c4",
       "c5-c4",
       "occupied",
       {{"square", "c4"}, {"piece", "father"}},
       "illegal move c5-c4: c4 is occupied by the father"},
      {"MusashiNoStepOntoAChild",
       "musashi",
       kNone,
       "startpos moves c3-c4",
       "a1-a2",
       "occupied",
       {{"square", "a2"}, {"piece", "child"}},
       "illegal move a1-a2: a2 is occupied by a child"},
      {"MusashiChildrenMayNotRepeatAPosition",
       "musashi",
       kNone,
       "startpos moves c3-c4 a1-b2 c4-c3",
       "b2-a1",
       "repetition",
       {},
       "illegal move b2-a1: it would repeat an earlier position (the children may not repeat a "
       "position)"},
      // ---- Yonin Shogi
      {"YoninUnreadableMoveText",
       "yonin",
       kNone,
       "startpos",
       "K*5e",
       "bad_text",
       {},
       "bad move 'K*5e': a king cannot be dropped"},
      {"YoninNoMoveAfterATeamIsMated",
       "yonin",
       kPairs,
       "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - nw ---- e 30",
       "5i5h",
       "game_over",
       {},
       "the game is over"},
      {"YoninMoveStartsOnAPiece",
       "yonin",
       kNone,
       "startpos",
       "5e5d",
       "no_piece",
       {{"square", "5e"}},
       "illegal move 5e5d: there is no piece on 5e"},
      {"YoninOnlyYourOwnPiecesMove",
       "yonin",
       kNone,
       "startpos",
       "7e6e",
       "not_your_piece",
       {{"square", "7e"}, {"owner", "west"}, {"turn", "south"}, {"piece", "pawn"}},
       "illegal move 7e6e: the pawn on 7e belongs to west, and it is south's turn"},
      {"YoninOwnerlessPiecesNeverMove",
       "yonin",
       kOwnerless,
       "4Kn4/9/9/9/Kw3Rxn3Ke/4Ps4/9/9/4Ks4 w - ns ---- s 30",
       "5e5d",
       "ownerless_piece",
       {{"piece", "rook"}, {"square", "5e"}},
       "illegal move 5e5d: the rook on 5e has no owner since its player was knocked out: it "
       "never moves"},
      {"YoninFlippedKingNeverMoves",
       "yonin",
       kNone,
       "4KnKe3/9/9/4Rs4/Kw8/9/9/9/4Ks4 s - ns ---- e 30",
       "5a5b",
       "flipped_king",
       {{"square", "5a"}, {"owner", "north"}},
       "illegal move 5a5b: the king on 5a is flipped (north is out): it can never move"},
      {"YoninNoCaptureOfYourOwnPiece",
       "yonin",
       kNone,
       "startpos",
       "6i6h",
       "own_piece",
       {{"square", "6h"}},
       "illegal move 6i6h: you cannot capture your own piece"},
      {"YoninPairsNoCaptureOfThePartnersPiece",
       "yonin",
       kPairs,
       "4Kn4/9/4Pn4/9/Kw7Ke/4Rs4/9/9/4Ks4 s - - ---- - 1",
       "5f5c",
       "partner_piece",
       {{"square", "5c"}},
       "illegal move 5f5c: you cannot capture your partner's piece"},
      {"YoninKingsAreNeverCaptured",
       "yonin",
       kNone,
       "4Kn4/9/4Pn4/9/Kw2RsRe3Ke/9/9/9/4Ks4 s - - es-- e 20",
       "6e9e",
       "capture_king",
       {{"square", "9e"}},
       "illegal move 6e9e: kings are never captured: a check must be answered"},
      {"YoninFlippedKingIsNotCaptured",
       "yonin",
       kNone,
       "4KnKe3/9/9/4Rs4/Kw8/9/9/9/4Ks4 s - ns ---- e 30",
       "5d5a",
       "capture_flipped_king",
       {{"square", "5a"}},
       "illegal move 5d5a: a flipped king cannot be captured"},
      {"YoninPiecesMoveOnlyAsTheirKindAllows",
       "yonin",
       kNone,
       "startpos",
       "7i7g",
       "cannot_reach",
       {{"piece", "silver"}, {"from", "7i"}, {"to", "7g"}},
       "illegal move 7i7g: the silver on 7i cannot move to 7g"},
      {"YoninDropOnlyFromTheHand",
       "yonin",
       kNone,
       "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Ss - ---- - 1",
       "G*5e",
       "not_in_hand",
       {{"piece", "gold"}},
       "illegal move G*5e: you have no gold in hand"},
      {"YoninDropOnlyOnAnEmptySquare",
       "yonin",
       kNone,
       "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Ss - ---- - 1",
       "S*5i",
       "occupied",
       {{"square", "5i"}},
       "illegal move S*5i: a piece can only be dropped on an empty square"},
      {"YoninNoPawnDropOnItsLastRow",
       "yonin",
       kNone,
       "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Ps - ---- - 1",
       "P*3a",
       "dead_drop",
       {{"piece", "pawn"}, {"square", "3a"}},
       "illegal move P*3a: a pawn dropped on 3a could never move"},
      {"YoninNoPawnDropInFrontOfAFlippedKing",
       "yonin",
       kNone,
       "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s 2Ps2Pw2Pe ns ---- e 30",
       "P*5b",
       "drop_before_flipped_king",
       {{"piece", "pawn"}, {"square", "5b"}},
       "illegal move P*5b: a pawn dropped on 5b would stand in front of a flipped king and could "
       "never move"},
      {"YoninNifuOnAFile",
       "yonin",
       kNone,
       "4Kn4/9/4Psn4/9/Kw1Pw5Ke/9/5Ps3/9/4Ks4 s PsPw ns ---- e 30",
       "P*4e",
       "nifu",
       {{"square", "4e"}, {"axis", "file"}, {"line", "4"}},
       "illegal move P*4e: you already have an unpromoted pawn facing your way on file 4 (nifu)"},
      {"YoninNifuOnARankForWest",
       "yonin",
       kNone,
       "4Kn4/9/4Psn4/9/Kw1Pw5Ke/9/5Ps3/9/4Ks4 s PsPw ns ---- e 30 moves P*5e",
       "P*3e",
       "nifu",
       {{"square", "3e"}, {"axis", "rank"}, {"line", "e"}},
       "illegal move P*3e: you already have an unpromoted pawn facing your way on rank e (nifu)"},
      {"YoninPawnDropMate",
       "yonin",
       kNone,
       "3PnKnPn3/9/4Gs4/9/Kw7Ke/9/9/9/4Ks4 s GsPs - ---- - 1",
       "P*5b",
       "pawn_drop_mate",
       {{"seat", "north"}},
       "illegal move P*5b: a pawn drop may not checkmate (uchifuzume): north would have no legal "
       "move"},
      {"YoninGoldNeverPromotes",
       "yonin",
       kNone,
       "4Kn4/9/3Gs+Ss4/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1",
       "6c6b+",
       "cannot_promote",
       {{"piece", "gold"}},
       "illegal move 6c6b+: a gold cannot promote"},
      {"YoninPromotedPieceDoesNotPromoteAgain",
       "yonin",
       kNone,
       "4Kn4/9/3Gs+Ss4/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1",
       "5c5b+",
       "already_promoted",
       {{"piece", "promoted_silver"}, {"square", "5c"}},
       "illegal move 5c5b+: the promoted silver on 5c is already promoted"},
      {"YoninPromotionNeedsTheZone",
       "yonin",
       kNone,
       "4Kn4/9/5Ss3/9/Kw1Ss5Ke/9/9/9/4Ks4 s - - ---- - 1",
       "7e7d+",
       "promotion_zone",
       {},
       "illegal move 7e7d+: promotion needs a move into, within or out of the three farthest "
       "rows in the direction the piece faces"},
      {"YoninPawnMustPromoteOnItsLastRow",
       "yonin",
       kNone,
       "4Kn4/5Ps3/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1",
       "4b4a",
       "must_promote",
       {{"piece", "pawn"}, {"square", "4a"}},
       "illegal move 4b4a: the pawn must promote on 4a (it could never move again)"},
      {"YoninCheckMustBeAnswered",
       "yonin",
       kNone,
       "4Kn4/9/4Pn4/9/Kw2RsRe3Ke/9/9/9/4Ks4 s - - es-- e 20",
       "6e6d",
       "check_not_answered",
       {},
       "illegal move 6e6d: it does not answer the check on your king"},
      {"YoninPinnedPieceMayNotLeaveThePin",
       "yonin",
       kNone,
       "4Kn4/9/4Pn4/9/4Re3Ke/9/Kw8/4Ss4/4Ks4 s - - ---- - 1",
       "5h4g",
       "leaves_king_in_check",
       {},
       "illegal move 5h4g: it would leave your king in check"},
      {"YoninPairsNoNewCheckOnThePartner",
       "yonin",
       kPairs,
       "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Rs - ---- - 1",
       "R*5c",
       "checks_partner",
       {{"seat", "north"}},
       "illegal move R*5c: it would give check to your partner's king (north)"},
      {"YoninPerpetualCheckerMayNotRepeatAFourthTime",
       "yonin",
       kNone,
       kPerpetual.c_str(),
       "4e5e",
       "perpetual_check",
       {},
       "illegal move 4e5e: you have given check with every move since this position first "
       "occurred: you may not bring it about a fourth time (perpetual check)"},
  };
  return all;
}

// The reasons no position produces today: the safety net for a refusal the engines cannot
// explain (an engine whose generator and explanation disagree).
const std::set<std::string> kNeverProduced = {"not_allowed"};

// For gtest's messages about a failing case.
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.game << " " << c.position << ": " << c.move;
}

class IllegalMoveReason : public ::testing::TestWithParam<Case> {};

// play() refuses the move with code illegal_move, the params {move, reason, the reason's
// params} and the English message, and changes nothing.
TEST_P(IllegalMoveReason, Refused) {
  const Case& c = GetParam();
  auto state = load(c.game, c.position, c.options);
  ASSERT_NE(state, nullptr);
  const std::string before = state->position_text();
  const size_t moves_before = state->moves_played().size();
  const Status s = state->play(c.move);
  ASSERT_FALSE(s.ok()) << c.move << " was accepted";
  const Error& e = s.error();
  EXPECT_EQ(e.code, "illegal_move");
  EXPECT_EQ(e.message, c.message);
  Params expected = {{"move", c.move}, {"reason", c.reason}};
  expected.insert(expected.end(), c.params.begin(), c.params.end());
  EXPECT_EQ(e.params, expected) << e.message;
  // The params are the documented ones, and the state is unchanged.
  EXPECT_EQ(rules::check_documented(rules::refuse(c.reason, c.message, c.params)), "");
  EXPECT_EQ(state->position_text(), before);
  EXPECT_EQ(state->moves_played().size(), moves_before);
}

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return info.param.rule;
}

INSTANTIATE_TEST_SUITE_P(EveryGame, IllegalMoveReason, ::testing::ValuesIn(cases()), case_name);

TEST(IllegalMoveReasons, EveryCodeIsProducedByAPosition) {
  std::set<std::string> listed;
  for (const auto& r : rules::kIllegalMoveReasons) listed.insert(std::string(r.code));
  std::set<std::string> produced;
  for (const Case& c : cases()) {
    EXPECT_TRUE(listed.count(c.reason)) << c.rule << ": " << c.reason << " is not listed";
    produced.insert(c.reason);
  }
  for (const std::string& code : listed) {
    if (kNeverProduced.count(code)) {
      EXPECT_FALSE(produced.count(code)) << code << " is produced: take it off kNeverProduced";
      continue;
    }
    EXPECT_TRUE(produced.count(code)) << "no test position produces " << code;
  }
}

TEST(IllegalMoveReasons, CodesAndPieceIdsAreDistinctLowerCaseWords) {
  auto is_word = [](std::string_view w) {
    return !w.empty() && std::all_of(w.begin(), w.end(),
                                     [](char ch) { return (ch >= 'a' && ch <= 'z') || ch == '_'; });
  };
  std::set<std::string_view> codes;
  for (const auto& r : rules::kIllegalMoveReasons) {
    EXPECT_TRUE(is_word(r.code)) << r.code;
    EXPECT_TRUE(codes.insert(r.code).second) << "duplicate " << r.code;
  }
  std::set<std::string_view> pieces;
  for (size_t t = 1; t < rules::kPieceIds.size(); ++t) {
    EXPECT_TRUE(is_word(rules::kPieceIds[t])) << t;
    EXPECT_TRUE(pieces.insert(rules::kPieceIds[t]).second) << rules::kPieceIds[t];
  }
}

TEST(IllegalMoveReasons, DocumentedParamsAreCheckedInOrder) {
  using rules::check_documented;
  using rules::refuse;
  EXPECT_EQ(check_documented(rules::legal_move()), "");
  EXPECT_EQ(check_documented(
                refuse("cannot_reach", "x", {{"piece", "rook"}, {"from", "2h"}, {"to", "2c"}})),
            "");
  EXPECT_NE(check_documented(refuse("cannot_reach", "x", {{"piece", "rook"}, {"to", "2c"}})), "");
  EXPECT_NE(check_documented(refuse("no_piece", "x", {{"square", "5e"}, {"piece", "rook"}})), "");
  EXPECT_NE(check_documented(refuse("no_such_reason", "x")), "");
  EXPECT_NE(check_documented(refuse("no_piece", "", {{"square", "5e"}})), "");
  // Optional params may be left out, but not reordered.
  EXPECT_EQ(check_documented(refuse("pawn_drop_mate", "x")), "");
  EXPECT_EQ(check_documented(refuse("occupied", "x", {{"square", "c4"}, {"piece", "child"}})), "");
  EXPECT_NE(check_documented(refuse("occupied", "x", {{"piece", "child"}, {"square", "c4"}})), "");
}

// Game::load names the failing move and keeps the code and params of the refusal.
TEST(IllegalMoveReasons, LoadKeepsTheReasonOfTheFailingMove) {
  const rules::Game* game = rules::find_game("shogi");
  ASSERT_NE(game, nullptr);
  auto loaded =
      game->load("startpos moves 7g7f 3c3d 2h2c", rules::Options::defaults(game->option_schema()));
  ASSERT_FALSE(loaded.ok());
  EXPECT_EQ(loaded.error().message,
            "move 3 '2h2c': illegal move 2h2c: the rook on 2h cannot move to 2c");
  EXPECT_EQ(loaded.error().code, "illegal_move");
  EXPECT_EQ(loaded.error().params, (Params{{"move", "2h2c"},
                                           {"reason", "cannot_reach"},
                                           {"piece", "rook"},
                                           {"from", "2h"},
                                           {"to", "2c"}}));
}

}  // namespace
}  // namespace kaisho::testing

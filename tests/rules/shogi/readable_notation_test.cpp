// Japanese and Western move text (readable_notation.hpp). The published examples used are
// named where they appear:
//  - JSA, 棋譜の表記方法 (https://www.shogi.or.jp/faq/kihuhyouki.html): the rules, 同, 打 only
//    when a board piece could also go there, 成/不成;
//  - the row of three golds to 5二 (52金左, 52金直, 52金右) and the two horses on 9一 and 8一 to
//    8二 (82馬左), from the lessons of ayu-rairaku.blog.jp (archives 17577931 and 17759059),
//    which work through the JSA page;
//  - Wikipedia, 棋譜, 「右」「左」「直」: dragons on 1三 and 2二 to 2四 are ▲2四竜右, ▲2四竜左;
//  - ameblo.jp/ryota1033/entry-12860363373: ▲5四銀右引不成 (成/不成 never tell pieces apart),
//    and golds on 6五 6六 5六 to 5五: ▲5五金寄, ▲5五金左上, ▲5五金直;
//  - oshiete.goo.ne.jp/qa/6141833: silvers and golds around 5五 (▲5五銀左引, ▲5五銀左上);
//  - tsshogi's formatMove tests (github.com/sunfish-shogi/tsshogi, src/tests/text.spec.ts):
//    gote's promoted knights to 1七 (成桂引, 成桂直, 成桂右).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/rng.hpp"
#include "rules/shogi/notation.hpp"
#include "rules/shogi/readable_notation.hpp"
#include "rules/shogi/start_positions.hpp"

namespace kaisho::shogi {
namespace {

constexpr const char* kStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

// The text of one move played from sfen.
std::string one(std::string_view sfen, const std::string& usi, MoveStyle style,
                Variant variant = Variant::Shogi) {
  auto out = readable_moves(variant, sfen, {usi}, style);
  if (!out.ok()) return "error: " + out.error().message;
  return out.value().at(0);
}
std::string ja(std::string_view sfen, const std::string& usi, Variant variant = Variant::Shogi) {
  return one(sfen, usi, MoveStyle::Japanese, variant);
}
std::string we(std::string_view sfen, const std::string& usi, Variant variant = Variant::Shogi) {
  return one(sfen, usi, MoveStyle::Western, variant);
}

const std::vector<std::string> kOpening = {"7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"};

TEST(Japanese, SameSquareIsWrittenDou) {
  auto out = readable_moves(Variant::Shogi, kStart, kOpening, MoveStyle::Japanese);
  ASSERT_TRUE(out.ok()) << out.error().message;
  // No bishop of sente's is left on the board, so the drop needs no 打.
  EXPECT_EQ(out.value(),
            (std::vector<std::string>{"☗７六歩", "☖３四歩", "☗２二角成", "☖同　銀", "☗４五角"}));
}

// Three golds side by side moving to 5二 (the JSA-based lesson's example), and the same
// position turned round for gote: gote's right is toward file 9.
TEST(Japanese, RightAndLeftFromTheMoversView) {
  const char* sente = "k8/9/3GGG3/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ja(sente, "6c5b"), "☗５二金左");
  EXPECT_EQ(ja(sente, "5c5b"), "☗５二金直");
  EXPECT_EQ(ja(sente, "4c5b"), "☗５二金右");
  const char* gote = "4k4/9/9/9/9/9/3ggg3/9/8K w - 1";
  EXPECT_EQ(ja(gote, "4g5h"), "☖５八金左");
  EXPECT_EQ(ja(gote, "5g5h"), "☖５八金直");
  EXPECT_EQ(ja(gote, "6g5h"), "☖５八金右");
}

// ameblo: golds on 6五 6六 5六 to 5五; the one moving straight up is 直, never 右.
TEST(Japanese, StraightUpIsChoku) {
  const char* pos = "k8/9/9/9/3G5/3GG4/9/9/4K4 b - 1";
  EXPECT_EQ(ja(pos, "6e5e"), "☗５五金寄");
  EXPECT_EQ(ja(pos, "6f5e"), "☗５五金左上");
  EXPECT_EQ(ja(pos, "5f5e"), "☗５五金直");
  // tsshogi: gote's promoted knights on 1八, 1六, 2六 to 1七.
  const char* gote = "k8/9/9/9/9/7+n+n/9/8+n/K8 w - 1";
  EXPECT_EQ(ja(gote, "1h1g"), "☖１七成桂引");
  EXPECT_EQ(ja(gote, "1f1g"), "☖１七成桂直");
  EXPECT_EQ(ja(gote, "2f1g"), "☖１七成桂右");
}

// The movement is written first; 右/左/直 only when it does not decide (JSA order). lishogi
// would write 金直 for 5三 to 5二 here; the JSA order gives 金上.
TEST(Japanese, MovementIsWrittenBeforePosition) {
  const char* pos = "k8/5G3/4G4/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ja(pos, "5c5b"), "☗５二金上");
  EXPECT_EQ(ja(pos, "4b5b"), "☗５二金寄");
  // Silvers on 6四 4四 6六 4六, golds on 5四 6五 4五 5六, around 5五 (oshiete.goo 6141833).
  const char* cross = "k8/9/9/3SGS3/3G1G3/3SGS3/9/9/4K4 b - 1";
  EXPECT_EQ(ja(cross, "6d5e"), "☗５五銀左引");
  EXPECT_EQ(ja(cross, "6f5e"), "☗５五銀左上");
  EXPECT_EQ(ja(cross, "4d5e"), "☗５五銀右引");
  EXPECT_EQ(ja(cross, "4f5e"), "☗５五銀右上");
  EXPECT_EQ(ja(cross, "5d5e"), "☗５五金引");
  EXPECT_EQ(ja(cross, "6e5e"), "☗５五金左");
  EXPECT_EQ(ja(cross, "4e5e"), "☗５五金右");
  EXPECT_EQ(ja(cross, "5f5e"), "☗５五金上");
}

// ameblo: silvers on 6三, 4三, 4五 to 5四; 右不成 would single out 4三 only through 不成, which
// may not be used to tell pieces apart: ▲5四銀右引不成.
TEST(Japanese, PromotionNeverTellsPiecesApart) {
  const char* pos = "k8/9/3S1S3/9/5S3/9/9/9/4K4 b - 1";
  EXPECT_EQ(ja(pos, "4c5d"), "☗５四銀右引不成");
  EXPECT_EQ(ja(pos, "4c5d+"), "☗５四銀右引成");
  EXPECT_EQ(ja(pos, "6c5d"), "☗５四銀左不成");
  EXPECT_EQ(ja(pos, "4e5d"), "☗５四銀上");
}

TEST(Japanese, DropWrittenWithUchiOnlyWhenABoardPieceCouldMoveThere) {
  // Golds on 4四 and 2四 can move to 3三; knights on 3八 and 1八 can jump to 2六, not 1六.
  const char* pos = "k8/9/9/5G1G1/9/9/9/6N1N/4K4 b GS2N 1";
  EXPECT_EQ(ja(pos, "G*3c"), "☗３三金打");
  EXPECT_EQ(ja(pos, "4d3c"), "☗３三金左");
  EXPECT_EQ(ja(pos, "G*5e"), "☗５五金");
  EXPECT_EQ(ja(pos, "N*2f"), "☗２六桂打");
  EXPECT_EQ(ja(pos, "N*1f"), "☗１六桂");
  // Only a piece of the same kind counts: no silver stands on the board.
  EXPECT_EQ(ja(pos, "S*3c"), "☗３三銀");
  EXPECT_EQ(we(pos, "G*3c"), "G*3c");
}

TEST(Japanese, DeclinedPromotionIsFunari) {
  const char* pos = "4k4/1S6P/6S2/7P1/1N7/9/9/9/4K4 b - 1";
  EXPECT_EQ(ja(pos, "8b7a"), "☗７一銀不成");
  EXPECT_EQ(ja(pos, "8b7a+"), "☗７一銀成");
  EXPECT_EQ(ja(pos, "2d2c"), "☗２三歩不成");
  EXPECT_EQ(ja(pos, "2d2c+"), "☗２三歩成");
  // A pawn on the last rank must promote: 成 is still written.
  EXPECT_EQ(ja(pos, "1b1a+"), "☗１一歩成");
  // Leaving the zone may promote too.
  EXPECT_EQ(ja(pos, "3c4d"), "☗４四銀不成");
  EXPECT_EQ(ja(pos, "8e7c"), "☗７三桂不成");
  // No promotion possible: nothing.
  EXPECT_EQ(ja(pos, "5i5h"), "☗５八玉");
}

// Horses and dragons: 右/左 say where the piece stands next to the other one, never 直.
TEST(Japanese, HorseAndDragonUseOnlyLeftRightAndMovement) {
  // Wikipedia: dragons on 1三 and 2二 to 2四.
  const char* dragons = "k8/7+R1/8+R/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ja(dragons, "1c2d"), "☗２四龍右");
  EXPECT_EQ(ja(dragons, "2b2d"), "☗２四龍左");
  // The JSA-based lesson: horses on 9一 and 8一 to 8二, both moving down.
  const char* horses = "+B+B6k/9/9/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(ja(horses, "9a8b"), "☗８二馬左");
  EXPECT_EQ(ja(horses, "8a8b"), "☗８二馬右");
  // A horse stepping straight up is 右 (it stands right of the other), not 直.
  const char* up = "k8/9/9/9/9/4+B4/2+B6/9/8K b - 1";
  EXPECT_EQ(ja(up, "5f5e"), "☗５五馬右");
  EXPECT_EQ(ja(up, "7g5e"), "☗５五馬左");
  const char* gote = "k8/9/6+b2/4+b4/9/9/9/9/8K w - 1";
  EXPECT_EQ(ja(gote, "5d5e"), "☖５五馬右");
  EXPECT_EQ(ja(gote, "3c5e"), "☖５五馬左");
}

// Annan: a piece moves like the friendly piece behind it, and is named by its own kind.
TEST(Japanese, AnnanNamesThePieceThatMovesAndTellsBorrowedMovesApart) {
  // The pawn on 5五, backed by the gold on 5六, moves like a gold.
  const char* pos = "k8/9/9/9/4PP3/4G4/9/9/4K4 b - 1";
  EXPECT_EQ(ja(pos, "5e6e", Variant::Annan), "☗６五歩");
  EXPECT_EQ(we(pos, "5e6e", Variant::Annan), "P-6e");
  EXPECT_EQ(ja(pos, "4e4d", Variant::Annan), "☗４四歩右");
  EXPECT_EQ(ja(pos, "5e4d", Variant::Annan), "☗４四歩左");
  EXPECT_EQ(we(pos, "4e4d", Variant::Annan), "P4e-4d");
  EXPECT_EQ(we(pos, "5e4d", Variant::Annan), "P5e-4d");
  // In plain Shogi the same pawn cannot step sideways.
  EXPECT_NE(ja(pos, "5e6e").find("error: "), std::string::npos);
  // Two silvers on one file both moving up to 5五 (one with a silver's move, one with the
  // knight's move it borrows): no JSA word tells them apart, so the origin is written, as KIF.
  const char* same_file = "4k4/9/9/9/9/3S5/3S5/3N5/4K4 b - 1";
  EXPECT_EQ(ja(same_file, "6f5e", Variant::Annan), "☗５五銀(66)");
  EXPECT_EQ(ja(same_file, "6g5e", Variant::Annan), "☗５五銀(67)");
  EXPECT_EQ(we(same_file, "6g5e", Variant::Annan), "S6g-5e");
}

TEST(Western, OriginOnlyWhenAmbiguous) {
  const char* golds = "k8/9/3GGG3/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(we(golds, "6c5b"), "G6c-5b");
  EXPECT_EQ(we(golds, "5c5b"), "G5c-5b");
  EXPECT_EQ(we(golds, "4c5b"), "G4c-5b");
  EXPECT_EQ(we(golds, "4c3b"), "G-3b");
  const char* dragons = "k8/7+R1/8+R/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(we(dragons, "1c2d"), "+R1c-2d");
  EXPECT_EQ(we(dragons, "2b2h"), "+R-2h");
  // The promotion choice is not used to tell pieces apart either.
  const char* silvers = "k8/9/3S1S3/9/5S3/9/9/9/4K4 b - 1";
  EXPECT_EQ(we(silvers, "4c5d"), "S4c-5d=");
  EXPECT_EQ(we(silvers, "4e5d"), "S4e-5d");
}

TEST(Western, CaptureDropPromotionAndDecline) {
  auto out = readable_moves(Variant::Shogi, kStart, kOpening, MoveStyle::Western);
  ASSERT_TRUE(out.ok()) << out.error().message;
  EXPECT_EQ(out.value(), (std::vector<std::string>{"P-7f", "P-3d", "Bx2b+", "Sx2b", "B*4e"}));
  const char* pos = "4k4/1S6P/6S2/7P1/1N7/9/9/9/4K4 b - 1";
  EXPECT_EQ(we(pos, "8b7a"), "S-7a=");
  EXPECT_EQ(we(pos, "8b7a+"), "S-7a+");
  EXPECT_EQ(we(pos, "1b1a+"), "P-1a+");
  EXPECT_EQ(we(pos, "8e7c"), "N-7c=");
  EXPECT_EQ(we(pos, "3c4d"), "S-4d=");
  EXPECT_EQ(we(pos, "5i5h"), "K-5h");
  const char* capture = "k8/7+R1/7p1/9/9/9/9/9/4K4 b - 1";
  EXPECT_EQ(we(capture, "2b2c"), "+Rx2c");
  EXPECT_EQ(ja(capture, "2b2c"), "☗２三龍");
  // Gote's moves are written the same way (no side mark in Western).
  EXPECT_EQ(we("k8/9/6+b2/4+b4/9/9/9/9/8K w - 1", "3c5e"), "+B3c-5e");
}

TEST(Readable, FirstFormatsOnlyTheTailAndKeepsDou) {
  auto tail = readable_moves(Variant::Shogi, kStart, kOpening, MoveStyle::Japanese, 3);
  ASSERT_TRUE(tail.ok()) << tail.error().message;
  EXPECT_EQ(tail.value(), (std::vector<std::string>{"☖同　銀", "☗４五角"}));
  auto none = readable_moves(Variant::Shogi, kStart, kOpening, MoveStyle::Western, 5);
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none.value().empty());
}

TEST(Readable, BadInputIsAClearError) {
  auto bad_sfen = readable_moves(Variant::Shogi, "lnsgkgsnl/9 b - 1", {}, MoveStyle::Japanese);
  ASSERT_FALSE(bad_sfen.ok());
  EXPECT_NE(bad_sfen.error().message.find("SFEN"), std::string::npos);
  auto malformed = readable_moves(Variant::Shogi, kStart, {"7g7f", "zz"}, MoveStyle::Western);
  ASSERT_FALSE(malformed.ok());
  EXPECT_NE(malformed.error().message.find("move 2"), std::string::npos)
      << malformed.error().message;
  auto illegal = readable_moves(Variant::Shogi, kStart, {"7g7f", "7g7e"}, MoveStyle::Western);
  ASSERT_FALSE(illegal.ok());
  EXPECT_EQ(illegal.error().code, "illegal_move");
  EXPECT_NE(illegal.error().message.find("move 2 ('7g7e') is not legal"), std::string::npos)
      << illegal.error().message;
  // Before `first` moves are only checked for what replaying them needs.
  auto unplayable = readable_moves(Variant::Shogi, kStart, {"5e5d", "3c3d"}, MoveStyle::Western, 1);
  ASSERT_FALSE(unplayable.ok());
  EXPECT_NE(unplayable.error().message.find("move 1"), std::string::npos);
  auto past_end = readable_moves(Variant::Shogi, kStart, kOpening, MoveStyle::Western, 6);
  ASSERT_FALSE(past_end.ok());
  EXPECT_NE(past_end.error().message.find("past the end"), std::string::npos);
}

TEST(Readable, ParseMoveStyle) {
  ASSERT_TRUE(parse_move_style("japanese").ok());
  EXPECT_EQ(parse_move_style("japanese").value(), MoveStyle::Japanese);
  EXPECT_EQ(parse_move_style("western").value(), MoveStyle::Western);
  EXPECT_FALSE(parse_move_style("usi").ok());
  EXPECT_EQ(move_style_name(MoveStyle::Western), "western");
}

// --- readers: the text back to the move, with the position ---

bool eat(std::string_view& s, std::string_view prefix) {
  if (s.substr(0, prefix.size()) != prefix) return false;
  s.remove_prefix(prefix.size());
  return true;
}

Color reader_color(const Position& pos) {
  return pos.side_to_move();
}

int up_down_sideways(Color us, Square from, Square to) {  // 1 up, 0 sideways, -1 down
  int d = rank_of(from) - rank_of(to);
  if (us == kWhite) d = -d;
  return (d > 0) - (d < 0);
}

// How far right, as colour us sees it.
int right_of(Color us, Square sq) {
  return us == kBlack ? 10 - file_of(sq) : file_of(sq);
}

// The legal moves a Japanese text can mean, reading it as the JSA page describes (右/左: the
// piece furthest right/left among those that may be meant; 直: straight up). Also checks that
// nothing is written that is not needed. Returns the matching moves.
std::vector<Move> read_japanese(const Position& pos, const MoveList& legal, std::string_view s,
                                Square previous_to, std::string& why) {
  auto fail = [&](const char* reason) {
    why = reason;
    return std::vector<Move>{};
  };
  const Color us = reader_color(pos);
  if (!eat(s, us == kBlack ? "☗" : "☖")) return fail("no side mark");
  Square to = -1;
  if (eat(s, "同　")) {
    to = previous_to;
  } else {
    static const char* wide[] = {"１", "２", "３", "４", "５", "６", "７", "８", "９"};
    static const char* kanji[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九"};
    int file = 0, rank = 0;
    for (int i = 0; i < 9 && !file; ++i)
      if (eat(s, wide[i])) file = i + 1;
    for (int i = 0; i < 9 && !rank; ++i)
      if (eat(s, kanji[i])) rank = i + 1;
    if (!file || !rank) return fail("no square");
    to = make_square(file, rank);
    if (to == previous_to) return fail("同 not used");
  }
  static const std::pair<const char*, PieceType> names[] = {
      {"成香", kProLance}, {"成桂", kProKnight}, {"成銀", kProSilver}, {"歩", kPawn},
      {"香", kLance},      {"桂", kKnight},      {"銀", kSilver},      {"角", kBishop},
      {"飛", kRook},       {"金", kGold},        {"玉", kKing},        {"と", kProPawn},
      {"馬", kHorse},      {"龍", kDragon}};
  PieceType t = kNoPieceType;
  for (auto [name, type] : names)
    if (eat(s, name)) {
      t = type;
      break;
    }
  if (t == kNoPieceType) return fail("no piece");
  char horizontal = 0, vertical = 0;
  if (eat(s, "右"))
    horizontal = 'R';
  else if (eat(s, "左"))
    horizontal = 'L';
  else if (eat(s, "直"))
    horizontal = 'S';
  if (eat(s, "上"))
    vertical = 'U';
  else if (eat(s, "寄"))
    vertical = 'M';
  else if (eat(s, "引"))
    vertical = 'D';
  const bool drop = eat(s, "打");
  const bool promotes = !drop && eat(s, "成");
  const bool declines = !drop && !promotes && eat(s, "不成");
  Square origin = -1;
  if (s.size() == 4 && s[0] == '(' && s[3] == ')') {
    origin = make_square(s[1] - '0', s[2] - '0');
    s.remove_prefix(4);
  }
  if (!s.empty()) return fail("trailing text");

  std::vector<Square> candidates;
  for (Move m : legal)
    if (!m.is_drop() && m.to() == to && type_of(pos.at(m.from())) == t &&
        std::find(candidates.begin(), candidates.end(), m.from()) == candidates.end())
      candidates.push_back(m.from());
  std::vector<Move> out;
  if (drop || (candidates.empty() && !horizontal && !vertical && origin < 0)) {
    if (drop == candidates.empty()) return fail("打 where not needed");
    for (Move m : legal)
      if (m.is_drop() && m.dropped() == t && m.to() == to) out.push_back(m);
    return out;
  }
  if ((horizontal || vertical || origin >= 0) && candidates.size() < 2)
    return fail("a piece told apart that needs no telling");
  if (!horizontal && !vertical && origin < 0 && candidates.size() > 1)
    return fail("pieces not told apart");
  auto vertical_ok = [&](Square c) {
    const int d = up_down_sideways(us, c, to);
    return !vertical || (vertical == 'U' && d == 1) || (vertical == 'M' && d == 0) ||
           (vertical == 'D' && d == -1);
  };
  for (Square c : candidates) {
    if (origin >= 0 && c != origin) continue;
    if (!vertical_ok(c)) continue;
    if (horizontal == 'S' && (file_of(c) != file_of(to) || up_down_sideways(us, c, to) != 1))
      continue;
    if (horizontal == 'R' || horizontal == 'L') {
      bool extreme = true;
      for (Square o : candidates) {
        if (o == c || !vertical_ok(o)) continue;
        if (horizontal == 'R' ? right_of(us, o) >= right_of(us, c)
                              : right_of(us, o) <= right_of(us, c))
          extreme = false;
      }
      if (!extreme) continue;
    }
    for (Move m : legal)
      if (!m.is_drop() && m.from() == c && m.to() == to && m.promotes() == promotes)
        out.push_back(m);
  }
  // 不成 exactly when the promoting form is legal and not chosen.
  for (Move m : out) {
    const bool could =
        std::find(legal.begin(), legal.end(), Move::normal(m.from(), to, true)) != legal.end();
    if (declines != (could && !m.promotes())) return fail("成/不成 wrong");
  }
  return out;
}

std::optional<PieceType> western_type(std::string_view& s) {
  const bool promoted = eat(s, "+");
  if (s.empty()) return std::nullopt;
  auto t = piece_from_letter(s[0]);
  if (!t || (promoted && !can_promote(*t))) return std::nullopt;
  s.remove_prefix(1);
  return promoted ? promote(*t) : *t;
}

// The legal moves a Western text can mean; also checks that the origin is written only when
// needed and `=` exactly when promotion was declined.
std::vector<Move> read_western(const Position& pos, const MoveList& legal, std::string_view s,
                               std::string& why) {
  auto fail = [&](const char* reason) {
    why = reason;
    return std::vector<Move>{};
  };
  std::vector<Move> out;
  auto t = western_type(s);
  if (!t) return fail("no piece");
  if (eat(s, "*")) {
    auto to = parse_square(s);
    if (!to) return fail("bad drop square");
    for (Move m : legal)
      if (m.is_drop() && m.dropped() == *t && m.to() == *to) out.push_back(m);
    return out;
  }
  std::optional<Square> origin;
  if (s.size() >= 2 && s[0] >= '1' && s[0] <= '9') {
    origin = parse_square(s.substr(0, 2));
    if (!origin) return fail("bad origin");
    s.remove_prefix(2);
  }
  if (s.empty() || (s[0] != '-' && s[0] != 'x')) return fail("no separator");
  const bool capture = s[0] == 'x';
  s.remove_prefix(1);
  auto to = parse_square(s.substr(0, 2));
  if (!to) return fail("bad destination");
  s.remove_prefix(2);
  const bool promotes = eat(s, "+");
  const bool declines = !promotes && eat(s, "=");
  if (!s.empty()) return fail("trailing text");
  if (capture != (pos.at(*to) != kNoPiece)) return fail("x/- wrong");
  std::vector<Square> origins;
  for (Move m : legal)
    if (!m.is_drop() && m.to() == *to && type_of(pos.at(m.from())) == *t &&
        std::find(origins.begin(), origins.end(), m.from()) == origins.end())
      origins.push_back(m.from());
  if (origin.has_value() != (origins.size() > 1)) return fail("origin written wrongly");
  for (Move m : legal)
    if (!m.is_drop() && m.to() == *to && type_of(pos.at(m.from())) == *t &&
        (!origin || m.from() == *origin) && m.promotes() == promotes)
      out.push_back(m);
  for (Move m : out) {
    const bool could =
        std::find(legal.begin(), legal.end(), Move::normal(m.from(), *to, true)) != legal.end();
    if (declines != (could && !m.promotes())) return fail("+/= wrong");
  }
  return out;
}

struct PlayoutCounts {
  int moves = 0;
  int told_apart = 0;   // Japanese with 右 左 直 上 寄 引
  int with_origin = 0;  // Western with an origin square
  int kif_origin = 0;   // Japanese falling back to the KIF origin
  int drops_with_uchi = 0;
};

// Random games from sfen; in every position every legal move is written in both styles and
// read back: exactly the move itself must be meant. The played records are also formatted
// whole, and with `first`, and must agree move by move.
template <Variant V>
void playouts(const char* sfen, int games, int max_plies, uint64_t seed, PlayoutCounts& counts) {
  Rng rng(seed);
  const RuleSettings rules;
  for (int g = 0; g < games; ++g) {
    auto parsed = parse_sfen(sfen, V, rules);
    ASSERT_TRUE(parsed.ok());
    Position pos = parsed.value();
    std::vector<std::string> usi;
    std::vector<std::string> expected[2];
    Square previous_to = -1;
    for (int ply = 0; ply < max_plies; ++ply) {
      MoveList legal;
      generate_legal<V>(pos, rules, legal);
      if (legal.size() == 0) break;
      const Move played = legal[static_cast<int>(rng.below(static_cast<uint64_t>(legal.size())))];
      for (Move m : legal) {
        for (MoveStyle style : {MoveStyle::Japanese, MoveStyle::Western}) {
          const std::string text = readable_move<V>(pos, rules, m, style, previous_to);
          ASSERT_FALSE(text.empty());
          std::string why;
          const std::vector<Move> meant = style == MoveStyle::Japanese
                                              ? read_japanese(pos, legal, text, previous_to, why)
                                              : read_western(pos, legal, text, why);
          ASSERT_EQ(meant.size(), 1u)
              << text << " for " << to_usi(m) << " in " << to_sfen(pos) << " (" << why << ")";
          ASSERT_EQ(meant[0], m) << text << " in " << to_sfen(pos);
          if (style == MoveStyle::Japanese) {
            if (text.find('(') != std::string::npos) ++counts.kif_origin;
            for (const char* w : {"右", "左", "直", "上", "寄", "引"})
              if (text.find(w) != std::string::npos) {
                ++counts.told_apart;
                break;
              }
            if (text.find("打") != std::string::npos) ++counts.drops_with_uchi;
          } else if (!m.is_drop()) {
            // An origin square follows the piece letter (and its '+').
            const size_t after_piece = text[0] == '+' ? 2 : 1;
            if (text[after_piece] >= '1' && text[after_piece] <= '9') ++counts.with_origin;
          }
          if (m == played) expected[style == MoveStyle::Japanese ? 0 : 1].push_back(text);
        }
        ++counts.moves;
      }
      usi.push_back(to_usi(played));
      pos.do_move(played);
      previous_to = played.to();
    }
    for (MoveStyle style : {MoveStyle::Japanese, MoveStyle::Western}) {
      const auto& want = expected[style == MoveStyle::Japanese ? 0 : 1];
      auto whole = readable_moves(V, sfen, usi, style);
      ASSERT_TRUE(whole.ok()) << whole.error().message;
      ASSERT_EQ(whole.value(), want);
      const size_t first = usi.size() / 2;
      auto tail = readable_moves(V, sfen, usi, style, first);
      ASSERT_TRUE(tail.ok()) << tail.error().message;
      ASSERT_EQ(tail.value(), std::vector<std::string>(want.begin() + first, want.end()));
    }
  }
}

TEST(Readable, RandomGamesWriteEveryLegalMoveSoThatItReadsBackAsItself) {
  PlayoutCounts shogi;
  playouts<Variant::Shogi>(kStart, 8, 160, 11, shogi);
  playouts<Variant::Shogi>("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
                           8, 80, 12, shogi);
  // Plain Shogi never needs the KIF origin: the JSA words always suffice.
  EXPECT_EQ(shogi.kif_origin, 0);
  EXPECT_GT(shogi.told_apart, 500);
  EXPECT_GT(shogi.with_origin, 500);
  EXPECT_GT(shogi.drops_with_uchi, 100);
  PlayoutCounts annan;
  playouts<Variant::Annan>(kStart, 8, 160, 13, annan);
  playouts<Variant::Annan>(std::string(kAnnanTraditionalSfen).c_str(), 6, 160, 14, annan);
  EXPECT_GT(annan.told_apart, 500);
  EXPECT_GT(annan.with_origin, 500);
  std::printf(
      "shogi: %d moves, %d told apart, %d western origins, %d 打; annan: %d moves, %d "
      "told apart, %d western origins, %d KIF origins\n",
      shogi.moves, shogi.told_apart, shogi.with_origin, shogi.drops_with_uchi, annan.moves,
      annan.told_apart, annan.with_origin, annan.kif_origin);
}

}  // namespace
}  // namespace kaisho::shogi

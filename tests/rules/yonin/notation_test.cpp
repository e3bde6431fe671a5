// The position text and move text (docs/games/yonin.md): the start position, round trips,
// and precise errors for bad input; the game object and its options.
#include "core/rng.hpp"
#include "yonin_test_util.hpp"

namespace kaisho::testing {
namespace {

using shogi_family::make_square;
using shogi_family::parse_square;

TEST(YoninText, StartPositionMatchesTheSetup) {
  auto s = yonin("startpos");
  EXPECT_EQ(s->position_text(), std::string(yonin::kStartText));
  const auto& pos = position_of(*s);
  auto piece = [&](const char* sq) { return pos.at(*parse_square(sq)); };
  using yonin::make_piece;
  using F = shogi_family::Facing;
  // South (facing up), West (toward file 1), North (down), East (toward file 9).
  const struct {
    const char* sq;
    shogi_family::PieceType t;
    int owner;
  } expected[] = {
      {"7i", shogi_family::kSilver, 0}, {"6i", shogi_family::kGold, 0},
      {"5i", shogi_family::kKing, 0},   {"4i", shogi_family::kGold, 0},
      {"3i", shogi_family::kSilver, 0}, {"6h", shogi_family::kPawn, 0},
      {"5h", shogi_family::kRook, 0},   {"4h", shogi_family::kPawn, 0},
      {"5g", shogi_family::kPawn, 0},   {"9c", shogi_family::kSilver, 1},
      {"9d", shogi_family::kGold, 1},   {"9e", shogi_family::kKing, 1},
      {"9f", shogi_family::kGold, 1},   {"9g", shogi_family::kSilver, 1},
      {"8d", shogi_family::kPawn, 1},   {"8e", shogi_family::kRook, 1},
      {"8f", shogi_family::kPawn, 1},   {"7e", shogi_family::kPawn, 1},
      {"7a", shogi_family::kSilver, 2}, {"6a", shogi_family::kGold, 2},
      {"5a", shogi_family::kKing, 2},   {"4a", shogi_family::kGold, 2},
      {"3a", shogi_family::kSilver, 2}, {"6b", shogi_family::kPawn, 2},
      {"5b", shogi_family::kRook, 2},   {"4b", shogi_family::kPawn, 2},
      {"5c", shogi_family::kPawn, 2},   {"1c", shogi_family::kSilver, 3},
      {"1d", shogi_family::kGold, 3},   {"1e", shogi_family::kKing, 3},
      {"1f", shogi_family::kGold, 3},   {"1g", shogi_family::kSilver, 3},
      {"2d", shogi_family::kPawn, 3},   {"2e", shogi_family::kRook, 3},
      {"2f", shogi_family::kPawn, 3},   {"3e", shogi_family::kPawn, 3},
  };
  int pieces = 0;
  for (shogi_family::Square sq = 0; sq < shogi_family::kSquareCount; ++sq)
    pieces += pos.at(sq) != 0;
  EXPECT_EQ(pieces, 36);
  for (const auto& e : expected) {
    EXPECT_EQ(piece(e.sq), make_piece(e.t, e.owner, static_cast<F>(e.owner))) << e.sq;
  }
  EXPECT_EQ(s->seat_to_move(), kSouth);
}

TEST(YoninText, RotatedStartHasAnotherFirstPlayer) {
  for (int first = 0; first < 4; ++first) {
    auto s = yonin(yonin::start_text(first));
    EXPECT_EQ(s->seat_to_move(), first);
  }
}

TEST(YoninText, RoundTrips) {
  const std::pair<const char*, Overrides> texts[] = {
      {yonin::kStartText.data(), {}},
      {"4Kn4/9/7Psw1/9/Kw7Ke/4Ssn4/9/6Psn2/4Ks4 s - ns,ws ---- e 50", {{"end", "last"}}},
      {"4Kn4/9/9/9/Kw3Rxn3Ke/4Ps4/9/9/4Ks4 s 2Rs3PwGe ns ---- e 30", {{"out_pieces", "ownerless"}}},
      {"3PnKnPn3/Ks7Re/4Gs4/9/KwSe6Ke/9/9/9/9 s Ps - ee-- e 20", {}},
      {"1Rw7/9/9/9/4Kw3Ke/9/Kn8/Pxs8/Ks8 w - ew,ns,s- ---- s 81", {{"end", "last"}}},
  };
  for (const auto& [text, options] : texts) {
    auto s = yonin(text, options);
    ASSERT_NE(s, nullptr) << text;
    EXPECT_EQ(s->position_text(), text);
    auto again = yonin(s->position_text(), options);
    EXPECT_EQ(again->position_text(), text);
    EXPECT_EQ(again->repetition_key(), s->repetition_key());
  }
}

// Found by fuzz/position_fuzzer: a text whose player to move has no legal move is accepted
// and the knock-out happens when the state is made, so its position text differs from its
// start text; both read back as the same state.
TEST(YoninText, KnockOutOnLoadKeepsTheStartTextAndBothTextsReadBack) {
  const Overrides last = {{"end", "last"}};
  const std::string start = "Kw7Kn/9/9/9/9/9/7Gs1/6+Rs2/4Ks3Ke e Rs ws,ns ---- e 4";
  auto s = yonin(start, last);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->start_text(), start);
  EXPECT_EQ(s->position_text(), "Kw7Kn/9/9/9/9/9/7Gs1/6+Rs2/4Ks3Ke s Rs ws,ns,e- ---- e 4");
  EXPECT_EQ(s->outcome().reason, "last_player");
  for (const std::string& text : {s->start_text(), s->position_text()}) {
    auto again = yonin(text, last);
    ASSERT_NE(again, nullptr) << text;
    EXPECT_EQ(again->start_text(), text);
    EXPECT_EQ(again->position_text(), s->position_text());
    EXPECT_EQ(again->outcome().places, s->outcome().places);
    EXPECT_EQ(again->repetition_key(), s->repetition_key());
  }
}

TEST(YoninText, RedundantFacingLetterIsAcceptedAndDropped) {
  auto s = yonin("4Knn4/9/9/9/Kw7Ke/9/9/9/4Kss4 s - - ---- - 1");
  EXPECT_EQ(rank_text(*s, 1), "4Kn4");
  EXPECT_EQ(rank_text(*s, 9), "4Ks4");
}

struct BadText {
  const char* text;
  const char* error;
  Overrides options{};
};

TEST(YoninText, BadInputIsRefusedWithAPreciseError) {
  const BadText cases[] = {
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- -", "expected 7 fields"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4Ks4 s - - ---- - 1", "9 ranks"},
      {"4Kn5/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1", "rank a has more than 9 squares"},
      {"4Kn3/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1", "rank a has 8 squares, not 9"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4Bs4/4Ks4 s - - ---- - 1", "no bishop"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4Qs4/4Ks4 s - - ---- - 1", "unknown piece letter"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4ps4/4Ks4 s - - ---- - 1", "upper case"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4+Gs4/4Ks4 s - - ---- - 1", "a gold cannot be promoted"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4G4/4Ks4 s - - ---- - 1", "needs an owner letter"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4Gsq4/4Ks4 s - - ---- - 1", "must be a seat letter"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/4Gx4/4Ks4 s - - ---- - 1", "needs a facing letter"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Kxs4 s - - ---- - 1", "must have an owner"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ksn4 s - - ---- - 1", "must face its owner's way"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 x - - ---- - 1", "player to move must be"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Ks - ---- - 1", "a king cannot be in hand"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s PsPs - ---- - 1", "twice"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s 13Ps - ---- - 1", "holds 13 pawns"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s P - ---- - 1", "needs a seat letter"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Px - ---- - 1", "needs a seat letter"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s 2 - ---- - 1", "end with a number"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - n ---- e 9", "each out entry"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - nq ---- e 9", "each out entry"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - nx ---- e 9", "each out entry"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - ns, ---- e 9", "each out entry"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - nn ---- e 9", "cannot have mated themself"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - nw,nw ---- e 9", "listed out twice"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - --- - 1", "the last checkers are 4 letters"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - s--- e 9", "cannot have given check to themself"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- q 9", "last mover must be"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 0", "move number must be a positive integer"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - x", "move number must be a positive integer"},
      // Impossible positions.
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/3KsKs4 s - - ---- - 1", "south must have exactly one king, has 2"},
      {"4Kn4/9/9/9/Kw8/9/9/9/4Ks4 s - - ---- - 1", "east must have exactly one king, has 0"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s 9Gs - ---- - 1", "9 golds"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/PsPsPs6/4Ks4 s 10Ps - ---- - 1", "13 pawns"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s 5Rs - ---- - 1", "5 rooks"},
      {"3PsKn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1",
       "the unpromoted pawn on 6a could never move"},
      {"4Kn4/9/9/8Pw/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1",
       "the unpromoted pawn on 1d could never move"},
      {"4Kn4/9/9/9/Kw7Ke/9/4Ps4/4Ps4/4Ks4 s - - ---- - 1",
       "facing south's way on the file 5 (nifu)"},
      {"4Kn4/9/9/Pw3Pw4/Kw7Ke/9/9/9/4Ks4 s - - ---- - 1", "facing west's way on the rank d (nifu)"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - ns,ws,es ---- e 9", "3 players out", {}},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - ns,ws ---- e 9",
       "pairs end at the first mate",
       {{"format", "pairs"}}},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - ws,sn ---- e 9", "cannot be the player to move"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 e - ws,nw ---- s 9",
       "west mated north after being knocked out"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s Pn ns ---- e 9", "north is out but has pieces in hand"},
      {"4Kn4/4Gn4/9/9/Kw7Ke/9/9/9/4Ks4 s - ns ---- e 9",
       "north is out but owns pieces on the board"},
      {"4Kn4/4Gxn4/9/9/Kw7Ke/9/9/9/4Ks4 s - ns ---- e 9", "ownerless pieces need"},
      {"4Kn4/4Gxn4/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- e 9",
       "ownerless pieces need",
       {{"out_pieces", "ownerless"}}},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- - 9", "a last mover is needed after the first move"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - ---- e 1", "no last mover before the first move"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - ns -n-- e 9",
       "north is out and cannot be the last checker of west"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - ns --s- e 9", "north is out but has a last checker"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s - - -e-- e 9", "west is not in check but has a last checker"},
      {"4Kn4/9/4Rs4/9/Kw7Ke/9/9/9/4Ks4 n - - ---- s 9", "north is in check (from 5c) but"},
      {"4Kn4/9/4Rs4/9/Kw7Ke/9/9/9/4Ks4 e - - --s- s 9", "a player in check would move first"},
      {"4Kn4/9/4Rs4/9/Kw7Ke/9/9/9/4Ks4 n - - --s- n 9",
       "north made the last move and cannot be in check"},
      {"4Kn4/9/Rs8/Kw8/8Ke/9/9/9/3ReKs4 w - - es-- e 9",
       "west is to move, but south is the nearest player in check"},
      {"4Kn4/9/9/9/Kw7Ke/9/9/9/3KeKs4 s - - ---- w 9", "east must have exactly one king, has 2"},
      {"4Kn4/9/9/9/Kw8/9/9/9/3KeKs4 s - - ---- w 9",
       "the kings of south and east stand next to each other"},
      {"Kw3Kn4/9/Gs8/9/8Ke/9/9/1Rs7/4Ks4 w - - ---- - 1",
       "west has no legal move before anyone has moved"},
  };
  for (const auto& c : cases) {
    const std::string err = yonin_error(c.text, c.options);
    EXPECT_NE(err.find(c.error), std::string::npos)
        << "text: " << c.text << "\nerror: " << err << "\nexpected: " << c.error;
    if (!err.empty()) {
      EXPECT_EQ(err.rfind("bad Yonin position: ", 0), 0u) << err;
    }
  }
}

TEST(YoninText, MangledTextNeverCrashesAndWhatParsesRoundTrips) {
  const char* seeds[] = {
      yonin::kStartText.data(),
      "4Kn4/9/7Psw1/9/Kw7Ke/4Ssn4/9/6Psn2/4Ks4 s - ns,ws ---- e 50",
      "4Kn4/9/9/9/Kw3Rxn3Ke/4Ps4/9/9/4Ks4 s 2Rs3PwGe ns ---- e 30",
      "3PnKnPn3/Ks7Re/4Gs4/9/KwSe6Ke/9/9/9/9 s Ps - ee-- e 20",
  };
  const std::string alphabet = "0123456789KRGSPBswnex+-/, *";
  yonin::Settings settings;
  settings.end_at_last = true;
  settings.rules.ownerless = true;
  Rng rng(2024);
  int parsed = 0;
  for (int i = 0; i < 4000; ++i) {
    std::string t = seeds[rng.below(4)];
    const int edits = 1 + static_cast<int>(rng.below(3));
    for (int e = 0; e < edits && !t.empty(); ++e) {
      const size_t at = rng.below(t.size());
      switch (rng.below(3)) {
        case 0:
          t[at] = alphabet[rng.below(alphabet.size())];
          break;
        case 1:
          t.erase(at, 1);
          break;
        default:
          t.insert(at, 1, alphabet[rng.below(alphabet.size())]);
          break;
      }
    }
    auto pos = yonin::parse_position(t, settings);
    if (!pos.ok()) {
      EXPECT_EQ(pos.error().message.rfind("bad Yonin position: ", 0), 0u) << t;
      continue;
    }
    ++parsed;
    const std::string canonical = yonin::to_text(pos.value());
    auto again = yonin::parse_position(canonical, settings);
    ASSERT_TRUE(again.ok()) << t << " -> " << canonical << ": " << again.error().message;
    EXPECT_EQ(yonin::to_text(again.value()), canonical);
    EXPECT_EQ(again.value().key(), pos.value().key());
  }
  EXPECT_GT(parsed, 0);
}

TEST(YoninText, BadMoveTextIsRefused) {
  auto s = yonin("startpos");
  const std::pair<const char*, const char*> cases[] = {
      {"7g7", "expected a move like 7g7f"},
      {"7g7g", "must change square"},
      {"0a1b", "no square '0a'"},
      {"N*5e", "no knight"},
      {"L*5e", "no lance"},
      {"X*5e", "a drop starts with one of R G S P"},
      {"5g5f=", "expected a move like"},
      {"P*5j", "no square '5j'"},
  };
  for (const auto& [move, why] : cases) expect_refused(*s, move, why);
}

TEST(YoninGame, InterfaceFacts) {
  const rules::Game* g = rules::find_game("yonin");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->name(), "Yonin Shogi");
  EXPECT_EQ(g->seat_count(), 4);
  EXPECT_EQ(g->seat_names(), (std::vector<std::string>{"south", "west", "north", "east"}));
  const auto geometry = g->board(rules::Options::defaults(g->option_schema()));
  EXPECT_EQ(geometry.points.size(), 81u);
  EXPECT_EQ(geometry.points.front().name, "9a");
  std::vector<std::pair<std::string, std::vector<std::string>>> schema;
  for (const auto& o : g->option_schema()) schema.push_back({o.key, o.choices});
  const std::vector<std::pair<std::string, std::vector<std::string>>> expected = {
      {"format", {"singles", "pairs"}},          {"end", {"two_out", "last"}},
      {"out_pieces", {"to_mater", "ownerless"}}, {"move_limit", {"0", "200", "300", "400"}},
      {"show_legal_moves", {"true", "false"}},   {"rotate_first", {"true", "false"}},
  };
  EXPECT_EQ(schema, expected);
}

TEST(YoninGame, LoadWithMovesAndRecord) {
  auto s = yonin("startpos moves 5g5f 7e6e");
  EXPECT_EQ(s->moves_played(), (std::vector<std::string>{"5g5f", "7e6e"}));
  EXPECT_EQ(s->start_text(), std::string(yonin::kStartText));
  EXPECT_EQ(field(*s, 5), "w");
  EXPECT_EQ(field(*s, 6), "3");
  const std::string err = yonin_error("startpos moves 5g5f 5g5f");
  EXPECT_NE(err.find("move 2 '5g5f'"), std::string::npos) << err;
}

}  // namespace
}  // namespace kaisho::testing

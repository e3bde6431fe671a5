#pragma once
// Piece kinds of the shogi family and their movements, relative to the way a piece faces.
// Shogi and Annan use all fourteen; Yonin uses king, rook, gold, silver, pawn and promotions.
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace kaisho::shogi_family {

enum PieceType : uint8_t {
  kNoPieceType = 0,
  kPawn = 1,
  kLance = 2,
  kKnight = 3,
  kSilver = 4,
  kBishop = 5,
  kRook = 6,
  kGold = 7,
  kKing = 8,
  kProPawn = 9,  // tokin
  kProLance = 10,
  kProKnight = 11,
  kProSilver = 12,
  kHorse = 13,   // promoted bishop
  kDragon = 14,  // promoted rook
  kPieceTypeCount = 15,
};

// A type's English name, for error messages ("promoted silver"); "piece" for none.
constexpr std::string_view piece_name(PieceType t) {
  switch (t) {
    case kPawn:
      return "pawn";
    case kLance:
      return "lance";
    case kKnight:
      return "knight";
    case kSilver:
      return "silver";
    case kBishop:
      return "bishop";
    case kRook:
      return "rook";
    case kGold:
      return "gold";
    case kKing:
      return "king";
    case kProPawn:
      return "tokin";
    case kProLance:
      return "promoted lance";
    case kProKnight:
      return "promoted knight";
    case kProSilver:
      return "promoted silver";
    case kHorse:
      return "horse";
    case kDragon:
      return "dragon";
    default:
      return "piece";
  }
}

// Types that can stand in a hand (and be dropped): pawn..gold.
constexpr int kHandTypeCount = 8;  // indices 1..7 used

constexpr bool can_promote(PieceType t) {
  return t >= kPawn && t <= kRook;
}
constexpr bool is_promoted(PieceType t) {
  return t >= kProPawn;
}
constexpr PieceType promote(PieceType t) {
  return static_cast<PieceType>(t + 8);
}
constexpr PieceType unpromote(PieceType t) {
  return is_promoted(t) ? static_cast<PieceType>(t - 8) : t;
}

// Movement classes: pieces of one class move alike.
enum class Movement : uint8_t {
  Pawn,
  Lance,
  Knight,
  Silver,
  Gold,
  Bishop,
  Rook,
  King,
  Horse,
  Dragon
};
constexpr Movement movement_of(PieceType t) {
  switch (t) {
    case kPawn:
      return Movement::Pawn;
    case kLance:
      return Movement::Lance;
    case kKnight:
      return Movement::Knight;
    case kSilver:
      return Movement::Silver;
    case kBishop:
      return Movement::Bishop;
    case kRook:
      return Movement::Rook;
    case kKing:
      return Movement::King;
    case kHorse:
      return Movement::Horse;
    case kDragon:
      return Movement::Dragon;
    default:
      return Movement::Gold;  // gold and the four gold-moving promotions
  }
}

// SFEN letters (upper case; the promoted forms are written '+' and the base letter).
constexpr char piece_letter(PieceType t) {
  constexpr std::array<char, kPieceTypeCount> letters = {'?', 'P', 'L', 'N', 'S', 'B', 'R', 'G',
                                                         'K', 'P', 'L', 'N', 'S', 'B', 'R'};
  return letters[t];
}
constexpr std::optional<PieceType> piece_from_letter(char upper) {
  switch (upper) {
    case 'P':
      return kPawn;
    case 'L':
      return kLance;
    case 'N':
      return kKnight;
    case 'S':
      return kSilver;
    case 'B':
      return kBishop;
    case 'R':
      return kRook;
    case 'G':
      return kGold;
    case 'K':
      return kKing;
    default:
      return std::nullopt;
  }
}

}  // namespace kaisho::shogi_family

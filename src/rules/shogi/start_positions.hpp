#pragma once
// Start positions: the even game, the standard handicaps (the handicap giver is gote and
// moves first) and traditional Annan Shogi.
#include <optional>
#include <string_view>

namespace kaisho::shogi {

inline constexpr std::string_view kStartSfen =
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
inline constexpr std::string_view kAnnanTraditionalSfen =
    "lnsgkgsnl/1r5b1/p1ppppp1p/1p5p1/9/1P5P1/P1PPPPP1P/1B5R1/LNSGKGSNL b - 1";

// The SFEN of a handicap option value ("none", "lance", ..., "ten").
std::optional<std::string_view> handicap_sfen(std::string_view handicap);

}  // namespace kaisho::shogi

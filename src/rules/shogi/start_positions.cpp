#include "rules/shogi/start_positions.hpp"

#include <array>
#include <utility>

namespace kaisho::shogi {

std::optional<std::string_view> handicap_sfen(std::string_view handicap) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kHandicaps = {{
      {"none", kStartSfen},
      {"lance", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"bishop", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"rook", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"rook_lance", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"two", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"four", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"six", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"eight", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
      {"ten", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
  }};
  for (const auto& [name, sfen] : kHandicaps)
    if (name == handicap) return sfen;
  return std::nullopt;
}

}  // namespace kaisho::shogi

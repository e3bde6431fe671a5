#pragma once
// Display names people choose: any script, at most kMaxNameLength code points, trimmed. A
// name that could pass for something else is refused, not altered: control characters, and
// the invisible marks that change the direction text is shown in (U+202E and the like), which
// would let a name display as another. A refusal is an Error with code "bad_name" and params
// {"reason", "empty" | "too_long" | "control" | "direction"} (and {"max", "32"} for too_long).
#include <string>
#include <string_view>

#include "core/result.hpp"

namespace kaisho::server {

constexpr size_t kMaxNameLength = 32;  // code points

Result<std::string> clean_name(std::string_view raw);

}  // namespace kaisho::server

#pragma once
// A search's progress as one line of text, as `kaisho think` prints it and the WebAssembly
// module returns it: "info depth D score S [mate M] nodes N time MS pv MOVE...".
#include <string>

#include "ai/search_types.hpp"

namespace kaisho::ai {

std::string info_line(const SearchInfo& info);

}  // namespace kaisho::ai

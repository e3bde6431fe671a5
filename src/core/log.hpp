#pragma once
// One line per event on standard error, for the operator: what went wrong and where, with
// the time. Safe from any thread (a line is written whole).
#include <string_view>

namespace kaisho::log {

// "2026-12-07T01:02:03Z kaisho error: MESSAGE"
void error(std::string_view message);
void warning(std::string_view message);

}  // namespace kaisho::log

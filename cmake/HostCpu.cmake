# Kaisho is built on the machine that runs it (README), so it may use that machine's popcnt
# instruction: without it std::popcount (a bitboard's square count, which the evaluations
# and move generators call at every node) is a library call. KAISHO_HOST_POPCNT=OFF builds
# for any x86-64.
option(KAISHO_HOST_POPCNT "Use the popcnt instruction when the building machine has it" ON)
if(KAISHO_HOST_POPCNT AND CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  include(CheckCXXSourceRuns)
  set(CMAKE_REQUIRED_FLAGS "-mpopcnt")
  check_cxx_source_runs("int main() { return __builtin_cpu_supports(\"popcnt\") ? 0 : 1; }"
                        KAISHO_HOST_HAS_POPCNT)
  unset(CMAKE_REQUIRED_FLAGS)
  if(KAISHO_HOST_HAS_POPCNT)
    add_compile_options(-mpopcnt)
  endif()
endif()

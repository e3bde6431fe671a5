# kaisho_warnings: an interface target every project target links, so that one place sets
# the warning level for all of them.
add_library(kaisho_warnings INTERFACE)
target_compile_options(kaisho_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wno-sign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough)

# With KAISHO_SANITIZE=ON every target is built with ASan and UBSan (the test build in CI).
# Without UBSan's vptr check: it looks at an object's memory through a pipe, so a process that
# has used all its file descriptors (the server's out-of-descriptors test) gets every first
# check of a class reported as an invalid object and killed. AddressSanitizer still catches
# the memory errors a bad cast leads to.
if(KAISHO_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize=vptr -fno-omit-frame-pointer
    -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# kaisho_sanitizer_options: every executable links it; in a sanitized build it compiles
# AddressSanitizer's default options into that executable (src/core/sanitizer_options.cpp).
add_library(kaisho_sanitizer_options INTERFACE)
if(KAISHO_SANITIZE)
  target_sources(kaisho_sanitizer_options INTERFACE
    ${PROJECT_SOURCE_DIR}/src/core/sanitizer_options.cpp)
endif()

# With KAISHO_SANITIZE=ON every target is built with ASan and UBSan (the test build in CI).
# Without UBSan's vptr check: it looks at an object's memory through a pipe, so a process that
# has used all its file descriptors (the server's out-of-descriptors test) gets every first
# check of a class reported as an invalid object and killed. AddressSanitizer still catches
# the memory errors a bad cast leads to.
#
# With KAISHO_TSAN=ON every target is built with ThreadSanitizer instead (the second test
# build: the server with several halls, each on its own strand of one thread pool); only the
# server's tests are built and run there (tests/CMakeLists.txt).
if(KAISHO_SANITIZE AND KAISHO_TSAN)
  message(FATAL_ERROR "KAISHO_SANITIZE and KAISHO_TSAN are separate builds: choose one")
endif()
if(KAISHO_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize=vptr -fno-omit-frame-pointer
    -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
# -Wno-tsan: GCC warns that ThreadSanitizer does not model std::atomic_thread_fence, which
# Asio's fenced blocks use; no report has come from them (a race reported through one would be
# read with that in mind), and the warning would bury every other one.
if(KAISHO_TSAN)
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer -Wno-tsan)
  add_link_options(-fsanitize=thread)
endif()

# kaisho_sanitizer_options: every executable links it; in a sanitized build it compiles the
# sanitizers' default options into that executable (src/core/sanitizer_options.cpp).
add_library(kaisho_sanitizer_options INTERFACE)
if(KAISHO_SANITIZE OR KAISHO_TSAN)
  target_sources(kaisho_sanitizer_options INTERFACE
    ${PROJECT_SOURCE_DIR}/src/core/sanitizer_options.cpp)
endif()

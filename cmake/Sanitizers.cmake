# With KAISHO_SANITIZE=ON every target is built with ASan and UBSan (the test build in CI).
if(KAISHO_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# kaisho_sanitizer_options: every executable links it; in a sanitized build it compiles
# AddressSanitizer's default options into that executable (src/core/sanitizer_options.cpp).
add_library(kaisho_sanitizer_options INTERFACE)
if(KAISHO_SANITIZE)
  target_sources(kaisho_sanitizer_options INTERFACE
    ${PROJECT_SOURCE_DIR}/src/core/sanitizer_options.cpp)
endif()

# With KAISHO_FUZZ=ON (clang only) every target is built with ASan, UBSan and libFuzzer's
# coverage instrumentation, and fuzz/ adds one libFuzzer harness per text parser.
if(KAISHO_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "KAISHO_FUZZ needs clang: configure with CXX=clang++ (found ${CMAKE_CXX_COMPILER_ID})")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
    -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

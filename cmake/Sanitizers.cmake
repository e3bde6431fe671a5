# With KAISHO_SANITIZE=ON every target is built with ASan and UBSan (the test build in CI).
if(KAISHO_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# CMake toolchain file for the WebAssembly module (scripts/build-wasm.sh, docs/engine-wasm.md):
# Debian's clang 19 and lld 19 targeting wasm32-wasi, with Debian's wasi-libc and the libc++,
# libc++abi and compiler-rt built for it (libc++-19-dev-wasm32, libc++abi-19-dev-wasm32,
# libclang-rt-19-dev-wasm32, wasi-libc; scripts/install-deps.sh --with-wasm). Their headers
# and libraries live under /usr, which is therefore the sysroot.
set(CMAKE_SYSTEM_NAME Generic)  # CMake 3.25 has no WASI platform; nothing here needs one
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasi)
set(CMAKE_SYSROOT /usr)
set(CMAKE_AR llvm-ar-19)
set(CMAKE_RANLIB llvm-ranlib-19)
set(CMAKE_EXECUTABLE_SUFFIX_CXX .wasm)
# The compiler test links a program, which a reactor module without main() is not.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)

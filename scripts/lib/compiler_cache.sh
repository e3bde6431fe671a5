# Sourced by the build scripts: use Debian's ccache when it is installed, with its cache in
# the user's home (outside the clone), keyed by paths relative to the clone, so that a fresh
# clone elsewhere (CI) reuses what an earlier build compiled. KAISHO_CMAKE_CACHE holds the
# CMake arguments that turn it on (none without ccache).
KAISHO_CMAKE_CACHE=()
if command -v ccache >/dev/null; then
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-8G}"
  KAISHO_CMAKE_CACHE=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
